import type { Insertable, Kysely, Transaction, Updateable } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { BankExceptionStatus, BankExceptionsTable } from "../../db/tables/payments.ts";

type Db = Kysely<DB> | Transaction<DB>;

export type BankExceptionRow = Awaited<ReturnType<typeof lockException>> & {};

/** Records exceptions in one statement per chunk; an entry that has one already keeps it. */
export async function insertExceptions(db: Db, values: ReadonlyArray<Insertable<BankExceptionsTable>>) {
  for (let i = 0; i < values.length; i += 1000) {
    await db
      .insertInto("bank_exceptions")
      .values(values.slice(i, i + 1000))
      .onConflict((oc) => oc.columns(["bank_statement_id", "entry_key"]).doNothing())
      .execute();
  }
}

export function lockException(db: Db, id: string) {
  return db.selectFrom("bank_exceptions").selectAll().where("id", "=", id).forUpdate().executeTakeFirst();
}

export function updateException(db: Db, id: string, changes: Updateable<BankExceptionsTable>) {
  return db.updateTable("bank_exceptions").set(changes).where("id", "=", id).execute();
}

/** The exception whose return order this is (waiting or settled by it). */
export function lockExceptionOfReturnOrder(db: Db, orderId: string) {
  return db
    .selectFrom("bank_exceptions")
    .selectAll()
    .where("return_order_id", "=", orderId)
    .forUpdate()
    .executeTakeFirst();
}

function listQuery(db: Db, filter: { status?: BankExceptionStatus | undefined; ids?: readonly string[] }) {
  let query = db
    .selectFrom("bank_exceptions as x")
    .leftJoin("users as a", "a.id", "x.action_by")
    .leftJoin("users as r", "r.id", "x.released_by");
  if (filter.status) query = query.where("x.status", "=", filter.status);
  if (filter.ids) query = query.where("x.id", "in", filter.ids);
  return query;
}

export function listExceptions(
  db: Db,
  filter: { status?: BankExceptionStatus | undefined; ids?: readonly string[] },
  page: { limit: number; offset: number },
) {
  return listQuery(db, filter)
    .selectAll("x")
    .select(["a.email as action_by_email", "r.email as released_by_email"])
    .orderBy("x.created_at")
    .orderBy("x.id")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export type BankExceptionListRow = Awaited<ReturnType<typeof listExceptions>>[number];

export async function countExceptions(db: Db, filter: { status?: BankExceptionStatus | undefined }) {
  const { count } = await listQuery(db, filter).select(countRows().as("count")).executeTakeFirstOrThrow();
  return Number(count);
}

/** Open exceptions of an account booked up to a day (the reconciliation lists them). */
export function openExceptionsOf(db: Db, accountIban: string, date: string) {
  return db
    .selectFrom("bank_exceptions")
    .selectAll()
    .where("account_iban", "=", accountIban)
    .where("status", "<>", "resolved")
    .where("booking_date", "<=", date)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
}
