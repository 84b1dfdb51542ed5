import type { AdminAccountStatus, AuditAction, Language, Role, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AccountEventType } from "../../db/tables/accounts.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { lastEmailLanguage } from "./account-security.repository.ts";
import {
  type AccountMailContext,
  requestPasswordReset,
  sendVerification,
} from "./account-security.service.ts";
import { revokeOtherSessions } from "./account-sessions.service.ts";
import * as authRepo from "./auth.repository.ts";
import * as sessionRepo from "./session.repository.ts";
import { hasConfirmedTotp } from "./two-factor.repository.ts";

/**
 * What staff may do to an account from the users tab: lock and unlock it, sign it out everywhere,
 * send a reset link, change its role. Each action is written to the audit log (and the account's own
 * security events); an admin cannot lock or demote their own account.
 */

type Staff = Pick<User, "id" | "email">;
interface Meta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const userNotFound = () => notFound("user_not_found", "This user does not exist");

async function targetOf(db: Kysely<DB>, userId: string) {
  const row = await authRepo.findStaffTarget(db, userId);
  if (!row) throw userNotFound();
  return row;
}

export async function accountStatus(
  db: Kysely<DB>,
  userId: string,
  now = new Date(),
): Promise<AdminAccountStatus> {
  const row = await targetOf(db, userId);
  const [twoFactorEnabled, activeSessions] = await Promise.all([
    hasConfirmedTotp(db, userId),
    sessionRepo.countActiveSessions(db, userId, now),
  ]);
  return {
    user_id: row.id,
    role: row.role,
    locked: row.locked_at !== null,
    locked_at: row.locked_at?.toISOString() ?? null,
    email_verified: row.email_verified_at !== null,
    two_factor_enabled: twoFactorEnabled,
    active_sessions: activeSessions,
  };
}

function notOwnAccount(staff: Staff, userId: string) {
  if (staff.id === userId) {
    throw conflict("cannot_change_own_account", "You cannot lock or change the role of your own account");
  }
}

/**
 * The saver's account event of a staff action (`detail` beside the mark that staff acted). It keeps
 * that staff acted, and when; never who nor from where. The staff member and their address go into
 * the audit log (docs/decisions.md "Staff actions in the saver's events").
 */
function staffEvent(
  db: Kysely<DB>,
  userId: string,
  event: AccountEventType,
  detail: Record<string, unknown> = {},
) {
  return authRepo.insertAccountEvent(db, {
    user_id: userId,
    event,
    ip: null,
    user_agent: null,
    detail: { ...detail, by_staff: true },
  });
}

/** The audit entry of a staff action on an account: its address, `details`, and the staff member's address. */
function auditOnAccount(
  db: Kysely<DB>,
  staff: Staff,
  action: AuditAction,
  target: { id: string; email: string },
  meta: Meta,
  details: Record<string, unknown> = {},
) {
  return recordAudit(db, staff, {
    action,
    targetType: "user",
    targetId: target.id,
    details: { email: target.email, ...details, ip: meta.ip ?? null },
  });
}

export async function lockAccount(db: Kysely<DB>, staff: Staff, userId: string, meta: Meta) {
  notOwnAccount(staff, userId);
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, userId);
    if (target.locked_at) return;
    const now = new Date();
    await authRepo.setLockedAt(trx, userId, now, now);
    await sessionRepo.revokeUserSessions(trx, userId, now);
    await staffEvent(trx, userId, "account_locked");
    await auditOnAccount(trx, staff, "user.locked", target, meta);
  });
  return accountStatus(db, userId);
}

export async function unlockAccount(db: Kysely<DB>, staff: Staff, userId: string, meta: Meta) {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, userId);
    if (!target.locked_at) return;
    await authRepo.setLockedAt(trx, userId, null, new Date());
    await staffEvent(trx, userId, "account_unlocked");
    await auditOnAccount(trx, staff, "user.unlocked", target, meta);
  });
  return accountStatus(db, userId);
}

export async function revokeSessions(db: Kysely<DB>, staff: Staff, userId: string, meta: Meta) {
  const target = await targetOf(db, userId);
  const revoked = await revokeOtherSessions(db, userId, null, { ...meta, by: staff });
  await auditOnAccount(db, staff, "user.sessions_revoked", target, meta, { revoked });
  return accountStatus(db, userId);
}

export async function sendPasswordReset(
  db: Kysely<DB>,
  mail: AccountMailContext,
  staff: Staff,
  userId: string,
  meta: Meta,
) {
  const target = await targetOf(db, userId);
  if (!mail.enabled) throw new AppError(503, "service_unavailable", "E-mail cannot be sent at the moment");
  // In the account's language (its e-mails' and documents'), whose page the link opens, not in the language
  // of the staff member's screen.
  await requestPasswordReset(
    db,
    mail,
    target.email,
    { ...meta, language: target.language },
    { byStaff: staff },
  );
  await auditOnAccount(db, staff, "user.password_reset_sent", target, meta);
  return accountStatus(db, userId);
}

/**
 * A new confirmation link for an account whose address is not confirmed yet, e.g. when the first
 * one went astray; the previous link stops working.
 */
export async function sendEmailVerification(
  db: Kysely<DB>,
  mail: AccountMailContext,
  staff: Staff,
  userId: string,
  meta: Meta & { language?: Language | undefined },
) {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, userId);
    if (target.email_verified_at) {
      throw conflict("email_already_verified", "This e-mail address is already confirmed");
    }
    // Written in the language the saver's last account e-mail was in (the one of registration),
    // not in the language of the staff member's screen.
    const language = (await lastEmailLanguage(trx, userId)) ?? meta.language;
    if (!(await sendVerification(trx, mail, userId, target.email, target.role, { ...meta, language }))) {
      throw new AppError(503, "service_unavailable", "E-mail cannot be sent at the moment");
    }
    await auditOnAccount(trx, staff, "user.verification_sent", target, meta);
  });
  mail.wake();
  return accountStatus(db, userId);
}

export async function changeRole(db: Kysely<DB>, staff: Staff, userId: string, role: Role, meta: Meta) {
  notOwnAccount(staff, userId);
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, userId);
    if (target.role === role) return;
    await authRepo.setRole(trx, userId, role, new Date());
    await staffEvent(trx, userId, "role_changed", { from: target.role, to: role });
    await auditOnAccount(trx, staff, "user.role_changed", target, meta, { from: target.role, to: role });
  });
  return accountStatus(db, userId);
}
