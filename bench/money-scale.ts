/**
 * Money at a busy operator's scale, on the PostgreSQL server:
 *
 *   1. payment files: 100,000 open payout orders over three banks' receiving accounts
 *      (`BENCH_ORDERS`) turned into pain.001.001.09 files by `POST /api/admin/payment-files`, each file
 *      checked against the EPC's schema and every order found in exactly one file;
 *   2. a statement of 100,000 entries (`BENCH_ENTRIES`) on the first bank's account, imported by
 *      `POST /api/admin/bank-statements`: the debits that book that bank's orders, the credits that fund
 *      deposits awaiting their money, full returns of some booked payouts, and exceptions (credits
 *      without a reference, credits in pounds, bank fees).
 *
 * The state before each run is seeded with set-based SQL as the app would have written it (savers,
 * approved applications, deposits, the journal's funding, interest and order entries, the orders), so the
 * figures are those of the runs alone. Prints each run's time with the load average, then checks what was
 * stored: every order in one file, every entry of the statement accounted for, the trial balance zero.
 *
 *   npx tsx bench/money-scale.ts                  # DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres
 *   BENCH_ORDERS=10000 BENCH_ENTRIES=10000 npx tsx bench/money-scale.ts
 */
import os from "node:os";
import { BUSINESS_TIME_ZONE, depositReference, LANGUAGES, startOfDayInZone } from "@festgeld/domain";
import { type Kysely, sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/config/env.ts";
import { openPostgres } from "../apps/server/src/db/database.ts";
import { migrate } from "../apps/server/src/db/migrate.ts";
import type { DB } from "../apps/server/src/db/schema.ts";
import { createAdmin } from "../apps/server/test/helpers/factories.ts";
import { PAIN001_XSD, validateAllAgainstXsd } from "../apps/server/test/helpers/xsd.ts";
import { createPgDatabase, tempDir } from "./lib.ts";
import { bookSeededFunding } from "./seed-journal.ts";

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
/** The three banks' receiving accounts; the first is the configuration's partner account (statements import). */
const BANK_IBANS = ["DE52000000000012345678", "DE02120300000000202051", "DE89370400440532013000"];
const MATURITY_DAY = "2027-03-15";
const BOOKING_DAY = "2027-03-16";

const log = (line: string) => process.stdout.write(`${line}\n`);
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`;
const decimal = (cents: bigint) => `${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** How the statement's entries are shared out (the rest of ENTRIES funds deposits). */
function statementPlan() {
  const debits = Math.min(Math.ceil(ORDERS / BANK_IBANS.length), Math.floor(ENTRIES * 0.34));
  const returns = Math.floor(debits * 0.03);
  const unreferenced = Math.floor(ENTRIES * 0.02);
  const foreign = Math.floor(ENTRIES * 0.01);
  const fees = Math.floor(ENTRIES * 0.02);
  const fundings = ENTRIES - debits - returns - unreferenced - foreign - fees;
  return { debits, returns, unreferenced, foreign, fees, fundings };
}

async function seed(db: Kysely<DB>, fundings: number) {
  const accounts = Math.max(1, Math.floor((ORDERS + fundings) / 10));
  await sql`
    insert into users (email, password_hash, full_name, role, kyc_status, language, email_verified_at, created_at, updated_at)
    select 'saver' || g || '@bench.test', 'not-a-real-hash', 'Saver ' || g, 'user', 'approved',
           (${[...LANGUAGES]}::text[])[1 + g % ${LANGUAGES.length}::int], now(), now(), now()
    from generate_series(1, ${accounts}::int) g
  `.execute(db);
  // Approved applications: ORDERS matured (paid out) and `fundings` awaiting their money.
  await sql`
    with numbered as (select id, row_number() over (order by id) as n from users),
         pkg as (select id, interest_rate from packages where duration_months = 12 order by interest_rate desc limit 1)
    insert into applications (
      user_id, package_id, full_name, email, phone, amount_cents, currency, interest_rate, duration_months,
      reference_iban, maturity_instruction, info_sheet_acknowledged_at, status, decided_at, created_at, updated_at
    )
    select u.id, pkg.id, 'Saver ' || g, 'saver' || g || '@bench.test', '+49 30 1234567',
           (1000 + (g * 7919) % 249000) * 100 + g % 100, 'EUR', pkg.interest_rate, 12,
           'DE89370400440532013000', 'payout', '2026-03-10'::date, 'approved', '2026-03-12'::date,
           '2026-03-10'::date, now()
    from generate_series(1, ${ORDERS + fundings}::int) g
    cross join pkg
    join numbered u on u.n = 1 + g % ${accounts}::int
  `.execute(db);
  const references = Array.from({ length: ORDERS + fundings }, (_, i) => depositReference(i + 1));
  // The first ORDERS deposits matured on MATURITY_DAY (a year after their value date), shared over the
  // three banks; the others wait for their money on the first bank's account.
  await sql`
    with numbered as (select a.*, row_number() over (order by a.id) as n from applications a)
    insert into deposits (
      application_id, user_id, package_id, reference, status, amount_cents, currency, interest_rate,
      duration_months, maturity_instruction, payer_iban, bank_holder, bank_iban, bank_bic, bank_name,
      approved_at, funding_deadline, funded_at, value_date, maturity_date, created_at, updated_at
    )
    select a.id, a.user_id, a.package_id, (${references}::text[])[a.n],
           case when a.n <= ${ORDERS}::int then 'active' else 'awaiting_funds' end,
           a.amount_cents, 'EUR', a.interest_rate, 12, 'payout', a.reference_iban, 'Demo Partner Bank AG',
           case when a.n <= ${ORDERS}::int then (${BANK_IBANS}::text[])[1 + a.n % 3] else ${BANK_IBANS[0]} end,
           'BYLADEM1001', 'Demo Partner Bank', a.decided_at,
           case when a.n <= ${ORDERS}::int then a.decided_at + interval '14 days' else ${BOOKING_DAY}::date + 7 end,
           case when a.n <= ${ORDERS}::int then '2026-03-15'::date end,
           case when a.n <= ${ORDERS}::int then '2026-03-15'::date end,
           case when a.n <= ${ORDERS}::int then ${MATURITY_DAY}::date end,
           a.decided_at, now()
    from numbered a
  `.execute(db);
  await bookSeededFunding(db);
  // Maturity as the settlement books it: the interest credited, the payout ordered (money from the
  // deposit's account into payments in transit), the deposit waiting for the bank.
  const settledAt = startOfDayInZone(MATURITY_DAY, BUSINESS_TIME_ZONE);
  await sql`
    with interest as (
      insert into ledger_entries (kind, reference, effective_date, created_at, deposit_id, details)
      select 'interest_credited', 'deposit:' || id || ':matured:interest', maturity_date, ${settledAt}, id, '{}'::jsonb
      from deposits where status = 'active' order by id
      returning id, deposit_id
    )
    insert into ledger_lines (entry_id, account, amount_cents)
    select e.id, l.account, l.cents
    from interest e join deposits d on d.id = e.deposit_id
    cross join lateral (values
      ('banks:' || d.bank_iban || ':interest_expense', (d.amount_cents * d.interest_rate / 100)::bigint),
      ('deposits:' || d.id, -(d.amount_cents * d.interest_rate / 100)::bigint)) as l (account, cents)
  `.execute(db);
  await sql`
    insert into payment_orders (
      source, status, deposit_id, user_id, debtor_name, debtor_iban, debtor_bic, creditor_name, creditor_iban,
      amount_cents, principal_cents, interest_cents, end_to_end_id, remittance, requested_date, created_at, updated_at
    )
    select 'maturity_payout', 'ordered', d.id, d.user_id, d.bank_holder, d.bank_iban, d.bank_bic, a.full_name,
           d.payer_iban, d.amount_cents + (d.amount_cents * d.interest_rate / 100)::bigint, d.amount_cents,
           (d.amount_cents * d.interest_rate / 100)::bigint,
           'FGPBENCH' || lpad(row_number() over (order by d.id)::text, 12, '0'),
           d.reference || ' Payout at maturity', d.maturity_date, ${settledAt}, ${settledAt}
    from deposits d join applications a on a.id = d.application_id
    where d.status = 'active'
  `.execute(db);
  await sql`
    with created as (
      insert into ledger_entries (kind, reference, effective_date, created_at, deposit_id, payment_order_id, details)
      select 'order_created', 'order:' || o.id || ':created', ${MATURITY_DAY}::date, ${settledAt}, o.deposit_id, o.id::text,
             jsonb_build_object('source', o.source, 'end_to_end_id', o.end_to_end_id)
      from payment_orders o order by o.id
      returning id, payment_order_id
    )
    insert into ledger_lines (entry_id, account, amount_cents)
    select c.id, l.account, l.cents
    from created c join payment_orders o on o.id::text = c.payment_order_id
    cross join lateral (values ('deposits:' || o.deposit_id, o.amount_cents),
                               ('banks:' || o.debtor_iban || ':in_transit', -o.amount_cents)) as l (account, cents)
  `.execute(db);
  await sql`update deposits set status = 'payout_pending' where status = 'active'`.execute(db);
  await sql`analyze`.execute(db);
}

interface Entry {
  cents: bigint;
  debit: boolean;
  currency?: string;
  endToEndId?: string;
  reference?: string;
  returned?: boolean;
  name: string;
  iban: string;
}

function entryXml(e: Entry, i: number) {
  const party = e.debit
    ? `<Cdtr><Pty><Nm>${e.name}</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${e.iban}</IBAN></Id></CdtrAcct>`
    : `<Dbtr><Pty><Nm>${e.name}</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>${e.iban}</IBAN></Id></DbtrAcct>`;
  const family = e.returned
    ? "ICDT</Cd><SubFmlyCd>RRTN"
    : e.debit
      ? "ICDT</Cd><SubFmlyCd>ESCT"
      : "RCDT</Cd><SubFmlyCd>ESCT";
  const remittance = e.reference
    ? `<RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${e.reference}</Ref></CdtrRefInf></Strd></RmtInf>`
    : "";
  const returnInfo = e.returned ? "<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>" : "";
  return `<Ntry><NtryRef>${i}</NtryRef><Amt Ccy="${e.currency ?? "EUR"}">${decimal(e.cents)}</Amt><CdtDbtInd>${e.debit ? "DBIT" : "CRDT"}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${BOOKING_DAY}</Dt></BookgDt><ValDt><Dt>${BOOKING_DAY}</Dt></ValDt><AcctSvcrRef>SCALE-${i}</AcctSvcrRef><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${family}</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>${e.endToEndId ?? "NOTPROVIDED"}</EndToEndId></Refs><RltdPties>${party}</RltdPties>${remittance}${returnInfo}</TxDtls></NtryDtls></Ntry>`;
}

async function statement(db: Kysely<DB>, plan: ReturnType<typeof statementPlan>) {
  const orders = (
    await sql<{ end_to_end_id: string; amount_cents: string; creditor_name: string; creditor_iban: string }>`
      select end_to_end_id, amount_cents, creditor_name, creditor_iban from payment_orders
      where status = 'submitted' and debtor_iban = ${BANK_IBANS[0]} order by end_to_end_id limit ${plan.debits}
    `.execute(db)
  ).rows;
  const awaiting = (
    await sql<{ reference: string; amount_cents: string }>`
      select reference, amount_cents from deposits where status = 'awaiting_funds' order by reference limit ${plan.fundings}
    `.execute(db)
  ).rows;
  const entries: Entry[] = [];
  for (const o of orders)
    entries.push({
      cents: BigInt(o.amount_cents),
      debit: true,
      endToEndId: o.end_to_end_id,
      name: o.creditor_name,
      iban: o.creditor_iban,
    });
  for (const o of orders.slice(0, plan.returns))
    entries.push({
      cents: BigInt(o.amount_cents),
      debit: false,
      returned: true,
      endToEndId: o.end_to_end_id,
      name: o.creditor_name,
      iban: o.creditor_iban,
    });
  for (const d of awaiting)
    entries.push({
      cents: BigInt(d.amount_cents),
      debit: false,
      reference: d.reference,
      name: "Saver",
      iban: "DE89370400440532013000",
    });
  for (let i = 0; i < plan.unreferenced; i++)
    entries.push({
      cents: 10_000n + BigInt(i),
      debit: false,
      name: "Unknown Payer",
      iban: "DE89370400440532013000",
    });
  for (let i = 0; i < plan.foreign; i++)
    entries.push({
      cents: 100_437n + BigInt(i),
      debit: false,
      currency: "GBP",
      name: "UK Payer",
      iban: "GB33BUKB20201555555555",
    });
  for (let i = 0; i < plan.fees; i++)
    entries.push({ cents: 250n, debit: true, name: "Bank", iban: BANK_IBANS[0] as string });
  // The statement's balances add up in its account's currency (the import checks them that way): an
  // entry in pounds is no part of the euro balance.
  const net = entries
    .filter((e) => (e.currency ?? "EUR") === "EUR")
    .reduce((sum, e) => sum + (e.debit ? -e.cents : e.cents), 0n);
  const opening = 1_000_000_000n;
  const closing = opening + net;
  const balance = (code: string, cents: bigint) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${decimal(cents < 0n ? -cents : cents)}</Amt><CdtDbtInd>${cents < 0n ? "DBIT" : "CRDT"}</CdtDbtInd><Dt><Dt>${BOOKING_DAY}</Dt></Dt></Bal>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>BENCH-SCALE</MsgId><CreDtTm>${BOOKING_DAY}T18:00:00</CreDtTm></GrpHdr><Stmt><Id>BENCH-SCALE-1</Id><CreDtTm>${BOOKING_DAY}T18:00:00</CreDtTm><Acct><Id><IBAN>${BANK_IBANS[0]}</IBAN></Id><Ccy>EUR</Ccy></Acct>${balance("OPBD", opening)}${balance("CLBD", closing)}${entries.map((e, i) => entryXml(e, i + 1)).join("\n")}</Stmt></BkToCstmrStmt></Document>`;
  return { xml, entries: entries.length, debits: orders.length, fundings: awaiting.length };
}

async function main() {
  const plan = statementPlan();
  const { url, drop } = await createPgDatabase(process.env.BENCH_DB_PREFIX ?? "festgeld_bench_scale");
  const dataDir = tempDir("festgeld-bench-scale-");
  const database = await openPostgres(url, 8);
  try {
    log(`Start: ${load()} on ${os.cpus().length} cores`);
    await migrate(database);
    const seedStart = Date.now();
    await seed(database.db, plan.fundings);
    log(
      `Seeded ${ORDERS.toLocaleString("en")} open payout orders over ${BANK_IBANS.length} accounts and ${plan.fundings.toLocaleString("en")} deposits awaiting funds in ${seconds(Date.now() - seedStart)}`,
    );
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        WEB_DIST_DIR: "/nonexistent",
        CLOCK_CONTROL: "true",
        SMTP_URL: "smtp://127.0.0.1:1",
      }),
      database,
      logger: false,
    });
    await app.ready();
    try {
      const clock = app.depositSettings.adjustableClock;
      if (!clock) throw new Error("CLOCK_CONTROL gave no adjustable clock");
      clock.set(new Date(startOfDayInZone(MATURITY_DAY, BUSINESS_TIME_ZONE).getTime() + 10 * 3_600_000));
      const admin = await createAdmin(app);
      const checks: Array<[string, boolean, string]> = [];

      // 1. Payment files.
      log(`1. Payment files (${load()})`);
      let started = Date.now();
      const files = await app.inject({
        method: "POST",
        url: "/api/admin/payment-files",
        headers: admin.headers,
        payload: {},
      });
      const filesMs = Date.now() - started;
      log(`   POST /api/admin/payment-files answered ${files.statusCode} in ${seconds(filesMs)} (${load()})`);
      const stored = (await sql<{ xml: string }>`select xml from payment_files`.execute(database.db)).rows;
      started = Date.now();
      // A schema check that cannot run (xmllint's memory) fails its check; the statement is still measured.
      const errors = await validateAllAgainstXsd(
        stored.map((f) => f.xml),
        PAIN001_XSD,
      ).catch((error: unknown) => [[`the schema check could not run: ${String(error).split("\n")[0]}`]]);
      log(
        `   ${stored.length} files (${(stored.reduce((s, f) => s + f.xml.length, 0) / 1e6).toFixed(1)} MB) checked against the EPC schema in ${seconds(Date.now() - started)}`,
      );
      const ids = new Map<string, number>();
      for (const { xml } of stored)
        for (const m of xml.matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g))
          ids.set(m[1] ?? "", (ids.get(m[1] ?? "") ?? 0) + 1);
      const submitted = Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from payment_orders where status = 'submitted'`.execute(database.db)
        ).rows[0]?.n,
      );
      checks.push([
        `${ORDERS.toLocaleString("en")} orders into valid pain.001 files in under 30 s`,
        files.statusCode === 201 && filesMs < 30_000 && errors.every((e) => e.length === 0),
        `${seconds(filesMs)}, ${errors.filter((e) => e.length > 0).length} invalid files${errors.flat()[0] ? `: ${errors.flat()[0]}` : ""}`,
      ]);
      checks.push([
        "every order in exactly one file, each submitted",
        submitted === ORDERS && ids.size === ORDERS && [...ids.values()].every((n) => n === 1),
        `${submitted} submitted, ${ids.size} in files`,
      ]);

      // 2. The statement.
      clock.set(new Date(startOfDayInZone(BOOKING_DAY, BUSINESS_TIME_ZONE).getTime() + 19 * 3_600_000));
      const s = await statement(database.db, plan);
      log(
        `2. Statement of ${s.entries.toLocaleString("en")} entries (${(s.xml.length / 1e6).toFixed(1)} MB): ${s.debits.toLocaleString("en")} bookings of our orders, ${plan.returns.toLocaleString("en")} returns, ${s.fundings.toLocaleString("en")} fundings, ${(plan.unreferenced + plan.foreign + plan.fees).toLocaleString("en")} exceptions (${load()})`,
      );
      started = Date.now();
      const imported = await app.inject({
        method: "POST",
        url: "/api/admin/bank-statements",
        headers: admin.headers,
        payload: { xml: s.xml },
      });
      const importMs = Date.now() - started;
      log(
        `   POST /api/admin/bank-statements answered ${imported.statusCode} in ${seconds(importMs)} (${load()})`,
      );
      if (imported.statusCode !== 200) log(`   ${imported.body.slice(0, 400)}`);
      const after = (
        await sql<Record<string, string>>`
          select (select count(*) from payment_orders where status = 'booked') as booked,
                 (select count(*) from payment_orders where status = 'returned') as returned,
                 (select count(*) from deposits where status = 'active') as funded,
                 (select coalesce(sum(amount_cents), 0) from ledger_lines) as trial_balance,
                 (select count(*) from (select entry_id from ledger_lines group by entry_id having sum(amount_cents) <> 0) x) as unbalanced
        `.execute(database.db)
      ).rows[0];
      checks.push([
        `the ${s.entries.toLocaleString("en")}-entry statement imported, matched and booked in under 60 s`,
        imported.statusCode === 200 && importMs < 60_000,
        `${seconds(importMs)}, answer ${imported.statusCode}`,
      ]);
      checks.push([
        "each booking, return and funding applied",
        Number(after?.booked) === s.debits - plan.returns &&
          Number(after?.returned) === plan.returns &&
          Number(after?.funded) === s.fundings,
        `${after?.booked} booked, ${after?.returned} returned, ${after?.funded} funded`,
      ]);
      checks.push([
        "trial balance zero, every entry balanced",
        Number(after?.trial_balance) === 0 && Number(after?.unbalanced) === 0,
        `total ${after?.trial_balance}, ${after?.unbalanced} unbalanced entries`,
      ]);
      log(`End: ${load()}`);
      for (const [name, passed, detail] of checks) log(`  ${passed ? "ok  " : "FAIL"} ${name} (${detail})`);
      if (checks.some(([, passed]) => !passed)) process.exitCode = 1;
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => {});
    await drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
