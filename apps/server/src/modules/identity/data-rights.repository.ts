import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB>;

/** Tables of the current schema with a user_id column: every table that holds rows about one saver. */
export async function tablesWithUserId(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and c.column_name = 'user_id' and t.table_type = 'BASE TABLE'
    order by c.table_name`.execute(db);
  return rows.map((r) => r.table_name);
}

/**
 * Tables whose rows about a user the schema itself marks as disposable: their user_id references
 * users with on delete cascade (sessions, notification state and the like).
 */
export async function cascadeTables(db: Db): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select distinct cl.relname as table_name
    from pg_constraint con
    join pg_class cl on cl.oid = con.conrelid
    join pg_class ref on ref.oid = con.confrelid
    join pg_namespace ns on ns.oid = cl.relnamespace
    where con.contype = 'f' and con.confdeltype = 'c' and ref.relname = 'users'
      and ns.nspname = current_schema()
    order by 1`.execute(db);
  return rows.map((r) => r.table_name);
}

export async function rowsOf(db: Db, table: string, column: string, value: string) {
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where ${sql.ref(column)} = ${value}`.execute(db);
  return rows;
}

/**
 * Deletes a user's rows of a table. Inside a transaction (the retention job's) the delete runs under a
 * savepoint, so a row another table still needs fails this delete alone, not the transaction.
 */
export async function deleteRows(db: Db, table: string, column: string, value: string) {
  const remove = sql`delete from ${sql.table(table)} where ${sql.ref(column)} = ${value}`;
  if (!db.isTransaction) return Number((await remove.execute(db)).numAffectedRows ?? 0);
  await sql`savepoint delete_rows`.execute(db);
  try {
    const result = await remove.execute(db);
    await sql`release savepoint delete_rows`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  } catch (error) {
    await sql`rollback to savepoint delete_rows`.execute(db);
    throw error;
  }
}

export function kycReviewsOfUser(db: Db, userId: string) {
  return db
    .selectFrom("kyc_reviews as k")
    .innerJoin("kyc_documents as d", "d.id", "k.document_id")
    .selectAll("k")
    .where("d.user_id", "=", userId)
    .execute();
}

export function deleteKycReviewsOfUser(db: Db, userId: string) {
  return db
    .deleteFrom("kyc_reviews")
    .where("document_id", "in", (eb) =>
      eb.selectFrom("kyc_documents").select("id").where("user_id", "=", userId),
    )
    .execute();
}

export function documentsOf(db: Db, userId: string) {
  return db.selectFrom("kyc_documents").selectAll().where("user_id", "=", userId).orderBy("seq").execute();
}

/** The stored files of an account's postbox (a statement not yet rendered has none). */
export async function postboxFilesOf(db: Db, userId: string) {
  const rows = await db
    .selectFrom("postbox_documents")
    .select("storage_key")
    .where("user_id", "=", userId)
    .where("storage_key", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.storage_key === null ? [] : [{ storage_key: row.storage_key }]));
}

export function closeUser(db: Db, userId: string, closedAt: Date, eraseAfter: Date) {
  return db
    .updateTable("users")
    .set({
      // contact data goes at once; the name stays with the KYC record until erase_after
      email: `closed-${userId}@closed.invalid`,
      password_hash: "!closed",
      closed_at: closedAt,
      erase_after: eraseAfter,
      updated_at: closedAt,
    })
    .where("id", "=", userId)
    .where("closed_at", "is", null)
    .returning("id")
    .executeTakeFirst();
}

export function dueErasures(db: Db, now: Date) {
  return db.selectFrom("users").select("id").where("erase_after", "<=", now).execute();
}

/**
 * Accounts never confirmed and left alone: a saver's account (not staff) whose address was never
 * confirmed (no `email_verified` event, so an address change waiting for its link does not count),
 * opened on or before `before`, no identity check begun, and no session used after `before`.
 * Registration shadows are such accounts (docs/decisions.md "Never-confirmed accounts are deleted").
 */
export async function staleUnconfirmedAccounts(db: Db, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("users as u")
    .select("u.id")
    .where("u.role", "=", "user")
    .where("u.email_verified_at", "is", null)
    .where("u.closed_at", "is", null)
    .where("u.kyc_status", "=", "not_started")
    .where("u.created_at", "<=", before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("sessions as s")
            .select("s.id")
            .whereRef("s.user_id", "=", "u.id")
            .where("s.last_used_at", ">", before),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("account_events as e")
            .select("e.id")
            .whereRef("e.user_id", "=", "u.id")
            .where("e.event", "=", "email_verified"),
        ),
      ),
    )
    .execute();
  return rows.map((r) => r.id);
}

/** Of `userIds`, those with at least one row in `table` (by its user_id column). */
export async function usersWithRowsIn(db: Db, table: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ user_id: string }>`
    select distinct user_id from ${sql.table(table)} where user_id = any(${userIds}::uuid[])`.execute(db);
  return rows.map((r) => r.user_id);
}

/** Marks the accounts closed, their erasure due at once (for runRetention's loop). */
export async function closeForErasureNow(db: Db, userIds: string[], now: Date) {
  if (userIds.length === 0) return;
  await db
    .updateTable("users")
    .set({ closed_at: now, erase_after: now, updated_at: now })
    .where("id", "in", userIds)
    .where("closed_at", "is", null)
    .execute();
}

/** What stands in for an erased saver's name, address and IBAN in the records the books keep. */
export const ERASED = { name: "Erased", iban: "XX00ERASED0000000" } as const;

/**
 * Pseudonymises the records kept with the books after retention ends (applications, deposits, their
 * events, payment orders): name, e-mail, phone and IBANs replaced, the link to the account cut; figures,
 * dates and references stay (docs/decisions.md "Erasure keeps the books, pseudonymised").
 */
export async function pseudonymiseKeptRecords(db: Db, userId: string) {
  const deposits = db.selectFrom("deposits").select("id").where("user_id", "=", userId);
  await db
    .updateTable("deposit_events")
    .set({ details: sql`details - 'payer_iban' - 'payer_name'` })
    .where("deposit_id", "in", deposits)
    .execute();
  await db
    .updateTable("payment_orders")
    .set({
      creditor_name: ERASED.name,
      creditor_iban: ERASED.iban,
      creditor_street: null,
      creditor_building: null,
      creditor_postcode: null,
      creditor_town: null,
      user_id: null,
    })
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("deposit_id", "in", deposits)]))
    .execute();
  await db
    .updateTable("deposits")
    .set({ payer_iban: ERASED.iban, user_id: null })
    .where("user_id", "=", userId)
    .execute();
  await db
    .updateTable("applications")
    .set((eb) => ({
      full_name: ERASED.name,
      email: sql`'erased-' || ${eb.ref("id")} || '@erased.invalid'`,
      phone: ERASED.name,
      reference_iban: sql`case when reference_iban is null then null else ${ERASED.iban} end`,
      user_id: null,
    }))
    .where("user_id", "=", userId)
    .execute();
}
