import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

// SQL of two-factor sign-in: the authenticator secret, recovery codes and sign-in challenges.

export function findTotp(db: Kysely<DB>, userId: string) {
  return db.selectFrom("user_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** A new secret (sealed) waiting for its first code; replaces one that was never confirmed. */
export function upsertPendingTotp(db: Kysely<DB>, userId: string, sealedSecret: string, now: Date) {
  const values = {
    secret_sealed: sealedSecret,
    secret_plain: null,
    created_at: now,
    confirmed_at: null,
    last_step: null,
  };
  return db
    .insertInto("user_totp")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
}

/**
 * Accepts a code of time step `step`: only if it is newer than the last accepted one, so a code (and
 * any older one) works once. `confirm` also marks a pending secret as confirmed. True when accepted.
 */
export async function acceptStep(
  db: Kysely<DB>,
  userId: string,
  step: number,
  options: { confirm?: Date } = {},
): Promise<boolean> {
  const result = await db
    .updateTable("user_totp")
    .set({ last_step: step, ...(options.confirm ? { confirmed_at: options.confirm } : {}) })
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", BigInt(step))]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function deleteTotp(db: Kysely<DB>, userId: string) {
  return db.deleteFrom("user_totp").where("user_id", "=", userId).execute();
}

export async function replaceRecoveryCodes(db: Kysely<DB>, userId: string, hashes: string[], now: Date) {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  if (hashes.length === 0) return;
  await db
    .insertInto("recovery_codes")
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now })))
    .execute();
}

/** Marks an unused recovery code used; true when it was one of the account's unused codes. */
export async function spendRecoveryCode(db: Kysely<DB>, userId: string, hash: string, now: Date) {
  const result = await db
    .updateTable("recovery_codes")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("code_hash", "=", hash)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("recovery_codes")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertChallenge(
  db: Kysely<DB>,
  values: {
    user_id: string;
    token_hash: string;
    created_at: Date;
    expires_at: Date;
    ip: string | null;
    user_agent: string | null;
  },
) {
  return db.insertInto("login_challenges").values(values).execute();
}

export function findChallenge(db: Kysely<DB>, tokenHash: string) {
  return db.selectFrom("login_challenges").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

/**
 * Takes one of a challenge's attempts before a code is evaluated: the count and the check are one
 * statement, so parallel requests cannot all pass a check made before any of them counted. False
 * when the challenge is spent or has no attempt left.
 */
export async function claimChallengeAttempt(db: Kysely<DB>, id: string, max: number) {
  const row = await db
    .updateTable("login_challenges")
    .set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) }))
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("failed_attempts", "<", max)
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Ends a challenge once; true for the call that ended it. */
export async function spendChallenge(db: Kysely<DB>, id: string, now: Date) {
  const result = await db
    .updateTable("login_challenges")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Challenges of a user that ended or expired before `before`: nothing needs them any more. */
export function deleteOldChallenges(db: Kysely<DB>, userId: string, before: Date) {
  return db
    .deleteFrom("login_challenges")
    .where("user_id", "=", userId)
    .where("expires_at", "<", before)
    .execute();
}

/** Wrong codes of an account since `since` (recorded as account events). */
/**
 * Claims one second-step attempt of the account in one statement: a new window when the last one
 * ended, else one more while under `max`. Undefined when the window is full: then `window_start`
 * of the full window is read to tell how long to wait.
 */
export async function claimAccountCodeAttempt(
  db: Kysely<DB>,
  userId: string,
  now: Date,
  windowMs: number,
  max: number,
) {
  const ended = new Date(now.getTime() - windowMs);
  const { rows } = await sql<{ attempts: number }>`
    insert into two_factor_attempts as a (user_id, window_start, attempts) values (${userId}, ${now}, 1)
    on conflict (user_id) do update set
      window_start = case when a.window_start <= ${ended} then excluded.window_start else a.window_start end,
      attempts = case when a.window_start <= ${ended} then 1 else a.attempts + 1 end
    where a.window_start <= ${ended} or a.attempts < ${max}
    returning a.attempts`.execute(db);
  return rows[0];
}

export async function accountCodeWindow(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom("two_factor_attempts")
    .select("window_start")
    .where("user_id", "=", userId)
    .executeTakeFirst();
}

/** A right code: the account's count starts again. */
export function clearAccountCodeAttempts(db: Kysely<DB>, userId: string) {
  return db.deleteFrom("two_factor_attempts").where("user_id", "=", userId).execute();
}

export async function hasConfirmedTotp(db: Kysely<DB>, userId: string) {
  const row = await db
    .selectFrom("user_totp")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("confirmed_at", "is not", null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function hasSealedSecrets(db: Kysely<DB>) {
  return Boolean(
    await db
      .selectFrom("user_totp")
      .select("user_id")
      .where("secret_sealed", "is not", null)
      .limit(1)
      .executeTakeFirst(),
  );
}

/** Secrets stored before secrets were sealed. */
export function listPlainSecrets(db: Kysely<DB>) {
  return db
    .selectFrom("user_totp")
    .select(["user_id", "secret_plain"])
    .where("secret_plain", "is not", null)
    .execute();
}

/** Replaces a plain secret by its sealed form, unless it changed meanwhile; answers whether it did. */
export async function sealPlainSecret(db: Kysely<DB>, userId: string, plain: string, sealed: string) {
  const result = await db
    .updateTable("user_totp")
    .set({ secret_sealed: sealed, secret_plain: null })
    .where("user_id", "=", userId)
    .where("secret_plain", "=", plain)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Any one sealed secret, to check the key against. */
export function findSealedSample(db: Kysely<DB>) {
  return db
    .selectFrom("user_totp")
    .select(["user_id", "secret_sealed"])
    .where("secret_sealed", "is not", null)
    .limit(1)
    .executeTakeFirst();
}
