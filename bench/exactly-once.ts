/**
 * Exactly once under faults: a server process is killed (SIGKILL, no shutdown of any kind) in the middle
 * of each of the three runs that move money in bulk, then started again, on one PostgreSQL database:
 *
 *   1. maturity settlement: the process running the due maturity jobs is killed once a third of them
 *      are done; a new process (its clock past the dead one's job leases) runs what is left;
 *   2. payment files: the process answering `POST /api/admin/payment-files` is killed at several moments
 *      after the request started; a new process then makes the files of whatever is still open;
 *   3. statement import: the process answering `POST /api/admin/bank-statements` with the bank's
 *      camt.053 that books every submitted order is killed the same way; the same file is then
 *      imported again by a new process.
 *
 * After each run it checks that no deposit was settled twice and none was left, that every order is in
 * exactly one payment file and booked exactly once, and that the journal balances (trial balance zero,
 * every entry balanced). Prints where each kill landed (before or after the run's commit), the checks
 * and the load average; exits non-zero when a check fails.
 *
 *   npx tsx bench/exactly-once.ts                 # DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_DEPOSITS=10000 npx tsx bench/exactly-once.ts
 *
 * The database and the data directory are removed at the end, also when a step fails.
 */
import { fork } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUSINESS_TIME_ZONE, startOfDayInZone } from "@festgeld/domain";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { createAdmin } from "../apps/server/test/helpers/factories.ts";
import { createPgDatabase, tempDir } from "./lib.ts";
import { seedMaturingDeposits } from "./maturity-seed.ts";

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 3_000);
const MATURITY_DAY = "2027-03-15";
const BOOKING_DAY = "2027-03-16";
/** The seeded partner bank's receiving account (the configuration's default), so its statements are importable. */
const BANK_IBAN = "DE52000000000012345678";
/** Moments after a request started at which its process is killed, in milliseconds. */
const KILL_DELAYS_MS = (process.env.BENCH_KILL_DELAYS ?? "20,150,600,1500,4000").split(",").map(Number);

type Phase = "maturity" | "files" | "statement";

const log = (line: string) => process.stdout.write(`${line}\n`);
const at = (day: string, hours: number) =>
  new Date(startOfDayInZone(day, BUSINESS_TIME_ZONE).getTime() + hours * 3_600_000);

function workerEnv(url: string, dataDir: string) {
  return {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: "8",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: "/nonexistent",
    CLOCK_CONTROL: "true",
    PARTNER_BANK_IBAN: BANK_IBAN,
    // Claims of 100 maturities, so that a kill lands between the commits of a settlement.
    JOB_BATCH_SIZE: "100",
    // E-mails are queued in the outbox as in production; nothing listens.
    SMTP_URL: "smtp://127.0.0.1:1",
  };
}

interface WorkerOrder {
  phase: Phase;
  /** The server clock of this process (ISO). */
  now: string;
  statementFile?: string;
}

interface WorkerResult {
  status?: number;
  ran?: number;
  ms: number;
}

/** One server process: the whole app, the clock set, waits for "go", then runs its phase. */
async function worker() {
  const env = JSON.parse(process.env.BENCH_WORKER_ENV ?? "{}") as Record<string, string>;
  const order = JSON.parse(process.env.BENCH_WORKER_ORDER ?? "{}") as WorkerOrder;
  const database = await openPostgres(env.DATABASE_URL ?? "", 8);
  const app = await buildApp({ config: loadConfig(env), database, closeDatabase: true, logger: false });
  await app.ready();
  const clock = app.depositSettings.adjustableClock;
  if (!clock) throw new Error("CLOCK_CONTROL gave no adjustable clock");
  clock.set(new Date(order.now));
  const admin = order.phase === "maturity" ? null : await createAdmin(app);
  const payload = order.statementFile ? { xml: readFileSync(order.statementFile, "utf8") } : {};
  process.send?.({ ready: true });
  await new Promise((resolve) => process.once("message", resolve));
  const started = process.hrtime.bigint();
  let result: WorkerResult;
  if (order.phase === "maturity") {
    const ran = await app.jobs.runDue();
    result = { ran, ms: 0 };
  } else {
    const url = order.phase === "files" ? "/api/admin/payment-files" : "/api/admin/bank-statements";
    const response = await app.inject({ method: "POST", url, headers: admin?.headers, payload });
    if (response.statusCode >= 500) log(`  worker: ${response.statusCode} ${response.body.slice(0, 300)}`);
    result = { status: response.statusCode, ms: 0 };
  }
  result.ms = Number(process.hrtime.bigint() - started) / 1e6;
  process.send?.({ done: true, ...result });
  await app.close();
}

interface Started {
  /** Resolves once the process has run its phase to the end, or with null when it was killed. */
  finished: Promise<WorkerResult | null>;
  go: () => void;
  kill: () => void;
}

/** Starts a worker and resolves once it is ready (app built, clock set): `go` starts its phase. */
function startWorker(env: Record<string, string>, order: WorkerOrder): Promise<Started> {
  return new Promise((resolveReady, rejectReady) => {
    const child = fork(import.meta.filename, [], {
      env: {
        ...process.env,
        BENCH_WORKER: "1",
        BENCH_WORKER_ENV: JSON.stringify(env),
        BENCH_WORKER_ORDER: JSON.stringify(order),
      },
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let result: WorkerResult | null = null;
    const finished = new Promise<WorkerResult | null>((resolve, reject) => {
      child.on("exit", (code, signal) => {
        if (signal === "SIGKILL") resolve(null);
        else if (code === 0 && result) resolve(result);
        else reject(new Error(`worker exited with ${code ?? signal}`));
      });
    });
    finished.catch(rejectReady);
    child.on("message", (message: { ready?: boolean; done?: boolean } & WorkerResult) => {
      if (message.ready)
        resolveReady({
          finished,
          go: () => child.send("go"),
          kill: () => child.kill("SIGKILL"),
        });
      if (message.done) result = message;
    });
  });
}

/** Runs a phase to the end in a fresh process. */
async function runToEnd(env: Record<string, string>, order: WorkerOrder) {
  const worker = await startWorker(env, order);
  worker.go();
  const result = await worker.finished;
  if (!result) throw new Error("worker ended without a result");
  return result;
}

async function count(
  db: Awaited<ReturnType<typeof openPostgres>>["db"],
  query: ReturnType<typeof sql<{ n: string }>>,
) {
  return Number((await query.execute(db)).rows[0]?.n ?? 0);
}

/** Counts that tell a run's commit from its absence: done maturity jobs, files made, orders booked. */
async function progress(db: Awaited<ReturnType<typeof openPostgres>>["db"]) {
  return {
    settled: await count(
      db,
      sql`select count(*) as n from jobs where name = 'deposit.maturity' and state = 'done'`,
    ),
    files: await count(db, sql`select count(*) as n from payment_files`),
    submitted: await count(db, sql`select count(*) as n from payment_orders where status = 'submitted'`),
    booked: await count(db, sql`select count(*) as n from payment_orders where status = 'booked'`),
    statements: await count(db, sql`select count(*) as n from bank_statements`),
  };
}

/** The invariants every phase keeps, whatever was killed when. */
async function invariants(db: Awaited<ReturnType<typeof openPostgres>>["db"]) {
  const row = (
    await sql<Record<string, string>>`
      select
        (select coalesce(sum(amount_cents), 0) from ledger_lines) as trial_balance,
        (select count(*) from (select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0) x)
          as unbalanced_entries,
        (select count(*) from (select deposit_id from ledger_entries where kind = 'interest_credited'
           group by deposit_id having count(*) > 1) x) as interest_twice,
        (select count(*) from (select deposit_id, source from payment_orders where source <> 'credit_return'
           group by deposit_id, source having count(*) > 1) x) as orders_twice,
        (select count(*) - count(distinct end_to_end_id) from payment_orders) as duplicate_end_to_end_ids,
        (select count(*) from (select reference from ledger_entries group by reference having count(*) > 1) x)
          as entries_twice,
        (select count(*) from (select previous_deposit_id from deposits where previous_deposit_id is not null
           group by previous_deposit_id having count(*) > 1) x) as renewed_twice
    `.execute(db)
  ).rows[0];
  return Object.fromEntries(Object.entries(row ?? {}).map(([k, v]) => [k, Number(v)]));
}

/** The camt.053 (.001.08) the bank writes the day after: one booked debit per submitted order, balances that add up. */
async function statementOfSubmittedOrders(db: Awaited<ReturnType<typeof openPostgres>>["db"], file: string) {
  const orders = (
    await sql<{ end_to_end_id: string; amount_cents: string; creditor_name: string; creditor_iban: string }>`
      select end_to_end_id, amount_cents, creditor_name, creditor_iban from payment_orders
      where status = 'submitted' and debtor_iban = ${BANK_IBAN} order by end_to_end_id
    `.execute(db)
  ).rows;
  const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
  const total = orders.reduce((sum, o) => sum + BigInt(o.amount_cents), 0n);
  const closing = 100_000_000n;
  const opening = closing + total;
  const entries = orders
    .map(
      (o, i) => `
      <Ntry>
        <NtryRef>${i + 1}</NtryRef>
        <Amt Ccy="EUR">${decimal(BigInt(o.amount_cents))}</Amt>
        <CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${BOOKING_DAY}</Dt></BookgDt>
        <ValDt><Dt>${BOOKING_DAY}</Dt></ValDt>
        <AcctSvcrRef>BENCH-${i + 1}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${o.end_to_end_id}</EndToEndId></Refs>
          <Amt Ccy="EUR">${decimal(BigInt(o.amount_cents))}</Amt>
          <RltdPties><Cdtr><Pty><Nm>${o.creditor_name}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${o.creditor_iban}</IBAN></Id></CdtrAcct></RltdPties>
        </TxDtls></NtryDtls>
      </Ntry>`,
    )
    .join("");
  const balance = (code: string, cents: bigint) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(cents)}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${BOOKING_DAY}</Dt></Dt></Bal>`;
  writeFileSync(
    file,
    `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>BENCH-EXACTLY-ONCE</MsgId><CreDtTm>${BOOKING_DAY}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>BENCH-EXACTLY-ONCE-1</Id>
      <CreDtTm>${BOOKING_DAY}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${BANK_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${balance("OPBD", opening)}
      ${balance("CLBD", closing)}
      <TxsSummry><TtlDbtNtries><NbOfNtries>${orders.length}</NbOfNtries><Sum>${decimal(total)}</Sum></TtlDbtNtries></TxsSummry>${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`,
  );
  return orders.length;
}

async function main() {
  const { url, drop } = await createPgDatabase("festgeld_bench_faults");
  const dataDir = tempDir("festgeld-bench-faults-");
  const env = workerEnv(url, dataDir);
  const monitor = await openPostgres(url, 1);
  const db = monitor.db;
  const checks: Array<[string, boolean, string]> = [];
  const check = (name: string, passed: boolean, detail: string) => {
    checks.push([name, passed, detail]);
    log(`  ${passed ? "ok  " : "FAIL"} ${name} (${detail})`);
  };
  const keepsInvariants = async (after: string) => {
    const v = await invariants(db);
    const bad = Object.entries(v).filter(([, n]) => n !== 0);
    check(
      `after ${after}: trial balance zero, every entry balanced, nothing booked or ordered twice`,
      bad.length === 0,
      bad.length === 0 ? "all zero" : bad.map(([k, n]) => `${k} ${n}`).join(", "),
    );
  };
  try {
    log(
      `Load average at the start: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")} on ${os.cpus().length} cores`,
    );
    log(`Seeding ${DEPOSITS.toLocaleString("en")} deposits maturing on ${MATURITY_DAY} ...`);
    await seedMaturingDeposits(url, {
      deposits: DEPOSITS,
      accounts: Math.max(1, Math.floor(DEPOSITS / 10)),
      maturityDay: MATURITY_DAY,
      bankIban: BANK_IBAN,
    });

    // 1. Maturity settlement, killed once a third of the maturities are settled.
    log("1. Maturity settlement");
    const first = await startWorker(env, { phase: "maturity", now: at(MATURITY_DAY, 6).toISOString() });
    first.go();
    const startedAt = Date.now();
    let killedAt = 0;
    while (true) {
      const { settled } = await progress(db);
      if (settled >= DEPOSITS / 3) {
        first.kill();
        killedAt = settled;
        break;
      }
      if (Date.now() - startedAt > 600_000) throw new Error("settlement made no progress in 10 minutes");
      await new Promise((r) => setTimeout(r, 10));
    }
    const killedResult = await first.finished;
    const afterKill = await progress(db);
    log(
      `  killed after ${((Date.now() - startedAt) / 1000).toFixed(1)} s with ${killedAt} of ${DEPOSITS} settled (${afterKill.settled} committed)${killedResult ? " - but it had already finished" : ""}`,
    );
    await keepsInvariants("the kill");
    // The dead process's claims hold for their lease (5 minutes): the new one's clock is past it.
    const restartAt = at(MATURITY_DAY, 6.5);
    const second = await runToEnd(env, { phase: "maturity", now: restartAt.toISOString() });
    log(`  restarted process ran ${second.ran} jobs in ${(second.ms / 1000).toFixed(1)} s`);
    const settledRow = (
      await sql<{ done: string; other: string; retried: string; active: string; interest: string }>`
        select (select count(*) from jobs where name = 'deposit.maturity' and state = 'done') as done,
               (select count(*) from jobs where state <> 'done' and run_at <= ${restartAt}) as other,
               (select count(*) from jobs where name = 'deposit.maturity' and attempts > 1) as retried,
               (select count(*) from deposits where status = 'active' and previous_deposit_id is null) as active,
               (select count(distinct deposit_id) from ledger_entries where kind = 'interest_credited') as interest
      `.execute(db)
    ).rows[0];
    check(
      "every maturity settled once: all jobs done, no deposit left active, interest credited once per deposit",
      Number(settledRow?.done) === DEPOSITS &&
        Number(settledRow?.other) === 0 &&
        Number(settledRow?.active) === 0 &&
        Number(settledRow?.interest) === DEPOSITS,
      `${settledRow?.done} done, ${settledRow?.other} due jobs left, ${settledRow?.retried} retried after the kill, ${settledRow?.active} active, interest for ${settledRow?.interest}`,
    );
    await keepsInvariants("the restart");

    // 2. Payment files, killed at several moments after the request started.
    log("2. Payment files");
    const ordered = await count(db, sql`select count(*) as n from payment_orders where status = 'ordered'`);
    const now = at(BOOKING_DAY, -14).toISOString(); // the maturity day, 10:00
    for (const delay of KILL_DELAYS_MS) {
      const before = await progress(db);
      const w = await startWorker(env, { phase: "files", now });
      w.go();
      await new Promise((r) => setTimeout(r, delay));
      w.kill();
      const result = await w.finished;
      const after = await progress(db);
      log(
        `  killed ${delay} ms after the request: ${result ? `it had answered ${result.status} after ${result.ms.toFixed(0)} ms` : after.files > before.files ? "after its commit" : "before its commit, nothing stored"} (files ${before.files} -> ${after.files}, orders submitted ${before.submitted} -> ${after.submitted})`,
      );
      await keepsInvariants(`the kill at ${delay} ms`);
    }
    const files = await runToEnd(env, { phase: "files", now });
    log(`  restarted process answered ${files.status} in ${files.ms.toFixed(0)} ms`);
    const fileRows = (await sql<{ xml: string }>`select xml from payment_files`.execute(db)).rows;
    const idsInFiles = new Map<string, number>();
    for (const { xml } of fileRows)
      for (const m of xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g))
        idsInFiles.set(m[1] ?? "", (idsInFiles.get(m[1] ?? "") ?? 0) + 1);
    const orderIds = (
      await sql<{
        end_to_end_id: string;
        status: string;
      }>`select end_to_end_id, status from payment_orders`.execute(db)
    ).rows;
    const notInFile = orderIds.filter((o) => !idsInFiles.has(o.end_to_end_id)).length;
    const twice = [...idsInFiles.values()].filter((n) => n > 1).length;
    const notSubmitted = orderIds.filter((o) => o.status !== "submitted").length;
    check(
      "every order in exactly one payment file and submitted once",
      orderIds.length === ordered && notInFile === 0 && twice === 0 && notSubmitted === 0,
      `${ordered} orders, ${fileRows.length} files, ${notInFile} in no file, ${twice} in two, ${notSubmitted} not submitted`,
    );
    await keepsInvariants("the files");

    // 3. The bank's statement booking every order, killed during its import, then imported again.
    log("3. Statement import");
    const statementFile = path.join(dataDir, "statement.xml");
    const entries = await statementOfSubmittedOrders(db, statementFile);
    log(`  statement of ${entries} debits, ${(readFileSync(statementFile).length / 1e6).toFixed(1)} MB`);
    const importAt = at(BOOKING_DAY, 19).toISOString();
    for (const delay of KILL_DELAYS_MS) {
      const before = await progress(db);
      const w = await startWorker(env, { phase: "statement", now: importAt, statementFile });
      w.go();
      await new Promise((r) => setTimeout(r, delay));
      w.kill();
      const result = await w.finished;
      const after = await progress(db);
      log(
        `  killed ${delay} ms after the request: ${result ? `it had answered ${result.status} after ${result.ms.toFixed(0)} ms` : after.statements > before.statements ? "after its commit" : "before its commit, nothing stored"} (orders booked ${before.booked} -> ${after.booked})`,
      );
      await keepsInvariants(`the kill at ${delay} ms`);
    }
    const imported = await runToEnd(env, { phase: "statement", now: importAt, statementFile });
    log(`  restarted process answered ${imported.status} in ${imported.ms.toFixed(0)} ms`);
    const booked = (
      await sql<{ booked: string; entries: string; statements: string; paid: string }>`
        select (select count(*) from payment_orders where status = 'booked') as booked,
               (select count(*) from ledger_entries where kind = 'order_booked') as entries,
               (select count(*) from bank_statements) as statements,
               (select count(*) from deposits where status = 'paid_out') as paid
      `.execute(db)
    ).rows[0];
    const payouts = await count(
      db,
      sql`select count(*) as n from payment_orders where source = 'maturity_payout'`,
    );
    check(
      "every order booked once from one stored statement, every paid-out deposit paid",
      imported.status === 200 &&
        Number(booked?.booked) === entries &&
        Number(booked?.entries) === entries &&
        Number(booked?.statements) === 1 &&
        Number(booked?.paid) === payouts,
      `answer ${imported.status}, ${booked?.booked} orders booked, ${booked?.entries} journal entries, ${booked?.statements} statement stored, ${booked?.paid} of ${payouts} payouts paid`,
    );
    await keepsInvariants("the import");
    log(
      `Load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(", ")}`,
    );
    if (checks.some(([, passed]) => !passed)) process.exitCode = 1;
  } finally {
    await monitor.close();
    rmSync(dataDir, { recursive: true, force: true });
    await drop();
  }
}

if (process.env.BENCH_WORKER === "1") {
  worker().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
