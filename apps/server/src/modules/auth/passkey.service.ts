import { createHash } from "node:crypto";
import {
  type AuthResponse,
  PASSKEY_LIMIT,
  type Passkey,
  type PasskeyCreationOptions,
  type PasskeyLoginRequest,
  type PasskeyRegisterRequest,
  type PasskeyRequestOptions,
  type User,
} from "@festgeld/domain";
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Clock } from "../../lib/clock.ts";
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from "../../lib/errors.ts";
import { loadWebAuthn } from "../../lib/lazy.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { describeDevice } from "./account-sessions.service.ts";
import { accountKey, addressKey } from "./auth.rate-limit.ts";
import * as authRepo from "./auth.repository.ts";
import * as lockout from "./login-lockout.ts";
import { tellIfNewDevice } from "./new-device.ts";
import * as repo from "./passkey.repository.ts";
import { createSession, type SessionPolicy } from "./session.service.ts";
import { assertCurrentPassword } from "./two-factor.service.ts";
import { toUser } from "./user.mapper.ts";

/**
 * Passkeys (WebAuthn) with SimpleWebAuthn, a second way to sign in (docs/decisions.md, "Passkeys").
 * Every ceremony's challenge is stored server-side (SHA-256), works once and for CEREMONY_SECONDS.
 * Passkeys must verify the user (PIN or biometrics): a passkey sign-in is possession of the device
 * plus what unlocks it, two factors, so it opens a session without a TOTP code.
 */

export const CEREMONY_SECONDS = 120;
/** EdDSA, ES256, RS256: what authenticators offer; the same list for options and verification. */
const ALGORITHMS = [-8, -7, -257];

/** The relying party: RP ID and origin from PUBLIC_URL, the name the authenticator shows. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * RP ID = the host of PUBLIC_URL, origin = its scheme, host and port. Browsers refuse an IP address as
 * RP ID, so a loopback address (the default PUBLIC_URL, http://127.0.0.1:3000) becomes `localhost`:
 * passkeys then work when the app is opened as http://localhost:PORT.
 */
export function relyingParty(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  if (url.hostname === "[::1]" || /^127(\.\d{1,3}){3}$/.test(url.hostname)) url.hostname = "localhost";
  return { id: url.hostname, origin: url.origin, name };
}

export interface PasskeyContext {
  rp: RelyingParty;
  /** Challenge expiry and the times shown (the injected clock). */
  clock: Clock;
  policy: SessionPolicy;
  messages?: Messenger | undefined;
}

interface Meta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

const eventMeta = (meta: Meta) => ({ ip: meta.ip ?? null, user_agent: meta.userAgent ?? null });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/** The WebAuthn user handle of an account: its UUID's 16 bytes (no personal data). */
function userHandle(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId.replace(/-/g, ""), "hex"));
}

const challengeInvalid = () =>
  badRequest(
    "passkey_challenge_invalid",
    "This passkey request has ended or was already used. Please try again.",
  );
const passkeyInvalid = () => badRequest("passkey_invalid", "The passkey could not be checked");

/** The challenge the browser signed, read from clientDataJSON (verified again by SimpleWebAuthn). */
function signedChallenge(clientDataJSON: string): string {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8")) as {
      challenge?: unknown;
    };
    if (typeof data.challenge === "string" && /^[A-Za-z0-9_-]{16,200}$/.test(data.challenge)) {
      return data.challenge;
    }
  } catch {
    // falls through
  }
  throw passkeyInvalid();
}

/** Takes the challenge out of the store; refused when unknown, used, of another account or expired. */
async function spendChallenge(
  db: Kysely<DB>,
  context: PasskeyContext,
  purpose: "registration" | "authentication",
  challenge: string,
  userId: string | null,
) {
  const row = await repo.takeChallenge(db, purpose, sha256(challenge), userId);
  if (!row || row.expires_at.getTime() <= context.clock.now().getTime()) throw challengeInvalid();
}

async function storeChallenge(
  db: Kysely<DB>,
  context: PasskeyContext,
  purpose: "registration" | "authentication",
  challenge: string,
  userId: string | null,
) {
  const now = context.clock.now();
  await repo.insertChallenge(db, {
    purpose,
    user_id: userId,
    challenge_hash: sha256(challenge),
    created_at: now,
    expires_at: new Date(now.getTime() + CEREMONY_SECONDS * 1000),
  });
}

function toPasskey(row: {
  id: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.created_at.toISOString(),
    last_used_at: row.last_used_at ? row.last_used_at.toISOString() : null,
    backed_up: row.backed_up,
  };
}

const limitReached = () =>
  conflict("passkey_limit_reached", `An account holds at most ${PASSKEY_LIMIT} passkeys; remove one first`);

export async function listPasskeys(db: Kysely<DB>, userId: string): Promise<Passkey[]> {
  return (await repo.listPasskeys(db, userId)).map(toPasskey);
}

// ---- Adding a passkey ----

/** The options for navigator.credentials.create(), for the current password (like an e-mail change). */
export async function registrationOptions(
  db: Kysely<DB>,
  context: PasskeyContext,
  user: User,
  currentPassword: string,
): Promise<PasskeyCreationOptions> {
  await assertCurrentPassword(db, user.id, currentPassword);
  const existing = await repo.listPasskeys(db, user.id);
  if (existing.length >= PASSKEY_LIMIT) throw limitReached();
  const { generateRegistrationOptions } = await loadWebAuthn();
  const options = await generateRegistrationOptions({
    rpName: context.rp.name,
    rpID: context.rp.id,
    userName: user.email,
    userID: userHandle(user.id),
    userDisplayName: user.full_name,
    timeout: CEREMONY_SECONDS * 1000,
    attestationType: "none",
    // The browser refuses to make a second passkey of the account on an authenticator that has one.
    excludeCredentials: existing.map((p) => ({
      id: p.credential_id,
      ...(p.transports ? { transports: p.transports.split(",") } : {}),
    })),
    // Discoverable (sign-in without an e-mail) and user-verifying (PIN or biometrics): two factors.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  await storeChallenge(db, context, "registration", options.challenge, user.id);
  return options as PasskeyCreationOptions;
}

/** Checks the authenticator's answer against the account's challenge and stores the passkey. */
export async function register(
  db: Kysely<DB>,
  context: PasskeyContext,
  user: User,
  input: PasskeyRegisterRequest,
  meta: Meta,
): Promise<Passkey> {
  const response = input.response as RegistrationResponseJSON;
  const challenge = signedChallenge(response.response.clientDataJSON);
  await spendChallenge(db, context, "registration", challenge, user.id);
  let info: NonNullable<Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"]>;
  try {
    const { verifyRegistrationResponse } = await loadWebAuthn();
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: context.rp.origin,
      expectedRPID: context.rp.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
    if (!result.verified) throw passkeyInvalid();
    info = result.registrationInfo;
    // The id the browser reports must be the one the authenticator attested.
    if (info.credential.id !== response.id || response.rawId !== response.id) throw passkeyInvalid();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw passkeyInvalid();
  }
  const device = describeDevice(meta.userAgent);
  const name =
    input.name?.trim() ||
    (device.browser ? [device.browser, device.os].filter(Boolean).join(" / ") : "Passkey").slice(0, 60);
  const now = context.clock.now();
  try {
    return await db.transaction().execute(async (trx) => {
      if ((await repo.countPasskeys(trx, user.id)) >= PASSKEY_LIMIT) throw limitReached();
      const row = await repo.insertPasskey(trx, {
        user_id: user.id,
        credential_id: info.credential.id,
        public_key: Buffer.from(info.credential.publicKey).toString("base64url"),
        counter: info.credential.counter,
        transports: (info.credential.transports ?? []).join(","),
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp,
        aaguid: info.aaguid,
        name,
        created_at: now,
      });
      await authRepo.insertAccountEvent(trx, {
        user_id: user.id,
        event: "passkey_added",
        ...eventMeta(meta),
        detail: { passkey_id: row.id, name },
      });
      await context.messages?.notify(trx, {
        userId: user.id,
        event: "passkey_added",
        key: `passkey_added:${row.id}`,
        facts: { name, at: now.toISOString() },
      });
      return toPasskey(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict("passkey_already_registered", "This passkey is already registered");
    }
    throw error;
  }
}

export async function renamePasskey(db: Kysely<DB>, userId: string, id: string, name: string) {
  const row = await repo.renamePasskey(db, userId, id, name.trim());
  if (!row) throw notFound("passkey_not_found", "This passkey does not exist or was already removed");
  return toPasskey(row);
}

/** Removes one of the account's passkeys (another account's is 404); told like every security change. */
export async function deletePasskey(
  db: Kysely<DB>,
  context: PasskeyContext,
  userId: string,
  id: string,
  meta: Meta,
) {
  const now = context.clock.now();
  await db.transaction().execute(async (trx) => {
    const row = await repo.deletePasskey(trx, userId, id);
    if (!row) throw notFound("passkey_not_found", "This passkey does not exist or was already removed");
    await authRepo.insertAccountEvent(trx, {
      user_id: userId,
      event: "passkey_removed",
      ...eventMeta(meta),
      detail: { passkey_id: id, name: row.name },
    });
    await context.messages?.notify(trx, {
      userId,
      event: "passkey_removed",
      key: `passkey_removed:${id}`,
      facts: { name: row.name, at: now.toISOString() },
    });
  });
}

// ---- Signing in ----

/** The options for navigator.credentials.get(): no e-mail, the browser offers the site's passkeys. */
export async function authenticationOptions(
  db: Kysely<DB>,
  context: PasskeyContext,
): Promise<PasskeyRequestOptions> {
  const { generateAuthenticationOptions } = await loadWebAuthn();
  const options = await generateAuthenticationOptions({
    rpID: context.rp.id,
    timeout: CEREMONY_SECONDS * 1000,
    userVerification: "required",
  });
  await storeChallenge(db, context, "authentication", options.challenge, null);
  return options as PasskeyRequestOptions;
}

/**
 * Signs in with a passkey's answer: the challenge (once), the credential (known, not removed), the
 * user handle (its account), the signature, user verification and the counter. Then exactly what a
 * password sign-in does: a session, the new-browser notice, a `login_succeeded` event (method passkey).
 */
export async function login(
  db: Kysely<DB>,
  context: PasskeyContext,
  input: PasskeyLoginRequest,
  meta: Meta,
): Promise<AuthResponse> {
  const response = input.response as AuthenticationResponseJSON;
  const challenge = signedChallenge(response.response.clientDataJSON);
  await spendChallenge(db, context, "authentication", challenge, null);
  if (response.rawId !== response.id) throw passkeyInvalid();
  const passkey = await repo.findByCredentialId(db, response.id);
  if (!passkey) {
    throw badRequest("passkey_not_recognised", "This passkey is not registered here (or was removed)");
  }
  const owner = await repo.findOwner(db, passkey.user_id);
  if (!owner || owner.closed_at) {
    throw badRequest("passkey_not_recognised", "This passkey is not registered here (or was removed)");
  }
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(userHandle(owner.id)).toString("base64url")) throw passkeyInvalid();

  let info: Awaited<ReturnType<typeof verifyAuthenticationResponse>>["authenticationInfo"];
  try {
    const { verifyAuthenticationResponse } = await loadWebAuthn();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: context.rp.origin,
      expectedRPID: context.rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter: Number(passkey.counter),
        ...(passkey.transports ? { transports: passkey.transports.split(",") } : {}),
      },
      // Throws when the counter did not rise (a cloned authenticator), unless both are 0.
      requireUserVerification: true,
    });
    if (!result.verified) throw passkeyInvalid();
    info = result.authenticationInfo;
  } catch {
    await authRepo.insertAccountEvent(db, {
      user_id: owner.id,
      event: "login_failed",
      ...eventMeta(meta),
      detail: { method: "passkey", passkey_id: passkey.id },
    });
    throw passkeyInvalid();
  }
  // Told only to whoever holds the passkey, like the password sign-in tells it.
  if (owner.locked_at) {
    await authRepo.insertAccountEvent(db, { user_id: owner.id, event: "login_blocked", ...eventMeta(meta) });
    throw new AppError(403, "account_locked", "This account is locked. Please contact our support team.");
  }
  const now = context.clock.now();
  const token = await db.transaction().execute(async (trx) => {
    const recorded = await repo.recordUse(trx, passkey.id, passkey.counter, {
      counter: info.newCounter,
      backed_up: info.credentialBackedUp,
      device_type: info.credentialDeviceType,
      at: now,
    });
    if (!recorded) return null;
    // This address signed in to the account: its failed password attempts are forgotten.
    await lockout.recordSuccess(trx, {
      accountKey: accountKey(owner.email),
      addressKey: addressKey(meta.ip ?? "unknown"),
    });
    const session = await createSession(trx, context.policy, owner.id, meta);
    await tellIfNewDevice(trx, context.messages, owner.id, meta, now);
    await authRepo.insertAccountEvent(trx, {
      user_id: owner.id,
      event: "login_succeeded",
      ...eventMeta(meta),
      detail: { method: "passkey", passkey_id: passkey.id },
    });
    return session.token;
  });
  if (!token) throw passkeyInvalid();
  return { access_token: token, token_type: "bearer", user: toUser(owner) };
}
