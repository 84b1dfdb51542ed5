import type { Language, Role } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AccountEventType } from "../../db/tables/accounts.ts";

// SQL of the accounts area. E-mails arrive normalised (trimmed, lower-case) from the contract; the
// unique index is on lower(email), so comparisons use lower(email) too and hit that index.

const USER_COLUMNS = ["id", "email", "full_name", "role", "kyc_status", "created_at"] as const;

/** The account of an address (a shadow account never is: see findNewestShadow). */
export function findUserByEmail(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("users")
    .select([...USER_COLUMNS, "password_hash", "locked_at"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("registration_shadow", "=", false)
    .executeTakeFirst();
}

/**
 * The newest shadow account opened by a registration with this (taken) address, for the sign-in that
 * follows such a registration (docs/decisions.md "Registration answers the same for a known address").
 */
export function findNewestShadow(db: Kysely<DB>, email: string) {
  return db
    .selectFrom("users")
    .select([...USER_COLUMNS, "password_hash", "locked_at"])
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("registration_shadow", "=", true)
    .where("closed_at", "is", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function findUserLanguage(db: Kysely<DB>, id: string) {
  const row = await db.selectFrom("users").select("language").where("id", "=", id).executeTakeFirst();
  return row?.language ?? null;
}

export function findUserById(db: Kysely<DB>, id: string) {
  return db
    .selectFrom("users")
    .select([...USER_COLUMNS, "password_hash"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** Whether another account (not `exceptUserId`) uses this e-mail. */
export async function emailInUse(db: Kysely<DB>, email: string, exceptUserId?: string) {
  let query = db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
    .where("registration_shadow", "=", false);
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

export function insertUser(
  db: Kysely<DB>,
  values: {
    email: string;
    password_hash: string;
    full_name: string;
    role: "user" | "admin";
    language?: Language;
    registration_shadow?: boolean;
  },
) {
  return db.insertInto("users").values(values).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}

export function updatePasswordHash(db: Kysely<DB>, userId: string, passwordHash: string) {
  return db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where("id", "=", userId)
    .execute();
}

/** `unverify`: the address changed, so it is unconfirmed until its verification link is used. */
export function updateProfile(
  db: Kysely<DB>,
  userId: string,
  values: { full_name: string; email: string },
  options: { unverify: boolean },
) {
  return db
    .updateTable("users")
    .set({ ...values, updated_at: new Date(), ...(options.unverify ? { email_verified_at: null } : {}) })
    .where("id", "=", userId)
    .returning(USER_COLUMNS)
    .executeTakeFirst();
}

export async function adminExists(db: Kysely<DB>) {
  return (
    (await db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst()) !==
    undefined
  );
}

export function insertAccountEvent(
  db: Kysely<DB>,
  values: {
    user_id: string | null;
    event: AccountEventType;
    ip?: string | null | undefined;
    user_agent?: string | null | undefined;
    detail?: Record<string, unknown> | null | undefined;
  },
) {
  return db
    .insertInto("account_events")
    .values({
      user_id: values.user_id,
      event: values.event,
      ip: values.ip ?? null,
      user_agent: values.user_agent?.slice(0, 300) ?? null,
      detail: values.detail ? JSON.stringify(values.detail) : null,
    })
    .execute();
}

/** Sessions of a user that ended (expired or revoked) before `before`: kept that long, then dropped. */
export function deleteEndedSessions(db: Kysely<DB>, userId: string, before: Date) {
  return db
    .deleteFrom("sessions")
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("expires_at", "<", before), eb("revoked_at", "<", before)]))
    .execute();
}

/** The account as staff tools see it: role, lock and e-mail confirmation. */
export function findStaffTarget(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "role", "locked_at", "email_verified_at", "language"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export function setLockedAt(db: Kysely<DB>, userId: string, lockedAt: Date | null, now: Date) {
  return db
    .updateTable("users")
    .set({ locked_at: lockedAt, updated_at: now })
    .where("id", "=", userId)
    .execute();
}

export function setRole(db: Kysely<DB>, userId: string, role: Role, now: Date) {
  return db.updateTable("users").set({ role, updated_at: now }).where("id", "=", userId).execute();
}

/** Whether the account has signed in or registered from this browser (user agent) before. */
export async function hasSeenUserAgent(db: Kysely<DB>, userId: string, userAgent: string) {
  const seen = await db
    .selectFrom("account_events")
    .select("id")
    .where("user_id", "=", userId)
    .where("event", "in", ["registered", "login_succeeded"])
    .where("user_agent", "=", userAgent)
    .limit(1)
    .executeTakeFirst();
  return seen !== undefined;
}

/** The newest account events of the given kinds, for the security page. */
export function listRecentEvents(
  db: Kysely<DB>,
  userId: string,
  events: readonly AccountEventType[],
  limit: number,
) {
  return db
    .selectFrom("account_events")
    .select(["id", "event", "created_at", "ip", "user_agent", "detail"])
    .where("user_id", "=", userId)
    .where("event", "in", [...events])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}
