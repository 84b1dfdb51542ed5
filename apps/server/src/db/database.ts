import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { makePrivate } from "../lib/private-files.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { PGliteDialect } from "./pglite-dialect.ts";
import type { DB } from "./schema.ts";
import { SessionWritesPlugin } from "./session-writes.ts";

export type DatabaseKind = "pglite" | "postgres";

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /**
   * Runs `fn` with the migration lock held (an advisory lock on PostgreSQL) and a function that runs
   * multi-statement SQL scripts on that same connection.
   */
  withMigrationLock<T>(fn: (execScript: (script: string) => Promise<void>) => Promise<T>): Promise<T>;
  /**
   * Calls `listener` after every statement through `db` that may change a signed-in session (a
   * revoked session, a locked account, a changed role...; see db/session-writes.ts). Returns the
   * function that unsubscribes.
   */
  onSessionWrite(listener: () => void): () => void;
  /**
   * Listens on a PostgreSQL notification channel on its own connection, which is opened again when
   * lost: `onState(false)` while notifications may be missed, `onState(true)` once listening (again).
   * Absent on the embedded database, which only one process opens.
   */
  listen?(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
  /** The embedded database's data directory as a tar archive (see openPGlite's `from`); absent on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  /** Connection counts of the PostgreSQL pool (metrics); absent on the embedded database. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export class DatabaseUnavailableError extends Error {
  constructor(
    public readonly variable: string,
    cause: unknown,
  ) {
    super(`${variable}: database unreachable (${cause instanceof Error ? cause.message : String(cause)})`);
    this.name = "DatabaseUnavailableError";
  }
}

// int8 is read as a JS bigint by both drivers: money columns are int8 cents (docs/decisions.md "One money
// type"), exact at any size; a count is read as `count(*)::int` (db/aggregates.repository.ts). A date column stays its
// 'YYYY-MM-DD' text: a calendar day has no time zone to be shifted into.
const INT8_OID = 20;
const DATE_OID = 1082;
const readInt8 = (v: string) => BigInt(v);
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === INT8_OID
      ? readInt8
      : oid === DATE_OID
        ? (v: string) => v
        : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};
const pgliteOptions = { parsers: { [INT8_OID]: readInt8, [DATE_OID]: (v: string) => v } };

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    types: pgTypes,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
  });
  try {
    const client = await pool.connect();
    client.release();
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseUnavailableError("DATABASE_URL", error);
  }
  const writes = new SessionWritesPlugin();
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins: [writes] });
  return {
    db,
    kind: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    onSessionWrite: (listener) => writes.subscribe(listener),
    listen: (channel, onMessage, onState) => listenPostgres(url, channel, onMessage, onState),
    async withMigrationLock(fn) {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock(727271)");
        return await fn(async (script) => {
          try {
            await client.query(script);
          } catch (error) {
            await client.query("rollback").catch(() => {});
            throw error;
          }
        });
      } finally {
        await client.query("select pg_advisory_unlock(727271)").catch(() => {});
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When the connection
 * is lost it reports `onState(false)` and connects again after a second, until the returned function
 * is called.
 */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const lost = () => {
      if (client !== next) return;
      client = null;
      onState(false);
      next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), 1000);
    };
    next.on("error", lost);
    next.on("end", lost);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
      if (stopped) {
        await next.end().catch(() => {});
        return;
      }
      onState(true);
    } catch (error) {
      lost();
      throw error;
    }
  };
  try {
    await connect();
  } catch (error) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is most of the embedded database's memory; one
 * process serving one site needs far less (the operating system caches the data files as well). An
 * in-memory database (tests, tools) starts with the same: preparing 128 MB of buffers was about half
 * of its start, some 0.45 s of 1.1 s on the CI machine (docs/decisions.md "Test databases start from a
 * migrated template").
 */
const EMBEDDED_START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * Creates a new cluster (initdb) in a short-lived child process. Creating one takes PGlite about
 * 850 MB (the initdb instance beside the server instance, neither given back to the system
 * afterwards), which would otherwise stay the server's resident memory for its whole life.
 * Where the module cannot be located (a test runner's module loader), it is created here instead.
 */
async function initializeCluster(pgdata: string): Promise<void> {
  let moduleUrl: string;
  try {
    moduleUrl = import.meta.resolve("@electric-sql/pglite");
  } catch {
    moduleUrl = "";
  }
  if (!moduleUrl) {
    await (await PGlite.create(pgdata)).close();
    return;
  }
  const code =
    "const { PGlite } = await import(process.env.PGLITE_MODULE_URL);" +
    "await (await PGlite.create(process.env.PGLITE_DATA_DIR)).close();";
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", code], {
      env: { ...process.env, PGLITE_MODULE_URL: moduleUrl, PGLITE_DATA_DIR: pgdata },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`creating the database failed: ${stderr.trim().slice(-500)}`)),
    );
  });
}

/**
 * Embedded PostgreSQL persisted under `dataDir`, or in memory when `dataDir` is null (tests). `from`, a
 * dump of a data directory (PGlite's `dumpDataDir`), starts the in-memory one in that state: the tests
 * start each database from one migrated dump instead of creating and migrating a cluster each time.
 */
export async function openPGlite(dataDir: string | null, from?: Blob): Promise<Database> {
  let client: PGlite;
  let unlock = () => {};
  if (dataDir) {
    await makePrivate(dataDir);
    // Refused (DataDirInUseError) while another process has it open: its writes would be lost.
    unlock = lockDataDir(dataDir);
  }
  try {
    if (dataDir) {
      const pgdata = path.join(dataDir, "pgdata");
      if (!existsSync(path.join(pgdata, "PG_VERSION"))) await initializeCluster(pgdata);
      client = await PGlite.create(pgdata, { ...pgliteOptions, startParams: EMBEDDED_START_PARAMS });
      // PGlite's file system layer creates files 0666 whatever the umask: what it made is fixed here
      // and again on close; meanwhile DATA_DIR itself (0700) keeps everyone else out.
      await makePrivate(dataDir);
    } else {
      const options = { ...pgliteOptions, startParams: EMBEDDED_START_PARAMS };
      client = await PGlite.create(from ? { ...options, loadDataDir: from } : options);
    }
  } catch (error) {
    unlock();
    throw new DatabaseUnavailableError("DATA_DIR", error);
  }
  const writes = new SessionWritesPlugin();
  const db = new Kysely<DB>({ dialect: new PGliteDialect(client), plugins: [writes] });
  return {
    db,
    kind: "pglite",
    onSessionWrite: (listener) => writes.subscribe(listener),
    dumpDataDir: () => client.dumpDataDir("none"),
    async withMigrationLock(fn) {
      return fn(async (script) => {
        try {
          await client.exec(script);
        } catch (error) {
          await client.exec("rollback").catch(() => {});
          throw error;
        }
      });
    },
    async close() {
      await db.destroy();
      if (dataDir) await makePrivate(dataDir);
      unlock();
    },
  };
}

export async function openDatabase(config: {
  DATABASE_URL?: string | undefined;
  DATABASE_POOL_SIZE?: number;
  dataDir: string;
}): Promise<Database> {
  return config.DATABASE_URL
    ? openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : openPGlite(config.dataDir);
}
