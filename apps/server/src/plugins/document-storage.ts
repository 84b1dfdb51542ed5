import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from "node:crypto";
import { constants as fsConstants } from "node:fs";
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

/** "FGD1": format marker and version, so the layout can change later without guessing. */
const MAGIC = Buffer.from("FGD1", "ascii");
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + NONCE_BYTES;
/** Storage keys: slash-separated segments of letters, digits, '-' and '_' (no dots, so no "..") */
const KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}(?:\/[A-Za-z0-9_-]{1,100}){0,4}$/;

const exists = (file: string) =>
  fs.access(file, fsConstants.F_OK).then(
    () => true,
    () => false,
  );

export function checkKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

const asStream = (data: Readable | Buffer): Readable =>
  Buffer.isBuffer(data) ? Readable.from([data]) : data;

/** The largest stored object for a plaintext of `maxBytes`. */
export const sealedLimit = (maxBytes: number) => maxBytes + HEADER_BYTES + TAG_BYTES;

/**
 * Encrypts a stream into the stored format, the same for every store: "FGD1" | 12-byte random nonce |
 * ciphertext | 16-byte GCM tag. The storage key is bound to the ciphertext as additional authenticated
 * data, so an object copied over another document's object does not decrypt.
 */
export function sealer(aesKey: Buffer, storageKey: string): Transform {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey, nonce);
  cipher.setAAD(Buffer.from(storageKey, "utf8"));
  let started = false;
  const header = () => {
    if (started) return [];
    started = true;
    return [MAGIC, nonce];
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

/**
 * Decrypts a whole stored object, authenticating it before anything is returned; throws
 * DocumentIntegrityError for a tampered, truncated or foreign object (or another key).
 */
export function openSealed(aesKey: Buffer, storageKey: string, content: Buffer): Buffer {
  if (content.length < HEADER_BYTES + TAG_BYTES || !content.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new DocumentIntegrityError(storageKey);
  }
  const nonce = content.subarray(MAGIC.length, HEADER_BYTES);
  const tag = content.subarray(content.length - TAG_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", aesKey, nonce);
  decipher.setAAD(Buffer.from(storageKey, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(content.subarray(HEADER_BYTES, content.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DocumentIntegrityError(storageKey);
  }
}

/** Files under `root` (DATA_DIR/documents), each in the stored format of `sealer`. */
export class LocalDocumentStorage implements DocumentStorage {
  constructor(
    private readonly root: string,
    private readonly key: () => Promise<Buffer>,
    /** The largest plaintext get() will read (uploads are capped well below this). */
    private readonly maxBytes = 16 * 1024 * 1024,
  ) {}

  private pathOf(key: string) {
    checkKey(key);
    return path.join(this.root, `${key}.enc`);
  }

  async put(key: string, data: Readable | Buffer) {
    const target = this.pathOf(key);
    const aesKey = await this.key();
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
    return Readable.from([openSealed(await this.key(), key, content)]);
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }
}

const KEY_FILE_PATTERN = /^[0-9a-fA-F]{64}$/;

/**
 * The document key: DOCUMENT_KEY when configured; otherwise DATA_DIR/document.key, generated on first
 * use with owner-only permissions and reused after. A missing key file beside existing documents is
 * an error, never a reason to make a new key (the documents would become unreadable).
 */
export function documentKeyLoader(options: {
  configuredKey?: string | undefined;
  dataDir: string;
  /** Other data sealed with (a key derived from) this key exists: a missing key file is then an error too. */
  keyInUse?: () => Promise<boolean>;
}) {
  const keyFile = path.join(options.dataDir, "document.key");
  const documentsDir = path.join(options.dataDir, "documents");
  let loaded: Promise<Buffer> | null = null;

  async function readKeyFile(): Promise<Buffer | null> {
    let text: string;
    try {
      text = (await fs.readFile(keyFile, "utf8")).trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    if (!KEY_FILE_PATTERN.test(text)) {
      throw new DocumentKeyError(`${keyFile} must hold 64 hexadecimal characters (a 256-bit key)`);
    }
    return Buffer.from(text, "hex");
  }

  async function hasDocuments(): Promise<boolean> {
    try {
      const entries = await fs.readdir(documentsDir, { recursive: true });
      return entries.some((name) => name.endsWith(".enc"));
    } catch {
      return false;
    }
  }

  async function load(): Promise<Buffer> {
    if (options.configuredKey) return Buffer.from(options.configuredKey, "hex");
    const existing = await readKeyFile();
    if (existing) return existing;
    if (await hasDocuments()) {
      throw new DocumentKeyError(
        `${keyFile} is missing but encrypted documents exist in ${documentsDir}; restore the key file or set DOCUMENT_KEY`,
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
      return fresh;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const theirs = await readKeyFile();
      if (!theirs) throw error;
      return theirs;
    }
  }

  return {
    /** The key, loaded (or created) once. */
    key: () => {
      loaded ??= load().catch((error) => {
        loaded = null;
        throw error;
      });
      return loaded;
    },
    /** Checks an existing key file at start-up, without creating one (tests and fresh installs). */
    async check() {
      if (!options.configuredKey) await readKeyFile();
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
  /** Keep documents in this S3 bucket (DOCUMENT_STORE=s3) instead of under DATA_DIR. */
  s3?: S3Settings | undefined;
  /** Another implementation (a failing one in tests). */
  storage?: DocumentStorage;
}

/** Decorates the app with `documentStorage`. */
export default fp(
  async function documentStoragePlugin(app: FastifyInstance, opts: DocumentStoragePluginOptions) {
    if (opts.storage) {
      app.decorate("documentStorage", opts.storage);
      return;
    }
    const keys = documentKeyLoader({ configuredKey: opts.configuredKey, dataDir: opts.dataDir });
    // A corrupt key file stops the start instead of failing the first upload.
    await keys.check();
    if (opts.s3) {
      // Loaded only when configured: a server on local files does not pay for the SDK.
      const { createS3Client, S3DocumentStorage } = await import("./s3-document-storage.ts");
      const client = createS3Client(opts.s3);
      app.addHook("onClose", async () => client.destroy());
      app.decorate("documentStorage", new S3DocumentStorage(client, opts.s3.bucket, keys.key));
      return;
    }
    app.decorate("documentStorage", new LocalDocumentStorage(path.join(opts.dataDir, "documents"), keys.key));
  },
  { name: "document-storage" },
);
