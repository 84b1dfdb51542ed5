import type { Readable } from "node:stream";

/**
 * Where identity documents are kept: encrypted at rest with AES-256-GCM behind
 * a small interface, as files under DATA_DIR (local-store.ts) or, for deployments with several servers,
 * as objects in an S3-compatible bucket (s3-store.ts); both use the same format (sealing.ts), under the
 * keys of key-ring.ts. Keys are made by the server (never from an upload).
 */
export interface DocumentStorage {
  /**
   * Stores `data` under `key`, encrypted. The object appears under its key only once it is complete
   * (a failed or aborted write leaves nothing behind). Refuses to overwrite an existing key.
   */
  put(key: string, data: Readable | Buffer): Promise<{ storedBytes: number }>;
  /**
   * The decrypted content. The whole object is authenticated before the first byte is released, so
   * a tampered or truncated file never reaches a reader. Throws DocumentNotFoundError when absent.
   */
  get(key: string): Promise<Readable>;
  /** Removes the object; absent keys are fine (cleanup after a failed database write). */
  delete(key: string): Promise<void>;
}

export class DocumentNotFoundError extends Error {
  constructor(key: string) {
    super(`Document ${key} not found in storage`);
    this.name = "DocumentNotFoundError";
  }
}

export class DocumentIntegrityError extends Error {
  constructor(key: string) {
    super(`Document ${key} failed authentication (tampered, truncated or another key)`);
    this.name = "DocumentIntegrityError";
  }
}

export class DocumentExistsError extends Error {
  constructor(key: string) {
    super(`Storage key ${key} already exists`);
    this.name = "DocumentExistsError";
  }
}

export class DocumentKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DocumentKeyError";
  }
}

/** Storage keys: slash-separated segments of letters, digits, '-' and '_' (no dots, so no "..") */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}(?:\/[A-Za-z0-9_-]{1,100}){0,4}$/;

export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

export function checkKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** What `rewrap` did to one object. */
export type RewrapOutcome = "rewrapped" | "current" | "gone";

/** A store whose objects a key rotation can walk through and re-encrypt (both stores are). */
export interface RotatableDocumentStorage extends DocumentStorage {
  /** Every storage key in the store. */
  list(): AsyncIterable<string>;
  /**
   * Re-encrypts one object under the current key unless it already is, replacing it atomically
   * (readers see the old object or the new one, both readable while the old key is configured).
   * "gone" when the object was deleted meanwhile (nothing is recreated).
   */
  rewrap(key: string): Promise<RewrapOutcome>;
}
