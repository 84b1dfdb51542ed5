import type { User } from "@festgeld/domain";

/** What a signed-in request needs of its session, as last read from the database. */
export interface CachedSession {
  sessionId: string;
  user: User;
  twoFactor: boolean;
  /** When the database last recorded a use (written at most once a minute). */
  lastUsedAt: number;
  idleExpiresAt: number;
  expiresAt: number;
}

/**
 * Sessions of this process by token hash, so that a signed-in request needs no database round trip
 * (docs/decisions.md "Session cache"). An entry is dropped:
 * - at once, when this process writes anything a session is resolved from (db/session-writes.ts);
 * - when another process does, by the notification of migration 0110's triggers (PostgreSQL LISTEN);
 * - all of them while that notification connection is down (the cache is off until it is back).
 * An entry that looks expired is read again from the database, since another process may have
 * extended its idle expiry.
 *
 * A read that started before an invalidation is not stored (the epoch), so a request that raced a
 * revocation cannot put the revoked session back.
 */
export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly byUser = new Map<string, Set<string>>();
  private epoch = 0;
  private enabled: boolean;

  constructor(
    private readonly maxEntries = 50_000,
    enabled = true,
  ) {
    this.enabled = enabled;
  }

  get size() {
    return this.entries.size;
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.enabled ? this.entries.get(tokenHash) : undefined;
  }

  /** The stamp to pass to `set` for a database read that starts now. */
  stamp(): number {
    return this.epoch;
  }

  set(tokenHash: string, session: CachedSession, stamp: number) {
    if (!this.enabled || stamp !== this.epoch) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    this.entries.set(tokenHash, session);
    let hashes = this.byUser.get(session.user.id);
    if (!hashes) {
      hashes = new Set();
      this.byUser.set(session.user.id, hashes);
    }
    hashes.add(tokenHash);
  }

  /** Forgets every session of one user (another process changed the user or one of its sessions). */
  invalidateUser(userId: string) {
    this.epoch++;
    const hashes = this.byUser.get(userId);
    if (!hashes) return;
    this.byUser.delete(userId);
    for (const hash of hashes) this.entries.delete(hash);
  }

  /** Forgets everything. */
  clear() {
    this.epoch++;
    this.entries.clear();
    this.byUser.clear();
  }

  /** Off while revocations by other processes could be missed; on again (empty) once they cannot. */
  setEnabled(enabled: boolean) {
    this.clear();
    this.enabled = enabled;
  }

  private remove(tokenHash: string) {
    const entry = this.entries.get(tokenHash);
    this.entries.delete(tokenHash);
    if (!entry) return;
    const hashes = this.byUser.get(entry.user.id);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) this.byUser.delete(entry.user.id);
  }
}
