import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);

// apps/server/src/storage/document-store.ts
var DocumentNotFoundError = class extends Error {
  constructor(key) {
    super(`Document ${key} not found in storage`);
    this.name = "DocumentNotFoundError";
  }
};
var DocumentIntegrityError = class extends Error {
  constructor(key) {
    super(`Document ${key} failed authentication (tampered, truncated or another key)`);
    this.name = "DocumentIntegrityError";
  }
};
var DocumentExistsError = class extends Error {
  constructor(key) {
    super(`Storage key ${key} already exists`);
    this.name = "DocumentExistsError";
  }
};
var DocumentKeyError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "DocumentKeyError";
  }
};
var KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}(?:\/[A-Za-z0-9_-]{1,100}){0,4}$/;
var isStorageKey = (key) => KEY_PATTERN.test(key);
function checkKey(key) {
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

// apps/server/src/storage/key-ring.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
async function keyringOf(source) {
  const keys = await source();
  return Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
}
var KEY_FILE_PATTERN = /^[0-9a-fA-F]{64}$/;
async function readKeyFile(file) {
  let text;
  try {
    text = (await fs.readFile(file, "utf8")).trim();
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw error;
  }
  if (!KEY_FILE_PATTERN.test(text)) {
    throw new DocumentKeyError(`${file} must hold 64 hexadecimal characters (a 256-bit key)`);
  }
  return Buffer.from(text, "hex");
}
var keyFiles = (dataDir) => ({
  current: path.join(dataDir, "document.key"),
  previous: path.join(dataDir, "document.key.previous"),
  next: path.join(dataDir, "document.key.next")
});
function documentKeyLoader(options) {
  const files = keyFiles(options.dataDir);
  const keyFile = files.current;
  const documentsDir = path.join(options.dataDir, "documents");
  let loaded = null;
  async function hasDocuments() {
    try {
      const entries = await fs.readdir(documentsDir, { recursive: true });
      return entries.some((name) => name.endsWith(".enc"));
    } catch {
      return false;
    }
  }
  async function withPrevious(current) {
    const previous = await readKeyFile(files.previous);
    return { current, previous: previous ? [previous] : [] };
  }
  async function load() {
    if (options.configuredKey) {
      return {
        current: Buffer.from(options.configuredKey, "hex"),
        previous: (options.previousKeys ?? []).map((k) => Buffer.from(k, "hex"))
      };
    }
    const existing = await readKeyFile(keyFile);
    if (existing) return withPrevious(existing);
    if (await hasDocuments()) {
      throw new DocumentKeyError(
        `${keyFile} is missing but encrypted documents exist in ${documentsDir}; restore the key file or set DOCUMENT_KEY (an interrupted key rotation: run it again)`
      );
    }
    if (await options.keyInUse?.()) {
      throw new DocumentKeyError(
        `${keyFile} is missing but two-factor secrets sealed with it exist; restore the key file or set DOCUMENT_KEY`
      );
    }
    await fs.mkdir(options.dataDir, { recursive: true, mode: 448 });
    const fresh = randomBytes(32);
    try {
      await fs.writeFile(keyFile, `${fresh.toString("hex")}
`, { flag: "wx", mode: 384 });
      await fs.chmod(keyFile, 384);
      return { current: fresh, previous: [] };
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
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
    }
  };
}

// apps/server/src/storage/sealing.ts
import { createCipheriv, createDecipheriv, createHmac, randomBytes as randomBytes2 } from "node:crypto";
import { Transform } from "node:stream";
var MAGIC_V1 = Buffer.from("FGD1", "ascii");
var MAGIC = Buffer.from("FGD2", "ascii");
var KEY_ID_BYTES = 8;
var NONCE_BYTES = 12;
var TAG_BYTES = 16;
var HEADER_BYTES = MAGIC.length + KEY_ID_BYTES + NONCE_BYTES;
var HEADER_BYTES_V1 = MAGIC_V1.length + NONCE_BYTES;
var sealedLimit = (maxBytes) => maxBytes + HEADER_BYTES + TAG_BYTES;
function keyId(aesKey) {
  return createHmac("sha256", aesKey).update("festgeld document key id").digest().subarray(0, KEY_ID_BYTES);
}
function sealedKeyId(content) {
  if (content.length >= HEADER_BYTES && content.subarray(0, MAGIC.length).equals(MAGIC)) {
    return content.subarray(MAGIC.length, MAGIC.length + KEY_ID_BYTES);
  }
  return null;
}
function sealer(aesKey, storageKey) {
  const nonce = randomBytes2(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey, nonce);
  cipher.setAAD(Buffer.from(storageKey, "utf8"));
  let started = false;
  const header = () => {
    if (started) return [];
    started = true;
    return [MAGIC, keyId(aesKey), nonce];
  };
  return new Transform({
    transform(chunk, _enc, done) {
      done(null, Buffer.concat([...header(), cipher.update(chunk)]));
    },
    flush(done) {
      const last = cipher.final();
      done(null, Buffer.concat([...header(), last, cipher.getAuthTag()]));
    }
  });
}
function seal(aesKey, storageKey, plain) {
  const nonce = randomBytes2(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", aesKey, nonce);
  cipher.setAAD(Buffer.from(storageKey, "utf8"));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([MAGIC, keyId(aesKey), nonce, body, cipher.getAuthTag()]);
}
function decrypt(aesKey, storageKey, nonce, body, tag) {
  const decipher = createDecipheriv("aes-256-gcm", aesKey, nonce);
  decipher.setAAD(Buffer.from(storageKey, "utf8"));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    return null;
  }
}
function openSealed(keys, storageKey, content) {
  const ring = Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
  const all = [ring.current, ...ring.previous];
  const tag = content.subarray(content.length - TAG_BYTES);
  const id = sealedKeyId(content);
  if (id && content.length >= HEADER_BYTES + TAG_BYTES) {
    const aesKey = all.find((k) => keyId(k).equals(id));
    const nonce = content.subarray(MAGIC.length + KEY_ID_BYTES, HEADER_BYTES);
    const plain = aesKey ? decrypt(aesKey, storageKey, nonce, content.subarray(HEADER_BYTES, content.length - TAG_BYTES), tag) : null;
    if (plain) return plain;
  } else if (content.length >= HEADER_BYTES_V1 + TAG_BYTES && content.subarray(0, MAGIC_V1.length).equals(MAGIC_V1)) {
    const nonce = content.subarray(MAGIC_V1.length, HEADER_BYTES_V1);
    const body = content.subarray(HEADER_BYTES_V1, content.length - TAG_BYTES);
    for (const aesKey of all) {
      const plain = decrypt(aesKey, storageKey, nonce, body, tag);
      if (plain) return plain;
    }
  }
  throw new DocumentIntegrityError(storageKey);
}
var isUnderCurrent = (ring, content) => sealedKeyId(content)?.equals(keyId(ring.current)) ?? false;

export {
  DocumentNotFoundError,
  DocumentIntegrityError,
  DocumentExistsError,
  isStorageKey,
  checkKey,
  keyringOf,
  readKeyFile,
  keyFiles,
  documentKeyLoader,
  sealedLimit,
  keyId,
  sealer,
  seal,
  openSealed,
  isUnderCurrent
};
//# sourceMappingURL=chunk-QHZ66NUU.js.map
