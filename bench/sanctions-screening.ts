/**
 * Screening benchmark: a sanctions list of 12,000 names screens 100,000 savers in the background on
 * PostgreSQL, and a restart in the middle resumes. Creates its own database, migrates it, seeds savers
 * with personal data (set-based SQL, varied made-up names), loads a generated list in the official EU
 * format through the service the upload route calls (which answers at once and queues the run), then
 * runs the job queue in a server process built like the server, kills that process (SIGKILL) part way,
 * and starts another one, which takes the interrupted batch up again and finishes. Prints the time,
 * the rate and the load average, then checks that every saver was screened exactly once by the run.
 *
 *   npx tsx bench/sanctions-screening.ts                       # DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_SAVERS=20000 BENCH_NAMES=12000 npx tsx bench/sanctions-screening.ts
 *   BENCH_KILL_AT=0.4 npx tsx bench/sanctions-screening.ts     # kill the first process at 40 % (0: never)
 *
 * The database and the data directory are removed at the end, also when a step fails.
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import { loadList } from "../apps/server/src/modules/identity/sanctions.service.ts";
import { createPgDatabase } from "./lib.ts";

const SAVERS = Number(process.env.BENCH_SAVERS ?? 100_000);
/** Names on the list: entities with two aliases each. */
const NAMES = Number(process.env.BENCH_NAMES ?? 12_000);
const KILL_AT = Number(process.env.BENCH_KILL_AT ?? 0.4);
/** Savers whose name and date of birth are put on the list, so that the run finds them. */
const LISTED_SAVERS = 25;

const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" / ");

const SYLLABLES = (
  "ka ro mi ten vas lo der an bre ust zo ri nek pol sha dim ar el go vin tas mer ko lin haj bor sen tu " +
  "wel gra fi dal om pe sku tor ba ne qui rus"
).split(" ");

/** A made-up name of `parts` words from a number (deterministic, varied). */
function madeUpName(n: number, parts: number) {
  const words: string[] = [];
  let x = n * 2654435761;
  for (let p = 0; p < parts; p += 1) {
    let w = "";
    const syllables = 2 + (x % 2);
    for (let s = 0; s < syllables; s += 1) {
      w += SYLLABLES[x % SYLLABLES.length];
      x = Math.floor(x / SYLLABLES.length) + 7919 * (p + s + 1);
    }
    words.push(w[0]?.toUpperCase() + w.slice(1));
  }
  return words.join(" ");
}

function workerEnv(url: string, dataDir: string, clockOffsetMs: number) {
  return {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: "4",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: "/nonexistent",
    CLOCK_CONTROL: "true",
    BENCH_CLOCK_OFFSET_MS: String(clockOffsetMs),
  };
}

/** One server process: the whole app on the database, running the due jobs until none is left. */
async function worker() {
  const env = JSON.parse(process.env.BENCH_WORKER_ENV ?? "{}") as Record<string, string>;
  const database = await openPostgres(env.DATABASE_URL ?? "", 4);
  const app = await buildApp({ config: loadConfig(env), database, closeDatabase: true, logger: false });
  await app.ready();
  // A restarted process finds the killed one's claim still leased: its clock is past the lease.
  app.depositSettings.adjustableClock?.set(new Date(Date.now() + Number(env.BENCH_CLOCK_OFFSET_MS ?? 0)));
  const ran = await app.jobs.runDue();
  process.send?.({ ran });
  await app.close();
}

async function seed(url: string) {
  const database = await openPostgres(url, 4);
  try {
    await migrate(database);
    const db = database.db;
    const names = Array.from({ length: SAVERS }, (_, i) => madeUpName(i + 1, 2));
    for (let i = 0; i < SAVERS; i += 10_000) {
      const chunk = names.slice(i, i + 10_000);
      await sql`
        insert into users (email, password_hash, full_name, role, kyc_status, language, created_at, updated_at)
        select 'saver' || (${i}::int + o) || '@bench.test', 'not-a-real-hash', n, 'user', 'approved', 'de', now(), now()
        from unnest(${chunk}::text[]) with ordinality as t(n, o)
      `.execute(db);
    }
    await sql`
      insert into kyc_profiles (user_id, date_of_birth, place_of_birth, nationality, street, postcode, city,
        country, tax_residency, tax_id, is_pep, review_status)
      select id, date '1950-01-01' + (abs(hashtext(id::text)) % 18000), 'Köln', 'DE', 'Hauptstraße 1', '10115',
        'Berlin', 'DE', 'DE', '86095742719', false, 'approved'
      from users where role = 'user'
    `.execute(db);
    await sql`analyze`.execute(db);
    const admin = await db
      .insertInto("users")
      .values({
        email: "staff@bench.test",
        password_hash: "not-a-real-hash",
        full_name: "Bench Staff",
        role: "admin",
        kyc_status: "approved",
        language: "en",
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const listed = await sql<{ full_name: string; dob: string }>`
      select u.full_name, to_char(p.date_of_birth, 'YYYY-MM-DD') as dob from users u
      join kyc_profiles p on p.user_id = u.id where u.role = 'user' order by u.id limit ${LISTED_SAVERS}
    `.execute(db);
    return { admin, listed: listed.rows };
  } finally {
    await database.close();
  }
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** A list in the official EU format: NAMES names in NAMES / 2 entities, some of them seeded savers. */
function listXml(listed: Array<{ full_name: string; dob: string }>) {
  const entities: string[] = [];
  const count = Math.ceil(NAMES / 2);
  for (let i = 0; i < count; i += 1) {
    const person = listed[i];
    const first = person ? person.full_name : madeUpName(1_000_003 + i, 3);
    const second = madeUpName(2_000_003 + i, 2);
    const dob = person ? person.dob : `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 9}`;
    entities.push(
      `<sanctionEntity euReferenceNumber="EU.B.${i}" logicalId="${i}">` +
        `<nameAlias wholeName="${escapeXml(first)}"/><nameAlias wholeName="${escapeXml(second)}"/>` +
        `<birthdate birthdate="${dob}"/></sanctionEntity>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?><export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="bench-${Date.now()}">${entities.join("")}</export>`;
}

async function progressOf(url: string) {
  const database = await openPostgres(url, 1);
  try {
    const run = await database.db
      .selectFrom("sanctions_screening_runs")
      .selectAll()
      .orderBy("started_at", "desc")
      .executeTakeFirstOrThrow();
    return { ...run, close: () => database.close() };
  } catch (error) {
    await database.close();
    throw error;
  }
}

function startWorker(url: string, dataDir: string, clockOffsetMs: number) {
  const child = fork(import.meta.filename, ["--worker"], {
    env: { ...process.env, BENCH_WORKER_ENV: JSON.stringify(workerEnv(url, dataDir, clockOffsetMs)) },
    execArgv: ["--import", "tsx"],
    stdio: "inherit",
  });
  const done = new Promise<{ ran: number } | null>((resolve, reject) => {
    let result: { ran: number } | null = null;
    child.on("message", (m) => {
      result = m as { ran: number };
    });
    child.on("exit", (code, signal) => {
      if (signal === "SIGKILL") resolve(null);
      else if (code === 0) resolve(result);
      else reject(new Error(`worker exited with ${code ?? signal}`));
    });
  });
  return { child, done };
}

async function main() {
  const { url, drop } = await createPgDatabase("festgeld_bench_screening");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "festgeld-bench-screening-"));
  const loads: string[] = [];
  try {
    log(`Seeding ${SAVERS.toLocaleString("en")} savers with personal data ...`);
    const seedStart = Date.now();
    const { admin, listed } = await seed(url);
    log(`  seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const xml = listXml(listed);
    const database = await openPostgres(url, 2);
    const loadStart = Date.now();
    const loaded = await loadList(database.db, admin as never, Buffer.from(xml), new Date());
    await database.close();
    log(
      `Loaded a list of ${loaded.list.names.toLocaleString("en")} names (${loaded.list.entries.toLocaleString("en")} entries) in ${((Date.now() - loadStart) / 1000).toFixed(1)} s; the request would answer now, the run has ${loaded.list.screening?.total.toLocaleString("en")} savers queued`,
    );

    const start = Date.now();
    let first = startWorker(url, dataDir, 0);
    let killedAt: number | null = null;
    const timer = setInterval(() => {
      void progressOf(url)
        .then(async (run) => {
          await run.close();
          const s = (Date.now() - start) / 1000;
          loads.push(load());
          log(
            `  ... ${run.screened.toLocaleString("en")} of ${run.total.toLocaleString("en")} screened after ${s.toFixed(0)} s (${Math.round(run.screened / s)} per second), load average ${load()}`,
          );
          if (killedAt === null && KILL_AT > 0 && run.screened >= run.total * KILL_AT) {
            killedAt = run.screened;
            log(`  killing the server process (SIGKILL) at ${run.screened.toLocaleString("en")} ...`);
            first.child.kill("SIGKILL");
          }
        })
        .catch(() => {});
    }, 5_000);
    const firstResult = await first.done;
    if (firstResult === null) {
      log("  starting another process: it takes the interrupted batch up once its lease has run out");
      // Its clock is past the killed process's lease (5 minutes), as it would be after a real restart.
      first = startWorker(url, dataDir, 6 * 60_000);
      await first.done;
    }
    clearInterval(timer);
    const seconds = (Date.now() - start) / 1000;

    const check = await openPostgres(url, 1);
    const run = await check.db
      .selectFrom("sanctions_screening_runs")
      .selectAll()
      .orderBy("started_at", "desc")
      .executeTakeFirstOrThrow();
    const counts = (
      await sql<{ savers: string; screenings: string; hits: string }>`
        select count(distinct user_id) as savers, count(*) as screenings,
               (select count(*) from sanctions_hits) as hits
        from sanctions_screenings where list_id = ${run.list_id} and trigger = 'list_load'
      `.execute(check.db)
    ).rows[0];
    await check.close();
    log("");
    log(
      `Screened ${run.screened.toLocaleString("en")} of ${run.total.toLocaleString("en")} savers against ${NAMES.toLocaleString("en")} names in ${seconds.toFixed(0)} s (${Math.round(run.screened / seconds)} per second), status ${run.status}`,
    );
    log(
      `  ${killedAt === null ? "no restart" : `killed at ${Number(killedAt).toLocaleString("en")}, resumed by a second process`}; ${counts?.savers} savers screened, ${counts?.screenings} screenings (one each: ${Number(counts?.screenings) === SAVERS}), ${counts?.hits} possible matches (${LISTED_SAVERS} savers put on the list)`,
    );
    log(`  load average (1 / 5 / 15 min) at the end: ${load()}; cores: ${os.cpus().length}`);
    if (run.status !== "done" || Number(counts?.screenings) !== SAVERS) process.exitCode = 1;
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--worker")) await worker();
else await main();
