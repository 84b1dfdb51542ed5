/**
 * Maturity benchmark: 100,000 deposits maturing on one day, processed by two server processes on one
 * PostgreSQL database. Creates its own database, migrates it, seeds accounts, approved applications,
 * active deposits with their principal booked in the journal and one maturity job each (set-based SQL), then
 * starts two worker processes that build the whole app (the same job handlers, messages, postbox PDFs
 * and e-mail outbox as the server) with the clock on the maturity day and run every job that fell
 * due. Settlement (set-based batches: journal, payment orders, renewals, timeline) is timed
 * apart from the messages that follow it through the job queue (inbox, postbox PDF, queued e-mail).
 * Prints both times and rates with the load average, then checks that every deposit was settled
 * exactly once, its payment orders, that the journal balances and that the per-deposit ledger
 * derived from it agrees with each deposit's account, and that every saver was told the figures that were booked.
 *
 *   npx tsx bench/deposit-maturity.ts                          # DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_DEPOSITS=10000 BENCH_WORKERS=2 npx tsx bench/deposit-maturity.ts
 *   BENCH_KEEP=1 npx tsx bench/deposit-maturity.ts             # keeps the database (its name is printed)
 *
 * The database and the data directory (postbox PDFs) are removed at the end, also when a step fails.
 */
import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { BUSINESS_TIME_ZONE, startOfDayInZone } from "@festgeld/domain";
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { createPgDatabase } from "./lib.ts";
import { seedMaturingDeposits } from "./maturity-seed.ts";

const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 100_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
/** Accounts the deposits belong to (each gets DEPOSITS / ACCOUNTS of them), in en, de and fr. */
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? Math.max(1, Math.floor(DEPOSITS / 10)));
const KEEP = process.env.BENCH_KEEP === "1";
const MATURITY_DAY = "2027-03-15";

const log = (line: string) => process.stdout.write(`${line}\n`);

function workerEnv(url: string, dataDir: string) {
  return {
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATABASE_URL: url,
    DATABASE_POOL_SIZE: "8",
    JOB_CONCURRENCY: process.env.BENCH_JOB_CONCURRENCY ?? "4",
    ...(process.env.BENCH_JOB_BATCH_SIZE ? { JOB_BATCH_SIZE: process.env.BENCH_JOB_BATCH_SIZE } : {}),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: "/nonexistent",
    CLOCK_CONTROL: "true",
    // E-mails are queued in the outbox as in production; nothing listens, and the sending worker is off.
    SMTP_URL: "smtp://127.0.0.1:1",
  };
}

/** One worker process: the whole app on the database, clock on the maturity day, run what is due. */
async function worker() {
  const env = JSON.parse(process.env.BENCH_WORKER_ENV ?? "{}") as Record<string, string>;
  const database = await openPostgres(env.DATABASE_URL ?? "", 8);
  const app = await buildApp({ config: loadConfig(env), database, closeDatabase: true, logger: false });
  await app.ready();
  const clock = app.depositSettings.adjustableClock;
  if (!clock) throw new Error("CLOCK_CONTROL gave no adjustable clock");
  clock.set(new Date(startOfDayInZone(MATURITY_DAY, BUSINESS_TIME_ZONE).getTime() + 6 * 3_600_000));
  const startedAt = Date.now();
  const start = process.hrtime.bigint();
  const ran = await app.jobs.runDue();
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  process.send?.({ ran, ms, startedAt, workerId: app.jobs.workerId });
  await app.close();
}

async function verify(url: string) {
  const database = await openPostgres(url, 2);
  try {
    const db = database.db;
    const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0] as T;
    const jobs = await one(sql<{ done: string; other: string; max_attempts: number; workers: string }>`
      select count(*) filter (where state = 'done') as done, count(*) filter (where state <> 'done') as other,
             max(attempts) as max_attempts, count(distinct locked_by) as workers
      from jobs where name = 'deposit.maturity' and run_at <= ${startOfDayInZone(MATURITY_DAY, BUSINESS_TIME_ZONE)}
    `);
    // A payout is ordered at maturity (payout_pending); it is paid_out when a statement books it, which
    // this benchmark does not import.
    const settled = await one(sql<{ paid_out: string; renewed: string; still_active: string }>`
      select count(*) filter (where status in ('payout_pending', 'paid_out')) as paid_out,
             count(*) filter (where status = 'renewed') as renewed,
             count(*) filter (where status = 'active') as still_active
      from deposits where maturity_date = ${MATURITY_DAY}::date and previous_deposit_id is null
    `);
    const ledger = await one(sql<{ interest: string; deposits_with_interest: string; over_booked: string }>`
      select count(*) as interest, count(distinct deposit_id) as deposits_with_interest,
             (select count(*) from (
               select deposit_id from deposit_ledger group by deposit_id, kind having count(*) > 1
             ) x) as over_booked
      from deposit_ledger where kind = 'interest_credited'
    `);
    // What a settled deposit still holds is exactly what its open payment orders will pay out.
    const balance = await one(sql<{ unbalanced: string }>`
      select count(*) as unbalanced from (
        select d.id,
               sum(case when l.kind in ('principal_received', 'interest_credited') then l.amount_cents else -l.amount_cents end) as balance,
               (select coalesce(sum(o.amount_cents), 0) from payment_orders o
                 where o.deposit_id = d.id and o.status in ('ordered', 'submitted')) as ordered
        from deposits d join deposit_ledger l on l.deposit_id = d.id
        where d.maturity_date = ${MATURITY_DAY}::date and d.previous_deposit_id is null
        group by d.id
      ) b where balance <> ordered
    `);
    const orders = await one(sql<{ payouts: string; interest: string; journal_unbalanced: string }>`
      select count(*) filter (where source = 'maturity_payout') as payouts,
             count(*) filter (where source = 'renewal_interest') as interest,
             (select count(*) from (
               select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0
             ) x) as journal_unbalanced
      from payment_orders
    `);
    // Each order as the settlement must write it: the deposit's own figures, its bank account as
    // debtor, the saver's reference IBAN, a unique end-to-end id and the reference in the remittance.
    const orderChecks = await one(sql<{ wrong: string; duplicate_e2e: string; entries_missing: string }>`
      select
        (select count(*) from payment_orders o join deposits d on d.id = o.deposit_id
          where o.status <> 'ordered' or o.debtor_iban <> d.bank_iban or o.creditor_iban <> d.payer_iban
             or o.amount_cents <> o.principal_cents + o.interest_cents
             or o.interest_cents <> (select amount_cents from deposit_ledger l where l.deposit_id = d.id and l.kind = 'interest_credited')
             or (o.source = 'maturity_payout' and (o.principal_cents <> d.amount_cents or d.status <> 'payout_pending'
                 or o.remittance <> d.reference || ' Payout at maturity'))
             or (o.source = 'renewal_interest' and (o.principal_cents <> 0 or d.maturity_instruction <> 'renew_principal'
                 or o.remittance <> d.reference || ' Interest paid out at renewal'))) as wrong,
        (select count(*) - count(distinct end_to_end_id) from payment_orders) as duplicate_e2e,
        (select count(*) from payment_orders o where not exists (
          select 1 from ledger_entries e where e.reference = 'order:' || o.id || ':created')) as entries_missing
    `);
    // The books: the trial balance is zero, and each matured deposit's journal account plus what its
    // orders have in transit equals the balance of its per-deposit ledger, derived from the entries
    // (docs/decisions.md "The per-deposit ledger and the journal").
    const books = await one(sql<{ total: string; interest_entries: string; disagree: string }>`
      with journal as (
        select a.deposit_id, -sum(li.amount_cents) as owed
        from ledger_lines li join ledger_accounts a on a.address = li.account
        where a.type = 'deposit' group by a.deposit_id
      ), transit as (
        select deposit_id, sum(amount_cents) as cents from payment_orders
        where status in ('ordered', 'submitted') group by deposit_id
      ), ledger as (
        select deposit_id,
               sum(case when kind in ('principal_received', 'interest_credited') then amount_cents else -amount_cents end) as owed
        from deposit_ledger group by deposit_id
      )
      select (select coalesce(sum(amount_cents), 0) from ledger_lines) as total,
             (select count(*) from ledger_entries where kind = 'interest_credited') as interest_entries,
             (select count(*) from deposits d
                left join journal j on j.deposit_id = d.id
                left join transit t on t.deposit_id = d.id
                left join ledger l on l.deposit_id = d.id
              where coalesce(j.owed, 0) + coalesce(t.cents, 0) <> coalesce(l.owed, 0)) as disagree
    `);
    // The message says what was booked: the payout in each payout message is its order's amount.
    const figures = await one(sql<{ checked: string; differ: string }>`
      select count(*) as checked,
             count(*) filter (where (j.payload -> 'facts' ->> 'payout_cents')::bigint is distinct from o.amount_cents) as differ
      from jobs j join payment_orders o on j.key = 'messages.notify:' || o.user_id || ':deposit_payout_ordered:' || o.id
      where j.name = 'messages.notify'
    `);
    const renewals = await one(sql<{ renewals: string }>`
      select count(*) as renewals from deposits where previous_deposit_id is not null
    `);
    const told = await one(sql<{ messages: string; documents: string; emails: string }>`
      select (select count(*) from message_events where event_type in ('deposit_payout_ordered', 'deposit_renewed')) as messages,
             (select count(*) from postbox_documents where kind = 'maturity_statement') as documents,
             (select count(*) from email_outbox where template = 'event') as emails
    `);
    // What the saver sees is traceable to what was booked: each statement's stored figures are its
    // renewal's, each message has its inbox row, each e-mail is in its saver's language.
    const traced = await one(sql<{
      statements_differ: string;
      without_inbox: string;
      wrong_language: string;
    }>`
      select
        (select count(*) from postbox_documents p
           join deposits r on p.event_key = 'deposit_renewed:' || r.previous_deposit_id
          where p.kind = 'maturity_statement' and (p.storage_key is not null
             or (p.content -> 'facts' ->> 'new_amount_cents')::bigint <> r.amount_cents
             or p.content -> 'facts' ->> 'new_maturity_date' <> r.maturity_date::text)) as statements_differ,
        (select count(*) from message_events where notification_id is null) as without_inbox,
        (select count(*) from email_outbox o join users u on u.id = o.user_id
          where o.language <> u.language) as wrong_language
    `);
    return { jobs, settled, ledger, balance, orders, orderChecks, books, figures, renewals, told, traced };
  } finally {
    await database.close();
  }
}

async function main() {
  const { url, drop } = await createPgDatabase(process.env.BENCH_DB_PREFIX ?? "festgeld_bench_maturity");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "festgeld-bench-maturity-"));
  try {
    log(
      `Seeding ${DEPOSITS.toLocaleString("en")} deposits of ${ACCOUNTS.toLocaleString("en")} accounts maturing on ${MATURITY_DAY} ...`,
    );
    const seedStart = Date.now();
    await seedMaturingDeposits(url, {
      deposits: DEPOSITS,
      accounts: ACCOUNTS,
      maturityDay: MATURITY_DAY,
      bankIban: "DE02120300000000202051",
    });
    log(`  seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    log(`Running the maturity jobs with ${WORKERS} server processes ...`);
    const env = workerEnv(url, dataDir);
    const start = Date.now();
    // Settlement ends when the last maturity job is done (polled every 250 ms); the messages that
    // follow it (inbox, postbox PDF, queued e-mail) drain until the processes have run every due job.
    const progressDb = await openPostgres(url, 1);
    let settledAt: number | null = null;
    let lastReport = start;
    let polling = false;
    const progress = setInterval(() => {
      if (polling) return;
      polling = true;
      void sql<{ done: string; told: string }>`
        select count(*) filter (where name = 'deposit.maturity') as done,
               count(*) filter (where name = 'messages.notify') as told
        from jobs where state = 'done'
      `
        .execute(progressDb.db)
        .then(({ rows }) => {
          const done = Number(rows[0]?.done ?? 0);
          const now = Date.now();
          if (settledAt === null && done >= DEPOSITS) settledAt = now;
          if (now - lastReport >= 30_000) {
            lastReport = now;
            const s = (now - start) / 1000;
            log(
              `  ... ${done.toLocaleString("en")} settled, ${Number(rows[0]?.told ?? 0).toLocaleString("en")} messages told after ${s.toFixed(0)} s`,
            );
          }
        })
        .catch(() => {})
        .finally(() => {
          polling = false;
        });
    }, 250);
    const results = await Promise.all(
      Array.from(
        { length: WORKERS },
        () =>
          new Promise<{ ran: number; ms: number; startedAt: number; workerId: string }>((resolve, reject) => {
            const child = fork(import.meta.filename, [], {
              env: { ...process.env, BENCH_WORKER: "1", BENCH_WORKER_ENV: JSON.stringify(env) },
              stdio: ["ignore", "inherit", "inherit", "ipc"],
            });
            let result: { ran: number; ms: number; startedAt: number; workerId: string } | undefined;
            child.on("message", (message) => {
              result = message as typeof result;
            });
            child.on("exit", (code) =>
              result && code === 0 ? resolve(result) : reject(new Error(`worker exited with ${code}`)),
            );
          }),
      ),
    );
    const end = Date.now();
    clearInterval(progress);
    while (polling) await new Promise((r) => setTimeout(r, 20));
    await progressDb.close();
    const settleSeconds = ((settledAt ?? end) - start) / 1000;
    const drainSeconds = (end - (settledAt ?? end)) / 1000;
    const load = os.loadavg().map((l) => l.toFixed(2));
    for (const r of results)
      log(`  worker ${r.workerId}: ${r.ran.toLocaleString("en")} jobs in ${(r.ms / 1000).toFixed(1)} s`);
    // The same, counted from the moment the first process had started and began to run jobs.
    const firstRun = Math.min(...results.map((r) => r.startedAt));
    // The last job done: both processes found nothing more to run.
    const lastDone = Math.max(...results.map((r) => r.startedAt + r.ms));
    const runningSeconds = ((settledAt ?? end) - firstRun) / 1000;
    log(
      `  settlement: ${DEPOSITS.toLocaleString("en")} maturities (journal, payment orders, renewals) in ${settleSeconds.toFixed(1)} s (${Math.round(DEPOSITS / settleSeconds).toLocaleString("en")} per second), start-up of the processes included; ${runningSeconds.toFixed(1)} s (${Math.round(DEPOSITS / runningSeconds).toLocaleString("en")} per second) from the first claim`,
    );
    log(
      `  messages: inbox messages, postbox statements and queued e-mails drained ${drainSeconds.toFixed(1)} s after settlement; everything done ${((lastDone - firstRun) / 1000).toFixed(1)} s from the first claim (${((end - start) / 1000).toFixed(1)} s with the start-up)`,
    );
    log(`  load average (1, 5, 15 min): ${load.join(", ")} on ${os.cpus().length} cores`);

    const v = await verify(url);
    const n = (value: string | number) => Number(value);
    const checks: Array<[string, boolean, string]> = [
      [
        "every job done, none failed or left",
        n(v.jobs.done) === DEPOSITS && n(v.jobs.other) === 0,
        `${v.jobs.done} done, ${v.jobs.other} not`,
      ],
      [
        "each job ran once (attempts = 1)",
        n(v.jobs.max_attempts) === 1,
        `max attempts ${v.jobs.max_attempts}`,
      ],
      [
        "both processes took a share",
        n(v.jobs.workers) === Math.min(WORKERS, DEPOSITS),
        `${v.jobs.workers} workers`,
      ],
      [
        "no deposit left active",
        n(v.settled.still_active) === 0,
        `${v.settled.paid_out} paid out, ${v.settled.renewed} renewed`,
      ],
      [
        "interest credited once per deposit",
        n(v.ledger.interest) === DEPOSITS &&
          n(v.ledger.deposits_with_interest) === DEPOSITS &&
          n(v.ledger.over_booked) === 0,
        `${v.ledger.interest} entries`,
      ],
      [
        "every settled deposit holds exactly its open payment orders",
        n(v.balance.unbalanced) === 0,
        `${v.balance.unbalanced} unbalanced`,
      ],
      [
        "one payout order per paid-out deposit, the journal balanced",
        n(v.orders.payouts) === n(v.settled.paid_out) && n(v.orders.journal_unbalanced) === 0,
        `${v.orders.payouts} payout orders, ${v.orders.interest} interest orders`,
      ],
      [
        "each payment order: the deposit's figures, accounts and reference; unique end-to-end ids; booked in the journal",
        n(v.orderChecks.wrong) === 0 &&
          n(v.orderChecks.duplicate_e2e) === 0 &&
          n(v.orderChecks.entries_missing) === 0,
        `${v.orderChecks.wrong} wrong, ${v.orderChecks.duplicate_e2e} duplicate ids, ${v.orderChecks.entries_missing} not booked`,
      ],
      [
        "the journal: trial balance zero, interest booked once per deposit, each deposit's account (plus its orders in transit) equal to its per-deposit ledger",
        n(v.books.total) === 0 && n(v.books.interest_entries) === DEPOSITS && n(v.books.disagree) === 0,
        `total ${v.books.total}, ${v.books.interest_entries} interest entries, ${v.books.disagree} deposits disagree`,
      ],
      [
        "each payout message states its order's amount",
        n(v.figures.checked) === n(v.orders.payouts) + n(v.orders.interest) && n(v.figures.differ) === 0,
        `${v.figures.checked} checked, ${v.figures.differ} differ`,
      ],
      [
        "one renewal per renewed deposit",
        n(v.renewals.renewals) === n(v.settled.renewed),
        `${v.renewals.renewals} renewals`,
      ],
      [
        "saver told (payout ordered, renewed and its interest ordered), renewal statement issued, e-mails queued",
        n(v.told.messages) === DEPOSITS + n(v.orders.interest) &&
          n(v.told.documents) === n(v.settled.renewed) &&
          n(v.told.emails) === n(v.told.messages),
        `${v.told.messages} messages, ${v.told.documents} statements, ${v.told.emails} e-mails`,
      ],
      [
        "each statement recorded with its renewal's figures (rendered on first download), each message in the inbox, each e-mail in its saver's language",
        n(v.traced.statements_differ) === 0 &&
          n(v.traced.without_inbox) === 0 &&
          n(v.traced.wrong_language) === 0,
        `${v.traced.statements_differ} statements differ, ${v.traced.without_inbox} without inbox message, ${v.traced.wrong_language} e-mails in another language`,
      ],
    ];
    let ok = true;
    for (const [name, passed, detail] of checks) {
      log(`  ${passed ? "ok  " : "FAIL"} ${name} (${detail})`);
      ok &&= passed;
    }
    if (!ok) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (KEEP) log(`Kept the database: ${url}`);
    else await drop();
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
