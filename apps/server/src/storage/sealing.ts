import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import { Transform } from "node:stream";
import { DocumentIntegrityError } from "./document-store.ts";
import type { DocumentKeyring } from "./key-ring.ts";

// The stored format shared by every store: AES-256-GCM under the document key, the storage key bound
// as additional authenticated data.

/**
 * "FGD2" | 8-byte key id | 12-byte nonce | ciphertext | 16-byte GCM tag. The key id (`keyId`) names the
 * document key an object is under, so that a key rotation knows what is left to do and a reader picks the
 * right key. "FGD1" (no key id) is the earlier format: still read, trying each configured key.
 */
const MAGIC_V1 = Buffer.from("FGD1", "ascii");
const MAGIC = Buffer.from("FGD2", "ascii");
const KEY_ID_BYTES = 8;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + NONCE_BYTES;
const HEADER_BYTES_V1 = MAGIC_V1.length + NONCE_BYTES;

/** The largest stored object for a plaintext of `maxBytes`. */
export const sealedLimit = (maxBytes: number) => maxBytes + HEADER_BYTES + TAG_BYTES;

/** A key's public name: 8 bytes of an HMAC under the key, which tells nothing about the key itself. */
export function keyId(aesKey: Buffer): Buffer {
  return createHmac("sha256", aesKey).update("festgeld document key id").digest().subarray(0, KEY_ID_BYTES);
}

/** The id of the key a stored object is under, or null for the earlier format that names none. */
export function sealedKeyId(content: Buffer): Buffer | null {
  if (content.length >= HEADER_BYTES && content.subarray(0, MAGIC.length).equals(MAGIC)) {
    return content.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES);
  }
  return null;
}

/**
 * Encrypts a stream into the stored format, the same for every store (see MAGIC). The storage key is
 * bound to the ciphertext as additional authenticated data, so an object copied over another
 * document's object does not decrypt.
 */
export function sealer(aesKey: Buffer, storageKey: string): Transform {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey, nonce);
  cipher.setAAD(Buffer.from(storageKey, "utf8"));
  let started = false;
  const header = () => {
    if (started) return [];
    started = true;
    return [MAGIC, keyId(aesKey), nonce];
  };
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      done(null, Buffer.concat([...header(), cipher.update(chunk)]));
    },
    flush(done) {
      const last = cipher.final();
      done(null, Buffer.concat([...header(), last, cipher.getAuthTag()]));
    },
  });
}

/** `sealer` for content already in memory. */
export function seal(aesKey: Buffer, storageKey: string, plain: Buffer): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey, nonce);
  cipher.setAAD(Buffer.from(storageKey, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, keyId(aesKey), nonce, body, cipher.getAuthTag()]);
}

function decrypt(
  aesKey: Buffer,
  storageKey: string,
  nonce: Buffer,
  body: Buffer,
  tag: Buffer,
): Buffer | null {
  const decipher = createDecipheriv("aes-256-gcm", aesKey, nonce);
  decipher.setAAD(Buffer.from(storageKey, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}

/**
 * Decrypts a whole stored object, authenticating it before anything is returned; throws
 * DocumentIntegrityError for a tampered, truncated or foreign object, or one under none of the keys.
 */
export function openSealed(keys: Buffer | DocumentKeyring, storageKey: string, content: Buffer): Buffer {
  const ring = Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
  const all = [ring.current, ...ring.previous];
  const tag = content.subarray(content.length - TAG_BYTES);
  const id = sealedKeyId(content);
  if (id && content.length >= HEADER_BYTES + TAG_BYTES) {
    const aesKey = all.find((k) => keyId(k).equals(id));
    const nonce = content.subarray(MAGIC.length + KEY_ID_BYTES, HEADER_BYTES);
    const plain = aesKey
      ? decrypt(aesKey, storageKey, nonce, content.subarray(HEADER_BYTES, content.length - TAG_BYTES), tag)
      : null;
    if (plain) return plain;
  } else if (
    content.length >= HEADER_BYTES_V1 + TAG_BYTES &&
    content.subarray(0, MAGIC_V1.length).equals(MAGIC_V1)
  ) {
    const nonce = content.subarray(MAGIC_V1.length, HEADER_BYTES_V1);
    const body = content.subarray(HEADER_BYTES_V1, content.length - TAG_BYTES);
    for (const aesKey of all) {
      const plain = decrypt(aesKey, storageKey, nonce, body, tag);
      if (plain) return plain;
    }
  }
  throw new DocumentIntegrityError(storageKey);
}

/** Whether `content` is under the current key already. */
export const isUnderCurrent = (ring: DocumentKeyring, content: Buffer) =>
  sealedKeyId(content)?.equals(keyId(ring.current)) ?? false;
