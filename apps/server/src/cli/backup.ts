import { parseArgs } from "node:util";
import { loadConfig, readEnvFile } from "../config/env.ts";
import { BackupError, createBackup } from "../ops/backup.ts";
import { exitFailed } from "./command-failure.ts";

/**
 * Backs up the embedded database and the documents under DATA_DIR into one file (ops/backup.ts):
 *   npm run backup -- --out /backups/festgeld-2026-11-24.tar [--without-key]
 * Stop the server first. The document key is in the backup only when it is the generated key file
 * and --without-key is not given; the command says which.
 */
const USAGE = "Usage: npm run backup -- --out <file> [--without-key]";

try {
  const { values } = parseArgs({
    options: { out: { type: "string" }, "without-key": { type: "boolean", default: false } },
  });
  if (!values.out) throw new BackupError(USAGE);
  readEnvFile();
  const config = loadConfig();
  if (config.DATABASE_URL) {
    throw new BackupError(
      "DATABASE_URL is set: this command backs up the embedded database; back a PostgreSQL server up with pg_dump " +
        "(or its own point-in-time recovery) and the documents with the data directory or bucket they are in",
    );
  }
  const result = await createBackup({
    dataDir: config.dataDir,
    out: values.out,
    documentKeyConfigured: Boolean(config.DOCUMENT_KEY),
    withoutKey: values["without-key"],
    documentsInBucket: Boolean(config.s3),
  });
  console.log(`Backup written to ${result.file}: the database and ${result.documents} documents.`);
  for (const note of result.notes) console.log(note);
} catch (error) {
  exitFailed("Backup", error);
}
