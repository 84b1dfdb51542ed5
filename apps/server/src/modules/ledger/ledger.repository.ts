import { type Kysely, sql, type Transaction } from "kysely";
import { sumCents } from "../../db/aggregates.repository.ts";
import { type BulkColumn, insertMany } from "../../db/bulk.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { LedgerAccountType, ReconciliationStatus } from "../../db/tables/ledger.ts";

type Db = Kysely<DB> | Transaction<DB>;

/* ------------------------------------------------------------------ accounts */

/** Opens the accounts if they do not exist yet (accounts are data; opening one twice is a no-op). */
export async function ensureAccounts(
  db: Db,
  accounts: ReadonlyArray<{
    address: string;
    type: LedgerAccountType;
    bank_iban: string;
    deposit_id?: string | null;
  }>,
) {
  // One row per address (a batch names a bank's accounts many times), in address order, so that two
  // transactions opening the same new accounts wait for each other instead of deadlocking.
  const unique = [...new Map(accounts.map((a) => [a.address, a])).values()].sort((a, b) =>
    a.address < b.address ? -1 : a.address > b.address ? 1 : 0,
  );
  await insertMany(db, "ledger_accounts", ACCOUNT_COLUMNS, unique, { conflict: ["address"] });
}

type NewAccount = Parameters<typeof ensureAccounts>[1][number];

const ACCOUNT_COLUMNS: ReadonlyArray<BulkColumn<NewAccount>> = [
  ["address", "text", (a) => a.address],
  ["type", "text", (a) => a.type],
  ["bank_iban", "text", (a) => a.bank_iban],
  ["deposit_id", "uuid", (a) => a.deposit_id],
];

/** The receiving partner bank account of a deposit (its `bank_iban`, copied at approval). */
export async function depositBankIban(db: Db, depositId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom("deposits")
    .select("bank_iban")
    .where("id", "=", depositId)
    .executeTakeFirst();
  return row?.bank_iban;
}

/** The receiving partner bank account of each deposit (a batch's). */
export async function depositBankIbans(db: Db, depositIds: readonly string[]): Promise<Map<string, string>> {
  if (depositIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("deposits")
    .select(["id", "bank_iban"])
    .where(sql<boolean>`id = any(${[...new Set(depositIds)]}::uuid[])`)
    .execute();
  return new Map(rows.map((r) => [r.id, r.bank_iban]));
}

/* ------------------------------------------------------------------- entries */

export interface NewEntry {
  kind: string;
  reference: string;
  effective_date: string;
  created_at: Date;
  deposit_id?: string | null;
  payment_order_id?: string | null;
  statement_id?: string | null;
  statement_entry_key?: string | null;
  reverses_entry_id?: bigint | null;
  details?: Record<string, unknown>;
}

/** The row of an entry as the table stores it. */
const entryRow = (entry: NewEntry) => ({
  kind: entry.kind,
  reference: entry.reference,
  effective_date: entry.effective_date,
  created_at: entry.created_at,
  deposit_id: entry.deposit_id ?? null,
  payment_order_id: entry.payment_order_id ?? null,
  statement_id: entry.statement_id ?? null,
  statement_entry_key: entry.statement_entry_key ?? null,
  reverses_entry_id: entry.reverses_entry_id ?? null,
  details: JSON.stringify(entry.details ?? {}),
});

/**
 * Inserts an entry unless one with the same reference exists (the posting is idempotent); returns
 * its id, or undefined when it was booked before. The lines follow in the same transaction; the
 * database checks at commit that they balance.
 */
export async function insertEntry(db: Db, entry: NewEntry): Promise<bigint | undefined> {
  const row = await db
    .insertInto("ledger_entries")
    .values(entryRow(entry))
    .onConflict((oc) => oc.column("reference").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

/**
 * Inserts entries in one statement, in the order given (their ids ascend in that order), leaving out
 * those whose reference was booked before; answers the id of each inserted entry by its reference.
 */
export async function insertEntries(db: Db, entries: readonly NewEntry[]): Promise<Map<string, bigint>> {
  const rows = await insertMany<NewEntry, { id: bigint; reference: string }>(
    db,
    "ledger_entries",
    ENTRY_COLUMNS,
    entries,
    { conflict: ["reference"], returning: ["id", "reference"] },
  );
  return new Map(rows.map((row) => [row.reference, row.id]));
}

const ENTRY_COLUMNS: ReadonlyArray<BulkColumn<NewEntry>> = [
  ["kind", "text", (e) => e.kind],
  ["reference", "text", (e) => e.reference],
  ["effective_date", "date", (e) => e.effective_date],
  ["created_at", "timestamptz", (e) => e.created_at],
  ["deposit_id", "uuid", (e) => e.deposit_id],
  ["payment_order_id", "text", (e) => e.payment_order_id],
  ["statement_id", "text", (e) => e.statement_id],
  ["statement_entry_key", "text", (e) => e.statement_entry_key],
  ["reverses_entry_id", "int8", (e) => e.reverses_entry_id],
  ["details", "jsonb", (e) => JSON.stringify(e.details ?? {})],
];

type NewLine = { entry_id: bigint; account: string; amount_cents: number | bigint | string };

const LINE_COLUMNS: ReadonlyArray<BulkColumn<NewLine>> = [
  ["entry_id", "int8", (l) => l.entry_id],
  ["account", "text", (l) => l.account],
  ["amount_cents", "int8", (l) => l.amount_cents],
];

export async function insertLines(db: Db, lines: readonly NewLine[]) {
  await insertMany(db, "ledger_lines", LINE_COLUMNS, lines);
}

export function findEntryById(db: Db, id: bigint) {
  return db.selectFrom("ledger_entries").selectAll().where("id", "=", id).executeTakeFirst();
}

export function linesOfEntry(db: Db, entryId: bigint) {
  return db
    .selectFrom("ledger_lines")
    .select(["account", "amount_cents"])
    .where("entry_id", "=", entryId)
    .orderBy("id")
    .execute();
}

/** Whether an entry has been reversed. */
export async function isReversed(db: Db, entryId: bigint): Promise<boolean> {
  const row = await db
    .selectFrom("ledger_entries")
    .select("id")
    .where("reverses_entry_id", "=", entryId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An order's entry of a kind (order_created, order_booked ...). */
export function orderEntry(db: Db, orderId: string, kind: string) {
  return db
    .selectFrom("ledger_entries")
    .selectAll()
    .where("payment_order_id", "=", orderId)
    .where("kind", "=", kind)
    .orderBy("id")
    .executeTakeFirst();
}

/** Which of some orders have an entry of the kind (a batch's), in one read. */
export async function ordersWithEntry(
  db: Db,
  orderIds: readonly string[],
  kind: string,
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("ledger_entries")
    .select("payment_order_id")
    .where(sql<boolean>`payment_order_id = any(${[...orderIds]}::text[])`)
    .where("kind", "=", kind)
    .execute();
  return new Set(rows.map((r) => r.payment_order_id ?? ""));
}

/* ------------------------------------------------------------------ balances */

/** Each account's balance at the end of a day (effective date on or before it), in cents. */
export async function balancesAt(db: Db, date: string) {
  const rows = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_entries as e", "e.id", "l.entry_id")
    .innerJoin("ledger_accounts as a", "a.address", "l.account")
    .select(["a.address", "a.type", "a.bank_iban", sumCents("l.amount_cents").as("cents")])
    .where("e.effective_date", "<=", date)
    .groupBy(["a.address", "a.type", "a.bank_iban"])
    .orderBy("a.bank_iban")
    .orderBy("a.type")
    .orderBy("a.address")
    .execute();
  return rows;
}

/** One account's balance at the end of a day, in cents. */
export async function accountBalanceAt(db: Db, account: string, date: string): Promise<bigint> {
  const row = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_entries as e", "e.id", "l.entry_id")
    .select(sumCents("l.amount_cents").as("cents"))
    .where("l.account", "=", account)
    .where("e.effective_date", "<=", date)
    .executeTakeFirst();
  return row?.cents ?? 0n;
}

/** Every deposit account's balance (all dates), for a check against the per-deposit ledger. */
export async function depositBalances(db: Db, depositIds: readonly string[]) {
  if (depositIds.length === 0) return new Map<string, bigint>();
  const rows = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_accounts as a", "a.address", "l.account")
    .select(["a.deposit_id", sumCents("l.amount_cents").as("cents")])
    .where("a.deposit_id", "in", depositIds)
    .groupBy("a.deposit_id")
    .execute();
  return new Map(rows.map((r) => [r.deposit_id ?? "", r.cents]));
}

/** A saver's deposits that have a journal account, with what the statement of holdings names. */
export function depositAccountsOfUser(db: Db, userId: string) {
  return db
    .selectFrom("ledger_accounts as a")
    .innerJoin("deposits as d", "d.id", "a.deposit_id")
    .select([
      "a.address",
      "d.id",
      "d.reference",
      "d.currency",
      "d.interest_rate",
      "d.duration_months",
      "d.value_date",
      "d.maturity_date",
      "d.bank_name",
      "d.bank_iban",
      "d.amount_cents",
      "d.interest_payout",
    ])
    .where("d.user_id", "=", userId)
    .orderBy("d.created_at")
    .orderBy("d.id")
    .execute();
}

/** The balance per account of a set of accounts at the end of a day. */
export function balancesOf(db: Db, accounts: readonly string[], date: string) {
  return sumPerAccount(db, accounts, date, null);
}

/** The sum of the lines per account up to the end of a day, of the entries of one kind or of all. */
async function sumPerAccount(db: Db, accounts: readonly string[], date: string, kind: string | null) {
  if (accounts.length === 0) return new Map<string, bigint>();
  const rows = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_entries as e", "e.id", "l.entry_id")
    .select(["l.account", sumCents("l.amount_cents").as("cents")])
    .where("l.account", "in", accounts)
    .$if(kind !== null, (qb) => qb.where("e.kind", "=", kind as string))
    .where("e.effective_date", "<=", date)
    .groupBy("l.account")
    .execute();
  return new Map(rows.map((r) => [r.account, r.cents]));
}

/**
 * The interest credited to each of some deposit accounts up to the end of a day (credit, negative): the
 * lines of `interest_credited` entries on the accounts (a monthly deposit's payments so far).
 */
export function interestCreditedOf(db: Db, accounts: readonly string[], date: string) {
  return sumPerAccount(db, accounts, date, "interest_credited");
}

/**
 * Per deposit, what its payment orders have moved into "payments in transit" and the bank has not yet
 * booked at the end of a day (credit, negative): the entries that name the deposit, on the transit
 * accounts.
 */
export async function inTransitOfDeposits(db: Db, depositIds: readonly string[], date: string) {
  if (depositIds.length === 0) return new Map<string, bigint>();
  const rows = await db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_entries as e", "e.id", "l.entry_id")
    .select(["e.deposit_id", sumCents("l.amount_cents").as("cents")])
    .where("e.deposit_id", "in", depositIds)
    .where("l.account", "like", "banks:%:in_transit")
    .where("e.effective_date", "<=", date)
    .groupBy("e.deposit_id")
    .execute();
  return new Map(rows.map((r) => [r.deposit_id ?? "", r.cents]));
}

/* ------------------------------------------------------------ reconciliation */

/** The cash lines of an account dated on a day, with their entries' statement references. */
export function cashLinesOn(db: Db, account: string, date: string) {
  return db
    .selectFrom("ledger_lines as l")
    .innerJoin("ledger_entries as e", "e.id", "l.entry_id")
    .select([
      "e.id as entry_id",
      "e.kind",
      "e.effective_date",
      "e.statement_id",
      "e.statement_entry_key",
      "e.reverses_entry_id",
      "l.amount_cents",
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("ledger_entries as r")
              .select("r.id")
              .whereRef("r.reverses_entry_id", "=", "e.id")
              .where("r.effective_date", "<=", date),
          )
          .as("reversed"),
    ])
    .where("l.account", "=", account)
    .where("e.effective_date", "=", date)
    .orderBy("e.id")
    .execute();
}

/** Which of these statement entries the journal books (by statement id and entry key). */
export async function bookedStatementEntries(db: Db, statementIds: readonly string[]) {
  if (statementIds.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("ledger_entries")
    .select(["statement_id", "statement_entry_key"])
    .where("statement_id", "in", statementIds)
    .execute();
  return new Set(rows.map((r) => `${r.statement_id}\u0000${r.statement_entry_key}`));
}

/** Whether the bank's view knows each of these statement entries. */
export async function knownStatementEntries(
  db: Db,
  keys: ReadonlyArray<{ statementId: string; key: string }>,
) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .selectFrom("ledger_bank_statement_entries")
    .select(["statement_id", "entry_key"])
    .where(
      "statement_id",
      "in",
      keys.map((k) => k.statementId),
    )
    .execute();
  return new Set(rows.map((r) => `${r.statement_id}\u0000${r.entry_key}`));
}

/** The statement imported for an account whose closing date is the day (the latest import wins). */
export function statementOn(db: Db, accountIban: string, date: string) {
  return db
    .selectFrom("ledger_bank_statements")
    .selectAll()
    .where("account_iban", "=", accountIban)
    .where("closing_date", "=", date)
    .orderBy("imported_at", "desc")
    .orderBy("statement_id", "desc")
    .executeTakeFirst();
}

/** The bank's entries on an account booked on a day. */
export function bankEntriesOn(db: Db, accountIban: string, date: string) {
  return db
    .selectFrom("ledger_bank_statement_entries")
    .selectAll()
    .where("account_iban", "=", accountIban)
    .where("booking_date", "=", date)
    .orderBy("statement_id")
    .orderBy("entry_key")
    .execute();
}

/** Records an imported statement (once per statement id); false when it was recorded before. */
export async function insertBankStatement(
  db: Db,
  statement: {
    statement_id: string;
    account_iban: string;
    closing_balance_cents: bigint | null;
    closing_date: string | null;
    opening_balance_cents: bigint | null;
    imported_at: Date;
  },
  entries: ReadonlyArray<{
    entry_key: string;
    direction: "credit" | "debit";
    amount_cents: bigint;
    booking_date: string;
    value_date: string | null;
    reversal: boolean;
    end_to_end_id: string | null;
    outcome: string;
  }>,
): Promise<boolean> {
  const inserted = await db
    .insertInto("ledger_bank_statements")
    .values(statement)
    .onConflict((oc) => oc.column("statement_id").doNothing())
    .returning("statement_id")
    .executeTakeFirst();
  if (!inserted) return false;
  await insertMany(
    db,
    "ledger_bank_statement_entries",
    BANK_ENTRY_COLUMNS,
    entries.map((e) => ({
      ...e,
      statement_id: statement.statement_id,
      account_iban: statement.account_iban,
    })),
    { conflict: ["statement_id", "entry_key"] },
  );
  return true;
}

type BankEntry = Parameters<typeof insertBankStatement>[2][number] & {
  statement_id: string;
  account_iban: string;
};

const BANK_ENTRY_COLUMNS: ReadonlyArray<BulkColumn<BankEntry>> = [
  ["statement_id", "text", (e) => e.statement_id],
  ["entry_key", "text", (e) => e.entry_key],
  ["account_iban", "text", (e) => e.account_iban],
  ["direction", "text", (e) => e.direction],
  ["amount_cents", "int8", (e) => e.amount_cents],
  ["booking_date", "date", (e) => e.booking_date],
  ["value_date", "date", (e) => e.value_date],
  ["reversal", "bool", (e) => e.reversal],
  ["end_to_end_id", "text", (e) => e.end_to_end_id],
  ["outcome", "text", (e) => e.outcome],
];

/** The partner bank accounts the books know (their cash accounts). */
export async function cashAccounts(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("ledger_accounts")
    .select("bank_iban")
    .where("type", "=", "cash")
    .orderBy("bank_iban")
    .execute();
  return rows.map((r) => r.bank_iban);
}

/** Records a day's reconciliation of an account; false when that day was recorded before. */
export async function insertRun(
  db: Db,
  run: {
    account_iban: string;
    date: string;
    book_balance_cents: bigint;
    bank_balance_cents: bigint | null;
    status: ReconciliationStatus;
    differences: unknown[];
    run_at: Date;
  },
): Promise<boolean> {
  const row = await db
    .insertInto("ledger_reconciliation_runs")
    .values({
      ...run,
      book_balance_cents: run.book_balance_cents,
      bank_balance_cents: run.bank_balance_cents,
      differences: JSON.stringify(run.differences),
    })
    .onConflict((oc) => oc.columns(["account_iban", "date"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

export function listRuns(
  db: Db,
  filter: { account?: string | undefined },
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom("ledger_reconciliation_runs").selectAll();
  if (filter.account) query = query.where("account_iban", "=", filter.account);
  return query
    .orderBy("date", "desc")
    .orderBy("account_iban")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countRuns(db: Db, filter: { account?: string | undefined }): Promise<number> {
  let query = db.selectFrom("ledger_reconciliation_runs").select((eb) => eb.fn.countAll<string>().as("n"));
  if (filter.account) query = query.where("account_iban", "=", filter.account);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Tells every admin in the back-office inbox (the bell): one notification addressed to the admins,
 * in each language. Returns how many admins it reached.
 */
export async function notifyAdmins(
  db: Db,
  notification: {
    title: string;
    message: string;
    translations: Record<string, { title: string; message: string; note: null }>;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto("notifications")
    .values({
      title: notification.title,
      message: notification.message,
      broadcast: false,
      created_by: null,
      created_at: notification.at,
      translations: JSON.stringify(notification.translations),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const result = await sql`
    insert into notification_recipients (user_id, notification_id)
    select u.id, ${row.id}::uuid from users u where u.role = 'admin' and u.closed_at is null
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** Schedules a job once per key (the job queue's own insert). */
export { scheduleJob } from "../../db/job-queue.ts";
