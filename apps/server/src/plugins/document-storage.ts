import { createCipheriv, createDecipheriv, createHmac, randomBytes, randomUUID } from "node:crypto";
import { type Dirent, constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { S3Settings } from "./s3-document-storage.ts";

/**
 * Where identity documents are kept: encrypted at rest with AES-256-GCM behind
 * a small interface, as files under DATA_DIR or, for deployments with several servers, as objects in
 * an S3-compatible bucket (s3-document-storage.ts); both use the same format (`sealer`). Keys are made by the server (never from an upload).
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
/** Storage keys: slash-separated segments of letters, digits, '-' and '_' (no dots, so no "..") */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}(?:\/[A-Za-z0-9_-]{1,100}){0,4}$/;

const exists = (file: string) =>
  fs.access(file, fsConstants.F_OK).then(
    () => true,
    () => false,
  );

export const isStorageKey = (key: string) => KEY_PATTERN.test(key);

export function checkKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const asStream = (data: Readable | Buffer): Readable =>
  Buffer.isBuffer(data) ? Readable.from([data]) : data;

/** The largest stored object for a plaintext of `maxBytes`. */
export const sealedLimit = (maxBytes: number) => maxBytes + HEADER_BYTES + TAG_BYTES;

/**
 * The document keys: `current` encrypts everything written; `previous` keys (during a rotation) are
 * only read with. A plain Buffer is a keyring of one.
 */
export interface DocumentKeyring {
  current: Buffer;
  previous: Buffer[];
}
export type DocumentKeySource = () => Promise<Buffer | DocumentKeyring>;

export async function keyringOf(source: DocumentKeySource): Promise<DocumentKeyring> {
  const keys = await source();
  return Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
}

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

/** Whether `content` is under the current key already. */
export const isUnderCurrent = (ring: DocumentKeyring, content: Buffer) =>
  sealedKeyId(content)?.equals(keyId(ring.current)) ?? false;

/** Files under `root` (DATA_DIR/documents), each in the stored format of `sealer`. */
export class LocalDocumentStorage implements RotatableDocumentStorage {
  constructor(
    private readonly root: string,
    private readonly keys: DocumentKeySource,
    /** The largest plaintext get() will read (uploads are capped well below this). */
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  private pathOf(key: string) {
    checkKey(key);
    return path.join(this.root, `${key}.enc`);
  }

  async put(key: string, data: Readable | Buffer) {
    const target = this.pathOf(key);
    const aesKey = (await keyringOf(this.keys)).current;
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    if (await exists(target)) throw new DocumentExistsError(key);
    const handle = await fs.open(temp, "wx", 0o600);
    let storedBytes = 0;
    try {
      const sink = new Writable({
        async write(chunk: Buffer, _enc, done) {
          try {
            await handle.write(chunk);
            storedBytes += chunk.length;
            done();
          } catch (error) {
            done(error as Error);
          }
        },
      });
      await pipeline(asStream(data), sealer(aesKey, key), sink);
      await handle.sync();
      await handle.close();
      if (await exists(target)) throw new DocumentExistsError(key);
      // rename() within one directory is atomic: readers see no file or the whole file.
      await fs.rename(temp, target);
      return { storedBytes };
    } catch (error) {
      await handle.close().catch(() => {});
      await fs.unlink(temp).catch(() => {});
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    let content: Buffer;
    try {
      const stat = await fs.stat(file);
      if (stat.size > sealedLimit(this.maxBytes)) throw new DocumentIntegrityError(key);
      content = await fs.readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new DocumentNotFoundError(key);
      throw error;
    }
    return Readable.from([openSealed(await keyringOf(this.keys), key, content)]);
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async *list(): AsyncIterable<string> {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".enc") || entry.name.startsWith(".")) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).slice(0, -".enc".length);
      if (KEY_PATTERN.test(key)) yield key;
    }
  }

  async rewrap(key: string): Promise<RewrapOutcome> {
    const target = this.pathOf(key);
    const ring = await keyringOf(this.keys);
    let content: Buffer;
    try {
      content = await fs.readFile(target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return "gone";
      throw error;
    }
    if (isUnderCurrent(ring, content)) return "current";
    const sealed = seal(ring.current, key, openSealed(ring, key, content));
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      const handle = await fs.open(temp, "wx", 0o600);
      try {
        await handle.write(sealed);
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (!(await exists(target))) return "gone";
      // rename() over the old file is atomic: readers see the old object or the new one.
      await fs.rename(temp, target);
      return "rewrapped";
    } finally {
      await fs.rm(temp, { force: true });
    }
  }
}

const KEY_FILE_PATTERN = /^[0-9a-fA-F]{64}$/;

/** Reads a key file (64 hexadecimal characters); null when it does not exist. */
export async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = (await fs.readFile(file, "utf8")).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  if (!KEY_FILE_PATTERN.test(text)) {
    throw new DocumentKeyError(`${file} must hold 64 hexadecimal characters (a 256-bit key)`);
  }
  return Buffer.from(text, "hex");
}

/** The generated key's file, and the file of the key it replaced while a rotation is under way. */
export const keyFiles = (dataDir: string) => ({
  current: path.join(dataDir, "document.key"),
  previous: path.join(dataDir, "document.key.previous"),
  next: path.join(dataDir, "document.key.next"),
});

/**
 * The document keys: DOCUMENT_KEY (with DOCUMENT_KEY_PREVIOUS during a rotation) when configured;
 * otherwise DATA_DIR/document.key (with document.key.previous during a rotation), generated on first
 * use with owner-only permissions and reused after. A missing key file beside existing documents is
 * an error, never a reason to make a new key (the documents would become unreadable).
 */
export function documentKeyLoader(options: {
  configuredKey?: string | undefined;
  previousKeys?: string[] | undefined;
  dataDir: string;
  /** Other data sealed with (a key derived from) this key exists: a missing key file is then an error too. */
  keyInUse?: () => Promise<boolean>;
}) {
  const files = keyFiles(options.dataDir);
  const keyFile = files.current;
  const documentsDir = path.join(options.dataDir, "documents");
  let loaded: Promise<DocumentKeyring> | null = null;

  async function hasDocuments(): Promise<boolean> {
    try {
      const entries = await fs.readdir(documentsDir, { recursive: true });
      return entries.some((name) => name.endsWith(".enc"));
    } catch {
      return false;
    }
  }

  async function withPrevious(current: Buffer): Promise<DocumentKeyring> {
    const previous = await readKeyFile(files.previous);
    return { current, previous: previous ? [previous] : [] };
  }

  async function load(): Promise<DocumentKeyring> {
    if (options.configuredKey) {
      return {
        current: Buffer.from(options.configuredKey, "hex"),
        previous: (options.previousKeys ?? []).map((k) => Buffer.from(k, "hex")),
      };
    }
    const existing = await readKeyFile(keyFile);
    if (existing) return withPrevious(existing);
    if (await hasDocuments()) {
      throw new DocumentKeyError(
        `${keyFile} is missing but encrypted documents exist in ${documentsDir}; restore the key file or set DOCUMENT_KEY` +
          " (an interrupted key rotation: run it again)",
      );
    }
    if (await options.keyInUse?.()) {
      throw new DocumentKeyError(
        `${keyFile} is missing but two-factor secrets sealed with it exist; restore the key file or set DOCUMENT_KEY`,
      );
    }
    await fs.mkdir(options.dataDir, { recursive: true, mode: 0o700 });
    const fresh = randomBytes(32);
    try {
      // "wx": if another process created it meanwhile, use theirs.
      await fs.writeFile(keyFile, `${fresh.toString("hex")}\n`, { flag: "wx", mode: 0o600 });
      await fs.chmod(keyFile, 0o600);
      return { current: fresh, previous: [] };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const theirs = await readKeyFile(keyFile);
      if (!theirs) throw error;
      return withPrevious(theirs);
    }
  }

  return {
    /** The keys, loaded (or the key created) once. */
    key: () => {
      loaded ??= load().catch((error) => {
        loaded = null;
        throw error;
      });
      return loaded;
    },
    /** Checks existing key files at start-up, without creating one (tests and fresh installs). */
    async check() {
      if (!options.configuredKey) {
        await readKeyFile(keyFile);
        await readKeyFile(files.previous);
      }
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    documentStorage: DocumentStorage;
  }
}

export interface DocumentStoragePluginOptions {
  dataDir: string;
  configuredKey?: string | undefined;
  /** Keys documents may still be under during a rotation (DOCUMENT_KEY_PREVIOUS): read, never written. */
  previousKeys?: string[] | undefined;
  /** Keep documents in this S3 bucket (DOCUMENT_STORE=s3) instead of under DATA_DIR. */
  s3?: S3Settings | undefined;
  /** Another implementation (a failing one in tests). */
  storage?: DocumentStorage;
}

/**
 * The configured store (files under DATA_DIR, or the S3 bucket) with its keys; `close` releases the
 * S3 client. Used by the server and by the key rotation command.
 */
export async function openDocumentStorage(
  opts: Omit<DocumentStoragePluginOptions, "storage">,
): Promise<{ storage: RotatableDocumentStorage; close: () => Promise<void> }> {
  const keys = documentKeyLoader({
    configuredKey: opts.configuredKey,
    previousKeys: opts.previousKeys,
    dataDir: opts.dataDir,
  });
  // A corrupt key file stops the start instead of failing the first upload.
  await keys.check();
  if (opts.s3) {
    // Loaded only when configured: a server on local files does not pay for the SDK.
    const { createS3Client, S3DocumentStorage } = await import("./s3-document-storage.ts");
    const client = createS3Client(opts.s3);
    return {
      storage: new S3DocumentStorage(client, opts.s3.bucket, keys.key),
      close: async () => client.destroy(),
    };
  }
  return {
    storage: new LocalDocumentStorage(path.join(opts.dataDir, "documents"), keys.key),
    close: async () => {},
  };
}

/** Decorates the app with `documentStorage`. */
export default fp(
  async function documentStoragePlugin(app: FastifyInstance, opts: DocumentStoragePluginOptions) {
    if (opts.storage) {
      app.decorate("documentStorage", opts.storage);
      return;
    }
    const { storage, close } = await openDocumentStorage(opts);
    app.addHook("onClose", close);
    app.decorate("documentStorage", storage);
  },
  { name: "document-storage" },
);
