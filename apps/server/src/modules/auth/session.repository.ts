import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";

export function insertSession(
  db: Kysely<DB>,
  values: {
    user_id: string;
    token_hash: string;
    idle_expires_at: Date;
    expires_at: Date;
    user_agent: string | null;
    ip: string | null;
  },
) {
  return db.insertInto("sessions").values(values).returning(["id"]).executeTakeFirstOrThrow();
}

/** The live session for a token hash together with its user, or undefined. */
export function findActiveSessionWithUser(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .select([
      "sessions.id as session_id",
      "sessions.last_used_at",
      "sessions.idle_expires_at",
      "sessions.expires_at",
      "users.id",
      "users.email",
      "users.full_name",
      "users.role",
      "users.kyc_status",
      "users.created_at",
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom("user_totp")
              .select("user_totp.user_id")
              .whereRef("user_totp.user_id", "=", "users.id")
              .where("user_totp.confirmed_at", "is not", null),
          )
          .as("two_factor"),
    ])
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.revoked_at", "is", null)
    .where("users.locked_at", "is", null)
    .where("sessions.expires_at", ">", now)
    .where("sessions.idle_expires_at", ">", now)
    .executeTakeFirst();
}

export function touchSession(db: Kysely<DB>, sessionId: string, now: Date, idleExpiresAt: Date) {
  return db
    .updateTable("sessions")
    .set({ last_used_at: now, idle_expires_at: idleExpiresAt })
    .where("id", "=", sessionId)
    .execute();
}

export function revokeSessionById(db: Kysely<DB>, sessionId: string, now: Date) {
  return db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("id", "=", sessionId)
    .where("revoked_at", "is", null)
    .execute();
}

export function revokeUserSessions(db: Kysely<DB>, userId: string, now: Date, exceptSessionId?: string) {
  let query = db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  return query.execute();
}

/** The user's live sessions, most recently used first. */
export function listActiveSessions(db: Kysely<DB>, userId: string, now: Date, limit: number) {
  return db
    .selectFrom("sessions")
    .select(["id", "created_at", "last_used_at", "ip", "user_agent"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .where("idle_expires_at", ">", now)
    .orderBy("last_used_at", "desc")
    .limit(limit)
    .execute();
}

export async function countActiveSessions(db: Kysely<DB>, userId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom("sessions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .where("idle_expires_at", ">", now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends one live session of the user; answers whether there was one. */
export async function revokeUserSession(db: Kysely<DB>, userId: string, sessionId: string, now: Date) {
  const result = await db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("id", "=", sessionId)
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
