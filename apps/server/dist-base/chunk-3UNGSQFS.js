import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  acceptStep,
  claimChallengeAttempt,
  countCodeFailures,
  countUnusedRecoveryCodes,
  deleteOldChallenges,
  deleteTotp,
  findChallenge,
  findTotp,
  insertChallenge,
  oldestCodeFailure,
  replaceRecoveryCodes,
  spendChallenge,
  spendRecoveryCode,
  upsertPendingTotp
} from "./chunk-D6HMV7MT.js";
import {
  sql
} from "./chunk-TJDKFA6Y.js";
import {
  LIMITS,
  SECURITY_EVENT_TYPES,
  emailSchema
} from "./chunk-YUME3DMW.js";

// apps/server/src/modules/auth/password.ts
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { hash, verify } from "@node-rs/argon2";
var ARGON2ID = 2;
var ARGON2_PARAMS = { memoryCost: 19456, timeCost: 2, parallelism: 1 };
var normalize = (password) => password.normalize("NFC");
function hashPassword(password) {
  return hash(normalize(password), { algorithm: ARGON2ID, ...ARGON2_PARAMS });
}
async function verifyPassword(passwordHash, password) {
  try {
    return await verify(passwordHash, normalize(password));
  } catch {
    return false;
  }
}
function needsRehash(passwordHash) {
  const match = /^\$argon2id\$v=\d+\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(passwordHash);
  if (!match) return true;
  const [, m, t, p] = match.map(Number);
  return (m ?? 0) < ARGON2_PARAMS.memoryCost || (t ?? 0) < ARGON2_PARAMS.timeCost || (p ?? 0) < ARGON2_PARAMS.parallelism;
}
var dummyHash;
function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomBytes(24).toString("base64url"));
  return dummyHash;
}
var commonPasswords;
function loadCommonPasswords() {
  if (!commonPasswords) {
    const text = readFileSync(new URL("./common-passwords.txt", import.meta.url), "utf8");
    commonPasswords = new Set(
      text.split("\n").map((line) => line.trim()).filter((line) => line && !line.startsWith("#"))
    );
  }
  return commonPasswords;
}
function isCommonPassword(password) {
  return loadCommonPasswords().has(normalize(password).toLowerCase());
}
function passwordProblem(password) {
  if (password.length < LIMITS.passwordMinLength) {
    return {
      code: "password_too_short",
      detail: `The password must be at least ${LIMITS.passwordMinLength} characters long`
    };
  }
  if (password.length > LIMITS.passwordMaxLength) {
    return {
      code: "password_too_long",
      detail: `The password must be at most ${LIMITS.passwordMaxLength} characters long`
    };
  }
  if (isCommonPassword(password)) {
    return { code: "password_too_common", detail: "This password is too common. Please choose another one" };
  }
  return null;
}
function generatePassword() {
  return randomBytes(18).toString("base64url");
}

// apps/server/src/modules/auth/auth.service.ts
import { randomBytes as randomBytes7, randomUUID } from "node:crypto";

// apps/server/src/lib/errors.ts
var AppError = class extends Error {
  constructor(statusCode, code, detail, fields) {
    super(detail);
    this.statusCode = statusCode;
    this.code = code;
    this.fields = fields;
    this.name = "AppError";
  }
  statusCode;
  code;
  fields;
};
var badRequest = (code, detail, fields) => new AppError(400, code, detail, fields);
var unauthenticated = (detail = "Authentication required", code = "unauthenticated") => new AppError(401, code, detail);
var forbidden = (detail = "You do not have permission to do this") => new AppError(403, "forbidden", detail);
var notFound = (code, detail) => new AppError(404, code, detail);
var conflict = (code, detail) => new AppError(409, code, detail);

// apps/server/src/modules/auth/account-security.service.ts
import { randomBytes as randomBytes3 } from "node:crypto";

// apps/server/src/modules/messages/account-mail.ts
var ACCOUNT_MAIL_TEMPLATE = "account";
var IGNORE = {
  en: "If you did not ask for this, you can ignore this e-mail; nothing changes.",
  de: "Wenn Sie das nicht angefordert haben, k\xF6nnen Sie diese E-Mail ignorieren; es \xE4ndert sich nichts.",
  fr: "Si vous n'\xEAtes pas \xE0 l'origine de cette demande, ignorez cet e-mail ; rien ne change."
};
function accountMailText(mail, language) {
  switch (mail.kind) {
    case "password_reset": {
      const texts = {
        en: {
          subject: "Reset your password",
          paragraphs: [
            mail.by_staff ? "Our staff sent you this link to set a new password for your account." : "Someone asked to reset the password of your account.",
            `The link below works once, for ${mail.minutes} minutes. Setting a new password signs out every device.`,
            IGNORE.en
          ],
          action: { path: mail.path, label: "Set a new password" }
        },
        de: {
          subject: "Passwort zur\xFCcksetzen",
          paragraphs: [
            mail.by_staff ? "Unser Team hat Ihnen diesen Link geschickt, damit Sie ein neues Passwort f\xFCr Ihr Konto festlegen k\xF6nnen." : "Jemand hat angefordert, das Passwort Ihres Kontos zur\xFCckzusetzen.",
            `Der Link unten gilt einmal, ${mail.minutes} Minuten lang. Ein neues Passwort meldet alle Ger\xE4te ab.`,
            IGNORE.de
          ],
          action: { path: mail.path, label: "Neues Passwort festlegen" }
        },
        fr: {
          subject: "R\xE9initialiser votre mot de passe",
          paragraphs: [
            mail.by_staff ? "Notre \xE9quipe vous envoie ce lien pour d\xE9finir un nouveau mot de passe pour votre compte." : "Une r\xE9initialisation du mot de passe de votre compte a \xE9t\xE9 demand\xE9e.",
            `Le lien ci-dessous est valable une fois, pendant ${mail.minutes} minutes. Un nouveau mot de passe d\xE9connecte tous les appareils.`,
            IGNORE.fr
          ],
          action: { path: mail.path, label: "D\xE9finir un nouveau mot de passe" }
        }
      };
      return texts[language];
    }
    case "registration_attempt": {
      const texts = {
        en: {
          subject: "Someone tried to register with your address",
          paragraphs: [
            "Someone tried to open a new account with this e-mail address. You already have an account with us, so none was opened.",
            "If it was you, sign in; if you have forgotten your password, the sign-in page lets you set a new one.",
            IGNORE.en
          ],
          action: { path: mail.path, label: "Sign in" }
        },
        de: {
          subject: "Jemand wollte sich mit Ihrer Adresse registrieren",
          paragraphs: [
            "Jemand wollte mit dieser E-Mail-Adresse ein neues Konto er\xF6ffnen. Sie haben bereits ein Konto bei uns, daher wurde keines er\xF6ffnet.",
            "Wenn Sie es waren, melden Sie sich an; haben Sie Ihr Passwort vergessen, k\xF6nnen Sie auf der Anmeldeseite ein neues festlegen.",
            IGNORE.de
          ],
          action: { path: mail.path, label: "Anmelden" }
        },
        fr: {
          subject: "Quelqu'un a tent\xE9 de s'inscrire avec votre adresse",
          paragraphs: [
            "Quelqu'un a tent\xE9 d'ouvrir un nouveau compte avec cette adresse e-mail. Vous avez d\xE9j\xE0 un compte chez nous ; aucun n'a \xE9t\xE9 ouvert.",
            "Si c'\xE9tait vous, connectez-vous ; si vous avez oubli\xE9 votre mot de passe, la page de connexion permet d'en d\xE9finir un nouveau.",
            IGNORE.fr
          ],
          action: { path: mail.path, label: "Se connecter" }
        }
      };
      return texts[language];
    }
    case "verify_email": {
      const texts = {
        en: {
          subject: "Confirm your e-mail address",
          paragraphs: [
            "Please confirm that this address belongs to you.",
            `The link below works once, for ${mail.hours} hours.`,
            IGNORE.en
          ],
          action: { path: mail.path, label: "Confirm the address" }
        },
        de: {
          subject: "Best\xE4tigen Sie Ihre E-Mail-Adresse",
          paragraphs: [
            "Bitte best\xE4tigen Sie, dass diese Adresse Ihnen geh\xF6rt.",
            `Der Link unten gilt einmal, ${mail.hours} Stunden lang.`,
            IGNORE.de
          ],
          action: { path: mail.path, label: "Adresse best\xE4tigen" }
        },
        fr: {
          subject: "Confirmez votre adresse e-mail",
          paragraphs: [
            "Merci de confirmer que cette adresse vous appartient.",
            `Le lien ci-dessous est valable une fois, pendant ${mail.hours} heures.`,
            IGNORE.fr
          ],
          action: { path: mail.path, label: "Confirmer l'adresse" }
        }
      };
      return texts[language];
    }
  }
}

// apps/server/src/modules/auth/account-security.repository.ts
function insertToken(db, values) {
  return db.insertInto("account_tokens").values(values).returning(["id"]).executeTakeFirstOrThrow();
}
function findToken(db, purpose, tokenHash) {
  return db.selectFrom("account_tokens").innerJoin("users", "users.id", "account_tokens.user_id").select([
    "account_tokens.id",
    "account_tokens.user_id",
    "account_tokens.email",
    "account_tokens.expires_at",
    "account_tokens.used_at",
    "users.email as current_email"
  ]).where("account_tokens.purpose", "=", purpose).where("account_tokens.token_hash", "=", tokenHash).executeTakeFirst();
}
async function useToken(db, id, now) {
  const row = await db.updateTable("account_tokens").set({ used_at: now }).where("id", "=", id).where("used_at", "is", null).returning("id").executeTakeFirst();
  return row !== void 0;
}
function retireTokens(db, userId, purpose, now) {
  return db.updateTable("account_tokens").set({ used_at: now }).where("user_id", "=", userId).where("purpose", "=", purpose).where("used_at", "is", null).execute();
}
function setEmailVerified(db, userId, email, at) {
  return db.updateTable("users").set({ email_verified_at: at }).where("id", "=", userId).where("email", "=", email).execute();
}
function findUserSecurity(db, userId) {
  return db.selectFrom("users").select(["id", "email", "full_name", "role", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
}
async function countFailures(db, accountKey2, addressKey2, since) {
  const row = await db.selectFrom("login_failures").select((eb) => [
    eb.fn.countAll().as("total"),
    eb.fn.max("failed_at").as("last"),
    sql`count(*) filter (where address_key = ${addressKey2})`.as("pair"),
    sql`min(failed_at) filter (where address_key = ${addressKey2})`.as("pair_oldest")
  ]).where("account_key", "=", accountKey2).where("failed_at", ">", since).executeTakeFirstOrThrow();
  return {
    pair: Number(row.pair),
    pairOldest: row.pair_oldest ? new Date(row.pair_oldest) : null,
    total: Number(row.total),
    last: row.last ? new Date(row.last) : null
  };
}
async function insertFailure(db, values, expiredBefore) {
  await db.insertInto("login_failures").values(values).execute();
  await db.deleteFrom("login_failures").where("failed_at", "<", expiredBefore).execute();
}
function clearFailures(db, accountKey2, addressKey2) {
  let query = db.deleteFrom("login_failures").where("account_key", "=", accountKey2);
  if (addressKey2) query = query.where("address_key", "=", addressKey2);
  return query.execute();
}
async function sessionAddresses(db, userId, since) {
  const rows = await db.selectFrom("sessions").select("ip").distinct().where("user_id", "=", userId).where("created_at", ">", since).where("ip", "is not", null).execute();
  return rows.flatMap((row) => row.ip ? [row.ip] : []);
}
function queueAccountEmail(db, values) {
  return db.insertInto("email_outbox").values({
    user_id: values.user_id,
    to_address: values.to_address,
    notification_id: null,
    template: values.template,
    facts: JSON.stringify(values.facts),
    language: values.language,
    erase_after_send: true
  }).execute();
}
async function lastEmailLanguage(db, userId) {
  const last = await db.selectFrom("email_outbox").select("language").where("user_id", "=", userId).where("language", "is not", null).orderBy("id", "desc").limit(1).executeTakeFirst();
  return last?.language ?? void 0;
}

// apps/server/src/modules/auth/auth.rate-limit.ts
import { createHash } from "node:crypto";
var limitsByServer = /* @__PURE__ */ new WeakMap();
function attemptLimit(app, options) {
  const made = limitsByServer.get(app.server) ?? /* @__PURE__ */ new Map();
  limitsByServer.set(app.server, made);
  const existing = made.get(options.name);
  if (existing) return existing;
  const hook = makeAttemptLimit(app, options);
  made.set(options.name, hook);
  return hook;
}
function makeAttemptLimit(app, options) {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
    // Room for many accounts before the in-memory LRU forgets one (ignored by the Redis store).
    cache: 5e4
  });
  return async (request, reply) => {
    if (options.key(request) === null) return;
    let result;
    try {
      result = await check(request);
    } catch (error) {
      request.log.error({ err: error }, "rate-limit store unavailable");
      throw new AppError(503, "service_unavailable", "The service is temporarily unavailable");
    }
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header("Retry-After", String(seconds));
      throw new AppError(429, "rate_limited", `Too many attempts. Please try again in ${seconds} seconds.`);
    }
  };
}
function accountKey(email) {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
}
function addressKey(ip) {
  if (ip.startsWith("::ffff:") && ip.includes(".")) return ip.slice(7);
  if (!ip.includes(":")) return ip;
  const address = ip.split("%")[0] ?? ip;
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups = tail === void 0 ? headGroups : [
    ...headGroups,
    ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
    ...tailGroups
  ];
  return `${groups.slice(0, 4).map((g) => g.toLowerCase().padStart(4, "0")).join(":")}::/64`;
}

// apps/server/src/modules/auth/auth.repository.ts
var USER_COLUMNS = ["id", "email", "full_name", "role", "kyc_status", "created_at"];
function findUserByEmail(db, email) {
  return db.selectFrom("users").select([...USER_COLUMNS, "password_hash", "locked_at"]).where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase())).executeTakeFirst();
}
async function findUserLanguage(db, id) {
  const row = await db.selectFrom("users").select("language").where("id", "=", id).executeTakeFirst();
  return row?.language ?? null;
}
function findUserById(db, id) {
  return db.selectFrom("users").select([...USER_COLUMNS, "password_hash"]).where("id", "=", id).executeTakeFirst();
}
async function emailInUse(db, email, exceptUserId) {
  let query = db.selectFrom("users").select("id").where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return await query.executeTakeFirst() !== void 0;
}
function insertUser(db, values) {
  return db.insertInto("users").values(values).returning(USER_COLUMNS).executeTakeFirstOrThrow();
}
function updatePasswordHash(db, userId, passwordHash) {
  return db.updateTable("users").set({ password_hash: passwordHash, updated_at: /* @__PURE__ */ new Date() }).where("id", "=", userId).execute();
}
function updateProfile(db, userId, values, options) {
  return db.updateTable("users").set({ ...values, updated_at: /* @__PURE__ */ new Date(), ...options.unverify ? { email_verified_at: null } : {} }).where("id", "=", userId).returning(USER_COLUMNS).executeTakeFirst();
}
async function adminExists(db) {
  return await db.selectFrom("users").select("id").where("role", "=", "admin").limit(1).executeTakeFirst() !== void 0;
}
function insertAccountEvent(db, values) {
  return db.insertInto("account_events").values({
    user_id: values.user_id,
    event: values.event,
    ip: values.ip ?? null,
    user_agent: values.user_agent?.slice(0, 300) ?? null,
    detail: values.detail ? JSON.stringify(values.detail) : null
  }).execute();
}
function deleteEndedSessions(db, userId, before) {
  return db.deleteFrom("sessions").where("user_id", "=", userId).where((eb) => eb.or([eb("expires_at", "<", before), eb("revoked_at", "<", before)])).execute();
}
function findStaffTarget(db, userId) {
  return db.selectFrom("users").select(["id", "email", "role", "locked_at", "email_verified_at"]).where("id", "=", userId).executeTakeFirst();
}
function setLockedAt(db, userId, lockedAt, now) {
  return db.updateTable("users").set({ locked_at: lockedAt, updated_at: now }).where("id", "=", userId).execute();
}
function setRole(db, userId, role, now) {
  return db.updateTable("users").set({ role, updated_at: now }).where("id", "=", userId).execute();
}
async function hasSeenUserAgent(db, userId, userAgent) {
  const seen = await db.selectFrom("account_events").select("id").where("user_id", "=", userId).where("event", "in", ["registered", "login_succeeded"]).where("user_agent", "=", userAgent).limit(1).executeTakeFirst();
  return seen !== void 0;
}
function listRecentEvents(db, userId, events, limit) {
  return db.selectFrom("account_events").select(["id", "event", "created_at", "ip", "user_agent", "detail"]).where("user_id", "=", userId).where("event", "in", [...events]).orderBy("id", "desc").limit(limit).execute();
}

// apps/server/src/modules/auth/login-lockout.ts
var DEFAULT_LOCKOUT = {
  backoffAfter: 20,
  windowMs: 15 * 6e4,
  backoffBaseMs: 1e3,
  now: () => /* @__PURE__ */ new Date()
};
var KNOWN_ADDRESS_MS = 90 * 24 * 36e5;
async function checkAttempt(db, policy, subject, userId) {
  const now = policy.now();
  const since = new Date(now.getTime() - policy.windowMs);
  const counts = await countFailures(db, subject.accountKey, subject.addressKey, since);
  if (counts.pair >= policy.perPair) {
    const oldest = counts.pairOldest ?? now;
    return blocked(oldest.getTime() + policy.windowMs - now.getTime());
  }
  if (counts.total >= policy.backoffAfter && counts.last) {
    const wait = Math.min(
      policy.windowMs,
      policy.backoffBaseMs * 2 ** Math.min(30, counts.total - policy.backoffAfter)
    );
    const remaining = counts.last.getTime() + wait - now.getTime();
    if (remaining > 0 && !(userId && await isKnownAddress(db, userId, subject.addressKey, now))) {
      return blocked(remaining);
    }
  }
  return { allowed: true };
}
async function recordFailure(db, policy, subject) {
  const now = policy.now();
  await insertFailure(
    db,
    { account_key: subject.accountKey, address_key: subject.addressKey, failed_at: now },
    new Date(now.getTime() - policy.windowMs)
  );
}
async function recordSuccess(db, subject) {
  await clearFailures(db, subject.accountKey, subject.addressKey);
}
async function clearAccount(db, accountKey2) {
  await clearFailures(db, accountKey2);
}
function lockedOut(verdict) {
  return new AppError(
    429,
    "rate_limited",
    `Too many attempts. Please try again in ${verdict.retryAfterSeconds} seconds.`
  );
}
function blocked(ms) {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ms / 1e3)) };
}
async function isKnownAddress(db, userId, key, now) {
  const addresses = await sessionAddresses(db, userId, new Date(now.getTime() - KNOWN_ADDRESS_MS));
  return addresses.some((ip) => addressKey(ip) === key);
}

// apps/server/src/modules/auth/session.service.ts
import { createHash as createHash2, randomBytes as randomBytes2 } from "node:crypto";

// apps/server/src/modules/auth/session.repository.ts
function insertSession(db, values) {
  return db.insertInto("sessions").values(values).returning(["id"]).executeTakeFirstOrThrow();
}
function findActiveSessionWithUser(db, tokenHash, now) {
  return db.selectFrom("sessions").innerJoin("users", "users.id", "sessions.user_id").select([
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
    (eb) => eb.exists(
      eb.selectFrom("user_totp").select("user_totp.user_id").whereRef("user_totp.user_id", "=", "users.id").where("user_totp.confirmed_at", "is not", null)
    ).as("two_factor")
  ]).where("sessions.token_hash", "=", tokenHash).where("sessions.revoked_at", "is", null).where("users.locked_at", "is", null).where("sessions.expires_at", ">", now).where("sessions.idle_expires_at", ">", now).executeTakeFirst();
}
function touchSession(db, sessionId, now, idleExpiresAt) {
  return db.updateTable("sessions").set({ last_used_at: now, idle_expires_at: idleExpiresAt }).where("id", "=", sessionId).execute();
}
function revokeSessionById(db, sessionId, now) {
  return db.updateTable("sessions").set({ revoked_at: now }).where("id", "=", sessionId).where("revoked_at", "is", null).execute();
}
function revokeUserSessions(db, userId, now, exceptSessionId) {
  let query = db.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  return query.execute();
}
function listActiveSessions(db, userId, now, limit) {
  return db.selectFrom("sessions").select(["id", "created_at", "last_used_at", "ip", "user_agent"]).where("user_id", "=", userId).where("revoked_at", "is", null).where("expires_at", ">", now).where("idle_expires_at", ">", now).orderBy("last_used_at", "desc").limit(limit).execute();
}
async function countActiveSessions(db, userId, now) {
  const row = await db.selectFrom("sessions").select((eb) => eb.fn.countAll().as("n")).where("user_id", "=", userId).where("revoked_at", "is", null).where("expires_at", ">", now).where("idle_expires_at", ">", now).executeTakeFirstOrThrow();
  return Number(row.n);
}
async function revokeUserSession(db, userId, sessionId, now) {
  const result = await db.updateTable("sessions").set({ revoked_at: now }).where("id", "=", sessionId).where("user_id", "=", userId).where("revoked_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// apps/server/src/modules/auth/user.mapper.ts
function toUser(row) {
  return {
    id: row.id,
    email: row.email,
    full_name: row.full_name,
    role: row.role,
    kycStatus: row.kyc_status ?? "not_started",
    created_at: row.created_at.toISOString()
  };
}

// apps/server/src/modules/auth/session.service.ts
var TOUCH_INTERVAL_MS = 6e4;
function hashToken(token) {
  return createHash2("sha256").update(token).digest("hex");
}
async function createSession(db, policy, userId, meta = {}) {
  const token = randomBytes2(32).toString("base64url");
  const now = Date.now();
  const row = await insertSession(db, {
    user_id: userId,
    token_hash: hashToken(token),
    idle_expires_at: new Date(now + policy.idleMinutes * 6e4),
    expires_at: new Date(now + policy.absoluteHours * 36e5),
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null
  });
  return { token, sessionId: row.id };
}
function sessionResolver(cache) {
  return async function resolve(db, policy, token) {
    if (token.length < 20 || token.length > 200) return null;
    const tokenHash = hashToken(token);
    const now = Date.now();
    let entry = cache?.get(tokenHash);
    if (!entry || now >= entry.idleExpiresAt || now >= entry.expiresAt) {
      const stamp = cache?.stamp() ?? 0;
      const row = await findActiveSessionWithUser(db, tokenHash, new Date(now));
      if (!row) return null;
      entry = {
        sessionId: row.session_id,
        user: toUser(row),
        twoFactor: Boolean(row.two_factor),
        lastUsedAt: row.last_used_at.getTime(),
        idleExpiresAt: row.idle_expires_at.getTime(),
        expiresAt: row.expires_at.getTime()
      };
      cache?.set(tokenHash, entry, stamp);
    }
    if (now - entry.lastUsedAt > TOUCH_INTERVAL_MS) {
      const idle = Math.min(now + policy.idleMinutes * 6e4, entry.expiresAt);
      entry.lastUsedAt = now;
      entry.idleExpiresAt = idle;
      await touchSession(db, entry.sessionId, new Date(now), new Date(idle));
    }
    return { sessionId: entry.sessionId, user: entry.user, twoFactor: entry.twoFactor };
  };
}
async function revokeSession(db, sessionId) {
  await revokeSessionById(db, sessionId, /* @__PURE__ */ new Date());
}
async function revokeAllSessions(db, userId, exceptSessionId) {
  await revokeUserSessions(db, userId, /* @__PURE__ */ new Date(), exceptSessionId);
}

// apps/server/src/modules/auth/account-security.service.ts
var RESET_TOKEN_MINUTES = 30;
var VERIFY_TOKEN_HOURS = 48;
var eventMeta = (meta) => ({
  ip: meta.ip ?? null,
  user_agent: meta.userAgent ?? null
});
var newToken = () => randomBytes3(32).toString("base64url");
var tokenInvalid = () => badRequest("token_invalid", "This link is not valid or was already used. Please ask for a new one.");
var tokenExpired = () => badRequest("token_expired", "This link has expired. Please ask for a new one.");
async function queueMail(db, target, mail, language) {
  await queueAccountEmail(db, {
    user_id: target.userId,
    to_address: target.to ?? null,
    template: ACCOUNT_MAIL_TEMPLATE,
    facts: mail,
    language: language ?? "en"
  });
}
async function sendRegistrationNotice(db, mail, user) {
  if (!mail.enabled) return false;
  await queueMail(
    db,
    { userId: user.id, to: user.email },
    { kind: "registration_attempt", path: "/login" },
    user.language ?? void 0
  );
  return true;
}
async function requestPasswordReset(db, mail, email, meta, options = {}) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (!mail.enabled) {
    mail.log.warn("password reset asked for, but no e-mail can be sent (SMTP_URL is not set)");
    return;
  }
  const now = /* @__PURE__ */ new Date();
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await retireTokens(trx, user.id, "password_reset", now);
    await insertToken(trx, {
      user_id: user.id,
      purpose: "password_reset",
      token_hash: hashToken(token),
      email: user.email,
      expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 6e4)
    });
    await queueMail(
      trx,
      { userId: user.id },
      {
        kind: "password_reset",
        path: `/reset-password#token=${token}`,
        minutes: RESET_TOKEN_MINUTES,
        by_staff: Boolean(options.byStaff)
      },
      meta.language
    );
    await insertAccountEvent(trx, {
      user_id: user.id,
      event: options.byStaff ? "password_reset_sent_by_staff" : "password_reset_requested",
      ...eventMeta(meta),
      detail: options.byStaff ? { by: options.byStaff.email } : null
    });
  });
  mail.wake();
}
async function confirmPasswordReset(db, mail, input, meta) {
  const problem = passwordProblem(input.new_password);
  if (problem) {
    throw badRequest(problem.code, problem.detail, [
      { path: "body.new_password", message: problem.detail, code: problem.code }
    ]);
  }
  const row = await findToken(db, "password_reset", hashToken(input.token));
  const now = /* @__PURE__ */ new Date();
  if (!row || row.used_at || row.email !== row.current_email) throw tokenInvalid();
  if (row.expires_at.getTime() <= now.getTime()) throw tokenExpired();
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    if (!await useToken(trx, row.id, now)) throw tokenInvalid();
    await updatePasswordHash(trx, row.user_id, passwordHash);
    await revokeAllSessions(trx, row.user_id);
    await retireTokens(trx, row.user_id, "password_reset", now);
    await setEmailVerified(trx, row.user_id, row.email, now);
    await clearAccount(trx, accountKey(row.email));
    await insertAccountEvent(trx, {
      user_id: row.user_id,
      event: "password_reset",
      ...eventMeta(meta)
    });
    await mail.messages?.notify(trx, {
      userId: row.user_id,
      event: "password_changed",
      key: `password_changed:${now.toISOString()}`,
      facts: { changed_at: now.toISOString() }
    });
  });
  mail.wake();
}
async function sendVerification(trx, mail, userId, email, meta) {
  if (!mail.enabled) return false;
  const now = /* @__PURE__ */ new Date();
  const token = newToken();
  await retireTokens(trx, userId, "email_verification", now);
  await insertToken(trx, {
    user_id: userId,
    purpose: "email_verification",
    token_hash: hashToken(token),
    email,
    expires_at: new Date(now.getTime() + VERIFY_TOKEN_HOURS * 36e5)
  });
  await queueMail(
    trx,
    { userId, to: email },
    {
      kind: "verify_email",
      path: `/verify-email#token=${token}`,
      hours: VERIFY_TOKEN_HOURS
    },
    meta.language
  );
  await insertAccountEvent(trx, {
    user_id: userId,
    event: "email_verification_sent",
    ...eventMeta(meta)
  });
  return true;
}
async function verifyEmail(db, token, meta) {
  const row = await findToken(db, "email_verification", hashToken(token));
  const now = /* @__PURE__ */ new Date();
  if (!row || row.used_at || row.email !== row.current_email) throw tokenInvalid();
  if (row.expires_at.getTime() <= now.getTime()) throw tokenExpired();
  await db.transaction().execute(async (trx) => {
    if (!await useToken(trx, row.id, now)) throw tokenInvalid();
    await setEmailVerified(trx, row.user_id, row.email, now);
    await insertAccountEvent(trx, {
      user_id: row.user_id,
      event: "email_verified",
      ...eventMeta(meta),
      detail: { email: row.email }
    });
  });
}
async function resendVerification(db, mail, user, meta) {
  const row = await findUserSecurity(db, user.id);
  if (!row) throw new AppError(401, "unauthenticated", "Authentication required");
  if (row.email_verified_at)
    throw conflict("email_already_verified", "This e-mail address is already confirmed");
  if (!mail.enabled) {
    throw new AppError(503, "service_unavailable", "E-mail cannot be sent at the moment");
  }
  await db.transaction().execute((trx) => sendVerification(trx, mail, user.id, row.email, meta));
  mail.wake();
}
async function isEmailVerified(db, userId) {
  const row = await findUserSecurity(db, userId);
  return Boolean(row?.email_verified_at);
}
async function assertEmailVerified(db, userId) {
  if (!await isEmailVerified(db, userId)) {
    throw conflict("email_not_verified", "The account's e-mail address is not confirmed yet");
  }
}

// node_modules/bowser/bowser.mjs
var BROWSER_ALIASES_MAP = {
  AmazonBot: "amazonbot",
  "Amazon Silk": "amazon_silk",
  "Android Browser": "android",
  BaiduSpider: "baiduspider",
  Bada: "bada",
  BingCrawler: "bingcrawler",
  Brave: "brave",
  BlackBerry: "blackberry",
  "ChatGPT-User": "chatgpt_user",
  Chrome: "chrome",
  ClaudeBot: "claudebot",
  Chromium: "chromium",
  Diffbot: "diffbot",
  DuckDuckBot: "duckduckbot",
  DuckDuckGo: "duckduckgo",
  Electron: "electron",
  Epiphany: "epiphany",
  FacebookExternalHit: "facebookexternalhit",
  Firefox: "firefox",
  Focus: "focus",
  Generic: "generic",
  "Google Search": "google_search",
  Googlebot: "googlebot",
  GPTBot: "gptbot",
  "HeyTap Browser": "heytap",
  "Internet Explorer": "ie",
  InternetArchiveCrawler: "internetarchivecrawler",
  "K-Meleon": "k_meleon",
  Ladybird: "ladybird",
  LibreWolf: "librewolf",
  Linespider: "linespider",
  Maxthon: "maxthon",
  "Meta-ExternalAds": "meta_externalads",
  "Meta-ExternalAgent": "meta_externalagent",
  "Meta-ExternalFetcher": "meta_externalfetcher",
  "Meta-WebIndexer": "meta_webindexer",
  "Microsoft Edge": "edge",
  "MZ Browser": "mz",
  "NAVER Whale Browser": "naver",
  "OAI-SearchBot": "oai_searchbot",
  Omgilibot: "omgilibot",
  Opera: "opera",
  "Opera Coast": "opera_coast",
  "Pale Moon": "pale_moon",
  PerplexityBot: "perplexitybot",
  "Perplexity-User": "perplexity_user",
  PhantomJS: "phantomjs",
  PingdomBot: "pingdombot",
  Puffin: "puffin",
  QQ: "qq",
  QQLite: "qqlite",
  QupZilla: "qupzilla",
  Roku: "roku",
  Safari: "safari",
  Sailfish: "sailfish",
  "Samsung Internet for Android": "samsung_internet",
  SlackBot: "slackbot",
  SeaMonkey: "seamonkey",
  Sleipnir: "sleipnir",
  "Sogou Browser": "sogou",
  Swing: "swing",
  Tizen: "tizen",
  "UC Browser": "uc",
  "Vivo Browser": "vivo",
  Vivaldi: "vivaldi",
  "WebOS Browser": "webos",
  WeChat: "wechat",
  YahooSlurp: "yahooslurp",
  "Yandex Browser": "yandex",
  YandexBot: "yandexbot",
  YouBot: "youbot"
};
var BROWSER_MAP = {
  amazonbot: "AmazonBot",
  amazon_silk: "Amazon Silk",
  android: "Android Browser",
  baiduspider: "BaiduSpider",
  bada: "Bada",
  bingcrawler: "BingCrawler",
  blackberry: "BlackBerry",
  brave: "Brave",
  chatgpt_user: "ChatGPT-User",
  chrome: "Chrome",
  claudebot: "ClaudeBot",
  chromium: "Chromium",
  diffbot: "Diffbot",
  duckduckbot: "DuckDuckBot",
  duckduckgo: "DuckDuckGo",
  edge: "Microsoft Edge",
  electron: "Electron",
  epiphany: "Epiphany",
  facebookexternalhit: "FacebookExternalHit",
  firefox: "Firefox",
  focus: "Focus",
  generic: "Generic",
  google_search: "Google Search",
  googlebot: "Googlebot",
  gptbot: "GPTBot",
  heytap: "HeyTap Browser",
  ie: "Internet Explorer",
  internetarchivecrawler: "InternetArchiveCrawler",
  k_meleon: "K-Meleon",
  ladybird: "Ladybird",
  librewolf: "LibreWolf",
  linespider: "Linespider",
  maxthon: "Maxthon",
  meta_externalads: "Meta-ExternalAds",
  meta_externalagent: "Meta-ExternalAgent",
  meta_externalfetcher: "Meta-ExternalFetcher",
  meta_webindexer: "Meta-WebIndexer",
  mz: "MZ Browser",
  naver: "NAVER Whale Browser",
  oai_searchbot: "OAI-SearchBot",
  omgilibot: "Omgilibot",
  opera: "Opera",
  opera_coast: "Opera Coast",
  pale_moon: "Pale Moon",
  perplexitybot: "PerplexityBot",
  perplexity_user: "Perplexity-User",
  phantomjs: "PhantomJS",
  pingdombot: "PingdomBot",
  puffin: "Puffin",
  qq: "QQ Browser",
  qqlite: "QQ Browser Lite",
  qupzilla: "QupZilla",
  roku: "Roku",
  safari: "Safari",
  sailfish: "Sailfish",
  samsung_internet: "Samsung Internet for Android",
  seamonkey: "SeaMonkey",
  slackbot: "SlackBot",
  sleipnir: "Sleipnir",
  sogou: "Sogou Browser",
  swing: "Swing",
  tizen: "Tizen",
  uc: "UC Browser",
  vivo: "Vivo Browser",
  vivaldi: "Vivaldi",
  webos: "WebOS Browser",
  wechat: "WeChat",
  yahooslurp: "YahooSlurp",
  yandex: "Yandex Browser",
  yandexbot: "YandexBot",
  youbot: "YouBot"
};
var PLATFORMS_MAP = {
  bot: "bot",
  desktop: "desktop",
  mobile: "mobile",
  tablet: "tablet",
  tv: "tv"
};
var OS_MAP = {
  Android: "Android",
  Bada: "Bada",
  BlackBerry: "BlackBerry",
  ChromeOS: "Chrome OS",
  HarmonyOS: "HarmonyOS",
  iOS: "iOS",
  Linux: "Linux",
  MacOS: "macOS",
  PlayStation4: "PlayStation 4",
  Roku: "Roku",
  Tizen: "Tizen",
  WebOS: "WebOS",
  Windows: "Windows",
  WindowsPhone: "Windows Phone"
};
var ENGINE_MAP = {
  Blink: "Blink",
  EdgeHTML: "EdgeHTML",
  Gecko: "Gecko",
  LibWeb: "LibWeb",
  Presto: "Presto",
  Trident: "Trident",
  WebKit: "WebKit"
};
var Utils = /* @__PURE__ */ (function() {
  function Utils2() {
  }
  Utils2.getFirstMatch = function getFirstMatch(regexp, ua) {
    var match = ua.match(regexp);
    return match && match.length > 0 && match[1] || "";
  };
  Utils2.getSecondMatch = function getSecondMatch(regexp, ua) {
    var match = ua.match(regexp);
    return match && match.length > 1 && match[2] || "";
  };
  Utils2.matchAndReturnConst = function matchAndReturnConst(regexp, ua, _const) {
    if (regexp.test(ua)) return _const;
  };
  Utils2.isFirefoxOnIpad = function isFirefoxOnIpad(ua) {
    var macIndex = ua.indexOf("Macintosh");
    if (macIndex === -1) return false;
    var fxiosIndex = ua.indexOf(" FxiOS", macIndex + 9);
    return fxiosIndex !== -1 && ua.indexOf("/", fxiosIndex + 6) !== -1;
  };
  Utils2.getWindowsVersionName = function getWindowsVersionName(version) {
    switch (version) {
      case "NT":
        return "NT";
      case "XP":
        return "XP";
      case "NT 5.0":
        return "2000";
      case "NT 5.1":
        return "XP";
      case "NT 5.2":
        return "2003";
      case "NT 6.0":
        return "Vista";
      case "NT 6.1":
        return "7";
      case "NT 6.2":
        return "8";
      case "NT 6.3":
        return "8.1";
      case "NT 10.0":
        return "10";
      default:
        return;
    }
  };
  Utils2.getMacOSVersionName = function getMacOSVersionName(version) {
    var v = version.split(".").splice(0, 2).map(function(s) {
      return parseInt(s, 10) || 0;
    });
    v.push(0);
    var major = v[0];
    var minor = v[1];
    if (major === 10) switch (minor) {
      case 5:
        return "Leopard";
      case 6:
        return "Snow Leopard";
      case 7:
        return "Lion";
      case 8:
        return "Mountain Lion";
      case 9:
        return "Mavericks";
      case 10:
        return "Yosemite";
      case 11:
        return "El Capitan";
      case 12:
        return "Sierra";
      case 13:
        return "High Sierra";
      case 14:
        return "Mojave";
      case 15:
        return "Catalina";
      default:
        return;
    }
    switch (major) {
      case 11:
        return "Big Sur";
      case 12:
        return "Monterey";
      case 13:
        return "Ventura";
      case 14:
        return "Sonoma";
      case 15:
        return "Sequoia";
      default:
        return;
    }
  };
  Utils2.getAndroidVersionName = function getAndroidVersionName(version) {
    var v = version.split(".").splice(0, 2).map(function(s) {
      return parseInt(s, 10) || 0;
    });
    v.push(0);
    if (v[0] === 1 && v[1] < 5) return void 0;
    if (v[0] === 1 && v[1] < 6) return "Cupcake";
    if (v[0] === 1 && v[1] >= 6) return "Donut";
    if (v[0] === 2 && v[1] < 2) return "Eclair";
    if (v[0] === 2 && v[1] === 2) return "Froyo";
    if (v[0] === 2 && v[1] > 2) return "Gingerbread";
    if (v[0] === 3) return "Honeycomb";
    if (v[0] === 4 && v[1] < 1) return "Ice Cream Sandwich";
    if (v[0] === 4 && v[1] < 4) return "Jelly Bean";
    if (v[0] === 4 && v[1] >= 4) return "KitKat";
    if (v[0] === 5) return "Lollipop";
    if (v[0] === 6) return "Marshmallow";
    if (v[0] === 7) return "Nougat";
    if (v[0] === 8) return "Oreo";
    if (v[0] === 9) return "Pie";
  };
  Utils2.getVersionPrecision = function getVersionPrecision(version) {
    return version.split(".").length;
  };
  Utils2.compareVersions = function compareVersions(versionA, versionB, isLoose) {
    if (isLoose === void 0) isLoose = false;
    var versionAPrecision = Utils2.getVersionPrecision(versionA);
    var versionBPrecision = Utils2.getVersionPrecision(versionB);
    var precision = Math.max(versionAPrecision, versionBPrecision);
    var lastPrecision = 0;
    var chunks = Utils2.map([versionA, versionB], function(version) {
      var delta = precision - Utils2.getVersionPrecision(version);
      var _version = version + new Array(delta + 1).join(".0");
      return Utils2.map(_version.split("."), function(chunk) {
        return new Array(20 - chunk.length).join("0") + chunk;
      }).reverse();
    });
    if (isLoose) lastPrecision = precision - Math.min(versionAPrecision, versionBPrecision);
    precision -= 1;
    while (precision >= lastPrecision) {
      if (chunks[0][precision] > chunks[1][precision]) return 1;
      if (chunks[0][precision] === chunks[1][precision]) {
        if (precision === lastPrecision) return 0;
        precision -= 1;
      } else if (chunks[0][precision] < chunks[1][precision]) return -1;
    }
  };
  Utils2.map = function map(arr, iterator) {
    var result = [];
    var i;
    if (Array.prototype.map) return Array.prototype.map.call(arr, iterator);
    for (i = 0; i < arr.length; i += 1) result.push(iterator(arr[i]));
    return result;
  };
  Utils2.find = function find(arr, predicate) {
    var i;
    var l;
    if (Array.prototype.find) return Array.prototype.find.call(arr, predicate);
    for (i = 0, l = arr.length; i < l; i += 1) {
      var value = arr[i];
      if (predicate(value, i)) return value;
    }
  };
  Utils2.assign = function assign(obj) {
    var result = obj;
    var i;
    var l;
    for (var _len = arguments.length, assigners = new Array(_len > 1 ? _len - 1 : 0), _key = 1; _key < _len; _key++) assigners[_key - 1] = arguments[_key];
    if (Object.assign) return Object.assign.apply(Object, [obj].concat(assigners));
    var _loop = function _loop2() {
      var assigner = assigners[i];
      if (typeof assigner === "object" && assigner !== null) Object.keys(assigner).forEach(function(key) {
        result[key] = assigner[key];
      });
    };
    for (i = 0, l = assigners.length; i < l; i += 1) _loop();
    return obj;
  };
  Utils2.getBrowserAlias = function getBrowserAlias(browserName) {
    return BROWSER_ALIASES_MAP[browserName];
  };
  Utils2.getBrowserTypeByAlias = function getBrowserTypeByAlias(browserAlias) {
    return BROWSER_MAP[browserAlias] || "";
  };
  return Utils2;
})();
var commonVersionIdentifier = /version\/(\d+(\.?_?\d+)+)/i;
var browsersList = [{
  test: [/gptbot/i],
  describe: function describe(ua) {
    var browser = {
      name: "GPTBot"
    };
    var version = Utils.getFirstMatch(/gptbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/chatgpt-user/i],
  describe: function describe2(ua) {
    var browser = {
      name: "ChatGPT-User"
    };
    var version = Utils.getFirstMatch(/chatgpt-user\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/oai-searchbot/i],
  describe: function describe3(ua) {
    var browser = {
      name: "OAI-SearchBot"
    };
    var version = Utils.getFirstMatch(/oai-searchbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/claudebot/i, /claude-web/i, /claude-user/i, /claude-searchbot/i],
  describe: function describe4(ua) {
    var browser = {
      name: "ClaudeBot"
    };
    var version = Utils.getFirstMatch(/(?:claudebot|claude-web|claude-user|claude-searchbot)\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/omgilibot/i, /webzio-extended/i],
  describe: function describe5(ua) {
    var browser = {
      name: "Omgilibot"
    };
    var version = Utils.getFirstMatch(/(?:omgilibot|webzio-extended)\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/diffbot/i],
  describe: function describe6(ua) {
    var browser = {
      name: "Diffbot"
    };
    var version = Utils.getFirstMatch(/diffbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/perplexitybot/i],
  describe: function describe7(ua) {
    var browser = {
      name: "PerplexityBot"
    };
    var version = Utils.getFirstMatch(/perplexitybot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/perplexity-user/i],
  describe: function describe8(ua) {
    var browser = {
      name: "Perplexity-User"
    };
    var version = Utils.getFirstMatch(/perplexity-user\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/youbot/i],
  describe: function describe9(ua) {
    var browser = {
      name: "YouBot"
    };
    var version = Utils.getFirstMatch(/youbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/meta-webindexer/i],
  describe: function describe10(ua) {
    var browser = {
      name: "Meta-WebIndexer"
    };
    var version = Utils.getFirstMatch(/meta-webindexer\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/meta-externalads/i],
  describe: function describe11(ua) {
    var browser = {
      name: "Meta-ExternalAds"
    };
    var version = Utils.getFirstMatch(/meta-externalads\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/meta-externalagent/i],
  describe: function describe12(ua) {
    var browser = {
      name: "Meta-ExternalAgent"
    };
    var version = Utils.getFirstMatch(/meta-externalagent\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/meta-externalfetcher/i],
  describe: function describe13(ua) {
    var browser = {
      name: "Meta-ExternalFetcher"
    };
    var version = Utils.getFirstMatch(/meta-externalfetcher\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/googlebot/i],
  describe: function describe14(ua) {
    var browser = {
      name: "Googlebot"
    };
    var version = Utils.getFirstMatch(/googlebot\/(\d+(\.\d+))/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/linespider/i],
  describe: function describe15(ua) {
    var browser = {
      name: "Linespider"
    };
    var version = Utils.getFirstMatch(/(?:linespider)(?:-[-\w]{1,64})?[\s/](\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/amazonbot/i],
  describe: function describe16(ua) {
    var browser = {
      name: "AmazonBot"
    };
    var version = Utils.getFirstMatch(/amazonbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/bingbot/i],
  describe: function describe17(ua) {
    var browser = {
      name: "BingCrawler"
    };
    var version = Utils.getFirstMatch(/bingbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/baiduspider/i],
  describe: function describe18(ua) {
    var browser = {
      name: "BaiduSpider"
    };
    var version = Utils.getFirstMatch(/baiduspider\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/duckduckbot/i],
  describe: function describe19(ua) {
    var browser = {
      name: "DuckDuckBot"
    };
    var version = Utils.getFirstMatch(/duckduckbot\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/ia_archiver/i],
  describe: function describe20(ua) {
    var browser = {
      name: "InternetArchiveCrawler"
    };
    var version = Utils.getFirstMatch(/ia_archiver\/(\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/facebookexternalhit/i, /facebookcatalog/i],
  describe: function describe21() {
    return {
      name: "FacebookExternalHit"
    };
  }
}, {
  test: [/slackbot/i, /slack-imgProxy/i],
  describe: function describe22(ua) {
    var browser = {
      name: "SlackBot"
    };
    var version = Utils.getFirstMatch(/(?:slackbot|slack-imgproxy)(?:-[-\w]{1,64})?[\s/](\d+(\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/yahoo!?[\s/]*slurp/i],
  describe: function describe23() {
    return {
      name: "YahooSlurp"
    };
  }
}, {
  test: [/yandexbot/i, /yandexmobilebot/i],
  describe: function describe24() {
    return {
      name: "YandexBot"
    };
  }
}, {
  test: [/pingdom/i],
  describe: function describe25() {
    return {
      name: "PingdomBot"
    };
  }
}, {
  test: [/opera/i],
  describe: function describe26(ua) {
    var browser = {
      name: "Opera"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:opera)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/opr\/|opios/i],
  describe: function describe27(ua) {
    var browser = {
      name: "Opera"
    };
    var version = Utils.getFirstMatch(/(?:opr|opios)[\s/](\S+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/SamsungBrowser/i],
  describe: function describe28(ua) {
    var browser = {
      name: "Samsung Internet for Android"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:SamsungBrowser)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/Whale/i],
  describe: function describe29(ua) {
    var browser = {
      name: "NAVER Whale Browser"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:whale)[\s/](\d+(?:\.\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/PaleMoon/i],
  describe: function describe30(ua) {
    var browser = {
      name: "Pale Moon"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:PaleMoon)[\s/](\d+(?:\.\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/HeyTapBrowser/i],
  describe: function describe31(ua) {
    var browser = {
      name: "HeyTap Browser"
    };
    var version = Utils.getFirstMatch(/(?:HeyTapBrowser)[\s/](\d+(?:\.\d+)*)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/VivoBrowser/i],
  describe: function describe32(ua) {
    var browser = {
      name: "Vivo Browser"
    };
    var version = Utils.getFirstMatch(/(?:VivoBrowser)[\s/](\d+(?:\.\d+)*)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/MZBrowser/i],
  describe: function describe33(ua) {
    var browser = {
      name: "MZ Browser"
    };
    var version = Utils.getFirstMatch(/(?:MZBrowser)[\s/](\d+(?:\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/focus/i],
  describe: function describe34(ua) {
    var browser = {
      name: "Focus"
    };
    var version = Utils.getFirstMatch(/(?:focus)[\s/](\d+(?:\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/swing/i],
  describe: function describe35(ua) {
    var browser = {
      name: "Swing"
    };
    var version = Utils.getFirstMatch(/(?:swing)[\s/](\d+(?:\.\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/coast/i],
  describe: function describe36(ua) {
    var browser = {
      name: "Opera Coast"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:coast)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/opt\/\d+(?:.?_?\d+)+/i],
  describe: function describe37(ua) {
    var browser = {
      name: "Opera Touch"
    };
    var version = Utils.getFirstMatch(/(?:opt)[\s/](\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/yabrowser/i],
  describe: function describe38(ua) {
    var browser = {
      name: "Yandex Browser"
    };
    var version = Utils.getFirstMatch(/(?:yabrowser)[\s/](\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/ucbrowser/i],
  describe: function describe39(ua) {
    var browser = {
      name: "UC Browser"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:ucbrowser)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/Maxthon|mxios/i],
  describe: function describe40(ua) {
    var browser = {
      name: "Maxthon"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:Maxthon|mxios)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/epiphany/i],
  describe: function describe41(ua) {
    var browser = {
      name: "Epiphany"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:epiphany)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/puffin/i],
  describe: function describe42(ua) {
    var browser = {
      name: "Puffin"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:puffin)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/sleipnir/i],
  describe: function describe43(ua) {
    var browser = {
      name: "Sleipnir"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:sleipnir)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/k-meleon/i],
  describe: function describe44(ua) {
    var browser = {
      name: "K-Meleon"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/(?:k-meleon)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/micromessenger/i],
  describe: function describe45(ua) {
    var browser = {
      name: "WeChat"
    };
    var version = Utils.getFirstMatch(/(?:micromessenger)[\s/](\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/qqbrowser/i],
  describe: function describe46(ua) {
    var browser = {
      name: /qqbrowserlite/i.test(ua) ? "QQ Browser Lite" : "QQ Browser"
    };
    var version = Utils.getFirstMatch(/(?:qqbrowserlite|qqbrowser)[/](\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/msie|trident/i],
  describe: function describe47(ua) {
    var browser = {
      name: "Internet Explorer"
    };
    var version = Utils.getFirstMatch(/(?:msie |rv:)(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/\sedg\//i],
  describe: function describe48(ua) {
    var browser = {
      name: "Microsoft Edge"
    };
    var version = Utils.getFirstMatch(/\sedg\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/edg([ea]|ios)\//i],
  describe: function describe49(ua) {
    var browser = {
      name: "Microsoft Edge"
    };
    var version = Utils.getSecondMatch(/edg([ea]|ios)\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: function test(parser) {
    if (parser.hasBrand("Vivaldi")) return true;
    return parser.test(/vivaldi/i);
  },
  describe: function describe50(ua, parser) {
    var browser = {
      name: "Vivaldi"
    };
    if (parser) {
      var hintsVersion = parser.getBrandVersion("Vivaldi");
      if (hintsVersion) {
        browser.version = hintsVersion;
        return browser;
      }
    }
    var version = Utils.getFirstMatch(/vivaldi\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/seamonkey/i],
  describe: function describe51(ua) {
    var browser = {
      name: "SeaMonkey"
    };
    var version = Utils.getFirstMatch(/seamonkey\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/sailfish/i],
  describe: function describe52(ua) {
    var browser = {
      name: "Sailfish"
    };
    var version = Utils.getFirstMatch(/sailfish\s?browser\/(\d+(\.\d+)?)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/silk/i],
  describe: function describe53(ua) {
    var browser = {
      name: "Amazon Silk"
    };
    var version = Utils.getFirstMatch(/silk\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/phantom/i],
  describe: function describe54(ua) {
    var browser = {
      name: "PhantomJS"
    };
    var version = Utils.getFirstMatch(/phantomjs\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/slimerjs/i],
  describe: function describe55(ua) {
    var browser = {
      name: "SlimerJS"
    };
    var version = Utils.getFirstMatch(/slimerjs\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/blackberry|\bbb\d+/i, /rim\stablet/i],
  describe: function describe56(ua) {
    var browser = {
      name: "BlackBerry"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/blackberry[\d]+\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/(web|hpw)[o0]s/i],
  describe: function describe57(ua) {
    var browser = {
      name: "WebOS Browser"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua) || Utils.getFirstMatch(/w(?:eb)?[o0]sbrowser\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/bada/i],
  describe: function describe58(ua) {
    var browser = {
      name: "Bada"
    };
    var version = Utils.getFirstMatch(/dolfin\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/tizen/i],
  describe: function describe59(ua) {
    var browser = {
      name: "Tizen"
    };
    var version = Utils.getFirstMatch(/(?:tizen\s?)?browser\/(\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/qupzilla/i],
  describe: function describe60(ua) {
    var browser = {
      name: "QupZilla"
    };
    var version = Utils.getFirstMatch(/(?:qupzilla)[\s/](\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/librewolf/i],
  describe: function describe61(ua) {
    var browser = {
      name: "LibreWolf"
    };
    var version = Utils.getFirstMatch(/(?:librewolf)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/firefox|iceweasel|fxios/i],
  describe: function describe62(ua) {
    var browser = {
      name: "Firefox"
    };
    var version = Utils.getFirstMatch(/(?:firefox|iceweasel|fxios)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/electron/i],
  describe: function describe63(ua) {
    var browser = {
      name: "Electron"
    };
    var version = Utils.getFirstMatch(/(?:electron)\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/sogoumobilebrowser/i, /metasr/i, /se 2\.[x]/i],
  describe: function describe64(ua) {
    var browser = {
      name: "Sogou Browser"
    };
    var sogouMobileVersion = Utils.getFirstMatch(/(?:sogoumobilebrowser)[\s/](\d+(\.?_?\d+)+)/i, ua);
    var chromiumVersion = Utils.getFirstMatch(/(?:chrome|crios|crmo)\/(\d+(\.?_?\d+)+)/i, ua);
    var seVersion = Utils.getFirstMatch(/se ([\d.]+)x/i, ua);
    var version = sogouMobileVersion || chromiumVersion || seVersion;
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/MiuiBrowser/i],
  describe: function describe65(ua) {
    var browser = {
      name: "Miui"
    };
    var version = Utils.getFirstMatch(/(?:MiuiBrowser)[\s/](\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: function test2(parser) {
    if (parser.hasBrand("DuckDuckGo")) return true;
    return parser.test(/\sDdg\/[\d.]+$/i);
  },
  describe: function describe66(ua, parser) {
    var browser = {
      name: "DuckDuckGo"
    };
    if (parser) {
      var hintsVersion = parser.getBrandVersion("DuckDuckGo");
      if (hintsVersion) {
        browser.version = hintsVersion;
        return browser;
      }
    }
    var uaVersion = Utils.getFirstMatch(/\sDdg\/([\d.]+)$/i, ua);
    if (uaVersion) browser.version = uaVersion;
    return browser;
  }
}, {
  test: function test3(parser) {
    return parser.hasBrand("Brave");
  },
  describe: function describe67(ua, parser) {
    var browser = {
      name: "Brave"
    };
    if (parser) {
      var hintsVersion = parser.getBrandVersion("Brave");
      if (hintsVersion) {
        browser.version = hintsVersion;
        return browser;
      }
    }
    return browser;
  }
}, {
  test: [/chromium/i],
  describe: function describe68(ua) {
    var browser = {
      name: "Chromium"
    };
    var version = Utils.getFirstMatch(/(?:chromium)[\s/](\d+(\.?_?\d+)+)/i, ua) || Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/ladybird/i],
  describe: function describe69(ua) {
    var browser = {
      name: "Ladybird"
    };
    var version = Utils.getFirstMatch(/ladybird\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/chrome|crios|crmo/i],
  describe: function describe70(ua) {
    var browser = {
      name: "Chrome"
    };
    var version = Utils.getFirstMatch(/(?:chrome|crios|crmo)\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/GSA/i],
  describe: function describe71(ua) {
    var browser = {
      name: "Google Search"
    };
    var version = Utils.getFirstMatch(/(?:GSA)\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: function test4(parser) {
    var notLikeAndroid = !parser.test(/like android/i);
    var butAndroid = parser.test(/android/i);
    return notLikeAndroid && butAndroid;
  },
  describe: function describe72(ua) {
    var browser = {
      name: "Android Browser"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/playstation 4/i],
  describe: function describe73(ua) {
    var browser = {
      name: "PlayStation 4"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/safari|applewebkit/i],
  describe: function describe74(ua) {
    var browser = {
      name: "Safari"
    };
    var version = Utils.getFirstMatch(commonVersionIdentifier, ua);
    if (version) browser.version = version;
    return browser;
  }
}, {
  test: [/.*/i],
  describe: function describe75(ua) {
    var regexp = ua.search("\\(") !== -1 ? /^(.*)\/([^/]*)[ \t]\((.*)/ : /^(.*)\/([^/]*) /;
    return {
      name: Utils.getFirstMatch(regexp, ua),
      version: Utils.getSecondMatch(regexp, ua)
    };
  }
}];
var parser_os_default = [{
  test: [/Roku\/DVP/],
  describe: function describe76(ua) {
    var version = Utils.getFirstMatch(/Roku\/DVP-(\d+\.\d+)/i, ua);
    return {
      name: OS_MAP.Roku,
      version
    };
  }
}, {
  test: [/windows phone/i],
  describe: function describe77(ua) {
    var version = Utils.getFirstMatch(/windows phone (?:os)?\s?(\d+(\.\d+)*)/i, ua);
    return {
      name: OS_MAP.WindowsPhone,
      version
    };
  }
}, {
  test: [/windows /i],
  describe: function describe78(ua) {
    var version = Utils.getFirstMatch(/Windows ((NT|XP)( \d\d?.\d)?)/i, ua);
    var versionName = Utils.getWindowsVersionName(version);
    return {
      name: OS_MAP.Windows,
      version,
      versionName
    };
  }
}, {
  test: function test5(parser) {
    return Utils.isFirefoxOnIpad(parser.getUA());
  },
  describe: function describe79(ua) {
    var result = {
      name: OS_MAP.iOS
    };
    var version = Utils.getSecondMatch(/(Version\/)(\d[\d.]+)/, ua);
    if (version) result.version = version;
    return result;
  }
}, {
  test: [/macintosh/i],
  describe: function describe80(ua) {
    var version = Utils.getFirstMatch(/mac os x (\d+(\.?_?\d+)+)/i, ua).replace(/[_\s]/g, ".");
    var versionName = Utils.getMacOSVersionName(version);
    var os = {
      name: OS_MAP.MacOS,
      version
    };
    if (versionName) os.versionName = versionName;
    return os;
  }
}, {
  test: [/(ipod|iphone|ipad)/i],
  describe: function describe81(ua) {
    var version = Utils.getFirstMatch(/os (\d+([_\s]\d+)*) like mac os x/i, ua).replace(/[_\s]/g, ".");
    return {
      name: OS_MAP.iOS,
      version
    };
  }
}, {
  test: [/OpenHarmony/i],
  describe: function describe82(ua) {
    var version = Utils.getFirstMatch(/OpenHarmony\s+(\d+(\.\d+)*)/i, ua);
    return {
      name: OS_MAP.HarmonyOS,
      version
    };
  }
}, {
  test: function test6(parser) {
    var notLikeAndroid = !parser.test(/like android/i);
    var butAndroid = parser.test(/android/i);
    return notLikeAndroid && butAndroid;
  },
  describe: function describe83(ua) {
    var version = Utils.getFirstMatch(/android[\s/-](\d+(\.\d+)*)/i, ua);
    var versionName = Utils.getAndroidVersionName(version);
    var os = {
      name: OS_MAP.Android,
      version
    };
    if (versionName) os.versionName = versionName;
    return os;
  }
}, {
  test: [/(web|hpw)[o0]s/i],
  describe: function describe84(ua) {
    var version = Utils.getFirstMatch(/(?:web|hpw)[o0]s\/(\d+(\.\d+)*)/i, ua);
    var os = {
      name: OS_MAP.WebOS
    };
    if (version && version.length) os.version = version;
    return os;
  }
}, {
  test: [/blackberry|\bbb\d+/i, /rim\stablet/i],
  describe: function describe85(ua) {
    var version = Utils.getFirstMatch(/rim\stablet\sos\s(\d+(\.\d+)*)/i, ua) || Utils.getFirstMatch(/blackberry\d+\/(\d+([_\s]\d+)*)/i, ua) || Utils.getFirstMatch(/\bbb(\d+)/i, ua);
    return {
      name: OS_MAP.BlackBerry,
      version
    };
  }
}, {
  test: [/bada/i],
  describe: function describe86(ua) {
    var version = Utils.getFirstMatch(/bada\/(\d+(\.\d+)*)/i, ua);
    return {
      name: OS_MAP.Bada,
      version
    };
  }
}, {
  test: [/tizen/i],
  describe: function describe87(ua) {
    var version = Utils.getFirstMatch(/tizen[/\s](\d+(\.\d+)*)/i, ua);
    return {
      name: OS_MAP.Tizen,
      version
    };
  }
}, {
  test: [/linux/i],
  describe: function describe88() {
    return {
      name: OS_MAP.Linux
    };
  }
}, {
  test: [/CrOS/],
  describe: function describe89() {
    return {
      name: OS_MAP.ChromeOS
    };
  }
}, {
  test: [/PlayStation 4/],
  describe: function describe90(ua) {
    var version = Utils.getFirstMatch(/PlayStation 4[/\s](\d+(\.\d+)*)/i, ua);
    return {
      name: OS_MAP.PlayStation4,
      version
    };
  }
}];
var parser_platforms_default = [{
  test: [/googlebot/i],
  describe: function describe91() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Google"
    };
  }
}, {
  test: [/linespider/i],
  describe: function describe92() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Line"
    };
  }
}, {
  test: [/amazonbot/i],
  describe: function describe93() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Amazon"
    };
  }
}, {
  test: [/gptbot/i],
  describe: function describe94() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "OpenAI"
    };
  }
}, {
  test: [/chatgpt-user/i],
  describe: function describe95() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "OpenAI"
    };
  }
}, {
  test: [/oai-searchbot/i],
  describe: function describe96() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "OpenAI"
    };
  }
}, {
  test: [/baiduspider/i],
  describe: function describe97() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Baidu"
    };
  }
}, {
  test: [/bingbot/i],
  describe: function describe98() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Bing"
    };
  }
}, {
  test: [/duckduckbot/i],
  describe: function describe99() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "DuckDuckGo"
    };
  }
}, {
  test: [/claudebot/i, /claude-web/i, /claude-user/i, /claude-searchbot/i],
  describe: function describe100() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Anthropic"
    };
  }
}, {
  test: [/omgilibot/i, /webzio-extended/i],
  describe: function describe101() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Webz.io"
    };
  }
}, {
  test: [/diffbot/i],
  describe: function describe102() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Diffbot"
    };
  }
}, {
  test: [/perplexitybot/i],
  describe: function describe103() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Perplexity AI"
    };
  }
}, {
  test: [/perplexity-user/i],
  describe: function describe104() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Perplexity AI"
    };
  }
}, {
  test: [/youbot/i],
  describe: function describe105() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "You.com"
    };
  }
}, {
  test: [/ia_archiver/i],
  describe: function describe106() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Internet Archive"
    };
  }
}, {
  test: [/meta-webindexer/i],
  describe: function describe107() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Meta"
    };
  }
}, {
  test: [/meta-externalads/i],
  describe: function describe108() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Meta"
    };
  }
}, {
  test: [/meta-externalagent/i],
  describe: function describe109() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Meta"
    };
  }
}, {
  test: [/meta-externalfetcher/i],
  describe: function describe110() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Meta"
    };
  }
}, {
  test: [/facebookexternalhit/i, /facebookcatalog/i],
  describe: function describe111() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Meta"
    };
  }
}, {
  test: [/slackbot/i, /slack-imgProxy/i],
  describe: function describe112() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Slack"
    };
  }
}, {
  test: [/yahoo/i],
  describe: function describe113() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Yahoo"
    };
  }
}, {
  test: [/yandexbot/i, /yandexmobilebot/i],
  describe: function describe114() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Yandex"
    };
  }
}, {
  test: [/pingdom/i],
  describe: function describe115() {
    return {
      type: PLATFORMS_MAP.bot,
      vendor: "Pingdom"
    };
  }
}, {
  test: [/huawei/i],
  describe: function describe116(ua) {
    var model = Utils.getFirstMatch(/(can-l01)/i, ua) && "Nova";
    var platform = {
      type: PLATFORMS_MAP.mobile,
      vendor: "Huawei"
    };
    if (model) platform.model = model;
    return platform;
  }
}, {
  test: [/nexus\s*(?:7|8|9|10).*/i],
  describe: function describe117() {
    return {
      type: PLATFORMS_MAP.tablet,
      vendor: "Nexus"
    };
  }
}, {
  test: [/ipad/i],
  describe: function describe118() {
    return {
      type: PLATFORMS_MAP.tablet,
      vendor: "Apple",
      model: "iPad"
    };
  }
}, {
  test: function test7(parser) {
    return Utils.isFirefoxOnIpad(parser.getUA());
  },
  describe: function describe119() {
    return {
      type: PLATFORMS_MAP.tablet,
      vendor: "Apple",
      model: "iPad"
    };
  }
}, {
  test: [/kftt build/i],
  describe: function describe120() {
    return {
      type: PLATFORMS_MAP.tablet,
      vendor: "Amazon",
      model: "Kindle Fire HD 7"
    };
  }
}, {
  test: [/silk/i],
  describe: function describe121() {
    return {
      type: PLATFORMS_MAP.tablet,
      vendor: "Amazon"
    };
  }
}, {
  test: [/tablet(?! pc)/i],
  describe: function describe122() {
    return {
      type: PLATFORMS_MAP.tablet
    };
  }
}, {
  test: function test8(parser) {
    var iDevice = parser.test(/ipod|iphone/i);
    var likeIDevice = parser.test(/like (ipod|iphone)/i);
    return iDevice && !likeIDevice;
  },
  describe: function describe123(ua) {
    var model = Utils.getFirstMatch(/(ipod|iphone)/i, ua);
    return {
      type: PLATFORMS_MAP.mobile,
      vendor: "Apple",
      model
    };
  }
}, {
  test: [/nexus\s*[0-6].*/i, /galaxy nexus/i],
  describe: function describe124() {
    return {
      type: PLATFORMS_MAP.mobile,
      vendor: "Nexus"
    };
  }
}, {
  test: [/Nokia/i],
  describe: function describe125(ua) {
    var model = Utils.getFirstMatch(/Nokia\s+([0-9]+(\.[0-9]+)?)/i, ua);
    var platform = {
      type: PLATFORMS_MAP.mobile,
      vendor: "Nokia"
    };
    if (model) platform.model = model;
    return platform;
  }
}, {
  test: [/[^-]mobi/i],
  describe: function describe126() {
    return {
      type: PLATFORMS_MAP.mobile
    };
  }
}, {
  test: function test9(parser) {
    return parser.getBrowserName(true) === "blackberry";
  },
  describe: function describe127() {
    return {
      type: PLATFORMS_MAP.mobile,
      vendor: "BlackBerry"
    };
  }
}, {
  test: function test10(parser) {
    return parser.getBrowserName(true) === "bada";
  },
  describe: function describe128() {
    return {
      type: PLATFORMS_MAP.mobile
    };
  }
}, {
  test: function test11(parser) {
    return parser.getBrowserName() === "windows phone";
  },
  describe: function describe129() {
    return {
      type: PLATFORMS_MAP.mobile,
      vendor: "Microsoft"
    };
  }
}, {
  test: function test12(parser) {
    var osMajorVersion = Number(String(parser.getOSVersion()).split(".")[0]);
    return parser.getOSName(true) === "android" && osMajorVersion >= 3;
  },
  describe: function describe130() {
    return {
      type: PLATFORMS_MAP.tablet
    };
  }
}, {
  test: function test13(parser) {
    return parser.getOSName(true) === "android";
  },
  describe: function describe131() {
    return {
      type: PLATFORMS_MAP.mobile
    };
  }
}, {
  test: [/smart-?tv|smarttv/i],
  describe: function describe132() {
    return {
      type: PLATFORMS_MAP.tv
    };
  }
}, {
  test: [/netcast/i],
  describe: function describe133() {
    return {
      type: PLATFORMS_MAP.tv
    };
  }
}, {
  test: function test14(parser) {
    return parser.getOSName(true) === "macos";
  },
  describe: function describe134() {
    return {
      type: PLATFORMS_MAP.desktop,
      vendor: "Apple"
    };
  }
}, {
  test: function test15(parser) {
    return parser.getOSName(true) === "windows";
  },
  describe: function describe135() {
    return {
      type: PLATFORMS_MAP.desktop
    };
  }
}, {
  test: function test16(parser) {
    return parser.getOSName(true) === "linux";
  },
  describe: function describe136() {
    return {
      type: PLATFORMS_MAP.desktop
    };
  }
}, {
  test: function test17(parser) {
    return parser.getOSName(true) === "playstation 4";
  },
  describe: function describe137() {
    return {
      type: PLATFORMS_MAP.tv
    };
  }
}, {
  test: function test18(parser) {
    return parser.getOSName(true) === "roku";
  },
  describe: function describe138() {
    return {
      type: PLATFORMS_MAP.tv
    };
  }
}];
var parser_engines_default = [{
  test: function test19(parser) {
    return parser.getBrowserName(true) === "microsoft edge";
  },
  describe: function describe139(ua) {
    if (/\sedg\//i.test(ua)) return {
      name: ENGINE_MAP.Blink
    };
    var version = Utils.getFirstMatch(/edge\/(\d+(\.?_?\d+)+)/i, ua);
    return {
      name: ENGINE_MAP.EdgeHTML,
      version
    };
  }
}, {
  test: function test20(parser) {
    return parser.getBrowserName(true) === "ladybird";
  },
  describe: function describe140() {
    return {
      name: ENGINE_MAP.LibWeb
    };
  }
}, {
  test: [/trident/i],
  describe: function describe141(ua) {
    var engine = {
      name: ENGINE_MAP.Trident
    };
    var version = Utils.getFirstMatch(/trident\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) engine.version = version;
    return engine;
  }
}, {
  test: function test21(parser) {
    return parser.test(/presto/i);
  },
  describe: function describe142(ua) {
    var engine = {
      name: ENGINE_MAP.Presto
    };
    var version = Utils.getFirstMatch(/presto\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) engine.version = version;
    return engine;
  }
}, {
  test: function test22(parser) {
    var isGecko = parser.test(/gecko/i);
    var likeGecko = parser.test(/like gecko/i);
    return isGecko && !likeGecko;
  },
  describe: function describe143(ua) {
    var engine = {
      name: ENGINE_MAP.Gecko
    };
    var version = Utils.getFirstMatch(/gecko\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) engine.version = version;
    return engine;
  }
}, {
  test: [/(apple)?webkit\/537\.36/i],
  describe: function describe144() {
    return {
      name: ENGINE_MAP.Blink
    };
  }
}, {
  test: [/(apple)?webkit/i],
  describe: function describe145(ua) {
    var engine = {
      name: ENGINE_MAP.WebKit
    };
    var version = Utils.getFirstMatch(/webkit\/(\d+(\.?_?\d+)+)/i, ua);
    if (version) engine.version = version;
    return engine;
  }
}];
var Parser = /* @__PURE__ */ (function() {
  function Parser2(UA, skipParsingOrHints, clientHints) {
    if (skipParsingOrHints === void 0) skipParsingOrHints = false;
    if (clientHints === void 0) clientHints = null;
    if (UA === void 0 || UA === null || UA === "") throw new Error("UserAgent parameter can't be empty");
    this._ua = UA;
    var skipParsing = false;
    if (typeof skipParsingOrHints === "boolean") {
      skipParsing = skipParsingOrHints;
      this._hints = clientHints;
    } else if (skipParsingOrHints != null && typeof skipParsingOrHints === "object") this._hints = skipParsingOrHints;
    else this._hints = null;
    this.parsedResult = {};
    if (skipParsing !== true) this.parse();
  }
  var _proto = Parser2.prototype;
  _proto.getHints = function getHints() {
    return this._hints;
  };
  _proto.hasBrand = function hasBrand(brandName) {
    if (!this._hints || !Array.isArray(this._hints.brands)) return false;
    var brandLower = brandName.toLowerCase();
    return this._hints.brands.some(function(b) {
      return b.brand && b.brand.toLowerCase() === brandLower;
    });
  };
  _proto.getBrandVersion = function getBrandVersion(brandName) {
    if (!this._hints || !Array.isArray(this._hints.brands)) return;
    var brandLower = brandName.toLowerCase();
    var brand = Utils.find(this._hints.brands, function(b) {
      return b.brand && b.brand.toLowerCase() === brandLower;
    });
    return brand ? brand.version : void 0;
  };
  _proto.getUA = function getUA() {
    return this._ua;
  };
  _proto.test = function test23(regex) {
    return regex.test(this._ua);
  };
  _proto.parseBrowser = function parseBrowser() {
    var _this = this;
    this.parsedResult.browser = {};
    var browserDescriptor = Utils.find(browsersList, function(_browser) {
      if (typeof _browser.test === "function") return _browser.test(_this);
      if (Array.isArray(_browser.test)) return _browser.test.some(function(condition) {
        return _this.test(condition);
      });
      throw new Error("Browser's test function is not valid");
    });
    if (browserDescriptor) this.parsedResult.browser = browserDescriptor.describe(this.getUA(), this);
    return this.parsedResult.browser;
  };
  _proto.getBrowser = function getBrowser() {
    if (this.parsedResult.browser) return this.parsedResult.browser;
    return this.parseBrowser();
  };
  _proto.getBrowserName = function getBrowserName(toLowerCase) {
    if (toLowerCase) return String(this.getBrowser().name).toLowerCase() || "";
    return this.getBrowser().name || "";
  };
  _proto.getBrowserVersion = function getBrowserVersion() {
    return this.getBrowser().version;
  };
  _proto.getOS = function getOS() {
    if (this.parsedResult.os) return this.parsedResult.os;
    return this.parseOS();
  };
  _proto.parseOS = function parseOS() {
    var _this2 = this;
    this.parsedResult.os = {};
    var os = Utils.find(parser_os_default, function(_os) {
      if (typeof _os.test === "function") return _os.test(_this2);
      if (Array.isArray(_os.test)) return _os.test.some(function(condition) {
        return _this2.test(condition);
      });
      throw new Error("Browser's test function is not valid");
    });
    if (os) this.parsedResult.os = os.describe(this.getUA());
    return this.parsedResult.os;
  };
  _proto.getOSName = function getOSName(toLowerCase) {
    var name = this.getOS().name;
    if (toLowerCase) return String(name).toLowerCase() || "";
    return name || "";
  };
  _proto.getOSVersion = function getOSVersion() {
    return this.getOS().version;
  };
  _proto.getPlatform = function getPlatform() {
    if (this.parsedResult.platform) return this.parsedResult.platform;
    return this.parsePlatform();
  };
  _proto.getPlatformType = function getPlatformType(toLowerCase) {
    if (toLowerCase === void 0) toLowerCase = false;
    var type = this.getPlatform().type;
    if (toLowerCase) return String(type).toLowerCase() || "";
    return type || "";
  };
  _proto.parsePlatform = function parsePlatform() {
    var _this3 = this;
    this.parsedResult.platform = {};
    var platform = Utils.find(parser_platforms_default, function(_platform) {
      if (typeof _platform.test === "function") return _platform.test(_this3);
      if (Array.isArray(_platform.test)) return _platform.test.some(function(condition) {
        return _this3.test(condition);
      });
      throw new Error("Browser's test function is not valid");
    });
    if (platform) this.parsedResult.platform = platform.describe(this.getUA());
    return this.parsedResult.platform;
  };
  _proto.getEngine = function getEngine() {
    if (this.parsedResult.engine) return this.parsedResult.engine;
    return this.parseEngine();
  };
  _proto.getEngineName = function getEngineName(toLowerCase) {
    if (toLowerCase) return String(this.getEngine().name).toLowerCase() || "";
    return this.getEngine().name || "";
  };
  _proto.parseEngine = function parseEngine() {
    var _this4 = this;
    this.parsedResult.engine = {};
    var engine = Utils.find(parser_engines_default, function(_engine) {
      if (typeof _engine.test === "function") return _engine.test(_this4);
      if (Array.isArray(_engine.test)) return _engine.test.some(function(condition) {
        return _this4.test(condition);
      });
      throw new Error("Browser's test function is not valid");
    });
    if (engine) this.parsedResult.engine = engine.describe(this.getUA());
    return this.parsedResult.engine;
  };
  _proto.parse = function parse2() {
    this.parseBrowser();
    this.parseOS();
    this.parsePlatform();
    this.parseEngine();
    return this;
  };
  _proto.getResult = function getResult() {
    return Utils.assign({}, this.parsedResult);
  };
  _proto.satisfies = function satisfies(checkTree) {
    var _this5 = this;
    var platformsAndOSes = {};
    var platformsAndOSCounter = 0;
    var browsers = {};
    var browsersCounter = 0;
    Object.keys(checkTree).forEach(function(key) {
      var currentDefinition = checkTree[key];
      if (typeof currentDefinition === "string" || Array.isArray(currentDefinition)) {
        browsers[key] = currentDefinition;
        browsersCounter += 1;
      } else if (typeof currentDefinition === "object") {
        platformsAndOSes[key] = currentDefinition;
        platformsAndOSCounter += 1;
      }
    });
    if (platformsAndOSCounter > 0) {
      var platformsAndOSNames = Object.keys(platformsAndOSes);
      var OSMatchingDefinition = Utils.find(platformsAndOSNames, function(name) {
        return _this5.isOS(name);
      });
      if (OSMatchingDefinition) {
        var osResult = this.satisfies(platformsAndOSes[OSMatchingDefinition]);
        if (osResult !== void 0) return osResult;
      }
      var platformMatchingDefinition = Utils.find(platformsAndOSNames, function(name) {
        return _this5.isPlatform(name);
      });
      if (platformMatchingDefinition) {
        var platformResult = this.satisfies(platformsAndOSes[platformMatchingDefinition]);
        if (platformResult !== void 0) return platformResult;
      }
    }
    if (browsersCounter > 0) {
      var browserNames = Object.keys(browsers);
      var matchingDefinition = Utils.find(browserNames, function(name) {
        return _this5.isBrowser(name, true);
      });
      if (matchingDefinition !== void 0) return this.compareVersions(browsers[matchingDefinition]);
    }
  };
  _proto.isBrowser = function isBrowser(browserName, includingAlias) {
    if (includingAlias === void 0) includingAlias = false;
    var defaultBrowserName = this.getBrowserName().toLowerCase();
    var browserNameLower = browserName.toLowerCase();
    var alias = Utils.getBrowserTypeByAlias(browserNameLower);
    if (includingAlias && alias) browserNameLower = alias.toLowerCase();
    return browserNameLower === defaultBrowserName;
  };
  _proto.compareVersions = function compareVersions(versionsOrVersion) {
    var _this6 = this;
    if (typeof versionsOrVersion === "string") return this.compareVersion(versionsOrVersion);
    return versionsOrVersion.some(function(version) {
      return _this6.compareVersion(version);
    });
  };
  _proto.compareVersion = function compareVersion(version) {
    var expectedResults = [0];
    var comparableVersion = version;
    var isLoose = false;
    var currentBrowserVersion = this.getBrowserVersion();
    if (typeof currentBrowserVersion !== "string") return;
    if (version[0] === ">" || version[0] === "<") {
      comparableVersion = version.substr(1);
      if (version[1] === "=") {
        isLoose = true;
        comparableVersion = version.substr(2);
      } else expectedResults = [];
      if (version[0] === ">") expectedResults.push(1);
      else expectedResults.push(-1);
    } else if (version[0] === "=") comparableVersion = version.substr(1);
    else if (version[0] === "~") {
      isLoose = true;
      comparableVersion = version.substr(1);
    }
    return expectedResults.indexOf(Utils.compareVersions(currentBrowserVersion, comparableVersion, isLoose)) > -1;
  };
  _proto.isOS = function isOS(osName) {
    return this.getOSName(true) === String(osName).toLowerCase();
  };
  _proto.isPlatform = function isPlatform(platformType) {
    return this.getPlatformType(true) === String(platformType).toLowerCase();
  };
  _proto.isEngine = function isEngine(engineName) {
    return this.getEngineName(true) === String(engineName).toLowerCase();
  };
  _proto.is = function is(anything, includingAlias) {
    if (includingAlias === void 0) includingAlias = false;
    return this.isBrowser(anything, includingAlias) || this.isOS(anything) || this.isPlatform(anything);
  };
  _proto.some = function some(anythings) {
    var _this7 = this;
    if (anythings === void 0) anythings = [];
    return anythings.some(function(anything) {
      return _this7.is(anything);
    });
  };
  return Parser2;
})();
function _defineProperties(e, r) {
  for (var t = 0; t < r.length; t++) {
    var o = r[t];
    o.enumerable = o.enumerable || false, o.configurable = true, "value" in o && (o.writable = true), Object.defineProperty(e, _toPropertyKey(o.key), o);
  }
}
function _createClass(e, r, t) {
  return r && _defineProperties(e.prototype, r), t && _defineProperties(e, t), Object.defineProperty(e, "prototype", {
    writable: false
  }), e;
}
function _toPropertyKey(t) {
  var i = _toPrimitive(t, "string");
  return "symbol" == typeof i ? i : i + "";
}
function _toPrimitive(t, r) {
  if ("object" != typeof t || !t) return t;
  var e = t[Symbol.toPrimitive];
  if (void 0 !== e) {
    var i = e.call(t, r || "default");
    if ("object" != typeof i) return i;
    throw new TypeError("@@toPrimitive must return a primitive value.");
  }
  return ("string" === r ? String : Number)(t);
}
var Bowser = /* @__PURE__ */ (function() {
  function Bowser2() {
  }
  Bowser2.getParser = function getParser2(UA, skipParsingOrHints, clientHints) {
    if (skipParsingOrHints === void 0) skipParsingOrHints = false;
    if (clientHints === void 0) clientHints = null;
    if (typeof UA !== "string") throw new Error("UserAgent should be a string");
    return new Parser(UA, skipParsingOrHints, clientHints);
  };
  Bowser2.parse = function parse2(UA, clientHints) {
    if (clientHints === void 0) clientHints = null;
    return new Parser(UA, clientHints).getResult();
  };
  return _createClass(Bowser2, null, [{
    key: "BROWSER_MAP",
    get: function get() {
      return BROWSER_MAP;
    }
  }, {
    key: "ENGINE_MAP",
    get: function get() {
      return ENGINE_MAP;
    }
  }, {
    key: "OS_MAP",
    get: function get() {
      return OS_MAP;
    }
  }, {
    key: "PLATFORMS_MAP",
    get: function get() {
      return PLATFORMS_MAP;
    }
  }]);
})();
var parse = Bowser.parse;
var getParser = Bowser.getParser;

// apps/server/src/modules/auth/account-sessions.service.ts
var DEVICE_TYPES = /* @__PURE__ */ new Set(["desktop", "mobile", "tablet", "tv", "bot"]);
function describeDevice(userAgent) {
  if (!userAgent) return { browser: null, os: null, type: "unknown" };
  const parsed = Bowser.parse(userAgent);
  const join = (name, version) => name ? [name, version?.split(".")[0]].filter(Boolean).join(" ") : null;
  const type = parsed.platform.type ?? "";
  return {
    browser: join(parsed.browser.name, parsed.browser.version),
    os: join(parsed.os.name, parsed.os.versionName ?? parsed.os.version),
    type: DEVICE_TYPES.has(type) ? type : "unknown"
  };
}
async function listSessions(db, userId, currentSessionId, now) {
  const rows = await listActiveSessions(db, userId, now, 100);
  return rows.map((row) => ({
    id: row.id,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at.toISOString(),
    ip: row.ip,
    device: describeDevice(row.user_agent),
    current: row.id === currentSessionId
  }));
}
async function revokeOwnSession(db, userId, sessionId, meta) {
  await db.transaction().execute(async (trx) => {
    if (!await revokeUserSession(trx, userId, sessionId, /* @__PURE__ */ new Date())) {
      throw notFound("session_not_found", "This session does not exist or has already ended");
    }
    await insertAccountEvent(trx, {
      user_id: userId,
      event: "session_revoked",
      ip: meta.ip ?? null,
      user_agent: meta.userAgent ?? null,
      detail: { session_id: sessionId }
    });
  });
}
async function revokeOtherSessions(db, userId, keepSessionId, meta) {
  return db.transaction().execute(async (trx) => {
    const [result] = await revokeUserSessions(
      trx,
      userId,
      /* @__PURE__ */ new Date(),
      keepSessionId ?? void 0
    );
    const revoked = Number(result?.numUpdatedRows ?? 0);
    await insertAccountEvent(trx, {
      user_id: userId,
      event: "sessions_revoked",
      ip: meta.ip ?? null,
      user_agent: meta.userAgent ?? null,
      detail: { revoked, ...meta.by ? { by: meta.by.email } : {} }
    });
    return revoked;
  });
}
var SHOWN = new Set(SECURITY_EVENT_TYPES);
async function recentEvents(db, userId) {
  const rows = await listRecentEvents(db, userId, SECURITY_EVENT_TYPES, 30);
  return rows.filter((row) => SHOWN.has(row.event)).map((row) => {
    const detail = row.detail ?? {};
    const event = row.event === "login_succeeded" && detail.method === "passkey" ? "login_passkey" : row.event;
    return {
      id: Number(row.id),
      event,
      created_at: row.created_at.toISOString(),
      ip: row.ip,
      device: row.user_agent ? describeDevice(row.user_agent) : null,
      email_changed: Array.isArray(detail.changed) && detail.changed.includes("email")
    };
  });
}

// apps/server/src/modules/auth/new-device.ts
async function tellIfNewDevice(db, messages, userId, meta, now) {
  if (!messages || !meta.userAgent) return;
  if (await hasSeenUserAgent(db, userId, meta.userAgent)) return;
  const device = describeDevice(meta.userAgent);
  await messages.notify(db, {
    userId,
    event: "new_sign_in",
    key: `new_sign_in:${now.toISOString()}`,
    facts: {
      signed_in_at: now.toISOString(),
      browser: device.browser,
      os: device.os,
      ip: meta.ip ?? null
    }
  });
}

// apps/server/src/modules/auth/two-factor.service.ts
import { createHash as createHash3, randomBytes as randomBytes6 } from "node:crypto";

// node_modules/otpauth/dist/otpauth.node.mjs
import * as crypto from "node:crypto";
var uintDecode = (num) => {
  const buf = new ArrayBuffer(8);
  const arr = new Uint8Array(buf);
  let acc = num;
  for (let i = 7; i >= 0; i--) {
    if (acc === 0) break;
    arr[i] = acc & 255;
    acc -= arr[i];
    acc /= 256;
  }
  return arr;
};
var globalScope = (() => {
  if (typeof globalThis === "object") return globalThis;
  else {
    Object.defineProperty(Object.prototype, "__GLOBALTHIS__", {
      get() {
        return this;
      },
      configurable: true
    });
    try {
      if (typeof __GLOBALTHIS__ !== "undefined") return __GLOBALTHIS__;
    } finally {
      delete Object.prototype.__GLOBALTHIS__;
    }
  }
  if (typeof self !== "undefined") return self;
  else if (typeof window !== "undefined") return window;
  else if (typeof global !== "undefined") return global;
  return void 0;
})();
var canonicalizeAlgorithm = (algorithm) => {
  switch (true) {
    case /^(?:SHA-?1|SSL3-SHA1)$/i.test(algorithm):
      return "SHA1";
    case /^SHA(?:2?-)?224$/i.test(algorithm):
      return "SHA224";
    case /^SHA(?:2?-)?256$/i.test(algorithm):
      return "SHA256";
    case /^SHA(?:2?-)?384$/i.test(algorithm):
      return "SHA384";
    case /^SHA(?:2?-)?512$/i.test(algorithm):
      return "SHA512";
    case /^SHA3-224$/i.test(algorithm):
      return "SHA3-224";
    case /^SHA3-256$/i.test(algorithm):
      return "SHA3-256";
    case /^SHA3-384$/i.test(algorithm):
      return "SHA3-384";
    case /^SHA3-512$/i.test(algorithm):
      return "SHA3-512";
    default:
      throw new TypeError(`Unknown hash algorithm: ${algorithm}`);
  }
};
var hmacDigest = (algorithm, key, message) => {
  if (crypto?.createHmac) {
    const hmac = crypto.createHmac(algorithm, globalScope.Buffer.from(key));
    hmac.update(globalScope.Buffer.from(message));
    return hmac.digest();
  } else {
    throw new Error("Missing HMAC function");
  }
};
var ALPHABET$1 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
var base32Decode = (str) => {
  str = str.replace(/ /g, "").toUpperCase();
  let end = str.length;
  while (str[end - 1] === "=") --end;
  if (end < str.length) str = str.substring(0, end);
  const buf = new ArrayBuffer(str.length * 5 / 8 | 0);
  const arr = new Uint8Array(buf);
  let bits = 0;
  let value = 0;
  let index = 0;
  for (let i = 0; i < str.length; i++) {
    const idx = ALPHABET$1.indexOf(str[i]);
    if (idx === -1) throw new TypeError(`Invalid character found: ${str[i]}`);
    value = value << 5 | idx;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      arr[index++] = value >>> bits;
    }
  }
  return arr;
};
var base32Encode = (arr) => {
  let bits = 0;
  let value = 0;
  let str = "";
  for (let i = 0; i < arr.length; i++) {
    value = value << 8 | arr[i];
    bits += 8;
    while (bits >= 5) {
      str += ALPHABET$1[value >>> bits - 5 & 31];
      bits -= 5;
    }
  }
  if (bits > 0) {
    str += ALPHABET$1[value << 5 - bits & 31];
  }
  return str;
};
var ALPHABET = "0123456789ABCDEF";
var hexDecode = (str) => {
  str = str.replace(/ /g, "").toUpperCase();
  const buf = new ArrayBuffer(str.length / 2);
  const arr = new Uint8Array(buf);
  for (let i = 0; i < str.length; i += 2) {
    const hi = ALPHABET.indexOf(str[i]);
    const lo = ALPHABET.indexOf(str[i + 1]);
    if (hi === -1 || lo === -1) throw new TypeError(`Invalid character found: ${str.substring(i, i + 2)}`);
    arr[i / 2] = hi << 4 | lo;
  }
  return arr;
};
var hexEncode = (arr) => {
  let str = "";
  for (let i = 0; i < arr.length; i++) {
    const hex = arr[i].toString(16);
    if (hex.length === 1) str += "0";
    str += hex;
  }
  return str.toUpperCase();
};
var latin1Decode = (str) => {
  const buf = new ArrayBuffer(str.length);
  const arr = new Uint8Array(buf);
  for (let i = 0; i < str.length; i++) {
    arr[i] = str.charCodeAt(i) & 255;
  }
  return arr;
};
var latin1Encode = (arr) => {
  let str = "";
  for (let i = 0; i < arr.length; i++) {
    str += String.fromCharCode(arr[i]);
  }
  return str;
};
var ENCODER = globalScope.TextEncoder ? new globalScope.TextEncoder() : null;
var DECODER = globalScope.TextDecoder ? new globalScope.TextDecoder() : null;
var utf8Decode = (str) => {
  if (!ENCODER) {
    throw new Error("Encoding API not available");
  }
  return ENCODER.encode(str);
};
var utf8Encode = (arr) => {
  if (!DECODER) {
    throw new Error("Encoding API not available");
  }
  return DECODER.decode(arr);
};
var randomBytes5 = (size) => {
  if (crypto?.randomBytes) {
    return crypto.randomBytes(size);
  } else if (globalScope.crypto?.getRandomValues) {
    return globalScope.crypto.getRandomValues(new Uint8Array(size));
  } else {
    throw new Error("Cryptography API not available");
  }
};
var Secret = class _Secret {
  /**
  * Converts a Latin-1 string to a Secret object.
  * @param {string} str Latin-1 string.
  * @returns {Secret} Secret object.
  */
  static fromLatin1(str) {
    return new _Secret({
      buffer: latin1Decode(str).buffer
    });
  }
  /**
  * Converts an UTF-8 string to a Secret object.
  * @param {string} str UTF-8 string.
  * @returns {Secret} Secret object.
  */
  static fromUTF8(str) {
    return new _Secret({
      buffer: utf8Decode(str).buffer
    });
  }
  /**
  * Converts a base32 string to a Secret object.
  * @param {string} str Base32 string.
  * @returns {Secret} Secret object.
  */
  static fromBase32(str) {
    return new _Secret({
      buffer: base32Decode(str).buffer
    });
  }
  /**
  * Converts a hexadecimal string to a Secret object.
  * @param {string} str Hexadecimal string.
  * @returns {Secret} Secret object.
  */
  static fromHex(str) {
    return new _Secret({
      buffer: hexDecode(str).buffer
    });
  }
  /**
  * Secret key buffer.
  * @deprecated For backward compatibility, the "bytes" property should be used instead.
  * @type {ArrayBufferLike}
  */
  get buffer() {
    return this.bytes.buffer;
  }
  /**
  * Latin-1 string representation of secret key.
  * @type {string}
  */
  get latin1() {
    Object.defineProperty(this, "latin1", {
      enumerable: true,
      writable: false,
      configurable: false,
      value: latin1Encode(this.bytes)
    });
    return this.latin1;
  }
  /**
  * UTF-8 string representation of secret key.
  * @type {string}
  */
  get utf8() {
    Object.defineProperty(this, "utf8", {
      enumerable: true,
      writable: false,
      configurable: false,
      value: utf8Encode(this.bytes)
    });
    return this.utf8;
  }
  /**
  * Base32 string representation of secret key.
  * @type {string}
  */
  get base32() {
    Object.defineProperty(this, "base32", {
      enumerable: true,
      writable: false,
      configurable: false,
      value: base32Encode(this.bytes)
    });
    return this.base32;
  }
  /**
  * Hexadecimal string representation of secret key.
  * @type {string}
  */
  get hex() {
    Object.defineProperty(this, "hex", {
      enumerable: true,
      writable: false,
      configurable: false,
      value: hexEncode(this.bytes)
    });
    return this.hex;
  }
  /**
  * Creates a secret key object.
  * @param {Object} [config] Configuration options.
  * @param {ArrayBufferLike} [config.buffer] Secret key buffer.
  * @param {number} [config.size=20] Number of random bytes to generate, ignored if 'buffer' is provided.
  */
  constructor({ buffer, size = 20 } = {}) {
    this.bytes = typeof buffer === "undefined" ? randomBytes5(size) : new Uint8Array(buffer);
    Object.defineProperty(this, "bytes", {
      enumerable: true,
      writable: false,
      configurable: false,
      value: this.bytes
    });
  }
};
var timingSafeEqual2 = (a, b) => {
  if (crypto?.timingSafeEqual) {
    return crypto.timingSafeEqual(globalScope.Buffer.from(a), globalScope.Buffer.from(b));
  } else {
    if (a.length !== b.length) {
      throw new TypeError("Input strings must have the same length");
    }
    let i = -1;
    let out = 0;
    while (++i < a.length) {
      out |= a.charCodeAt(i) ^ b.charCodeAt(i);
    }
    return out === 0;
  }
};
var HOTP = class _HOTP {
  /**
  * Default configuration.
  * @type {{
  *   issuer: string,
  *   label: string,
  *   issuerInLabel: boolean,
  *   algorithm: string,
  *   digits: number,
  *   counter: number
  *   window: number
  * }}
  */
  static get defaults() {
    return {
      issuer: "",
      label: "OTPAuth",
      issuerInLabel: true,
      algorithm: "SHA1",
      digits: 6,
      counter: 0,
      window: 1
    };
  }
  /**
  * Generates an HOTP token.
  * @param {Object} config Configuration options.
  * @param {Secret} config.secret Secret key.
  * @param {string} [config.algorithm='SHA1'] HMAC hashing algorithm.
  * @param {number} [config.digits=6] Token length.
  * @param {number} [config.counter=0] Counter value.
  * @param {(algorithm: string, key: Uint8Array, message: Uint8Array) => Uint8Array} [config.hmac] Custom HMAC function.
  * @returns {string} Token.
  */
  static generate({ secret, algorithm = _HOTP.defaults.algorithm, digits = _HOTP.defaults.digits, counter = _HOTP.defaults.counter, hmac = hmacDigest }) {
    const message = uintDecode(counter);
    const digest = hmac(algorithm, secret.bytes, message);
    if (!digest?.byteLength || digest.byteLength < 19) {
      throw new TypeError("Return value must be at least 19 bytes");
    }
    const offset = digest[digest.byteLength - 1] & 15;
    const otp = ((digest[offset] & 127) << 24 | (digest[offset + 1] & 255) << 16 | (digest[offset + 2] & 255) << 8 | digest[offset + 3] & 255) % 10 ** digits;
    return otp.toString().padStart(digits, "0");
  }
  /**
  * Generates an HOTP token.
  * @param {Object} [config] Configuration options.
  * @param {number} [config.counter=this.counter++] Counter value.
  * @returns {string} Token.
  */
  generate({ counter = this.counter++ } = {}) {
    return _HOTP.generate({
      secret: this.secret,
      algorithm: this.algorithm,
      digits: this.digits,
      counter,
      hmac: this.hmac
    });
  }
  /**
  * Validates an HOTP token.
  * @param {Object} config Configuration options.
  * @param {string} config.token Token value.
  * @param {Secret} config.secret Secret key.
  * @param {string} [config.algorithm='SHA1'] HMAC hashing algorithm.
  * @param {number} [config.digits=6] Token length.
  * @param {number} [config.counter=0] Counter value.
  * @param {number} [config.window=1] Window of counter values to test.
  * @param {(algorithm: string, key: Uint8Array, message: Uint8Array) => Uint8Array} [config.hmac] Custom HMAC function.
  * @returns {number|null} Token delta or null if it is not found in the search window, in which case it should be considered invalid.
  */
  static validate({ token, secret, algorithm, digits = _HOTP.defaults.digits, counter = _HOTP.defaults.counter, window: window2 = _HOTP.defaults.window, hmac = hmacDigest }) {
    if (token.length !== digits) return null;
    let delta = null;
    const check = (i) => {
      const generatedToken = _HOTP.generate({
        secret,
        algorithm,
        digits,
        counter: i,
        hmac
      });
      if (timingSafeEqual2(token, generatedToken)) {
        delta = i - counter;
      }
    };
    check(counter);
    for (let i = 1; i <= window2 && delta === null; ++i) {
      check(counter - i);
      if (delta !== null) break;
      check(counter + i);
      if (delta !== null) break;
    }
    return delta;
  }
  /**
  * Validates an HOTP token.
  * @param {Object} config Configuration options.
  * @param {string} config.token Token value.
  * @param {number} [config.counter=this.counter] Counter value.
  * @param {number} [config.window=1] Window of counter values to test.
  * @returns {number|null} Token delta or null if it is not found in the search window, in which case it should be considered invalid.
  */
  validate({ token, counter = this.counter, window: window2 }) {
    return _HOTP.validate({
      token,
      secret: this.secret,
      algorithm: this.algorithm,
      digits: this.digits,
      counter,
      window: window2,
      hmac: this.hmac
    });
  }
  /**
  * Returns a Google Authenticator key URI.
  * @returns {string} URI.
  */
  toString() {
    const e = encodeURIComponent;
    return `otpauth://hotp/${this.issuer.length > 0 ? this.issuerInLabel ? `${e(this.issuer)}:${e(this.label)}?issuer=${e(this.issuer)}&` : `${e(this.label)}?issuer=${e(this.issuer)}&` : `${e(this.label)}?`}secret=${e(this.secret.base32)}&algorithm=${e(this.algorithm)}&digits=${e(this.digits)}&counter=${e(this.counter)}`;
  }
  /**
  * Creates an HOTP object.
  * @param {Object} [config] Configuration options.
  * @param {string} [config.issuer=''] Account provider.
  * @param {string} [config.label='OTPAuth'] Account label.
  * @param {boolean} [config.issuerInLabel=true] Include issuer prefix in label.
  * @param {Secret|string} [config.secret=Secret] Secret key.
  * @param {string} [config.algorithm='SHA1'] HMAC hashing algorithm.
  * @param {number} [config.digits=6] Token length.
  * @param {number} [config.counter=0] Initial counter value.
  * @param {(algorithm: string, key: Uint8Array, message: Uint8Array) => Uint8Array} [config.hmac] Custom HMAC function.
  */
  constructor({ issuer = _HOTP.defaults.issuer, label = _HOTP.defaults.label, issuerInLabel = _HOTP.defaults.issuerInLabel, secret = new Secret(), algorithm = _HOTP.defaults.algorithm, digits = _HOTP.defaults.digits, counter = _HOTP.defaults.counter, hmac } = {}) {
    this.issuer = issuer;
    this.label = label;
    this.issuerInLabel = issuerInLabel;
    this.secret = typeof secret === "string" ? Secret.fromBase32(secret) : secret;
    this.algorithm = hmac ? algorithm : canonicalizeAlgorithm(algorithm);
    this.digits = digits;
    this.counter = counter;
    this.hmac = hmac;
  }
};
var TOTP = class _TOTP {
  /**
  * Default configuration.
  * @type {{
  *   issuer: string,
  *   label: string,
  *   issuerInLabel: boolean,
  *   algorithm: string,
  *   digits: number,
  *   period: number
  *   window: number
  * }}
  */
  static get defaults() {
    return {
      issuer: "",
      label: "OTPAuth",
      issuerInLabel: true,
      algorithm: "SHA1",
      digits: 6,
      period: 30,
      window: 1
    };
  }
  /**
  * Calculates the counter. i.e. the number of periods since timestamp 0.
  * @param {Object} [config] Configuration options.
  * @param {number} [config.period=30] Token time-step duration.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @returns {number} Counter.
  */
  static counter({ period = _TOTP.defaults.period, timestamp = Date.now() } = {}) {
    return Math.floor(timestamp / 1e3 / period);
  }
  /**
  * Calculates the counter. i.e. the number of periods since timestamp 0.
  * @param {Object} [config] Configuration options.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @returns {number} Counter.
  */
  counter({ timestamp = Date.now() } = {}) {
    return _TOTP.counter({
      period: this.period,
      timestamp
    });
  }
  /**
  * Calculates the remaining time in milliseconds until the next token is generated.
  * @param {Object} [config] Configuration options.
  * @param {number} [config.period=30] Token time-step duration.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @returns {number} counter.
  */
  static remaining({ period = _TOTP.defaults.period, timestamp = Date.now() } = {}) {
    return period * 1e3 - timestamp % (period * 1e3);
  }
  /**
  * Calculates the remaining time in milliseconds until the next token is generated.
  * @param {Object} [config] Configuration options.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @returns {number} counter.
  */
  remaining({ timestamp = Date.now() } = {}) {
    return _TOTP.remaining({
      period: this.period,
      timestamp
    });
  }
  /**
  * Generates a TOTP token.
  * @param {Object} config Configuration options.
  * @param {Secret} config.secret Secret key.
  * @param {string} [config.algorithm='SHA1'] HMAC hashing algorithm.
  * @param {number} [config.digits=6] Token length.
  * @param {number} [config.period=30] Token time-step duration.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @param {(algorithm: string, key: Uint8Array, message: Uint8Array) => Uint8Array} [config.hmac] Custom HMAC function.
  * @returns {string} Token.
  */
  static generate({ secret, algorithm, digits, period = _TOTP.defaults.period, timestamp = Date.now(), hmac }) {
    return HOTP.generate({
      secret,
      algorithm,
      digits,
      counter: _TOTP.counter({
        period,
        timestamp
      }),
      hmac
    });
  }
  /**
  * Generates a TOTP token.
  * @param {Object} [config] Configuration options.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @returns {string} Token.
  */
  generate({ timestamp = Date.now() } = {}) {
    return _TOTP.generate({
      secret: this.secret,
      algorithm: this.algorithm,
      digits: this.digits,
      period: this.period,
      timestamp,
      hmac: this.hmac
    });
  }
  /**
  * Validates a TOTP token.
  * @param {Object} config Configuration options.
  * @param {string} config.token Token value.
  * @param {Secret} config.secret Secret key.
  * @param {string} [config.algorithm='SHA1'] HMAC hashing algorithm.
  * @param {number} [config.digits=6] Token length.
  * @param {number} [config.period=30] Token time-step duration.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @param {number} [config.window=1] Window of counter values to test.
  * @param {(algorithm: string, key: Uint8Array, message: Uint8Array) => Uint8Array} [config.hmac] Custom HMAC function.
  * @returns {number|null} Token delta or null if it is not found in the search window, in which case it should be considered invalid.
  */
  static validate({ token, secret, algorithm, digits, period = _TOTP.defaults.period, timestamp = Date.now(), window: window2, hmac }) {
    return HOTP.validate({
      token,
      secret,
      algorithm,
      digits,
      counter: _TOTP.counter({
        period,
        timestamp
      }),
      window: window2,
      hmac
    });
  }
  /**
  * Validates a TOTP token.
  * @param {Object} config Configuration options.
  * @param {string} config.token Token value.
  * @param {number} [config.timestamp=Date.now] Timestamp value in milliseconds.
  * @param {number} [config.window=1] Window of counter values to test.
  * @returns {number|null} Token delta or null if it is not found in the search window, in which case it should be considered invalid.
  */
  validate({ token, timestamp, window: window2 }) {
    return _TOTP.validate({
      token,
      secret: this.secret,
      algorithm: this.algorithm,
      digits: this.digits,
      period: this.period,
      timestamp,
      window: window2,
      hmac: this.hmac
    });
  }
  /**
  * Returns a Google Authenticator key URI.
  * @returns {string} URI.
  */
  toString() {
    const e = encodeURIComponent;
    return `otpauth://totp/${this.issuer.length > 0 ? this.issuerInLabel ? `${e(this.issuer)}:${e(this.label)}?issuer=${e(this.issuer)}&` : `${e(this.label)}?issuer=${e(this.issuer)}&` : `${e(this.label)}?`}secret=${e(this.secret.base32)}&algorithm=${e(this.algorithm)}&digits=${e(this.digits)}&period=${e(this.period)}`;
  }
  /**
  * Creates a TOTP object.
  * @param {Object} [config] Configuration options.
  * @param {string} [config.issuer=''] Account provider.
  * @param {string} [config.label='OTPAuth'] Account label.
  * @param {boolean} [config.issuerInLabel=true] Include issuer prefix in label.
  * @param {Secret|string} [config.secret=Secret] Secret key.
  * @param {string} [config.algorithm='SHA1'] HMAC hashing algorithm.
  * @param {number} [config.digits=6] Token length.
  * @param {number} [config.period=30] Token time-step duration.
  * @param {(algorithm: string, key: Uint8Array, message: Uint8Array) => Uint8Array} [config.hmac] Custom HMAC function.
  */
  constructor({ issuer = _TOTP.defaults.issuer, label = _TOTP.defaults.label, issuerInLabel = _TOTP.defaults.issuerInLabel, secret = new Secret(), algorithm = _TOTP.defaults.algorithm, digits = _TOTP.defaults.digits, period = _TOTP.defaults.period, hmac } = {}) {
    this.issuer = issuer;
    this.label = label;
    this.issuerInLabel = issuerInLabel;
    this.secret = typeof secret === "string" ? Secret.fromBase32(secret) : secret;
    this.algorithm = hmac ? algorithm : canonicalizeAlgorithm(algorithm);
    this.digits = digits;
    this.period = period;
    this.hmac = hmac;
  }
};

// apps/server/src/lib/lazy.ts
function once(load) {
  let pending = null;
  return () => {
    pending ??= load().catch((error) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}
var loadQrCode = once(async () => (await import("qrcode")).default);
var loadPdfKit = once(async () => (await import("pdfkit")).default);
var loadWebAuthn = once(() => import("@simplewebauthn/server"));

// apps/server/src/modules/auth/two-factor.service.ts
var CHALLENGE_SECONDS = 300;
var CHALLENGE_MAX_FAILURES = 5;
var ACCOUNT_CODE_FAILURES = 10;
var ACCOUNT_CODE_WINDOW_MS = 15 * 6e4;
var RECOVERY_CODE_COUNT = 10;
var PERIOD_SECONDS = 30;
async function secretOf(context, row) {
  if (row.secret_sealed) return context.secrets.open(row.user_id, row.secret_sealed);
  return row.secret_plain ?? "";
}
var eventMeta2 = (meta) => ({ ip: meta.ip ?? null, user_agent: meta.userAgent ?? null });
var sha256 = (value) => createHash3("sha256").update(value).digest("hex");
function totpFor(secret, label, issuer) {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret)
  });
}
function matchingStep(secret, code, now) {
  const totp = totpFor(secret, "", "x");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1e3 / PERIOD_SECONDS) + delta;
}
function newRecoveryCode() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes6(16);
  let code = "";
  for (let i = 0; i < 16; i++) code += alphabet[bytes[i] % alphabet.length];
  return code.match(/.{4}/g)?.join("-") ?? code;
}
var normaliseRecoveryCode = (code) => code.toLowerCase().replace(/[^a-z0-9]/g, "");
var codeInvalid = () => badRequest("two_factor_code_invalid", "This code is not right. Please try the current code.", [
  { path: "body.code", message: "This code is not right", code: "two_factor_code_invalid" }
]);
async function issueRecoveryCodes(trx, userId, now) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await replaceRecoveryCodes(
    trx,
    userId,
    codes.map((c) => sha256(normaliseRecoveryCode(c))),
    now
  );
  return codes;
}
async function isTwoFactorEnabled(db, userId) {
  const row = await findTotp(db, userId);
  return Boolean(row?.confirmed_at);
}
async function twoFactorStatus(db, userId) {
  const enabled = await isTwoFactorEnabled(db, userId);
  return {
    two_factor_enabled: enabled,
    recovery_codes_left: enabled ? await countUnusedRecoveryCodes(db, userId) : 0
  };
}
async function startSetup(db, context, user) {
  if (await isTwoFactorEnabled(db, user.id)) {
    throw conflict("two_factor_already_enabled", "Two-factor sign-in is already on");
  }
  const secret = new Secret({ size: 20 }).base32;
  await upsertPendingTotp(db, user.id, await context.secrets.seal(user.id, secret), context.clock.now());
  const otpauthUrl = totpFor(secret, user.email, context.issuer).toString();
  const QRCode = await loadQrCode();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`
  };
}
async function enable(db, context, user, code, meta) {
  const row = await findTotp(db, user.id);
  if (row?.confirmed_at) throw conflict("two_factor_already_enabled", "Two-factor sign-in is already on");
  if (!row) throw conflict("two_factor_setup_missing", "Start the set-up first: scan a new QR code");
  const now = context.clock.now();
  const step = matchingStep(await secretOf(context, row), code, now);
  if (step === null) throw codeInvalid();
  return db.transaction().execute(async (trx) => {
    if (!await acceptStep(trx, user.id, step, { confirm: now })) throw codeInvalid();
    const codes = await issueRecoveryCodes(trx, user.id, now);
    await insertAccountEvent(trx, {
      user_id: user.id,
      event: "two_factor_enabled",
      ...eventMeta2(meta)
    });
    return { recovery_codes: codes };
  });
}
async function assertCurrentPassword(db, userId, password) {
  const row = await findUserById(db, userId);
  if (!row) throw new AppError(401, "unauthenticated", "Authentication required");
  if (!await verifyPassword(row.password_hash, password)) {
    throw badRequest("wrong_current_password", "The current password is incorrect", [
      { path: "body.current_password", message: "The current password is incorrect" }
    ]);
  }
}
async function disable(db, context, user, input, meta) {
  if (user.role === "admin") {
    throw new AppError(
      403,
      "two_factor_required_for_admins",
      "Admins must sign in with two-factor; it cannot be switched off"
    );
  }
  const row = await findTotp(db, user.id);
  if (!row?.confirmed_at) throw conflict("two_factor_not_enabled", "Two-factor sign-in is not on");
  await assertCurrentPassword(db, user.id, input.current_password);
  const now = context.clock.now();
  const step = matchingStep(await secretOf(context, row), input.code, now);
  if (step === null) throw codeInvalid();
  await db.transaction().execute(async (trx) => {
    if (!await acceptStep(trx, user.id, step)) throw codeInvalid();
    await deleteTotp(trx, user.id);
    await replaceRecoveryCodes(trx, user.id, [], now);
    await insertAccountEvent(trx, {
      user_id: user.id,
      event: "two_factor_disabled",
      ...eventMeta2(meta)
    });
  });
}
async function regenerateRecoveryCodes(db, context, user, currentPassword, meta) {
  if (!await isTwoFactorEnabled(db, user.id)) {
    throw conflict("two_factor_not_enabled", "Two-factor sign-in is not on");
  }
  await assertCurrentPassword(db, user.id, currentPassword);
  return db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, user.id, context.clock.now());
    await insertAccountEvent(trx, {
      user_id: user.id,
      event: "recovery_codes_regenerated",
      ...eventMeta2(meta)
    });
    return { recovery_codes: codes };
  });
}
async function createChallenge(trx, context, userId, meta) {
  const now = context.clock.now();
  const token = randomBytes6(32).toString("base64url");
  await deleteOldChallenges(trx, userId, now);
  await insertChallenge(trx, {
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + CHALLENGE_SECONDS * 1e3),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null
  });
  return { two_factor_required: true, challenge_token: token, expires_in: CHALLENGE_SECONDS };
}
var CodeAttemptsExceededError = class extends Error {
  constructor(retryAfterSeconds) {
    super("too many wrong codes");
    this.retryAfterSeconds = retryAfterSeconds;
  }
  retryAfterSeconds;
};
async function completeLogin(db, context, input, meta) {
  const now = context.clock.now();
  const challenge = await findChallenge(db, hashToken(input.challenge_token));
  if (!challenge || challenge.used_at || challenge.failed_attempts >= CHALLENGE_MAX_FAILURES) {
    throw badRequest("token_invalid", "This sign-in has ended. Please enter your password again.");
  }
  if (challenge.expires_at.getTime() <= now.getTime()) {
    throw badRequest("token_expired", "This sign-in took too long. Please enter your password again.");
  }
  const since = new Date(Date.now() - ACCOUNT_CODE_WINDOW_MS);
  if (await countCodeFailures(db, challenge.user_id, since) >= ACCOUNT_CODE_FAILURES) {
    const oldest = await oldestCodeFailure(db, challenge.user_id, since);
    const wait = oldest ? oldest.getTime() + ACCOUNT_CODE_WINDOW_MS - Date.now() : ACCOUNT_CODE_WINDOW_MS;
    throw new CodeAttemptsExceededError(Math.max(1, Math.ceil(wait / 1e3)));
  }
  const totp = await findTotp(db, challenge.user_id);
  const user = await findUserById(db, challenge.user_id);
  if (!totp?.confirmed_at || !user) {
    throw badRequest("token_invalid", "This sign-in has ended. Please enter your password again.");
  }
  if (!await claimChallengeAttempt(db, challenge.id, CHALLENGE_MAX_FAILURES)) {
    throw badRequest("token_invalid", "This sign-in has ended. Please enter your password again.");
  }
  const code = input.code.trim();
  const step = /^\d{6}$/.test(code) ? matchingStep(await secretOf(context, totp), code, now) : null;
  const result = await db.transaction().execute(async (trx) => {
    let via = null;
    if (step !== null && await acceptStep(trx, user.id, step)) via = "totp";
    else if (step === null && await spendRecoveryCode(trx, user.id, sha256(normaliseRecoveryCode(code)), now)) {
      via = "recovery_code";
    }
    if (!via) return null;
    if (!await spendChallenge(trx, challenge.id, now)) return null;
    const session = await createSession(trx, context.policy, user.id, meta);
    await tellIfNewDevice(trx, context.messages, user.id, meta, now);
    if (via === "recovery_code") {
      await insertAccountEvent(trx, {
        user_id: user.id,
        event: "recovery_code_used",
        ...eventMeta2(meta)
      });
    }
    await insertAccountEvent(trx, {
      user_id: user.id,
      event: "login_succeeded",
      ...eventMeta2(meta),
      detail: { two_factor: via }
    });
    return { access_token: session.token, token_type: "bearer", user: toUser(user) };
  });
  if (result) return result;
  await insertAccountEvent(db, { user_id: user.id, event: "two_factor_failed", ...eventMeta2(meta) });
  throw codeInvalid();
}

// apps/server/src/modules/auth/auth.service.ts
var AttemptsExceededError = class extends Error {
  constructor(retryAfterSeconds) {
    super("too many failed attempts");
    this.retryAfterSeconds = retryAfterSeconds;
  }
  retryAfterSeconds;
};
var ENDED_SESSION_RETENTION_MS = 90 * 24 * 36e5;
var emailTaken = () => conflict("email_taken", "An account with this e-mail address already exists");
var invalidCredentials = () => unauthenticated("The e-mail address or password is incorrect", "invalid_credentials");
function isUniqueViolation(error) {
  return typeof error === "object" && error !== null && error.code === "23505";
}
function assertAcceptablePassword(password, field = "password") {
  const problem = passwordProblem(password);
  if (problem) {
    throw badRequest(problem.code, problem.detail, [
      { path: `body.${field}`, message: problem.detail, code: problem.code }
    ]);
  }
}
async function register(db, { policy, mail }, input, meta) {
  const { email, full_name, password } = input;
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  if (await emailInUse(db, email)) return answerKnownAddress(db, mail, input);
  try {
    const result = await db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, {
        email,
        full_name,
        password_hash: passwordHash,
        role: "user",
        language: meta.language ?? "en"
      });
      const { token } = await createSession(trx, policy, row.id, meta);
      await insertAccountEvent(trx, { user_id: row.id, event: "registered", ...eventMeta3(meta) });
      await sendVerification(trx, mail, row.id, row.email, meta);
      return { access_token: token, token_type: "bearer", user: toUser(row) };
    });
    mail.wake();
    return result;
  } catch (error) {
    if (isUniqueViolation(error)) return answerKnownAddress(db, mail, input);
    throw error;
  }
}
async function answerKnownAddress(db, mail, input) {
  const owner = await findUserByEmail(db, input.email);
  if (owner) {
    const language = await findUserLanguage(db, owner.id);
    if (await sendRegistrationNotice(db, mail, { ...owner, language })) mail.wake();
  }
  const now = /* @__PURE__ */ new Date();
  return {
    access_token: randomBytes7(32).toString("base64url"),
    token_type: "bearer",
    user: toUser({
      id: randomUUID(),
      email: input.email.trim().toLowerCase(),
      full_name: input.full_name,
      role: "user",
      kyc_status: null,
      created_at: now
    })
  };
}
async function login(db, {
  policy,
  lockout: lockoutPolicy,
  twoFactor,
  mail
}, input, meta) {
  const row = await findUserByEmail(db, input.email);
  const subject = { accountKey: accountKey(input.email), addressKey: addressKey(meta.ip ?? "unknown") };
  const verdict = await checkAttempt(db, lockoutPolicy, subject, row?.id ?? null);
  if (!verdict.allowed) throw new AttemptsExceededError(verdict.retryAfterSeconds);
  if (!row) {
    await verifyPassword(await dummyPasswordHash(), input.password);
    await recordFailure(db, lockoutPolicy, subject);
    throw invalidCredentials();
  }
  if (!await verifyPassword(row.password_hash, input.password)) {
    await recordFailure(db, lockoutPolicy, subject);
    await insertAccountEvent(db, { user_id: row.id, event: "login_failed", ...eventMeta3(meta) });
    throw invalidCredentials();
  }
  if (row.locked_at) {
    await insertAccountEvent(db, { user_id: row.id, event: "login_blocked", ...eventMeta3(meta) });
    throw new AppError(403, "account_locked", "This account is locked. Please contact our support team.");
  }
  const rehash = needsRehash(row.password_hash) ? await hashPassword(input.password) : null;
  const secondStep = await isTwoFactorEnabled(db, row.id);
  const token = await db.transaction().execute(async (trx) => {
    if (rehash) await updatePasswordHash(trx, row.id, rehash);
    await deleteEndedSessions(trx, row.id, new Date(Date.now() - ENDED_SESSION_RETENTION_MS));
    await recordSuccess(trx, subject);
    if (secondStep) return createChallenge(trx, twoFactor, row.id, meta);
    const session = await createSession(trx, policy, row.id, meta);
    await tellIfNewDevice(trx, mail.messages, row.id, meta, /* @__PURE__ */ new Date());
    await insertAccountEvent(trx, {
      user_id: row.id,
      event: "login_succeeded",
      ...eventMeta3(meta),
      detail: rehash ? { rehashed: true } : null
    });
    return session.token;
  });
  if (typeof token !== "string") return token;
  return { access_token: token, token_type: "bearer", user: toUser(row) };
}
async function logout(db, user, sessionId, meta) {
  if (sessionId) await revokeSession(db, sessionId);
  await insertAccountEvent(db, { user_id: user.id, event: "logout", ...eventMeta3(meta) });
}
async function updateProfile2(db, { mail }, user, input, meta, messages, events) {
  const { email, full_name } = input;
  const emailChanged = email !== user.email;
  if (emailChanged) {
    if (!input.current_password) {
      throw badRequest(
        "current_password_required",
        "Enter your current password to change the e-mail address",
        [{ path: "body.current_password", message: "Required to change the e-mail address" }]
      );
    }
    const current = await findUserById(db, user.id);
    if (!current) throw unauthenticated();
    if (!await verifyPassword(current.password_hash, input.current_password)) {
      throw badRequest("wrong_current_password", "The current password is incorrect", [
        { path: "body.current_password", message: "The current password is incorrect" }
      ]);
    }
    if (await emailInUse(db, email, user.id)) throw emailTaken();
  }
  try {
    const updated = await db.transaction().execute(async (trx) => {
      const row = await updateProfile(trx, user.id, { email, full_name }, { unverify: emailChanged });
      if (!row) throw unauthenticated();
      const changed = [
        ...emailChanged ? ["email"] : [],
        ...full_name !== user.full_name ? ["full_name"] : []
      ];
      if (changed.length > 0) {
        await insertAccountEvent(trx, {
          user_id: user.id,
          event: "profile_updated",
          ...eventMeta3(meta),
          // The old address is kept: an e-mail change is how accounts get taken over.
          detail: { changed, ...emailChanged ? { previous_email: user.email } : {} }
        });
      }
      if (full_name !== user.full_name) {
        await events?.publish("account", { kind: "renamed", userId: user.id, fullName: full_name }, trx);
      }
      if (emailChanged) {
        await sendVerification(trx, mail, user.id, email, meta);
        const changedAt = /* @__PURE__ */ new Date();
        await messages?.notify(trx, {
          userId: user.id,
          event: "email_changed",
          key: `email_changed:${changedAt.toISOString()}`,
          facts: { old_email: user.email, new_email: email, changed_at: changedAt.toISOString() },
          alsoTo: [user.email]
        });
      }
      return toUser(row);
    });
    if (emailChanged) mail.wake();
    return updated;
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
async function changePassword(db, user, sessionId, input, meta, messages) {
  const row = await findUserById(db, user.id);
  if (!row) throw unauthenticated();
  assertAcceptablePassword(input.new_password, "new_password");
  if (!await verifyPassword(row.password_hash, input.current_password)) {
    throw badRequest("wrong_current_password", "The current password is incorrect", [
      { path: "body.current_password", message: "The current password is incorrect" }
    ]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    await revokeAllSessions(trx, user.id, sessionId ?? void 0);
    await insertAccountEvent(trx, { user_id: user.id, event: "password_changed", ...eventMeta3(meta) });
    const changedAt = /* @__PURE__ */ new Date();
    await messages?.notify(trx, {
      userId: user.id,
      event: "password_changed",
      key: `password_changed:${changedAt.toISOString()}`,
      facts: { changed_at: changedAt.toISOString() }
    });
  });
}
function eventMeta3(meta) {
  return { ip: meta.ip ?? null, user_agent: meta.userAgent ?? null };
}
var AdminSetupError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "AdminSetupError";
  }
};
async function createAdmin(db, input, meta) {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new AdminSetupError(`"${input.email}" is not a valid e-mail address`);
  const email = parsedEmail.data;
  const full_name = input.full_name.trim();
  if (!full_name || full_name.length > 200) throw new AdminSetupError("The name must be 1 to 200 characters");
  const problem = passwordProblem(input.password);
  if (problem) throw new AdminSetupError(problem.detail);
  if (await emailInUse(db, email)) {
    throw new AdminSetupError(`An account with the e-mail ${email} already exists`);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertUser(trx, {
        email,
        full_name,
        password_hash: passwordHash,
        role: "admin"
      });
      await insertAccountEvent(trx, {
        user_id: row.id,
        event: "admin_created",
        detail: { source: meta.source }
      });
      return toUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AdminSetupError(`An account with the e-mail ${email} already exists`);
    throw error;
  }
}
function firstAdminConfigProblems(config) {
  if (!config.ADMIN_PASSWORD) return [];
  const problem = passwordProblem(config.ADMIN_PASSWORD);
  if (!problem) return [];
  const why = {
    password_too_short: `must be at least ${LIMITS.passwordMinLength} characters long`,
    password_too_long: `must be at most ${LIMITS.passwordMaxLength} characters long`,
    password_too_common: "is one of the 10,000 most common passwords; choose another one"
  }[problem.code];
  return [`ADMIN_PASSWORD ${why ?? problem.detail}`];
}
async function ensureFirstAdmin(db, config) {
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return "not_configured";
  if (await adminExists(db)) return "admin_exists";
  try {
    await createAdmin(
      db,
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, full_name: "Administrator" },
      { source: "ADMIN_EMAIL" }
    );
  } catch (error) {
    if (error instanceof AdminSetupError && await adminExists(db)) return "admin_exists";
    throw error;
  }
  return "created";
}

export {
  toUser,
  AppError,
  badRequest,
  unauthenticated,
  forbidden,
  notFound,
  conflict,
  once,
  loadQrCode,
  loadPdfKit,
  loadWebAuthn,
  ACCOUNT_MAIL_TEMPLATE,
  accountMailText,
  lastEmailLanguage,
  attemptLimit,
  accountKey,
  addressKey,
  insertAccountEvent,
  findStaffTarget,
  setLockedAt,
  setRole,
  DEFAULT_LOCKOUT,
  recordSuccess,
  lockedOut,
  verifyPassword,
  dummyPasswordHash,
  passwordProblem,
  generatePassword,
  revokeUserSessions,
  countActiveSessions,
  createSession,
  sessionResolver,
  requestPasswordReset,
  confirmPasswordReset,
  sendVerification,
  verifyEmail,
  resendVerification,
  isEmailVerified,
  assertEmailVerified,
  describeDevice,
  listSessions,
  revokeOwnSession,
  revokeOtherSessions,
  recentEvents,
  tellIfNewDevice,
  twoFactorStatus,
  startSetup,
  enable,
  assertCurrentPassword,
  disable,
  regenerateRecoveryCodes,
  CodeAttemptsExceededError,
  completeLogin,
  AttemptsExceededError,
  register,
  login,
  logout,
  updateProfile2 as updateProfile,
  changePassword,
  AdminSetupError,
  createAdmin,
  firstAdminConfigProblems,
  ensureFirstAdmin
};
//# sourceMappingURL=chunk-3UNGSQFS.js.map
