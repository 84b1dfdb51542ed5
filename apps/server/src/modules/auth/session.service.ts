import { hash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { CachedSession, SessionCache } from "../../lib/session-cache.ts";
import type { ResolvedSession, SessionPolicy } from "../../plugins/auth.ts";
import * as repo from "./session.repository.ts";
import { toUser } from "./user.mapper.ts";

export type { ResolvedSession, SessionPolicy };

/** Idle expiry is extended at most once a minute, so a busy client does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export function hashToken(token: string): string {
  // crypto.hash: one call, no Hash object per request (docs/decisions.md "Hot paths, fourth pass").
  return hash("sha256", token, "hex");
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

/**
 * Resolves bearer tokens through `cache` (modules/auth/session-cache.ts; null: always the database).
 * A cached session is used while it is within its idle and absolute expiry; the last use (and with it
 * the idle expiry) is written at most once a minute per session and process.
 */
export function sessionResolver(cache: SessionCache | null) {
  /** The database read (and the write of a last use that is due): the path of an uncached session. */
  async function read(
    db: Kysely<DB>,
    policy: SessionPolicy,
    tokenHash: string,
    now: number,
    cached: CachedSession | undefined,
  ): Promise<ResolvedSession | null> {
    let entry = cached;
    if (!entry) {
      const stamp = cache?.stamp() ?? 0;
      const row = await repo.findActiveSessionWithUser(db, tokenHash, new Date(now));
      if (!row) return null;
      entry = {
        sessionId: row.session_id,
        user: toUser(row),
        twoFactor: Boolean(row.two_factor),
        lastUsedAt: row.last_used_at.getTime(),
        idleExpiresAt: row.idle_expires_at.getTime(),
        expiresAt: row.expires_at.getTime(),
      };
      cache?.set(tokenHash, entry, stamp);
    }
    if (now - entry.lastUsedAt > TOUCH_INTERVAL_MS) {
      const idle = Math.min(now + policy.idleMinutes * 60_000, entry.expiresAt);
      // Updated before the write, so that concurrent requests of the same session do not write too.
      entry.lastUsedAt = now;
      entry.idleExpiresAt = idle;
      await repo.touchSession(db, entry.sessionId, new Date(now), new Date(idle));
    }
    return { sessionId: entry.sessionId, user: entry.user, twoFactor: entry.twoFactor };
  }

  /**
   * A cached session within its expiry whose last use needs no write is answered at once, without a
   * promise (docs/decisions.md "Hot paths, fourth pass"); anything else goes through `read`.
   */
  return function resolve(
    db: Kysely<DB>,
    policy: SessionPolicy,
    token: string,
  ): ResolvedSession | null | Promise<ResolvedSession | null> {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    let entry = cache?.get(tokenHash);
    // The cached entry itself (it has every field of a ResolvedSession): nothing new per request.
    if (entry && usableAsIs(entry, now)) return entry;
    if (entry && (now >= entry.idleExpiresAt || now >= entry.expiresAt)) entry = undefined;
    return read(db, policy, tokenHash, now, entry);
  };
}

/** Whether a cached session is used as it is: within its expiry, with no last use due to be written. */
function usableAsIs(entry: CachedSession, now: number): boolean {
  return now < entry.idleExpiresAt && now < entry.expiresAt && now - entry.lastUsedAt <= TOUCH_INTERVAL_MS;
}

/**
 * The cached session of a bearer token when the resolver would use it as it is (no database work, no
 * last use due to be written), else undefined; starts no read. For answers replayed before the pipeline
 * (plugins/answer-replay.ts), which go through the pipeline whenever this is undefined.
 */
export function cachedSessionOf(cache: SessionCache | null) {
  return (token: string): ResolvedSession | undefined => {
    if (cache === null || token.length < 20 || token.length > 200) return undefined;
    const entry = cache.get(hashToken(token));
    return entry && usableAsIs(entry, Date.now()) ? entry : undefined;
  };
}

export async function revokeSession(db: Kysely<DB>, sessionId: string) {
  await repo.revokeSessionById(db, sessionId, new Date());
}

export async function revokeAllSessions(db: Kysely<DB>, userId: string, exceptSessionId?: string) {
  await repo.revokeUserSessions(db, userId, new Date(), exceptSessionId);
}
