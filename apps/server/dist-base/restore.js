import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  BackupError,
  restoreBackup
} from "./chunk-QRIMNQTT.js";
import {
  ConfigError,
  loadConfig,
  readEnvFile
} from "./chunk-YUME3DMW.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/cli/restore.ts
import { parseArgs } from "node:util";
var USAGE = "Usage: npm run restore -- --from <file>";
try {
  const { values } = parseArgs({ options: { from: { type: "string" } } });
  if (!values.from) throw new BackupError(USAGE);
  readEnvFile();
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError("DATABASE_URL is set: this command restores the embedded database only");
  }
  const result = await restoreBackup({
    dataDir: config.dataDir,
    from: values.from,
    documentKeyConfigured: Boolean(config.DOCUMENT_KEY)
  });
  console.log(
    `Restored into ${config.dataDir}: the database and ${result.documents} documents${result.documentKeyIncluded ? ", with the document key file" : ""}.`
  );
  for (const note of result.notes) console.log(note);
} catch (error) {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
//# sourceMappingURL=restore.js.map
