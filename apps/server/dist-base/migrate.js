import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  migrate
} from "./chunk-2QAYZ43G.js";
import {
  DatabaseUnavailableError,
  openDatabase
} from "./chunk-TJDKFA6Y.js";
import {
  ConfigError,
  loadConfig,
  readEnvFile
} from "./chunk-YUME3DMW.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/cli/migrate.ts
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
//# sourceMappingURL=migrate.js.map
