import type { Language } from "@festgeld/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AccountTokensTable } from "../../db/tables/accounts.ts";

// SQL of password reset, e-mail verification, failed sign-ins and account e-mails.

export type TokenPurpose = AccountTokensTable["purpose"];

export function insertToken(
  db: Kysely<DB>,
  values: { user_id: string; purpose: TokenPurpose; token_hash: string; email: string; expires_at: Date },
) {
  return db.insertInto("account_tokens").values(values).returning(["id"]).executeTakeFirstOrThrow();
}

/** A token by its hash, with the account's current address (any state: the caller says why it fails). */
export function findToken(db: Kysely<DB>, purpose: TokenPurpose, tokenHash: string) {
  return db
    .selectFrom("account_tokens")
    .innerJoin("users", "users.id", "account_tokens.user_id")
    .select([
      "account_tokens.id",
      "account_tokens.user_id",
      "account_tokens.email",
      "account_tokens.expires_at",
      "account_tokens.used_at",
      "users.email as current_email",
      "users.registration_shadow",
    ])
    .where("account_tokens.purpose", "=", purpose)
    .where("account_tokens.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

/** Marks a token used; false when another request used it first (so it works exactly once). */
export async function useToken(db: Kysely<DB>, id: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends every unused token of a purpose for the user (a newer one, or a reset that happened). */
export function retireTokens(db: Kysely<DB>, userId: string, purpose: TokenPurpose, now: Date) {
  return db
    .updateTable("account_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export function setEmailVerified(db: Kysely<DB>, userId: string, email: string, at: Date | null) {
  return db
    .updateTable("users")
    .set({ email_verified_at: at })
    .where("id", "=", userId)
    .where("email", "=", email)
    .execute();
}

/**
 * The account's address becomes `email`, confirmed at `at` (an e-mail change link was opened). A shadow
 * account that proved a mailbox of its own is an ordinary account from then on.
 */
export function changeEmail(db: Kysely<DB>, userId: string, email: string, at: Date) {
  return db
    .updateTable("users")
    .set({ email, email_verified_at: at, updated_at: at, registration_shadow: false })
    .where("id", "=", userId)
    .execute();
}

export function findUserSecurity(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "full_name", "role", "email_verified_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

// ---- Failed sign-ins ----

export interface FailureCounts {
  /** Failures of this account from this address within the window. */
  pair: number;
  /** The oldest of those, when the pair count falls again. */
  pairOldest: Date | null;
  /** Failures of this account from anywhere within the window. */
  total: number;
  /** The latest of those. */
  last: Date | null;
}

export async function countFailures(
  db: Kysely<DB>,
  accountKey: string,
  addressKey: string,
  since: Date,
): Promise<FailureCounts> {
  const row = await db
    .selectFrom("login_failures")
    .select((eb) => [
      eb.fn.countAll<string>().as("total"),
      eb.fn.max("failed_at").as("last"),
      sql<string>`count(*) filter (where address_key = ${addressKey})`.as("pair"),
      sql<Date | null>`min(failed_at) filter (where address_key = ${addressKey})`.as("pair_oldest"),
    ])
    .where("account_key", "=", accountKey)
    .where("failed_at", ">", since)
    .executeTakeFirstOrThrow();
  return {
    pair: Number(row.pair),
    pairOldest: row.pair_oldest ? new Date(row.pair_oldest) : null,
    total: Number(row.total),
    last: row.last ? new Date(row.last) : null,
  };
}

/** Records one failure and drops the rows no window looks at any more. */
export async function insertFailure(
  db: Kysely<DB>,
  values: { account_key: string; address_key: string; failed_at: Date },
  expiredBefore: Date,
) {
  await db.insertInto("login_failures").values(values).execute();
  await db.deleteFrom("login_failures").where("failed_at", "<", expiredBefore).execute();
}

export function clearFailures(db: Kysely<DB>, accountKey: string, addressKey?: string) {
  let query = db.deleteFrom("login_failures").where("account_key", "=", accountKey);
  if (addressKey) query = query.where("address_key", "=", addressKey);
  return query.execute();
}

/** Addresses the user signed in or registered from (sessions are kept 90 days after they end). */
export async function sessionAddresses(db: Kysely<DB>, userId: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("sessions")
    .select("ip")
    .distinct()
    .where("user_id", "=", userId)
    .where("created_at", ">", since)
    .where("ip", "is not", null)
    .execute();
  return rows.flatMap((row) => (row.ip ? [row.ip] : []));
}

// ---- Account e-mails ----

/** An account e-mail with a link: a template row of the outbox whose facts are erased once sent. */
export function queueAccountEmail(
  db: Kysely<DB>,
  values: { user_id: string; to_address: string | null; template: string; facts: object; language: Language },
) {
  return db
    .insertInto("email_outbox")
    .values({
      user_id: values.user_id,
      to_address: values.to_address,
      notification_id: null,
      template: values.template,
      facts: JSON.stringify(values.facts),
      language: values.language,
      erase_after_send: true,
    })
    .execute();
}

/** The language of the account's newest e-mail that had one. */
export async function lastEmailLanguage(db: Kysely<DB>, userId: string) {
  const last = await db
    .selectFrom("email_outbox")
    .select("language")
    .where("user_id", "=", userId)
    .where("language", "is not", null)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return last?.language ?? undefined;
}
