import type {
  AuthResponse,
  Language,
  LoginChallenge,
  LoginRequest,
  PasswordChangeRequest,
  ProfileUpdateRequest,
  RegisterRequest,
  User,
} from "@festgeld/domain";
import { emailSchema, LIMITS } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, isUniqueViolation, unauthenticated } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import type { Messenger } from "../messages/messages.service.ts";
import {
  type AccountMailContext,
  requestEmailChange,
  sendRegistrationNotice,
  sendVerification,
} from "./account-security.service.ts";
import { accountKey, addressKey } from "./auth.rate-limit.ts";
import * as repo from "./auth.repository.ts";
import * as lockout from "./login-lockout.ts";
import { tellIfNewDevice } from "./new-device.ts";
import { dummyPasswordHash, hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password.ts";
import { createSession, revokeAllSessions, revokeSession, type SessionPolicy } from "./session.service.ts";
import { createChallenge, isTwoFactorEnabled, type TwoFactorContext } from "./two-factor.service.ts";
import { toUser } from "./user.mapper.ts";

/** Where a request came from, for the session record and the account's security events. */
export interface RequestMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The interface language of the request: a new account's e-mails are written in it. */
  language?: Language | undefined;
}

/** What sign-in and account changes need besides the database. */
export interface AuthContext {
  policy: SessionPolicy;
  mail: AccountMailContext;
  lockout: lockout.LockoutPolicy;
  twoFactor: TwoFactorContext;
}

/** Sign-in was refused for too many failures; the route sends Retry-After. */
export class AttemptsExceededError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("too many failed attempts");
  }
}

/** Ended sessions stay this long (a record of past sign-ins), then a later sign-in of the user drops them. */
const ENDED_SESSION_RETENTION_MS = 90 * 24 * 3_600_000;

// One answer for an unknown e-mail and a wrong password: same status, code and text.
const invalidCredentials = () =>
  unauthenticated("The e-mail address or password is incorrect", "invalid_credentials");

export function assertAcceptablePassword(password: string, field = "password") {
  const problem = passwordProblem(password);
  if (problem) {
    throw badRequest(problem.code, problem.detail, [
      { path: `body.${field}`, message: problem.detail, code: problem.code },
    ]);
  }
}

/**
 * Creates an account with role user and signs it in (POST /auth/register). An address that has an
 * account gets the same: a shadow account that works like a new one but whose address stays the owner's,
 * who is told by e-mail instead (docs/decisions.md "Registration answers the same for a known address").
 */
export async function register(
  db: Kysely<DB>,
  { policy, mail }: Pick<AuthContext, "policy" | "mail">,
  input: RegisterRequest,
  meta: RequestMeta,
): Promise<AuthResponse> {
  assertAcceptablePassword(input.password);
  // Hashed before the transaction: argon2 takes milliseconds and must not hold a connection meanwhile.
  const passwordHash = await hashPassword(input.password);
  const owner = await repo.findUserByEmail(db, input.email);
  try {
    return await openAccount(db, { policy, mail }, input, passwordHash, meta, owner?.id ?? null);
  } catch (error) {
    // Two registrations of one new address at the same moment: the unique index decides, and the
    // second becomes a shadow like any registration with a taken address.
    if (!isUniqueViolation(error)) throw error;
    const winner = await repo.findUserByEmail(db, input.email);
    if (!winner) throw error;
    return openAccount(db, { policy, mail }, input, passwordHash, meta, winner.id);
  }
}

/** Opens the account (a shadow of `ownerId`'s address when set), its session, and the e-mails. */
async function openAccount(
  db: Kysely<DB>,
  { policy, mail }: Pick<AuthContext, "policy" | "mail">,
  { email, full_name }: RegisterRequest,
  passwordHash: string,
  meta: RequestMeta,
  ownerId: string | null,
): Promise<AuthResponse> {
  const result = await db.transaction().execute(async (trx) => {
    const row = await repo.insertUser(trx, {
      email,
      full_name,
      password_hash: passwordHash,
      role: "user",
      language: meta.language ?? "en",
      registration_shadow: ownerId !== null,
    });
    const { token } = await createSession(trx, policy, row.id, meta);
    await repo.insertAccountEvent(trx, { user_id: row.id, event: "registered", ...eventMeta(meta) });
    // For a shadow, the link is made but its e-mail is never queued (migration 0260): the address is
    // the owner's, who gets the notice below, quoting nothing the other person typed.
    await sendVerification(trx, mail, row.id, row.email, row.role, meta);
    if (ownerId !== null) {
      const language = await repo.findUserLanguage(trx, ownerId);
      const owner = await repo.findUserById(trx, ownerId);
      if (owner) await sendRegistrationNotice(trx, mail, { ...owner, language });
    }
    return { access_token: token, token_type: "bearer" as const, user: toUser(row) };
  });
  mail.wake();
  return result;
}

/**
 * Signs in with e-mail and password. An unknown e-mail costs one argon2 verification against a dummy
 * hash and gets exactly the answer a wrong password gets, so neither the reply nor its timing tells
 * whether an account exists. Failures are counted per account and address (login-lockout.ts); an
 * address over its limit is refused before any password is checked. For an account with two-factor,
 * the right password answers a challenge; the code then opens the session (two-factor.service.ts).
 */
export async function login(
  db: Kysely<DB>,
  {
    policy,
    lockout: lockoutPolicy,
    twoFactor,
    mail,
  }: Pick<AuthContext, "policy" | "lockout" | "twoFactor" | "mail">,
  input: LoginRequest,
  meta: RequestMeta,
): Promise<AuthResponse | LoginChallenge> {
  const owner = await repo.findUserByEmail(db, input.email);
  const subject = { accountKey: accountKey(input.email), addressKey: addressKey(meta.ip ?? "unknown") };
  const verdict = await lockout.checkAttempt(db, lockoutPolicy, subject, owner?.id ?? null);
  if (!verdict.allowed) throw new AttemptsExceededError(verdict.retryAfterSeconds);
  // A registration with this (taken) address opened a shadow account, which signs in with its own
  // password like any new account; the owner's password is checked first, both side by side so the
  // answer takes as long as one check (docs/decisions.md "Registration answers the same for a known
  // address").
  const shadow = owner ? await repo.findNewestShadow(db, input.email) : undefined;
  const [ownerMatches, shadowMatches] = await Promise.all([
    verifyPassword(owner?.password_hash ?? (await dummyPasswordHash()), input.password),
    shadow ? verifyPassword(shadow.password_hash, input.password) : false,
  ]);
  const row = owner && ownerMatches ? owner : shadowMatches ? shadow : undefined;
  if (!row) {
    await lockout.recordFailure(db, lockoutPolicy, subject);
    if (owner) {
      await repo.insertAccountEvent(db, { user_id: owner.id, event: "login_failed", ...eventMeta(meta) });
    }
    throw invalidCredentials();
  }
  // Told only to whoever knows the password: staff locked the account (staff-tools.service.ts).
  if (row.locked_at) {
    await repo.insertAccountEvent(db, { user_id: row.id, event: "login_blocked", ...eventMeta(meta) });
    throw new AppError(403, "account_locked", "This account is locked. Please contact our support team.");
  }
  // Parameters rose since this hash was made: store a fresh one while the plain password is at hand.
  const rehash = needsRehash(row.password_hash) ? await hashPassword(input.password) : null;
  const secondStep = await isTwoFactorEnabled(db, row.id);
  const token = await db.transaction().execute(async (trx) => {
    if (rehash) await repo.updatePasswordHash(trx, row.id, rehash);
    await repo.deleteEndedSessions(trx, row.id, new Date(Date.now() - ENDED_SESSION_RETENTION_MS));
    await lockout.recordSuccess(trx, subject);
    // The password was right; the code decides (two-factor.service.ts counts wrong codes).
    if (secondStep) return createChallenge(trx, twoFactor, row.id, meta);
    const session = await createSession(trx, policy, row.id, meta);
    await tellIfNewDevice(trx, mail.messages, row.id, meta, new Date());
    await repo.insertAccountEvent(trx, {
      user_id: row.id,
      event: "login_succeeded",
      ...eventMeta(meta),
      detail: rehash ? { rehashed: true } : null,
    });
    return session.token;
  });
  if (typeof token !== "string") return token;
  return { access_token: token, token_type: "bearer", user: toUser(row) };
}

/** Revokes the session the request came with. */
export async function logout(db: Kysely<DB>, user: User, sessionId: string | null, meta: RequestMeta) {
  if (sessionId) await revokeSession(db, sessionId);
  await repo.insertAccountEvent(db, { user_id: user.id, event: "logout", ...eventMeta(meta) });
}

/**
 * Changes the full name at once and asks for an e-mail change (PATCH /auth/profile). A new e-mail
 * needs the current password and changes nothing yet: a link goes to the new address and the change
 * happens when it is opened (account-security.service.ts, requestEmailChange). A taken address gets
 * the same answer and no link. `emailChangeRequested` tells the route to answer 202.
 */
export async function updateProfile(
  db: Kysely<DB>,
  { mail }: Pick<AuthContext, "mail">,
  user: User,
  input: ProfileUpdateRequest,
  meta: RequestMeta,
  events?: EventBus,
): Promise<{ user: User; emailChangeRequested: boolean }> {
  const { email, full_name } = input;
  const emailChanged = email !== user.email;
  if (emailChanged) {
    if (!input.current_password) {
      throw badRequest(
        "current_password_required",
        "Enter your current password to change the e-mail address",
        [{ path: "body.current_password", message: "Required to change the e-mail address" }],
      );
    }
    const current = await repo.findUserById(db, user.id);
    if (!current) throw unauthenticated();
    if (!(await verifyPassword(current.password_hash, input.current_password))) {
      throw badRequest("wrong_current_password", "The current password is incorrect", [
        { path: "body.current_password", message: "The current password is incorrect" },
      ]);
    }
    // Refused alike for a free and a taken address: the link is the only way to the change.
    if (!mail.enabled) {
      throw new AppError(503, "service_unavailable", "E-mail cannot be sent at the moment");
    }
  }
  const updated = await db.transaction().execute(async (trx) => {
    const row = await repo.updateProfile(trx, user.id, { email: user.email, full_name }, { unverify: false });
    if (!row) throw unauthenticated();
    if (full_name !== user.full_name) {
      await repo.insertAccountEvent(trx, {
        user_id: user.id,
        event: "profile_updated",
        ...eventMeta(meta),
        detail: { changed: ["full_name"] },
      });
      // A new name is screened against the sanctions list in this transaction (the identity module
      // subscribes): a rename is how a listed person would slip past the screening of the old name.
      await events?.publish("account", { kind: "renamed", userId: user.id, fullName: full_name }, trx);
    }
    if (emailChanged) await requestEmailChange(trx, user.id, email, meta);
    return toUser(row);
  });
  if (emailChanged) mail.wake();
  return { user: updated, emailChangeRequested: emailChanged };
}

/**
 * Changes the password after checking the current one, then revokes every other session of the user:
 * whoever else held one (a forgotten device, an attacker) is signed out. The current session stays.
 */
export async function changePassword(
  db: Kysely<DB>,
  user: User,
  sessionId: string | null,
  input: PasswordChangeRequest,
  meta: RequestMeta,
  messages?: Messenger,
) {
  const row = await repo.findUserById(db, user.id);
  if (!row) throw unauthenticated();
  assertAcceptablePassword(input.new_password, "new_password");
  if (!(await verifyPassword(row.password_hash, input.current_password))) {
    throw badRequest("wrong_current_password", "The current password is incorrect", [
      { path: "body.current_password", message: "The current password is incorrect" },
    ]);
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await repo.updatePasswordHash(trx, user.id, passwordHash);
    await revokeAllSessions(trx, user.id, sessionId ?? undefined);
    await repo.insertAccountEvent(trx, { user_id: user.id, event: "password_changed", ...eventMeta(meta) });
    const changedAt = new Date();
    await messages?.notify(trx, {
      userId: user.id,
      event: "password_changed",
      key: `password_changed:${changedAt.toISOString()}`,
      facts: { changed_at: changedAt.toISOString() },
    });
  });
}

function eventMeta(meta: RequestMeta) {
  return { ip: meta.ip ?? null, user_agent: meta.userAgent ?? null };
}

// ---- Admin accounts (start-up bootstrap and the admin:create CLI) ----

export class AdminSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AdminSetupError";
  }
}

/** Creates an admin account. Refuses a taken e-mail or a password that breaks the rules. */
export async function createAdmin(
  db: Kysely<DB>,
  input: { email: string; password: string; full_name: string },
  meta: { source: string },
): Promise<User> {
  const parsedEmail = emailSchema.safeParse(input.email);
  if (!parsedEmail.success) throw new AdminSetupError(`"${input.email}" is not a valid e-mail address`);
  const email = parsedEmail.data;
  const full_name = input.full_name.trim();
  if (!full_name || full_name.length > 200) throw new AdminSetupError("The name must be 1 to 200 characters");
  const problem = passwordProblem(input.password);
  if (problem) throw new AdminSetupError(problem.detail);
  if (await repo.emailInUse(db, email)) {
    throw new AdminSetupError(`An account with the e-mail ${email} already exists`);
  }
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await repo.insertUser(trx, {
        email,
        full_name,
        password_hash: passwordHash,
        role: "admin",
      });
      await repo.insertAccountEvent(trx, {
        user_id: row.id,
        event: "admin_created",
        detail: { source: meta.source },
      });
      return toUser(row);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AdminSetupError(`An account with the e-mail ${email} already exists`);
    throw error;
  }
}

/** Problems with ADMIN_EMAIL / ADMIN_PASSWORD, checked before the server opens its database. */
export function firstAdminConfigProblems(config: {
  ADMIN_EMAIL?: string | undefined;
  ADMIN_PASSWORD?: string | undefined;
}): string[] {
  if (!config.ADMIN_PASSWORD) return [];
  const problem = passwordProblem(config.ADMIN_PASSWORD);
  if (!problem) return [];
  const why = {
    password_too_short: `must be at least ${LIMITS.passwordMinLength} characters long`,
    password_too_long: `must be at most ${LIMITS.passwordMaxLength} characters long`,
    password_too_common: "is one of the 10,000 most common passwords; choose another one",
  }[problem.code as "password_too_short" | "password_too_long" | "password_too_common"];
  return [`ADMIN_PASSWORD ${why ?? problem.detail}`];
}

/**
 * The first admin: when ADMIN_EMAIL and ADMIN_PASSWORD are set and no admin exists yet,
 * creates one. There is no built-in default: without the variables no admin is created
 * ("not_configured": there is no admin and nothing to make one from, which the start says).
 */
export async function ensureFirstAdmin(
  db: Kysely<DB>,
  config: { ADMIN_EMAIL?: string | undefined; ADMIN_PASSWORD?: string | undefined },
): Promise<"created" | "admin_exists" | "not_configured"> {
  if (await repo.adminExists(db)) return "admin_exists";
  if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) return "not_configured";
  try {
    await createAdmin(
      db,
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD, full_name: "Administrator" },
      { source: "ADMIN_EMAIL" },
    );
  } catch (error) {
    // Another server process created it a moment ago.
    if (error instanceof AdminSetupError && (await repo.adminExists(db))) return "admin_exists";
    throw error;
  }
  return "created";
}

/** What the auth module tells other modules about an account, inside the transaction that changed it. */
export type AccountEvent = { kind: "renamed"; userId: string; fullName: string };

declare module "../../plugins/events.ts" {
  interface AppEvents {
    /** Published by the auth module when an account's identifying facts change. */
    account: AccountEvent;
  }
}
