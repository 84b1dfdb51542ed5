import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { type BuildAppOptions, buildApp } from "../../src/app.ts";
import { type Config, loadConfig } from "../../src/config/env.ts";
import { type Database, openPGlite, openPostgres } from "../../src/db/database.ts";
import { migrate } from "../../src/db/migrate.ts";
import { recordStatuses } from "./statuses.ts";

/** The template dump's bytes (FESTGELD_PGLITE_TEMPLATE), read once per test process. */
let dumpBytes: { file: string; bytes: Promise<ArrayBuffer> } | undefined;
function templateBytes(file: string): Promise<ArrayBuffer> {
  if (dumpBytes?.file !== file) {
    const bytes = readFile(file).then((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    dumpBytes = { file, bytes };
  }
  return dumpBytes.bytes;
}

/**
 * The template dump as PGlite reads it (`arrayBuffer()`, then untar), from bytes already in memory.
 * Node 20 copied the 44 MB dump in about 0.2 s into a Blob and 0.3 s back out of it, half a second
 * of every test database's start (docs/decisions.md "Test databases start from a migrated template").
 * Each read gets a copy of its own.
 */
class TemplateDump extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: ArrayBuffer) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#bytes.slice(0));
  }
}

/**
 * A fresh database for one test file: in-memory PGlite by default, or, when TEST_DATABASE_URL is set,
 * a new database created on that PostgreSQL server (dropped again on close), so runs never collide.
 */
export async function createTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  /** The PostgreSQL database's address (unset on PGlite), for a second connection to it. */
  url?: string;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // From the migrated dump of helpers/database-template.global.ts (a fresh cluster without it).
    const template = process.env.FESTGELD_PGLITE_TEMPLATE;
    const database = await openPGlite(
      null,
      template ? new TemplateDump(await templateBytes(template)) : undefined,
    );
    await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `festgeld_test_${randomBytes(6).toString("hex")}`;
  // A copy of the pass's migrated database (helpers/database-template.global.ts), else an empty one.
  const template = process.env.FESTGELD_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  await migrate(database);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
}

/**
 * Builds the whole app on a fresh database, exactly as the server does, minus the listening socket
 * (`options`: what a test gives `buildApp` besides, such as a clock or the e-mail worker's timing).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Partial<Omit<BuildAppOptions, "config" | "database">> = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: `/tmp/festgeld-test-${randomBytes(6).toString("hex")}`,
    WEB_DIST_DIR: "/nonexistent",
    ...env,
  });
  const app = await buildApp({ config, database, closeDatabase: false, logger: false, ...options });
  recordStatuses(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await drop();
      // The data directory the app made (the generated document key, stored documents, the mail folder).
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}
