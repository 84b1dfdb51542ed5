import { parseArgs } from "node:util";
import { loadConfig, readEnvFile } from "../config/env.ts";
import { BackupError, restoreBackup } from "../ops/backup.ts";
import { exitFailed } from "./command-failure.ts";

/**
 * Restores a backup made by `npm run backup` into an empty DATA_DIR (ops/backup.ts):
 *   npm run restore -- --from /backups/festgeld-2026-11-24.tar
 * The server must be stopped; start it afterwards (it applies any newer migrations).
 */
const USAGE = "Usage: npm run restore -- --from <file>";

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
    documentKeyConfigured: Boolean(config.DOCUMENT_KEY),
  });
  console.log(
    `Restored into ${config.dataDir}: the database and ${result.documents} documents` +
      `${result.documentKeyIncluded ? ", with the document key file" : ""}.`,
  );
  for (const note of result.notes) console.log(note);
} catch (error) {
  exitFailed("Restore", error);
}
