import { randomBytes } from "node:crypto";
import type { Language, PasswordResetConfirmRequest, Role, User } from "@festgeld/domain";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, conflict, isUniqueViolation } from "../../lib/errors.ts";
import { ACCOUNT_MAIL_TEMPLATE, type AccountMail } from "../messages/account-mail.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as repo from "./account-security.repository.ts";
import { accountKey } from "./auth.rate-limit.ts";
import * as authRepo from "./auth.repository.ts";
import { clearAccount } from "./login-lockout.ts";
import { hashPassword, passwordProblem } from "./password.ts";
import { hashToken, revokeAllSessions } from "./session.service.ts";

/** A reset link works once, for 30 minutes. */
export const RESET_TOKEN_MINUTES = 30;
/** A verification link works once, for 48 hours (the saver may read the mail the next day). */
export const VERIFY_TOKEN_HOURS = 48;
/**
 * How long a never-confirmed account is kept without use (docs/decisions.md "Never-confirmed accounts are
 * deleted"): the retention job deletes it then, and the verification e-mail says so.
 */
export const UNCONFIRMED_ACCOUNT_DAYS = 30;

/** What the account e-mails need from the app: whether mail is configured, the worker, the notices. */
export interface AccountMailContext {
  enabled: boolean;
  /** Wakes the outbox worker after a commit. */
  wake: () => void;
  log: FastifyBaseLogger;
  /** Inbox messages and e-mails of account events (password changed). */
  messages?: Messenger | undefined;
}

export interface SecurityMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The request's language: e-mails with a link are written in it (the reader asked for them). */
  language?: Language | undefined;
}

const eventMeta = (meta: { ip?: string | undefined; userAgent?: string | undefined }) => ({
  ip: meta.ip ?? null,
  user_agent: meta.userAgent ?? null,
});

const newToken = () => randomBytes(32).toString("base64url");

/** Stores a new one-time link token of an account (only its hash is kept) and answers the token. */
async function storeNewToken(
  trx: Kysely<DB>,
  userId: string,
  purpose: repo.TokenPurpose,
  email: string,
  expiresAt: Date,
): Promise<string> {
  const token = newToken();
  await repo.insertToken(trx, {
    user_id: userId,
    purpose,
    token_hash: hashToken(token),
    email,
    expires_at: expiresAt,
  });
  return token;
}

const verifyTokenExpiry = (now: Date) => new Date(now.getTime() + VERIFY_TOKEN_HOURS * 3_600_000);

const tokenInvalid = () =>
  badRequest("token_invalid", "This link is not valid or was already used. Please ask for a new one.");
const tokenExpired = () => badRequest("token_expired", "This link has expired. Please ask for a new one.");

/**
 * Queues an account e-mail with a link in the same transaction as the token it carries. `mail.path` is
 * the page without a language (`/reset-password#token=...`); the link opens it under the mail's
 * language (`/de/reset-password#token=...`), prerendered there, so that the page reads in the mail's
 * language on any device, before the app's code is in (docs/decisions.md "Signed-out pages in the
 * reader's language").
 */
async function queueMail(
  db: Kysely<DB>,
  target: { userId: string; to?: string | null },
  mail: AccountMail,
  language: Language | undefined,
) {
  const mailLanguage = language ?? "en";
  await repo.queueAccountEmail(db, {
    user_id: target.userId,
    to_address: target.to ?? null,
    template: ACCOUNT_MAIL_TEMPLATE,
    facts: { ...mail, path: `/${mailLanguage}${mail.path}` },
    language: mailLanguage,
  });
}

/**
 * Tells the owner of an address that someone tried to register with it (the registration answered as
 * for a new address; docs/decisions.md, "Registration answers the same for a known address").
 */
export async function sendRegistrationNotice(
  db: Kysely<DB>,
  mail: AccountMailContext,
  user: { id: string; email: string; language: Language | null },
) {
  if (!mail.enabled) return false;
  await queueMail(
    db,
    { userId: user.id, to: user.email },
    { kind: "registration_attempt", path: "/login" },
    user.language ?? undefined,
  );
  return true;
}

// ---- Password reset ----

/**
 * Sends a reset link to the address if it belongs to an account; does nothing otherwise. The route
 * answers 202 before calling this, so neither the answer nor its timing tells whether the account
 * exists.
 */
export async function requestPasswordReset(
  db: Kysely<DB>,
  mail: AccountMailContext,
  email: string,
  meta: SecurityMeta,
  options: { byStaff?: { id: string; email: string } } = {},
) {
  const user = await authRepo.findUserByEmail(db, email);
  if (!user) return;
  if (!mail.enabled) {
    mail.log.warn("password reset asked for, but no e-mail can be sent (SMTP_URL is not set)");
    return;
  }
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    // Only the newest link works.
    await repo.retireTokens(trx, user.id, "password_reset", now);
    const token = await storeNewToken(
      trx,
      user.id,
      "password_reset",
      user.email,
      new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    );
    await queueMail(
      trx,
      { userId: user.id },
      {
        kind: "password_reset",
        path: `/reset-password#token=${token}`,
        minutes: RESET_TOKEN_MINUTES,
        by_staff: Boolean(options.byStaff),
      },
      meta.language,
    );
    await authRepo.insertAccountEvent(trx, {
      user_id: user.id,
      event: options.byStaff ? "password_reset_sent_by_staff" : "password_reset_requested",
      // Sent by staff: the saver sees that and when, never who nor from where (the audit log has them).
      ...(options.byStaff ? { ip: null, user_agent: null } : eventMeta(meta)),
      detail: options.byStaff ? { by_staff: true } : null,
    });
  });
  mail.wake();
}

/**
 * Sets a new password with a reset token: the token works once, the password follows the usual
 * rules, every session of the account ends, failed sign-ins are forgotten and the saver is told by
 * e-mail. The link proves the saver reads the account's mailbox, so the address counts as verified.
 */
export async function confirmPasswordReset(
  db: Kysely<DB>,
  mail: AccountMailContext,
  input: PasswordResetConfirmRequest,
  meta: SecurityMeta,
) {
  const problem = passwordProblem(input.new_password);
  if (problem) {
    throw badRequest(problem.code, problem.detail, [
      { path: "body.new_password", message: problem.detail, code: problem.code },
    ]);
  }
  const row = await repo.findToken(db, "password_reset", hashToken(input.token));
  const now = new Date();
  if (!row || row.used_at || row.email !== row.current_email) throw tokenInvalid();
  if (row.expires_at.getTime() <= now.getTime()) throw tokenExpired();
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    if (!(await repo.useToken(trx, row.id, now))) throw tokenInvalid();
    await authRepo.updatePasswordHash(trx, row.user_id, passwordHash);
    await revokeAllSessions(trx, row.user_id);
    await repo.retireTokens(trx, row.user_id, "password_reset", now);
    await repo.setEmailVerified(trx, row.user_id, row.email, now);
    await clearAccount(trx, accountKey(row.email));
    await authRepo.insertAccountEvent(trx, {
      user_id: row.user_id,
      event: "password_reset",
      ...eventMeta(meta),
    });
    // The saver hears of it in the inbox and by e-mail (the notice of every password change).
    await mail.messages?.notify(trx, {
      userId: row.user_id,
      event: "password_changed",
      key: `password_changed:${now.toISOString()}`,
      facts: { changed_at: now.toISOString() },
    });
  });
  mail.wake();
}

// ---- E-mail verification ----

/**
 * Sends a verification link to `email` (the account's current address). Called inside the
 * transaction that registered the account or changed its address; without mail configured the
 * address stays unverified. A saver's e-mail says that the account, never confirmed, is deleted after
 * UNCONFIRMED_ACCOUNT_DAYS without use; a staff account is never deleted so.
 */
export async function sendVerification(
  trx: Kysely<DB>,
  mail: AccountMailContext,
  userId: string,
  email: string,
  role: Role,
  meta: SecurityMeta,
): Promise<boolean> {
  if (!mail.enabled) return false;
  const now = new Date();
  await repo.retireTokens(trx, userId, "email_verification", now);
  const token = await storeNewToken(trx, userId, "email_verification", email, verifyTokenExpiry(now));
  await queueMail(
    trx,
    { userId, to: email },
    {
      kind: "verify_email",
      path: `/verify-email#token=${token}`,
      hours: VERIFY_TOKEN_HOURS,
      ...(role === "user" ? { unconfirmed_days: UNCONFIRMED_ACCOUNT_DAYS } : {}),
    },
    meta.language,
  );
  await authRepo.insertAccountEvent(trx, {
    user_id: userId,
    event: "email_verification_sent",
    ...eventMeta(meta),
  });
  return true;
}

/**
 * Confirms an address with the token of its verification link (no session needed). The token of an
 * e-mail change link (sent to the new address) makes the change: see confirmEmailChange.
 */
export async function verifyEmail(
  db: Kysely<DB>,
  mail: AccountMailContext,
  token: string,
  meta: SecurityMeta,
) {
  const row = await repo.findToken(db, "email_verification", hashToken(token));
  if (!row) return confirmEmailChange(db, mail, token, meta);
  const now = new Date();
  // A link to an address the account no longer uses confirms nothing.
  if (row.used_at || row.email !== row.current_email) throw tokenInvalid();
  if (row.expires_at.getTime() <= now.getTime()) throw tokenExpired();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.useToken(trx, row.id, now))) throw tokenInvalid();
    await repo.setEmailVerified(trx, row.user_id, row.email, now);
    await authRepo.insertAccountEvent(trx, {
      user_id: row.user_id,
      event: "email_verified",
      ...eventMeta(meta),
      detail: { email: row.email },
    });
  });
}

// ---- E-mail change (docs/decisions.md "An e-mail change happens when the new address confirms it") ----

/**
 * Asks for the account's address to become `email`: a link goes to that address, and the change
 * happens when it is opened. Called in the transaction of the profile change, after the password
 * was checked. An address that another account uses gets nothing (no link, no change), and the
 * caller answers exactly as for a free one, so the profile page tells nobody which addresses are
 * customers'. Only the newest link works.
 */
export async function requestEmailChange(trx: Kysely<DB>, userId: string, email: string, meta: SecurityMeta) {
  const now = new Date();
  await repo.retireTokens(trx, userId, "email_change", now);
  if (await authRepo.emailInUse(trx, email, userId)) return;
  const token = await storeNewToken(trx, userId, "email_change", email, verifyTokenExpiry(now));
  await queueMail(
    trx,
    { userId, to: email },
    { kind: "confirm_email_change", path: `/verify-email#token=${token}`, hours: VERIFY_TOKEN_HOURS },
    meta.language,
  );
}

/**
 * Opens an e-mail change link: the account's address becomes the new one, confirmed (the link proves
 * the mailbox), every other link of the account ends, and the change is told at both addresses. An
 * address taken since the link was sent makes the link invalid.
 */
async function confirmEmailChange(
  db: Kysely<DB>,
  mail: AccountMailContext,
  token: string,
  meta: SecurityMeta,
) {
  const row = await repo.findToken(db, "email_change", hashToken(token));
  const now = new Date();
  if (!row || row.used_at) throw tokenInvalid();
  if (row.expires_at.getTime() <= now.getTime()) throw tokenExpired();
  try {
    await db.transaction().execute(async (trx) => {
      if (!(await repo.useToken(trx, row.id, now))) throw tokenInvalid();
      if (await authRepo.emailInUse(trx, row.email, row.user_id)) throw tokenInvalid();
      await repo.changeEmail(trx, row.user_id, row.email, now);
      for (const purpose of ["email_verification", "password_reset", "email_change"] as const) {
        await repo.retireTokens(trx, row.user_id, purpose, now);
      }
      await authRepo.insertAccountEvent(trx, {
        user_id: row.user_id,
        event: "profile_updated",
        ...eventMeta(meta),
        // The old address is kept: an e-mail change is how accounts get taken over.
        detail: { changed: ["email"], previous_email: row.current_email },
      });
      // Told at both addresses: the old one learns of a change it may not have made.
      await mail.messages?.notify(trx, {
        userId: row.user_id,
        event: "email_changed",
        key: `email_changed:${now.toISOString()}`,
        facts: { old_email: row.current_email, new_email: row.email, changed_at: now.toISOString() },
        // A shadow account's old address was never its own (it is another account's): not told there.
        alsoTo: row.registration_shadow ? [] : [row.current_email],
      });
    });
  } catch (error) {
    // Another account took the address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw tokenInvalid();
    throw error;
  }
  mail.wake();
}

/** A new verification link for the signed-in user's current address. */
export async function resendVerification(
  db: Kysely<DB>,
  mail: AccountMailContext,
  user: User,
  meta: SecurityMeta,
) {
  const row = await repo.findUserSecurity(db, user.id);
  if (!row) throw new AppError(401, "unauthenticated", "Authentication required");
  if (row.email_verified_at)
    throw conflict("email_already_verified", "This e-mail address is already confirmed");
  if (!mail.enabled) {
    throw new AppError(503, "service_unavailable", "E-mail cannot be sent at the moment");
  }
  await db.transaction().execute((trx) => sendVerification(trx, mail, user.id, row.email, row.role, meta));
  mail.wake();
}

export async function isEmailVerified(db: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await repo.findUserSecurity(db, userId);
  return Boolean(row?.email_verified_at);
}

/**
 * For flows that must not go ahead with an unconfirmed address (approving a deposit): 409
 * `email_not_verified` unless the account's current address is confirmed.
 */
export async function assertEmailVerified(db: Kysely<DB>, userId: string) {
  if (!(await isEmailVerified(db, userId))) {
    throw conflict("email_not_verified", "The account's e-mail address is not confirmed yet");
  }
}
