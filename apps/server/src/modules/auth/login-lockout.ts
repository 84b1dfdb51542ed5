import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import * as repo from "./account-security.repository.ts";
import { addressKey } from "./auth.rate-limit.ts";

/**
 * Failed sign-ins, counted so that they cannot be used against the owner (docs/decisions.md, "Lockout
 * that cannot be used against the owner"). Only failures count, never successes:
 * - per (account, client address): `perPair` failures within the window stop that address for that
 *   account, whatever password it sends next;
 * - per account, from anywhere: past `backoffAfter` failures, addresses the account has never signed in
 *   from must wait between attempts, twice as long after each further failure (up to the window).
 *   Addresses the owner signed in from are exempt, so a crowd of addresses guessing the password
 *   slows itself down without locking the owner out.
 * A password reset clears the account's failures. The counts live in the database, which every server
 * process shares.
 */
export interface LockoutPolicy {
  perPair: number;
  backoffAfter: number;
  windowMs: number;
  /** The first wait once the account-wide count is passed; doubles with each further failure. */
  backoffBaseMs: number;
  now: () => Date;
}

export const DEFAULT_LOCKOUT: Omit<LockoutPolicy, "perPair"> = {
  backoffAfter: 20,
  windowMs: 15 * 60_000,
  backoffBaseMs: 1_000,
  now: () => new Date(),
};

/** How long an owner's past sign-in address stays exempt from the account-wide backoff. */
const KNOWN_ADDRESS_MS = 90 * 24 * 3_600_000;

export interface AttemptSubject {
  accountKey: string;
  /** The client's address as a counter key (IPv6 per /64). */
  addressKey: string;
}

export type LockoutVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Whether this address may try this account now. `userId` is the account when it exists (to know the
 * owner's addresses); an unknown e-mail is treated exactly like an account signed in from nowhere.
 */
export async function checkAttempt(
  db: Kysely<DB>,
  policy: LockoutPolicy,
  subject: AttemptSubject,
  userId: string | null,
): Promise<LockoutVerdict> {
  const now = policy.now();
  const since = new Date(now.getTime() - policy.windowMs);
  const counts = await repo.countFailures(db, subject.accountKey, subject.addressKey, since);
  if (counts.pair >= policy.perPair) {
    const oldest = counts.pairOldest ?? now;
    return blocked(oldest.getTime() + policy.windowMs - now.getTime());
  }
  if (counts.total >= policy.backoffAfter && counts.last) {
    const wait = Math.min(
      policy.windowMs,
      policy.backoffBaseMs * 2 ** Math.min(30, counts.total - policy.backoffAfter),
    );
    const remaining = counts.last.getTime() + wait - now.getTime();
    if (remaining > 0 && !(userId && (await isKnownAddress(db, userId, subject.addressKey, now)))) {
      return blocked(remaining);
    }
  }
  return { allowed: true };
}

export async function recordFailure(db: Kysely<DB>, policy: LockoutPolicy, subject: AttemptSubject) {
  const now = policy.now();
  await repo.insertFailure(
    db,
    { account_key: subject.accountKey, address_key: subject.addressKey, failed_at: now },
    new Date(now.getTime() - policy.windowMs),
  );
}

/** A successful sign-in forgets this address's failures for the account (not other addresses'). */
export async function recordSuccess(db: Kysely<DB>, subject: AttemptSubject) {
  await repo.clearFailures(db, subject.accountKey, subject.addressKey);
}

/** A password reset or a staff unlock: the account starts afresh. */
export async function clearAccount(db: Kysely<DB>, accountKey: string) {
  await repo.clearFailures(db, accountKey);
}

/** The refusal for a blocked attempt (429 with Retry-After, set by the route). */
export function lockedOut(verdict: { retryAfterSeconds: number }) {
  return new AppError(
    429,
    "rate_limited",
    `Too many attempts. Please try again in ${verdict.retryAfterSeconds} seconds.`,
  );
}

function blocked(ms: number): LockoutVerdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1000)) };
}

async function isKnownAddress(db: Kysely<DB>, userId: string, key: string, now: Date) {
  const addresses = await repo.sessionAddresses(db, userId, new Date(now.getTime() - KNOWN_ADDRESS_MS));
  return addresses.some((ip) => addressKey(ip) === key);
}
