import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openPGlite, openPostgres } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";

/**
 * Global setup of the server tests: one migrated database that createTestDatabase (helpers/app.ts)
 * starts every test database from, instead of migrating each afresh (docs/decisions.md "Test databases
 * start from a migrated template"). Every migration still runs once per pass, here.
 *
 * - On the embedded database: a migrated in-memory PGlite, dumped to a file (FESTGELD_PGLITE_TEMPLATE).
 *   Creating a cluster and migrating it took a few seconds per database, and files that build an app
 *   per test build many.
 * - On the PostgreSQL server (TEST_DATABASE_URL): a migrated database on that server
 *   (FESTGELD_PG_TEMPLATE), which each test database is created as a copy of. Migrating took about half
 *   a second of each database's creation, for some 120 databases a pass.
 */
export default async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return postgresTemplate(serverUrl);
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

async function postgresTemplate(serverUrl: string) {
  const name = `festgeld_template_${randomBytes(6).toString("hex")}`;
  const server = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await server(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Closed before any copy is made: PostgreSQL copies no database someone is connected to.
  const database = await openPostgres(url.toString(), 2);
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  process.env.FESTGELD_PG_TEMPLATE = name;
  return () => server(`drop database if exists ${name} with (force)`);
}
