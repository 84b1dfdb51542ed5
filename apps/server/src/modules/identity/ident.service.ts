import { createHmac, timingSafeEqual } from "node:crypto";
import { identWebhookBodySchema, type User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, conflict, notFound } from "../../lib/errors.ts";
import { lockUser, recomputeUserStatus } from "../kyc/kyc.service.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as repo from "./identity.repository.ts";
import * as sanctions from "./sanctions.service.ts";

type Db = Kysely<DB>;

/**
 * Identification providers. Two kinds exist: the manual review of uploaded documents (the KYC
 * module; always there) and webhook providers (video-ident, eID) that post signed results. A
 * webhook provider is configured by a name and a shared secret (IDENT_WEBHOOK_SECRETS).
 */
export interface IdentProvider {
  readonly name: string;
  readonly kind: "manual" | "webhook";
}

export const MANUAL_PROVIDER: IdentProvider = { name: "manual", kind: "manual" };

/** How old a signed result may be; older ones are refused so a captured request cannot be replayed later. */
export const REPLAY_WINDOW_SECONDS = 300;

/** The signature header a provider sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export function signIdentPayload(secret: string, body: string, timestamp: number) {
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

const badSignature = () => new AppError(401, "ident_signature_invalid", "The signature is missing or wrong");

/** Checks a signature header against the raw body; throws 401 when it is wrong or too old. */
export function verifyIdentSignature(secret: string, header: string | undefined, body: string, now: Date) {
  const parts = Object.fromEntries(
    (header ?? "").split(",").map((p) => {
      const i = p.indexOf("=");
      return [p.slice(0, i).trim(), p.slice(i + 1).trim()];
    }),
  );
  const timestamp = Number(parts.t);
  const given = parts.v1 ?? "";
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw badSignature();
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, "hex"))) throw badSignature();
  if (Math.abs(now.getTime() / 1000 - timestamp) > REPLAY_WINDOW_SECONDS) {
    throw new AppError(401, "ident_timestamp_expired", "The signed result is too old (or from the future)");
  }
}

const unknownProvider = () => notFound("ident_provider_unknown", "No such identification provider");

/** Starts an identification: the reference the saver takes to the provider, who returns it with the result. */
export async function start(db: Db, secrets: Record<string, string>, user: User, provider: string) {
  if (!secrets[provider]) throw unknownProvider();
  const session = await repo.insertIdentSession(db, user.id, provider);
  return { provider: session.provider, reference: session.id };
}

/**
 * A provider's signed result: verified signature and age first, then stored once per provider
 * reference (a replay changes nothing); a verified result counts for the identity document and the
 * selfie (KYC status re-derived), and the name is screened.
 */
export async function receiveResult(
  db: Db,
  secrets: Record<string, string>,
  provider: string,
  signature: string | undefined,
  rawBody: string,
  now: Date,
  messages?: Messenger,
) {
  const secret = secrets[provider];
  if (!secret) throw unknownProvider();
  verifyIdentSignature(secret, signature, rawBody, now);
  const body = identWebhookBodySchema.parse(JSON.parse(rawBody));
  const session = await repo.findIdentSession(db, body.reference);
  if (!session || session.provider !== provider) {
    throw conflict(
      "ident_reference_unknown",
      "The reference does not belong to an identification with this provider",
    );
  }
  const stored = await db.transaction().execute(async (trx) => {
    await lockUser(trx, session.user_id);
    const inserted = await repo.insertIdentVerification(trx, {
      session_id: session.id,
      user_id: session.user_id,
      provider,
      method: body.method,
      provider_reference: body.provider_reference,
      result: body.result,
      first_name: body.first_name ?? null,
      last_name: body.last_name ?? null,
      date_of_birth: body.date_of_birth ?? null,
      payload: JSON.stringify(body),
    });
    if (inserted) await recomputeUserStatus(trx, session.user_id, messages);
    return Boolean(inserted);
  });
  if (stored && body.result === "verified") await sanctions.screenUser(db, session.user_id, "verification");
  return { accepted: true, duplicate: !stored };
}
