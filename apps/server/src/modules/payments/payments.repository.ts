import type { PaymentOrderStatusCode as PaymentOrderStatus } from "@festgeld/domain";
import {
  type Insertable,
  type Kysely,
  type RawBuilder,
  sql,
  type Transaction,
  type Updateable,
} from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type {
  PaymentFilesTable,
  PaymentOrdersTable,
  UnmatchedCreditStatus,
  UnmatchedCreditsTable,
} from "../../db/tables/payments.ts";

type Db = Kysely<DB> | Transaction<DB>;

export type PaymentOrderRow = Awaited<ReturnType<typeof findOrder>> & {};
export type UnmatchedCreditRow = Awaited<ReturnType<typeof findUnmatchedCredit>> & {};

/* ------------------------------------------------------------------ orders */

export function findOrder(db: Db, id: string) {
  return db.selectFrom("payment_orders").selectAll().where("id", "=", id).executeTakeFirst();
}

export function lockOrder(db: Db, id: string) {
  return db.selectFrom("payment_orders").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

/** The orders of many end-to-end ids in one read (a statement's), locked in id order unless `lock` is off. */
export function ordersByEndToEndIds(db: Db, endToEndIds: readonly string[], lock: boolean) {
  const query = db
    .selectFrom("payment_orders")
    .selectAll()
    .where(sql<boolean>`end_to_end_id = any(${endToEndIds}::text[])`)
    .orderBy("id");
  return (lock ? query.forUpdate() : query).execute();
}

export function insertOrder(db: Db, values: Insertable<PaymentOrdersTable>) {
  return db.insertInto("payment_orders").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Inserts orders in one statement; answers their rows in the order given. */
export async function insertOrders(db: Db, values: ReadonlyArray<Insertable<PaymentOrdersTable>>) {
  const rows: Awaited<ReturnType<typeof insertOrder>>[] = [];
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    const inserted = await db.insertInto("payment_orders").values(chunk).returningAll().execute();
    // RETURNING answers in no promised order: put the rows back in the order given (end-to-end ids are unique).
    const byE2e = new Map(inserted.map((r) => [r.end_to_end_id, r]));
    for (const v of chunk) rows.push(byE2e.get(v.end_to_end_id as string) as (typeof rows)[number]);
  }
  return rows;
}

export function updateOrder(db: Db, id: string, changes: Updateable<PaymentOrdersTable>) {
  return db
    .updateTable("payment_orders")
    .set(changes)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What a statement entry sets on the order it books (its booking date) or returns (the reason code). */
const SETTLED_COLUMN = {
  booked: { column: "booking_date", type: "date" },
  returned: { column: "return_reason", type: "text" },
} as const;

/** Rows per statement of the set-based order updates (their values travel as arrays, one parameter each). */
const ORDER_CHUNK = 10_000;

/**
 * Orders a statement booked (`value`: each one's booking date) or returned (`value`: the bank's reason
 * code), in one statement per chunk; answers them as they now stand, by id.
 */
export async function settleOrders(
  db: Db,
  status: keyof typeof SETTLED_COLUMN,
  orders: ReadonlyArray<{ id: string; value: string | null }>,
  at: Date,
): Promise<Map<string, PaymentOrderRow>> {
  const { column, type } = SETTLED_COLUMN[status];
  const settled = new Map<string, PaymentOrderRow>();
  for (let i = 0; i < orders.length; i += ORDER_CHUNK) {
    const chunk = orders.slice(i, i + ORDER_CHUNK);
    const { rows } = await sql<PaymentOrderRow>`
      update payment_orders o set status = ${status}, ${sql.ref(column)} = v.value, updated_at = ${at}
      from unnest(${chunk.map((o) => o.id)}::uuid[], ${chunk.map((o) => o.value)}::${sql.raw(type)}[]) as v (id, value)
      where o.id = v.id
      returning o.*
    `.execute(db);
    for (const row of rows) settled.set(row.id, row);
  }
  return settled;
}

/** The order that re-orders a returned one, if any. */
export function findReplacement(db: Db, orderId: string) {
  return db
    .selectFrom("payment_orders")
    .select("id")
    .where("replaces_order_id", "=", orderId)
    .executeTakeFirst();
}

/** A staff member's e-mail, for the audit trail of a release. */
export async function staffEmail(db: Db, userId: string) {
  const row = await db.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? null;
}

export interface OrderFilter {
  status?: PaymentOrderStatus | undefined;
  account?: string | undefined;
  createdBefore?: Date | undefined;
}

function filtered(db: Db, filter: OrderFilter) {
  let query = db.selectFrom("payment_orders");
  if (filter.status) query = query.where("status", "=", filter.status);
  if (filter.account) query = query.where("debtor_iban", "=", filter.account);
  if (filter.createdBefore) query = query.where("created_at", "<", filter.createdBefore);
  return query;
}

export function listOrders(db: Db, filter: OrderFilter, page: { limit: number; offset: number }) {
  return filtered(db, filter)
    .selectAll()
    .orderBy("created_at")
    .orderBy("id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countOrders(db: Db, filter: OrderFilter) {
  const { count } = await filtered(db, filter).select(countRows().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** What a payment file, its audit entries and its events need of an order (order-records.ts, payment-files.ts). */
const FILE_ORDER_COLUMNS = [
  "id",
  "source",
  "status",
  "deposit_id",
  "user_id",
  "debtor_name",
  "debtor_iban",
  "debtor_bic",
  "creditor_name",
  "creditor_iban",
  "creditor_street",
  "creditor_building",
  "creditor_postcode",
  "creditor_town",
  "creditor_country",
  "amount_cents",
  "principal_cents",
  "interest_cents",
  "end_to_end_id",
  "remittance",
  "requested_date",
  "returns_statement_entry",
] as const;

export type FileOrderRow = Pick<PaymentOrderRow, (typeof FILE_ORDER_COLUMNS)[number]>;

/**
 * The open orders to put into files, locked so that two file runs cannot take the same order: one read
 * of the columns a file needs (a day's 100,000 orders are not read with every column of their history).
 */
export function lockOpenOrders(db: Db, account: string | undefined): Promise<FileOrderRow[]> {
  let query = db.selectFrom("payment_orders").select(FILE_ORDER_COLUMNS).where("status", "=", "ordered");
  if (account) query = query.where("debtor_iban", "=", account);
  return query.orderBy("debtor_iban").orderBy("created_at").orderBy("id").forUpdate().execute();
}

/** Holds open orders with their reasons: one statement per reason (ids as one array parameter). */
export async function holdOrders(db: Db, holds: ReadonlyArray<{ id: string; reason: string }>, at: Date) {
  const byReason = new Map<string, string[]>();
  for (const { id, reason } of holds) {
    const ids = byReason.get(reason);
    if (ids) ids.push(id);
    else byReason.set(reason, [id]);
  }
  let held: PaymentOrderRow[] = [];
  for (const [reason, ids] of byReason) {
    const rows = await db
      .updateTable("payment_orders")
      .set({ status: "held", hold_reason: reason, updated_at: at })
      .where(sql<boolean>`id = any(${ids}::uuid[])`)
      .where("status", "=", "ordered")
      .returningAll()
      .execute();
    held = held.concat(rows);
  }
  return held;
}

/** Orders per statement when a file's orders are marked submitted. */
export const ORDER_WRITE_CHUNK = 10_000;

/**
 * Marks a file's orders submitted, `chunk` at a time; the ids of each chunk travel as one array
 * parameter (a file may hold 100,000, past PostgreSQL's 65,535 bind variables as an `in` list). Answers
 * the ids it changed: an order no longer open is left as it is.
 */
export async function markSubmitted(
  db: Db,
  ids: readonly string[],
  fileId: string,
  at: Date,
  chunk = ORDER_WRITE_CHUNK,
): Promise<Set<string>> {
  const marked = new Set<string>();
  for (let i = 0; i < ids.length; i += chunk) {
    const rows = await db
      .updateTable("payment_orders")
      .set({ status: "submitted", file_id: fileId, updated_at: at })
      .where(sql<boolean>`id = any(${ids.slice(i, i + chunk)}::uuid[])`)
      .where("status", "=", "ordered")
      .returning("id")
      .execute();
    for (const row of rows) marked.add(row.id);
  }
  return marked;
}

/**
 * The `payment.submitted` entries of a file's orders, for the database to write (`recordAuditsFrom`):
 * the details `auditEvent` (order-records.ts) writes, read from the orders once submitted, with the
 * file's id. A test holds the two forms to the same details.
 */
export function fileOrderAudits(fileId: string): RawBuilder<{ target_id: string; details: unknown }> {
  return sql`
    select id::text as target_id,
           jsonb_build_object('source', source, 'status', status, 'deposit_id', deposit_id,
                              'amount_cents', amount_cents::text, 'end_to_end_id', end_to_end_id,
                              'file_id', file_id) as details
    from payment_orders where file_id = ${fileId}::uuid order by created_at, id
  `;
}

/* ------------------------------------------------------------------ files */

/** Stores a file; answers its id only (its XML, megabytes for a day's orders, is not sent back). */
export function insertFile(db: Db, values: Insertable<PaymentFilesTable>) {
  return db.insertInto("payment_files").values(values).returning("id").executeTakeFirstOrThrow();
}

const fileColumns = [
  "payment_files.id",
  "payment_files.message_id",
  "payment_files.debtor_iban",
  "payment_files.requested_date",
  "payment_files.order_count",
  "payment_files.control_sum_cents",
  "payment_files.created_at",
  "payment_files.created_by",
  "users.email as created_by_email",
] as const;

export function listFiles(
  db: Db,
  filter: { account?: string | undefined },
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom("payment_files").leftJoin("users", "users.id", "payment_files.created_by");
  if (filter.account) query = query.where("payment_files.debtor_iban", "=", filter.account);
  return query
    .select(fileColumns)
    .orderBy("payment_files.created_at", "desc")
    .orderBy("payment_files.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export function filesByIds(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("payment_files")
    .leftJoin("users", "users.id", "payment_files.created_by")
    .select(fileColumns)
    .where("payment_files.id", "in", ids)
    .orderBy("payment_files.debtor_iban")
    .execute();
}

export async function countFiles(db: Db, filter: { account?: string | undefined }) {
  let query = db.selectFrom("payment_files");
  if (filter.account) query = query.where("debtor_iban", "=", filter.account);
  const { count } = await query.select(countRows().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

export function findFileXml(db: Db, id: string) {
  return db
    .selectFrom("payment_files")
    .select(["id", "message_id", "xml"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/* ------------------------------------------------------------------ unmatched credits */

/** Records many unmatched credits (a statement's), once per entry; answers the new ones' ids by entry key. */
export async function insertUnmatchedCredits(
  db: Db,
  values: ReadonlyArray<Insertable<UnmatchedCreditsTable>>,
) {
  const ids = new Map<string, string>();
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await db
      .insertInto("unmatched_credits")
      .values(values.slice(i, i + 1000))
      .onConflict((oc) => oc.columns(["bank_statement_id", "entry_key"]).doNothing())
      .returning(["id", "entry_key"])
      .execute();
    for (const row of rows) ids.set(row.entry_key, row.id);
  }
  return ids;
}

export function findUnmatchedCredit(db: Db, id: string) {
  return db.selectFrom("unmatched_credits").selectAll().where("id", "=", id).executeTakeFirst();
}

export function lockUnmatchedCredit(db: Db, id: string) {
  return db.selectFrom("unmatched_credits").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function updateUnmatchedCredit(db: Db, id: string, changes: Updateable<UnmatchedCreditsTable>) {
  return db.updateTable("unmatched_credits").set(changes).where("id", "=", id).execute();
}

export function listUnmatchedCredits(
  db: Db,
  filter: { status?: UnmatchedCreditStatus | undefined },
  page: { limit: number; offset: number },
) {
  let query = db.selectFrom("unmatched_credits");
  if (filter.status) query = query.where("unmatched_credits.status", "=", filter.status);
  return query
    .selectAll("unmatched_credits")
    .select((eb) =>
      eb
        .selectFrom("payment_orders")
        .select("payment_orders.id")
        .whereRef("payment_orders.unmatched_credit_id", "=", "unmatched_credits.id")
        .where("payment_orders.status", "<>", "cancelled")
        .orderBy("payment_orders.created_at", "desc")
        .limit(1)
        .as("return_order_id"),
    )
    .orderBy("unmatched_credits.created_at")
    .orderBy("unmatched_credits.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countUnmatchedCredits(db: Db, filter: { status?: UnmatchedCreditStatus | undefined }) {
  let query = db.selectFrom("unmatched_credits");
  if (filter.status) query = query.where("status", "=", filter.status);
  const { count } = await query.select(countRows().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The holder and BIC of an account deposits received money on, as stored on the deposit (an account a bank
 * no longer names still leaves a return from where the credit arrived).
 */
export function depositAccount(db: Db, iban: string) {
  return db
    .selectFrom("deposits")
    .select(["bank_holder as holder", "bank_bic as bic"])
    .where("bank_iban", "=", iban)
    .limit(1)
    .executeTakeFirst();
}
