import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  BackupError,
  createBackup
} from "./chunk-QRIMNQTT.js";
import {
  ConfigError,
  loadConfig,
  readEnvFile
} from "./chunk-YUME3DMW.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/cli/backup.ts
import { parseArgs } from "node:util";
var USAGE = "Usage: npm run backup -- --out <file> [--without-key]";
try {
  const { values } = parseArgs({
    options: { out: { type: "string" }, "without-key": { type: "boolean", default: false } }
  });
  if (!values.out) throw new BackupError(USAGE);
  readEnvFile();
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError(
      "DATABASE_URL is set: this command backs up the embedded database; back a PostgreSQL server up with pg_dump (or its own point-in-time recovery) and the documents with the data directory or bucket they are in"
    );
  }
  const result = await createBackup({
    dataDir: config.dataDir,
    out: values.out,
    documentKeyConfigured: Boolean(config.DOCUMENT_KEY),
    withoutKey: values["without-key"],
    documentsInBucket: Boolean(config.s3)
  });
  console.log(`Backup written to ${result.file}: the database and ${result.documents} documents.`);
  for (const note of result.notes) console.log(note);
} catch (error) {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
//# sourceMappingURL=backup.js.map
