import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);

// apps/server/src/modules/auth/two-factor.repository.ts
function findTotp(db, userId) {
  return db.selectFrom("user_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
}
function upsertPendingTotp(db, userId, sealedSecret, now) {
  const values = {
    secret_sealed: sealedSecret,
    secret_plain: null,
    created_at: now,
    confirmed_at: null,
    last_step: null
  };
  return db.insertInto("user_totp").values({ user_id: userId, ...values }).onConflict((oc) => oc.column("user_id").doUpdateSet(values)).execute();
}
async function acceptStep(db, userId, step, options = {}) {
  const result = await db.updateTable("user_totp").set({ last_step: step, ...options.confirm ? { confirmed_at: options.confirm } : {} }).where("user_id", "=", userId).where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", String(step))])).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
function deleteTotp(db, userId) {
  return db.deleteFrom("user_totp").where("user_id", "=", userId).execute();
}
async function replaceRecoveryCodes(db, userId, hashes, now) {
  await db.deleteFrom("recovery_codes").where("user_id", "=", userId).execute();
  if (hashes.length === 0) return;
  await db.insertInto("recovery_codes").values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: now }))).execute();
}
async function spendRecoveryCode(db, userId, hash, now) {
  const result = await db.updateTable("recovery_codes").set({ used_at: now }).where("user_id", "=", userId).where("code_hash", "=", hash).where("used_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
async function countUnusedRecoveryCodes(db, userId) {
  const row = await db.selectFrom("recovery_codes").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).where("used_at", "is", null).executeTakeFirstOrThrow();
  return Number(row.n);
}
function insertChallenge(db, values) {
  return db.insertInto("login_challenges").values(values).execute();
}
function findChallenge(db, tokenHash) {
  return db.selectFrom("login_challenges").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}
async function claimChallengeAttempt(db, id, max) {
  const row = await db.updateTable("login_challenges").set((eb) => ({ failed_attempts: eb("failed_attempts", "+", 1) })).where("id", "=", id).where("used_at", "is", null).where("failed_attempts", "<", max).returning("id").executeTakeFirst();
  return row !== void 0;
}
async function spendChallenge(db, id, now) {
  const result = await db.updateTable("login_challenges").set({ used_at: now }).where("id", "=", id).where("used_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
function deleteOldChallenges(db, userId, before) {
  return db.deleteFrom("login_challenges").where("user_id", "=", userId).where("expires_at", "<", before).execute();
}
async function countCodeFailures(db, userId, since) {
  const row = await db.selectFrom("account_events").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).where("event", "=", "two_factor_failed").where("created_at", ">=", since).executeTakeFirstOrThrow();
  return Number(row.n);
}
async function oldestCodeFailure(db, userId, since) {
  const row = await db.selectFrom("account_events").select((eb) => eb.fn.min("created_at").as("first")).where("user_id", "=", userId).where("event", "=", "two_factor_failed").where("created_at", ">=", since).executeTakeFirst();
  return row?.first ? new Date(row.first) : null;
}
async function hasConfirmedTotp(db, userId) {
  const row = await db.selectFrom("user_totp").select("user_id").where("user_id", "=", userId).where("confirmed_at", "is not", null).executeTakeFirst();
  return row !== void 0;
}
async function hasSealedSecrets(db) {
  return Boolean(
    await db.selectFrom("user_totp").select("user_id").where("secret_sealed", "is not", null).limit(1).executeTakeFirst()
  );
}
function listPlainSecrets(db) {
  return db.selectFrom("user_totp").select(["user_id", "secret_plain"]).where("secret_plain", "is not", null).execute();
}
async function sealPlainSecret(db, userId, plain, sealed) {
  const result = await db.updateTable("user_totp").set({ secret_sealed: sealed, secret_plain: null }).where("user_id", "=", userId).where("secret_plain", "=", plain).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
function findSealedSample(db) {
  return db.selectFrom("user_totp").select(["user_id", "secret_sealed"]).where("secret_sealed", "is not", null).limit(1).executeTakeFirst();
}

export {
  findTotp,
  upsertPendingTotp,
  acceptStep,
  deleteTotp,
  replaceRecoveryCodes,
  spendRecoveryCode,
  countUnusedRecoveryCodes,
  insertChallenge,
  findChallenge,
  claimChallengeAttempt,
  spendChallenge,
  deleteOldChallenges,
  countCodeFailures,
  oldestCodeFailure,
  hasConfirmedTotp,
  hasSealedSecrets,
  listPlainSecrets,
  sealPlainSecret,
  findSealedSample
};
//# sourceMappingURL=chunk-D6HMV7MT.js.map
