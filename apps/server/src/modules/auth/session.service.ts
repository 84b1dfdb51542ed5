import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { ResolvedSession, SessionPolicy } from "../../plugins/auth.ts";
import * as repo from "./session.repository.ts";
import { toUser } from "./user.mapper.ts";

export type { ResolvedSession, SessionPolicy };

/** Idle expiry is extended at most once a minute, so a busy client does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new opaque bearer token: 32 random bytes (256 bits), base64url. Only its hash is stored. */
export async function createSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<{ token: string; sessionId: string }> {
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  const row = await repo.insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    idle_expires_at: new Date(now + policy.idleMinutes * 60_000),
    expires_at: new Date(now + policy.absoluteHours * 3_600_000),
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return { token, sessionId: row.id };
}

/** The session and user for a bearer token, or null when unknown, revoked or expired. */
export async function resolveSession(
  db: Kysely<DB>,
  policy: SessionPolicy,
  token: string,
): Promise<ResolvedSession | null> {
  if (token.length < 20 || token.length > 200) return null;
  const now = new Date();
  const row = await repo.findActiveSessionWithUser(db, hashToken(token), now);
  if (!row) return null;
  if (now.getTime() - row.last_used_at.getTime() > TOUCH_INTERVAL_MS) {
    const idle = new Date(Math.min(now.getTime() + policy.idleMinutes * 60_000, row.expires_at.getTime()));
    await repo.touchSession(db, row.session_id, now, idle);
  }
  return {
    sessionId: row.session_id,
    user: toUser(row),
    twoFactor: Boolean(row.two_factor),
  };
}

export async function revokeSession(db: Kysely<DB>, sessionId: string) {
  await repo.revokeSessionById(db, sessionId, new Date());
}

export async function revokeAllSessions(db: Kysely<DB>, userId: string, exceptSessionId?: string) {
  await repo.revokeUserSessions(db, userId, new Date(), exceptSessionId);
}
