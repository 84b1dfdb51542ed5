import type { LedgerKind } from "@festgeld/domain";
import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from "kysely";
import { countRows, sumCents } from "../../db/aggregates.repository.ts";
import { type BulkColumn, insertMany } from "../../db/bulk.repository.ts";
import { inChunks } from "../../db/in-chunks.ts";
import type { DB } from "../../db/schema.ts";
import type { BankStatementsTable, DepositEventsTable, DepositsTable } from "../../db/tables/deposits.ts";

type Db = Kysely<DB> | Transaction<DB>;

export type DepositRow = Awaited<ReturnType<typeof findDeposit>> & {};

export function findDeposit(db: Db, id: string) {
  return db.selectFrom("deposits").selectAll().where("id", "=", id).executeTakeFirst();
}

/** A new deposit (on approval, or the renewal of a matured one). */
export function insertDeposit(db: Db, values: Insertable<DepositsTable>) {
  return db.insertInto("deposits").values(values).returningAll().executeTakeFirstOrThrow();
}

/** A change of a deposit's status, with the moment it happened. */
export function updateDeposit(db: Db, id: string, changes: Updateable<DepositsTable>) {
  return db.updateTable("deposits").set(changes).where("id", "=", id).execute();
}

/** Changes a deposit and answers it as it now stands (what the event subscribers get). */
export function updateDepositReturning(db: Db, id: string, changes: Updateable<DepositsTable>) {
  return db
    .updateTable("deposits")
    .set(changes)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The funding of a deposit still awaiting funds: the deposit as it now stands. */
export function markFunded(db: Db, id: string, changes: Updateable<DepositsTable>) {
  return db
    .updateTable("deposits")
    .set(changes)
    .where("id", "=", id)
    .where("status", "=", "awaiting_funds")
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The deposits of an application that a withdrawal ends, locked for the rest of the transaction. */
export function lockRunningDepositsOfApplication(db: Db, applicationId: string) {
  return db
    .selectFrom("deposits")
    .selectAll()
    .where("application_id", "=", applicationId)
    .where("status", "in", ["awaiting_funds", "active"])
    .forUpdate()
    .execute();
}

/** One line of a deposit's timeline. */
export function insertDepositEvent(db: Db, values: Insertable<DepositEventsTable>) {
  return db.insertInto("deposit_events").values(values).execute();
}

/** The deposit row locked for the rest of the transaction (funding, maturity, closure). */
export function lockDeposit(db: Db, id: string) {
  return db.selectFrom("deposits").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function findDepositByReference(db: Db, reference: string) {
  return db.selectFrom("deposits").selectAll().where("reference", "=", reference).executeTakeFirst();
}

/** The deposits of many references in one read (a statement's), locked in id order unless `lock` is off. */
export function depositsByReferences(db: Db, references: readonly string[], lock: boolean) {
  const query = db
    .selectFrom("deposits")
    .selectAll()
    .where(sql<boolean>`reference = any(${references}::text[])`)
    .orderBy("id");
  return (lock ? query.forUpdate() : query).execute();
}

export function depositsOfApplications(db: Db, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("deposits")
    .selectAll()
    .where("application_id", "in", applicationIds)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}

export async function nextReferenceNumber(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select nextval('deposit_reference_seq')::int8 as n`.execute(db);
  const n = rows[0]?.n;
  if (n === undefined) throw new Error("deposit_reference_seq returned nothing");
  return Number(n);
}

export type LedgerSums = Record<LedgerKind, bigint>;
export const EMPTY_SUMS: LedgerSums = {
  principal_received: 0n,
  interest_credited: 0n,
  payout: 0n,
  carried_to_renewal: 0n,
};

/** Sum of the ledger's rows (derived from the journal) per deposit and kind, in cents. */
export async function ledgerSums(db: Db, depositIds: readonly string[]): Promise<Map<string, LedgerSums>> {
  const sums = new Map<string, LedgerSums>();
  if (depositIds.length === 0) return sums;
  const rows = await db
    .selectFrom("deposit_ledger")
    .select(["deposit_id", "kind", sumCents("amount_cents").as("cents")])
    .where("deposit_id", "in", depositIds)
    .groupBy(["deposit_id", "kind"])
    .execute();
  for (const row of rows) {
    const current = sums.get(row.deposit_id) ?? { ...EMPTY_SUMS };
    current[row.kind] = row.cents;
    sums.set(row.deposit_id, current);
  }
  return sums;
}

/**
 * The rows of a deposit's ledger as the saver sees them, derived from the journal (the view
 * `deposit_ledger`, migration 0210): by value date, and on one day in the order money moves (received,
 * credited, carried over, paid out).
 */
export function ledgerEntries(db: Db, depositId: string) {
  return db
    .selectFrom("deposit_ledger")
    .selectAll()
    .where("deposit_id", "=", depositId)
    .orderBy("value_date")
    .orderBy(
      sql`case kind when 'principal_received' then 0 when 'interest_credited' then 1 when 'carried_to_renewal' then 2 else 3 end`,
    )
    .orderBy("id")
    .execute();
}

export function depositEvents(db: Db, depositId: string) {
  return db
    .selectFrom("deposit_events")
    .select(["type", "at", "details"])
    .where("deposit_id", "=", depositId)
    .orderBy("id")
    .execute();
}

/** Schedules a job once per key (scheduling again keeps the first). */
export function scheduleJob(db: Db, job: { name: string; key: string; runAt: Date; payload?: object }) {
  return db
    .insertInto("jobs")
    .values({
      name: job.name,
      key: job.key,
      run_at: job.runAt,
      payload: JSON.stringify(job.payload ?? {}),
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** Cancels a job that has not run (the lapse check of a deposit that was funded). */
export function cancelJob(db: Db, key: string, at: Date) {
  return db
    .updateTable("jobs")
    .set({ state: "cancelled", finished_at: at, updated_at: at })
    .where("key", "=", key)
    .where("state", "=", "pending")
    .execute();
}

/** Cancels the pending jobs with these keys. */
export function cancelJobs(db: Db, keys: string[], at: Date) {
  return db
    .updateTable("jobs")
    .set({ state: "cancelled", finished_at: at, updated_at: at })
    .where(sql<boolean>`key = any(${keys}::text[])`)
    .where("state", "=", "pending")
    .execute();
}

/* ---------------------------------------------------------------- back office */

/**
 * A statement imported before: the same bytes, the same content (the reader's fingerprint: a
 * statement sent again with new ids), or the same message and statement id.
 */
export function findImportedStatement(
  db: Db,
  statement: { hash: string; fingerprint: string; messageId: string; statementId: string },
) {
  return db
    .selectFrom("bank_statements")
    .select(["id", "result", "content_sha256", "fingerprint"])
    .where((eb) =>
      eb.or([
        eb("content_sha256", "=", statement.hash),
        eb("fingerprint", "=", statement.fingerprint),
        eb.and([eb("message_id", "=", statement.messageId), eb("statement_id", "=", statement.statementId)]),
      ]),
    )
    .executeTakeFirst();
}

/** Records an imported statement; undefined when a concurrent import of the same one won. */
export function insertStatement(db: Db, values: Insertable<BankStatementsTable>) {
  return db
    .insertInto("bank_statements")
    .values(values)
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
}

export function setStatementResult(db: Db, id: string, matched: number, result: string) {
  return db.updateTable("bank_statements").set({ matched, result }).where("id", "=", id).execute();
}

/** What the scheduler will do next, what waits for a retry and what failed. */
export async function jobsOverview(db: Db) {
  const columns = ["id", "name", "key", "state", "run_at", "attempts", "last_error"] as const;
  const [next, retrying, failed] = await Promise.all([
    db
      .selectFrom("jobs")
      .select(columns)
      .where("state", "=", "pending")
      .orderBy("run_at")
      .orderBy("id")
      .limit(50)
      .execute(),
    db
      .selectFrom("jobs")
      .select(columns)
      .where("state", "=", "pending")
      .where("last_error", "is not", null)
      .orderBy("run_at")
      .limit(50)
      .execute(),
    db
      .selectFrom("jobs")
      .select(columns)
      .where("state", "=", "failed")
      .orderBy("updated_at", "desc")
      .limit(50)
      .execute(),
  ]);
  return { next, retrying, failed };
}

export function listForAdmin(
  db: Db,
  filter: { status?: string | undefined; maturityFrom?: string | undefined; maturityTo?: string | undefined },
  page: { limit: number; offset: number },
) {
  let query = db
    .selectFrom("deposits as d")
    .innerJoin("applications as a", "a.id", "d.application_id")
    .leftJoin("users as u", "u.id", "d.user_id")
    .selectAll("d")
    .select([
      "a.full_name as applicant_name",
      "u.email as account_email",
      "u.full_name as account_full_name",
    ]);
  if (filter.status) query = query.where("d.status", "=", filter.status as never);
  if (filter.maturityFrom) query = query.where("d.maturity_date", ">=", filter.maturityFrom);
  if (filter.maturityTo) query = query.where("d.maturity_date", "<=", filter.maturityTo);
  // The funding queue reads oldest first; everything else by maturity (the calendar), then approval.
  query =
    filter.status === "awaiting_funds"
      ? query.orderBy("d.approved_at").orderBy("d.id")
      : query.orderBy("d.maturity_date").orderBy("d.approved_at").orderBy("d.id");
  return query.limit(page.limit).offset(page.offset).execute();
}

export async function countForAdmin(
  db: Db,
  filter: { status?: string | undefined; maturityFrom?: string | undefined; maturityTo?: string | undefined },
) {
  let query = db.selectFrom("deposits as d").select(countRows().as("count"));
  if (filter.status) query = query.where("d.status", "=", filter.status as never);
  if (filter.maturityFrom) query = query.where("d.maturity_date", ">=", filter.maturityFrom);
  if (filter.maturityTo) query = query.where("d.maturity_date", "<=", filter.maturityTo);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}

export function findAdminDeposit(db: Db, id: string) {
  return db
    .selectFrom("deposits as d")
    .innerJoin("applications as a", "a.id", "d.application_id")
    .leftJoin("users as u", "u.id", "d.user_id")
    .selectAll("d")
    .select(["a.full_name as applicant_name", "u.email as account_email", "u.full_name as account_full_name"])
    .where("d.id", "=", id)
    .executeTakeFirst();
}

/** The figures of the back office's overview, from the ledger and the deposits' states. */
export async function summary(db: Db, today: string, in30Days: string) {
  // Sums of int8 cents cast back to int8 and counts to int (db/aggregates.repository.ts): a bigint and a
  // number, never the text PostgreSQL's numeric sum would arrive as.
  const { rows } = await sql<{
    funds: bigint;
    principal: bigint;
    investors: number;
    awaiting_count: number;
    awaiting_cents: bigint;
    maturing_count: number;
    maturing_cents: bigint;
  }>`
    select
      (select coalesce(sum(case when kind in ('principal_received', 'interest_credited') then amount_cents
                       else -amount_cents end), 0)::int8 from deposit_ledger) as funds,
      (select coalesce(sum(l.amount_cents), 0)::int8 from deposit_ledger l join deposits d on d.id = l.deposit_id
        where l.kind = 'principal_received' and d.status in ('active', 'matured')) as principal,
      (select count(distinct user_id)::int from deposits where status in ('active', 'matured') and user_id is not null)
        as investors,
      (select count(*)::int from deposits where status = 'awaiting_funds') as awaiting_count,
      (select coalesce(sum(amount_cents), 0)::int8 from deposits where status = 'awaiting_funds') as awaiting_cents,
      (select count(*)::int from deposits where status = 'active' and maturity_date between ${today} and ${in30Days})
        as maturing_count,
      (select coalesce(sum(amount_cents), 0)::int8 from deposits where status = 'active' and maturity_date between ${today} and ${in30Days})
        as maturing_cents
  `.execute(db);
  const row = rows[0];
  return {
    fundsCents: row?.funds ?? 0n,
    principalCents: row?.principal ?? 0n,
    investors: row?.investors ?? 0,
    awaitingCount: row?.awaiting_count ?? 0,
    awaitingCents: row?.awaiting_cents ?? 0n,
    maturingCount: row?.maturing_count ?? 0,
    maturingCents: row?.maturing_cents ?? 0n,
  };
}

/**
 * Money received and not yet paid out or carried over (the principal of running deposits, from the
 * ledger) and the savers it belongs to: the back office's "Total Investment" and "Active Investors".
 */
export async function investedTotals(db: Db) {
  const { rows } = await sql<{ principal: bigint; investors: number }>`
    select
      (select coalesce(sum(l.amount_cents), 0)::int8 from deposit_ledger l join deposits d on d.id = l.deposit_id
        where l.kind = 'principal_received' and d.status in ('active', 'matured')) as principal,
      (select count(distinct user_id)::int from deposits where status in ('active', 'matured') and user_id is not null)
        as investors
  `.execute(db);
  return { principalCents: rows[0]?.principal ?? 0n, investors: rows[0]?.investors ?? 0 };
}

export function listStatements(db: Db, page: { limit: number; offset: number }) {
  return db
    .selectFrom("bank_statements")
    .select([
      "id",
      "format",
      "message_id",
      "statement_id",
      "account_iban",
      "credits",
      "matched",
      "imported_at",
    ])
    .orderBy("imported_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countStatements(db: Db) {
  const { count } = await db
    .selectFrom("bank_statements")
    .select(countRows().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/* ------------------------------------------------------- a maturity batch, set-based */

/** The deposits of a batch locked for the rest of the transaction, in id order (no two batches deadlock). */
export function lockDeposits(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("deposits")
    .selectAll()
    .where(sql<boolean>`id = any(${[...ids]}::uuid[])`)
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** Rows per statement of the set-based deposit updates (their values travel as arrays, one parameter each). */
const DEPOSIT_CHUNK = 10_000;

/**
 * The fundings of many deposits still awaiting funds (a statement's), each with its value and
 * maturity date, in one statement per chunk: the deposits as they now stand, by id.
 */
export async function markFundedMany(
  db: Db,
  fundings: ReadonlyArray<{ id: string; valueDate: string; maturityDate: string }>,
  at: Date,
): Promise<Map<string, DepositRow>> {
  const funded = new Map<string, DepositRow>();
  for (let i = 0; i < fundings.length; i += DEPOSIT_CHUNK) {
    const chunk = fundings.slice(i, i + DEPOSIT_CHUNK);
    const { rows } = await sql<DepositRow>`
      update deposits d
      set status = 'active', funded_at = ${at}, value_date = v.value_date, maturity_date = v.maturity_date,
          updated_at = ${at}
      from unnest(${chunk.map((f) => f.id)}::uuid[], ${chunk.map((f) => f.valueDate)}::date[],
                  ${chunk.map((f) => f.maturityDate)}::date[]) as v (id, value_date, maturity_date)
      where d.id = v.id and d.status = 'awaiting_funds'
      returning d.*
    `.execute(db);
    for (const row of rows) funded.set(row.id, row);
  }
  return funded;
}

/** Each deposit's status and payout day as the bank's bookings and returns left them (a statement's). */
export async function setPayoutStates(db: Db, rows: readonly DepositRow[]) {
  for (let i = 0; i < rows.length; i += DEPOSIT_CHUNK) {
    const chunk = rows.slice(i, i + DEPOSIT_CHUNK);
    await sql`
      update deposits d set status = v.status, paid_out_at = v.paid_out_at, updated_at = v.updated_at
      from unnest(${chunk.map((r) => r.id)}::uuid[], ${chunk.map((r) => r.status)}::text[],
                  ${chunk.map((r) => r.paid_out_at?.toISOString() ?? null)}::timestamptz[],
                  ${chunk.map((r) => r.updated_at.toISOString())}::timestamptz[])
           as v (id, status, paid_out_at, updated_at)
      where d.id = v.id
    `.execute(db);
  }
}

/** The same change to several deposits; answers them as they now stand. */
export function updateDepositsReturning(db: Db, ids: readonly string[], changes: Updateable<DepositsTable>) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .updateTable("deposits")
    .set(changes)
    .where("id", "in", [...ids])
    .returningAll()
    .execute();
}

/** The same change to several deposits. */
export async function updateDeposits(db: Db, ids: readonly string[], changes: Updateable<DepositsTable>) {
  if (ids.length === 0) return;
  await db
    .updateTable("deposits")
    .set(changes)
    .where("id", "in", [...ids])
    .execute();
}

/** New deposits (the renewals of a batch), answered by the deposit each one renews. */
export async function insertDeposits(db: Db, values: ReadonlyArray<Insertable<DepositsTable>>) {
  const byPrevious = new Map<string, DepositRow>();
  await inChunks(values, 500, async (chunk) => {
    for (const row of await db.insertInto("deposits").values(chunk).returningAll().execute())
      if (row.previous_deposit_id) byPrevious.set(row.previous_deposit_id, row);
  });
  return byPrevious;
}

/** n numbers of the deposit reference sequence, in one round trip. */
export async function nextReferenceNumbers(db: Db, n: number): Promise<number[]> {
  if (n === 0) return [];
  const { rows } = await sql<{ n: string }>`
    select nextval('deposit_reference_seq')::int8 as n from generate_series(1, ${n}::int)
  `.execute(db);
  return rows.map((r) => Number(r.n));
}

type NewDepositEvent = Insertable<DepositEventsTable>;

const DEPOSIT_EVENT_COLUMNS: ReadonlyArray<BulkColumn<NewDepositEvent>> = [
  ["deposit_id", "uuid", (e) => e.deposit_id],
  ["type", "text", (e) => e.type],
  ["at", "timestamptz", (e) => e.at],
  ["actor_id", "uuid", (e) => e.actor_id],
  ["details", "jsonb", (e) => e.details],
];

export async function insertDepositEvents(db: Db, values: readonly NewDepositEvent[]) {
  await insertMany(db, "deposit_events", DEPOSIT_EVENT_COLUMNS, values);
}

type NewJob = { name: string; key: string; runAt: Date; payload?: object };

const JOB_COLUMNS: ReadonlyArray<BulkColumn<NewJob>> = [
  ["name", "text", (job) => job.name],
  ["key", "text", (job) => job.key],
  ["run_at", "timestamptz", (job) => job.runAt],
  ["payload", "jsonb", (job) => JSON.stringify(job.payload ?? {})],
];

/** Schedules jobs once per key, in one statement per chunk. */
export async function scheduleJobs(db: Db, jobs: readonly NewJob[]) {
  await insertMany(db, "jobs", JOB_COLUMNS, jobs, { conflict: ["key"] });
}

/** Whether any deposit received (or awaits) money on a partner bank account. */
export async function hasDepositsOnAccount(db: Db, iban: string): Promise<boolean> {
  const row = await db
    .selectFrom("deposits")
    .select("id")
    .where("bank_iban", "=", iban)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records monthly interest payments of a deposit (migration 0300): a month already recorded is left alone
 * (the primary key), so the answer names only the months this call recorded: the ones to pay now.
 */
export async function insertInterestPayments(
  db: Db,
  depositId: string,
  payments: ReadonlyArray<{ month: number; dueDate: string; amountCents: bigint }>,
  now: Date,
): Promise<number[]> {
  if (payments.length === 0) return [];
  const rows = await db
    .insertInto("deposit_interest_payments")
    .values(
      payments.map((p) => ({
        deposit_id: depositId,
        month: p.month,
        due_date: p.dueDate,
        amount_cents: p.amountCents,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(["deposit_id", "month"]).doNothing())
    .returning("month")
    .execute();
  return rows.map((r) => r.month).sort((a, b) => a - b);
}

export function setInterestPaymentOrder(db: Db, depositId: string, month: number, orderId: string) {
  return db
    .updateTable("deposit_interest_payments")
    .set({ payment_order_id: orderId })
    .where("deposit_id", "=", depositId)
    .where("month", "=", month)
    .execute();
}

/**
 * A deposit's monthly interest payments so far, with the state of the order that pays each: the re-order
 * staff made after a return, where there is one, else the first order.
 */
export function interestPaymentsOf(db: Db, depositId: string) {
  return db
    .selectFrom("deposit_interest_payments as p")
    .leftJoin("payment_orders as o", "o.id", "p.payment_order_id")
    .leftJoin("payment_orders as r", "r.replaces_order_id", "o.id")
    .select((eb) => [
      "p.month",
      "p.due_date",
      "p.amount_cents",
      "p.payment_order_id",
      eb.fn.coalesce("r.status", "o.status").as("order_status"),
    ])
    .where("p.deposit_id", "=", depositId)
    .orderBy("p.month")
    .execute();
}

/** The monthly interest payment an order (or the re-order of one after a return) pays, if it pays one. */
export function interestPaymentOfOrder(db: Db, orderId: string) {
  return db
    .selectFrom("deposit_interest_payments as p")
    .select(["p.deposit_id", "p.month", "p.due_date", "p.amount_cents"])
    .where((eb) =>
      eb.or([
        eb("p.payment_order_id", "=", orderId),
        eb(
          "p.payment_order_id",
          "=",
          eb.selectFrom("payment_orders").select("replaces_order_id").where("id", "=", orderId),
        ),
      ]),
    )
    .executeTakeFirst();
}
