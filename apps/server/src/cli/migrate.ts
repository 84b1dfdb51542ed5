import { ConfigError, loadConfig, readEnvFile } from "../config/env.ts";
import { DatabaseUnavailableError, openDatabase } from "../db/database.ts";
import { migrate } from "../db/migrate.ts";

try {
  readEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config);
  const applied = await migrate(database);
  console.log(applied.length ? `Applied migrations: ${applied.join(", ")}` : "Database is up to date.");
  await database.close();
} catch (error) {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else if (error instanceof DatabaseUnavailableError) console.error(`Configuration error: ${error.message}`);
  else console.error("Migration failed:", error instanceof Error ? error.message : error);
  process.exit(1);
}
