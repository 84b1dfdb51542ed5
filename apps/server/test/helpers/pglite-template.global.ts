import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openPGlite } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";

/**
 * Global setup of the server tests on the embedded database: one migrated in-memory PGlite, dumped to
 * a file that createTestDatabase (helpers/app.ts) starts every test database from. Creating a cluster
 * and migrating it took a few seconds per database, and files that build an app per test build many.
 * The PostgreSQL pass creates its databases on the server and needs none.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const database = await openPGlite(null);
  await migrate(database);
  const dump = await database.dumpDataDir?.();
  await database.close();
  if (!dump) return;
  const dir = mkdtempSync(path.join(tmpdir(), "festgeld-pglite-template-"));
  const file = path.join(dir, "migrated.tar");
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.FESTGELD_PGLITE_TEMPLATE = file;
  return () => rmSync(dir, { recursive: true, force: true });
}
