import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { documentKeyLoader } from "../../storage/key-ring.ts";
import {
  findSealedSample,
  hasSealedSecrets,
  listPlainSecrets,
  sealPlainSecret,
} from "./two-factor.repository.ts";

/**
 * TOTP secrets at rest (docs/decisions.md, "TOTP secrets at rest"): sealed with AES-256-GCM under a key
 * that is not in the database: TOTP_KEY when set, otherwise derived (HKDF-SHA256) from the document key
 * (DOCUMENT_KEY or DATA_DIR/document.key). The account id is bound to each ciphertext as additional
 * data, so a sealed secret copied onto another account's row does not open.
 *
 * Stored form: `v1.<12-byte nonce>.<ciphertext and 16-byte tag>`, both base64url.
 */
export interface TotpSecrets {
  seal(userId: string, secret: string): Promise<string>;
  open(userId: string, sealed: string): Promise<string>;
}

export class TotpKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TotpKeyError";
  }
}

const VERSION = "v1";
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const aad = (userId: string) => Buffer.from(`user_totp:${userId}`, "utf8");

/** The TOTP key from the document key: a key of its own, so neither ciphertext helps with the other. */
export function deriveTotpKey(documentKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", documentKey, Buffer.alloc(0), "festgeld totp-secret v1", 32));
}

export function sealWith(key: Buffer, userId: string, secret: string): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(aad(userId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString("base64url")}.${body.toString("base64url")}`;
}

export function openWith(key: Buffer, userId: string, sealed: string): string {
  const [version, nonceText, bodyText] = sealed.split(".");
  if (version !== VERSION || !nonceText || !bodyText) throw new TotpKeyError("not a sealed TOTP secret");
  const nonce = Buffer.from(nonceText, "base64url");
  const body = Buffer.from(bodyText, "base64url");
  if (nonce.length !== NONCE_BYTES || body.length <= TAG_BYTES) {
    throw new TotpKeyError("not a sealed TOTP secret");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, nonce);
  decipher.setAAD(aad(userId));
  decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
  try {
    return Buffer.concat([
      decipher.update(body.subarray(0, body.length - TAG_BYTES)),
      decipher.final(),
    ]).toString("utf8");
  } catch {
    throw new TotpKeyError("a TOTP secret does not open with the configured key");
  }
}

/**
 * The keys, loaded once on first use; TOTP_KEY (hex) or derived from the document keys: during a
 * document key rotation (ops/rotate-key.ts) secrets sealed under the previous document key still open,
 * and new ones are sealed under the current one.
 */
export function totpKeyLoader(options: {
  configuredKey?: string | undefined;
  documentKey?: string | undefined;
  previousDocumentKeys?: string[] | undefined;
  dataDir: string;
  db: Kysely<DB>;
}) {
  const documentKeys = documentKeyLoader({
    configuredKey: options.documentKey,
    previousKeys: options.previousDocumentKeys,
    dataDir: options.dataDir,
    // A lost key file must not be replaced by a new key while sealed secrets need the old one.
    keyInUse: () => hasSealedSecrets(options.db),
  });
  let loaded: Promise<{ current: Buffer; previous: Buffer[] }> | null = null;
  return () => {
    loaded ??= (async () => {
      if (options.configuredKey) return { current: Buffer.from(options.configuredKey, "hex"), previous: [] };
      const ring = await documentKeys.key();
      return { current: deriveTotpKey(ring.current), previous: ring.previous.map(deriveTotpKey) };
    })().catch((error) => {
      loaded = null;
      throw error;
    });
    return loaded;
  };
}

/** Opens with the current key, else with a previous one (a document key rotation under way). */
export function openWithAny(keys: { current: Buffer; previous: Buffer[] }, userId: string, sealed: string) {
  const all = [keys.current, ...keys.previous];
  for (const [index, key] of all.entries()) {
    try {
      return openWith(key, userId, sealed);
    } catch (error) {
      if (!(error instanceof TotpKeyError) || index === all.length - 1) throw error;
    }
  }
  throw new TotpKeyError("no key to open with");
}

/**
 * Seals the secrets that migration 0074 left in `secret_plain` (accounts enrolled before secrets were
 * encrypted), and checks that the key opens a sealed secret: a wrong key stops the start instead of
 * failing every two-factor sign-in. Answers how many secrets it sealed.
 */
export async function sealPlainSecrets(db: Kysely<DB>, secrets: TotpSecrets): Promise<number> {
  const plain = await listPlainSecrets(db);
  let sealed = 0;
  for (const row of plain) {
    const plainSecret = row.secret_plain as string;
    sealed += await sealPlainSecret(
      db,
      row.user_id,
      plainSecret,
      await secrets.seal(row.user_id, plainSecret),
    );
  }
  const sample = await findSealedSample(db);
  if (sample?.secret_sealed) {
    try {
      await secrets.open(sample.user_id, sample.secret_sealed);
    } catch (error) {
      if (!(error instanceof TotpKeyError)) throw error;
      throw new TotpKeyError(
        "The stored two-factor secrets do not open with the configured key: restore TOTP_KEY, DOCUMENT_KEY or DATA_DIR/document.key as it was",
      );
    }
  }
  return sealed;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Seals and opens TOTP secrets (modules/auth/totp-secret.ts). */
    totpSecrets: TotpSecrets;
  }
}

/** Decorates the app with `totpSecrets` (the server then calls sealPlainSecrets before it listens). */
export const totpSecretsPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { configuredKey?: string; documentKey?: string; previousDocumentKeys?: string[]; dataDir: string },
  ) => {
    const keys = totpKeyLoader({ ...opts, db: app.db });
    const secrets: TotpSecrets = {
      seal: async (userId, secret) => sealWith((await keys()).current, userId, secret),
      open: async (userId, sealed) => openWithAny(await keys(), userId, sealed),
    };
    app.decorate("totpSecrets", secrets);
  },
  { name: "totp-secrets", dependencies: ["db"] },
);
