import type { AdminAccountStatus, Language, Role, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
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
 * What the saver's account events keep of a staff action: that staff acted, and when; never who nor
 * from where. The staff member and their address go into the audit log (docs/decisions.md "Staff
 * actions in the saver's events").
 */
const STAFF_EVENT = { ip: null, user_agent: null } as const;
const BY_STAFF = { by_staff: true } as const;
const staffTrace = (meta: Meta) => ({ ip: meta.ip ?? null });

export async function lockAccount(db: Kysely<DB>, staff: Staff, userId: string, meta: Meta) {
  notOwnAccount(staff, userId);
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, userId);
    if (target.locked_at) return;
    const now = new Date();
    await authRepo.setLockedAt(trx, userId, now, now);
    await sessionRepo.revokeUserSessions(trx, userId, now);
    await authRepo.insertAccountEvent(trx, {
      user_id: userId,
      event: "account_locked",
      ...STAFF_EVENT,
      detail: BY_STAFF,
    });
    await recordAudit(trx, staff, {
      action: "user.locked",
      targetType: "user",
      targetId: userId,
      details: { email: target.email, ...staffTrace(meta) },
    });
  });
  return accountStatus(db, userId);
}

export async function unlockAccount(db: Kysely<DB>, staff: Staff, userId: string, meta: Meta) {
  await db.transaction().execute(async (trx) => {
    const target = await targetOf(trx, userId);
    if (!target.locked_at) return;
    await authRepo.setLockedAt(trx, userId, null, new Date());
    await authRepo.insertAccountEvent(trx, {
      user_id: userId,
      event: "account_unlocked",
      ...STAFF_EVENT,
      detail: BY_STAFF,
    });
    await recordAudit(trx, staff, {
      action: "user.unlocked",
      targetType: "user",
      targetId: userId,
      details: { email: target.email, ...staffTrace(meta) },
    });
  });
  return accountStatus(db, userId);
}

export async function revokeSessions(db: Kysely<DB>, staff: Staff, userId: string, meta: Meta) {
  const target = await targetOf(db, userId);
  const revoked = await revokeOtherSessions(db, userId, null, { ...meta, by: staff });
  await recordAudit(db, staff, {
    action: "user.sessions_revoked",
    targetType: "user",
    targetId: userId,
    details: { email: target.email, revoked, ...staffTrace(meta) },
  });
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
  await requestPasswordReset(db, mail, target.email, meta, { byStaff: staff });
  await recordAudit(db, staff, {
    action: "user.password_reset_sent",
    targetType: "user",
    targetId: userId,
    details: { email: target.email, ...staffTrace(meta) },
  });
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
    if (!(await sendVerification(trx, mail, userId, target.email, { ...meta, language }))) {
      throw new AppError(503, "service_unavailable", "E-mail cannot be sent at the moment");
    }
    await recordAudit(trx, staff, {
      action: "user.verification_sent",
      targetType: "user",
      targetId: userId,
      details: { email: target.email, ...staffTrace(meta) },
    });
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
    await authRepo.insertAccountEvent(trx, {
      user_id: userId,
      event: "role_changed",
      ...STAFF_EVENT,
      detail: { from: target.role, to: role, ...BY_STAFF },
    });
    await recordAudit(trx, staff, {
      action: "user.role_changed",
      targetType: "user",
      targetId: userId,
      details: { email: target.email, from: target.role, to: role, ...staffTrace(meta) },
    });
  });
  return accountStatus(db, userId);
}
