import { createHash, randomBytes } from "node:crypto";
import type {
  AuthResponse,
  LoginChallenge,
  RecoveryCodes,
  TwoFactorLoginRequest,
  TwoFactorSetup,
  User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import { Secret, TOTP } from "otpauth";
import type { DB } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, badRequest, conflict } from "../../lib/errors.ts";
import { loadQrCode } from "../../lib/lazy.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as authRepo from "./auth.repository.ts";
import { tellIfNewDevice } from "./new-device.ts";
import { verifyPassword } from "./password.ts";
import { createSession, hashToken, type SessionPolicy } from "./session.service.ts";
import type { TotpSecrets } from "./totp-secret.ts";
import * as repo from "./two-factor.repository.ts";
import { toUser } from "./user.mapper.ts";

/** A sign-in challenge lasts 5 minutes and survives 5 wrong codes. */
export const CHALLENGE_SECONDS = 300;
export const CHALLENGE_MAX_FAILURES = 5;
/** Past 10 codes of an account within 15 minutes of its first, its second steps wait (429). */
export const ACCOUNT_CODE_FAILURES = 10;
const ACCOUNT_CODE_WINDOW_MS = 15 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
/** RFC 6238 defaults, which every authenticator app understands. */
const PERIOD_SECONDS = 30;

/** What two-factor needs besides the database: the clock, the issuer name shown in the app, sessions. */
export interface TwoFactorContext {
  clock: Clock;
  issuer: string;
  policy: SessionPolicy;
  /** Tells the saver about a sign-in from a new browser (new-device.ts). */
  messages?: Messenger | undefined;
  /** Seals secrets before they are stored and opens them to check a code (totp-secret.ts). */
  secrets: TotpSecrets;
}

/** The plain secret of a stored row (sealed since migration 0074; a plain one only until the start seals it). */
async function secretOf(
  context: TwoFactorContext,
  row: { user_id: string; secret_sealed: string | null; secret_plain: string | null },
) {
  if (row.secret_sealed) return context.secrets.open(row.user_id, row.secret_sealed);
  return row.secret_plain ?? "";
}

interface Meta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const eventMeta = (meta: Meta) => ({ ip: meta.ip ?? null, user_agent: meta.userAgent ?? null });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function totpFor(secret: string, label: string, issuer: string) {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * The time step a code belongs to, or null: the current step and one either side (clocks of phones
 * drift), as RFC 6238 section 5.2 allows.
 */
function matchingStep(secret: string, code: string, now: Date): number | null {
  const totp = totpFor(secret, "", "x");
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Recovery codes: 80 random bits in four groups of four base32 characters. */
function newRecoveryCode() {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  let code = "";
  for (let i = 0; i < 16; i++) code += alphabet[(bytes[i] as number) % alphabet.length];
  return code.match(/.{4}/g)?.join("-") ?? code;
}

/** Spaces, dashes and case do not matter when a recovery code is typed back. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, "");

const codeInvalid = () =>
  badRequest("two_factor_code_invalid", "This code is not right. Please try the current code.", [
    { path: "body.code", message: "This code is not right", code: "two_factor_code_invalid" },
  ]);

async function issueRecoveryCodes(trx: Kysely<DB>, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await repo.replaceRecoveryCodes(
    trx,
    userId,
    codes.map((c) => sha256(normaliseRecoveryCode(c))),
    now,
  );
  return codes;
}

export async function isTwoFactorEnabled(db: Kysely<DB>, userId: string) {
  const row = await repo.findTotp(db, userId);
  return Boolean(row?.confirmed_at);
}

export async function twoFactorStatus(db: Kysely<DB>, userId: string) {
  const enabled = await isTwoFactorEnabled(db, userId);
  return {
    two_factor_enabled: enabled,
    recovery_codes_left: enabled ? await repo.countUnusedRecoveryCodes(db, userId) : 0,
  };
}

// ---- Enrolment ----

/** A new secret (160 bits, as RFC 4226 recommends) waiting for its first code, with its QR code. */
export async function startSetup(
  db: Kysely<DB>,
  context: TwoFactorContext,
  user: User,
): Promise<TwoFactorSetup> {
  if (await isTwoFactorEnabled(db, user.id)) {
    throw conflict("two_factor_already_enabled", "Two-factor sign-in is already on");
  }
  const secret = new Secret({ size: 20 }).base32;
  await repo.upsertPendingTotp(db, user.id, await context.secrets.seal(user.id, secret), context.clock.now());
  const otpauthUrl = totpFor(secret, user.email, context.issuer).toString();
  const QRCode = await loadQrCode();
  const svg = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

/** Confirms the pending secret with a first code and answers the recovery codes (shown once). */
export async function enable(
  db: Kysely<DB>,
  context: TwoFactorContext,
  user: User,
  code: string,
  meta: Meta,
): Promise<RecoveryCodes> {
  const row = await repo.findTotp(db, user.id);
  if (row?.confirmed_at) throw conflict("two_factor_already_enabled", "Two-factor sign-in is already on");
  if (!row) throw conflict("two_factor_setup_missing", "Start the set-up first: scan a new QR code");
  const now = context.clock.now();
  const step = matchingStep(await secretOf(context, row), code, now);
  if (step === null) throw codeInvalid();
  return db.transaction().execute(async (trx) => {
    if (!(await repo.acceptStep(trx, user.id, step, { confirm: now }))) throw codeInvalid();
    const codes = await issueRecoveryCodes(trx, user.id, now);
    await authRepo.insertAccountEvent(trx, {
      user_id: user.id,
      event: "two_factor_enabled",
      ...eventMeta(meta),
    });
    return { recovery_codes: codes };
  });
}

export async function assertCurrentPassword(db: Kysely<DB>, userId: string, password: string) {
  const row = await authRepo.findUserById(db, userId);
  if (!row) throw new AppError(401, "unauthenticated", "Authentication required");
  if (!(await verifyPassword(row.password_hash, password))) {
    throw badRequest("wrong_current_password", "The current password is incorrect", [
      { path: "body.current_password", message: "The current password is incorrect" },
    ]);
  }
}

/** Switches two-factor off with the current password and a current code. Admins must keep it. */
export async function disable(
  db: Kysely<DB>,
  context: TwoFactorContext,
  user: User,
  input: { current_password: string; code: string },
  meta: Meta,
) {
  if (user.role === "admin") {
    throw new AppError(
      403,
      "two_factor_required_for_admins",
      "Admins must sign in with two-factor; it cannot be switched off",
    );
  }
  const row = await repo.findTotp(db, user.id);
  if (!row?.confirmed_at) throw conflict("two_factor_not_enabled", "Two-factor sign-in is not on");
  await assertCurrentPassword(db, user.id, input.current_password);
  const now = context.clock.now();
  const step = matchingStep(await secretOf(context, row), input.code, now);
  if (step === null) throw codeInvalid();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.acceptStep(trx, user.id, step))) throw codeInvalid();
    await repo.deleteTotp(trx, user.id);
    await repo.replaceRecoveryCodes(trx, user.id, [], now);
    await authRepo.insertAccountEvent(trx, {
      user_id: user.id,
      event: "two_factor_disabled",
      ...eventMeta(meta),
    });
  });
}

/** Ten new recovery codes for the current password; the old ones stop working. */
export async function regenerateRecoveryCodes(
  db: Kysely<DB>,
  context: TwoFactorContext,
  user: User,
  currentPassword: string,
  meta: Meta,
): Promise<RecoveryCodes> {
  if (!(await isTwoFactorEnabled(db, user.id))) {
    throw conflict("two_factor_not_enabled", "Two-factor sign-in is not on");
  }
  await assertCurrentPassword(db, user.id, currentPassword);
  return db.transaction().execute(async (trx) => {
    const codes = await issueRecoveryCodes(trx, user.id, context.clock.now());
    await authRepo.insertAccountEvent(trx, {
      user_id: user.id,
      event: "recovery_codes_regenerated",
      ...eventMeta(meta),
    });
    return { recovery_codes: codes };
  });
}

// ---- Sign-in ----

/** After the right password of an account with two-factor: a challenge instead of a session. */
export async function createChallenge(
  trx: Kysely<DB>,
  context: TwoFactorContext,
  userId: string,
  meta: Meta,
): Promise<LoginChallenge> {
  const now = context.clock.now();
  const token = randomBytes(32).toString("base64url");
  await repo.deleteOldChallenges(trx, userId, now);
  await repo.insertChallenge(trx, {
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
    ip: meta.ip ?? null,
    user_agent: meta.userAgent?.slice(0, 300) ?? null,
  });
  return { two_factor_required: true, challenge_token: token, expires_in: CHALLENGE_SECONDS };
}

/** The account's second steps wait: too many wrong codes lately. */
export class CodeAttemptsExceededError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("too many wrong codes");
  }
}

/**
 * The second step of a sign-in: the challenge and a code of the authenticator app (a time step is
 * accepted once) or an unused recovery code. Opens the session.
 */
export async function completeLogin(
  db: Kysely<DB>,
  context: TwoFactorContext,
  input: TwoFactorLoginRequest,
  meta: Meta,
): Promise<AuthResponse> {
  const now = context.clock.now();
  const challenge = await repo.findChallenge(db, hashToken(input.challenge_token));
  if (!challenge || challenge.used_at || challenge.failed_attempts >= CHALLENGE_MAX_FAILURES) {
    throw badRequest("token_invalid", "This sign-in has ended. Please enter your password again.");
  }
  if (challenge.expires_at.getTime() <= now.getTime()) {
    throw badRequest("token_expired", "This sign-in took too long. Please enter your password again.");
  }
  const totp = await repo.findTotp(db, challenge.user_id);
  const user = await authRepo.findUserById(db, challenge.user_id);
  if (!totp?.confirmed_at || !user) {
    throw badRequest("token_invalid", "This sign-in has ended. Please enter your password again.");
  }
  // The attempt is counted before the code is looked at (docs/decisions.md, "Two-factor attempts
  // counted before they are evaluated"); a right code spends the challenge, so the count then no
  // longer matters.
  if (!(await repo.claimChallengeAttempt(db, challenge.id, CHALLENGE_MAX_FAILURES))) {
    throw badRequest("token_invalid", "This sign-in has ended. Please enter your password again.");
  }
  // The account's count likewise, over all its challenges, in one conditional statement: parallel
  // codes on several fresh challenges cannot all pass the check before one of them is counted.
  const claimed = await repo.claimAccountCodeAttempt(
    db,
    user.id,
    now,
    ACCOUNT_CODE_WINDOW_MS,
    ACCOUNT_CODE_FAILURES,
  );
  if (!claimed) {
    const window = await repo.accountCodeWindow(db, user.id);
    const ends = (window?.window_start.getTime() ?? now.getTime()) + ACCOUNT_CODE_WINDOW_MS;
    throw new CodeAttemptsExceededError(Math.max(1, Math.ceil((ends - now.getTime()) / 1000)));
  }
  const code = input.code.trim();
  const step = /^\d{6}$/.test(code) ? matchingStep(await secretOf(context, totp), code, now) : null;

  const result = await db.transaction().execute(async (trx) => {
    let via: "totp" | "recovery_code" | null = null;
    if (step !== null && (await repo.acceptStep(trx, user.id, step))) via = "totp";
    else if (
      step === null &&
      (await repo.spendRecoveryCode(trx, user.id, sha256(normaliseRecoveryCode(code)), now))
    ) {
      via = "recovery_code";
    }
    if (!via) return null;
    if (!(await repo.spendChallenge(trx, challenge.id, now))) return null;
    await repo.clearAccountCodeAttempts(trx, user.id);
    const session = await createSession(trx, context.policy, user.id, meta);
    await tellIfNewDevice(trx, context.messages, user.id, meta, now);
    if (via === "recovery_code") {
      await authRepo.insertAccountEvent(trx, {
        user_id: user.id,
        event: "recovery_code_used",
        ...eventMeta(meta),
      });
    }
    await authRepo.insertAccountEvent(trx, {
      user_id: user.id,
      event: "login_succeeded",
      ...eventMeta(meta),
      detail: { two_factor: via },
    });
    return { access_token: session.token, token_type: "bearer" as const, user: toUser(user) };
  });
  if (result) return result;
  await authRepo.insertAccountEvent(db, { user_id: user.id, event: "two_factor_failed", ...eventMeta(meta) });
  throw codeInvalid();
}
