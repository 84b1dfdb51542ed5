import { mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";

/**
 * A new DATA_DIR whose embedded database already exists and is migrated: the suite's migrated template
 * (helpers/database-template.global.ts) unpacked as its `pgdata`, as if the server had started there once.
 * Creating the database in a directory costs a child process and the migrations, 6 to 8 s of CPU on this
 * machine; unpacking it well under one. For tests about what a command or the server does with an
 * existing DATA_DIR; the first start in an empty one stays tested as such (first-run, compiled-server,
 * admin-bootstrap). `at` names the directory (made if missing); a temporary one otherwise. Without a template (made for the embedded pass only) the directory is empty and its
 * first open creates the database as before.
 */
export async function migratedDataDir(at?: string): Promise<string> {
  const dir = at ?? mkdtempSync(path.join(os.tmpdir(), "festgeld-data-"));
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const template = process.env.FESTGELD_PGLITE_TEMPLATE;
  if (template) {
    const pgdata = path.join(dir, "pgdata");
    mkdirSync(pgdata, { mode: 0o700 });
    await tar.x({ file: template, cwd: pgdata });
  }
  return dir;
}
