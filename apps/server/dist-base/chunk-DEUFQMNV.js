import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  findSealedSample,
  hasSealedSecrets,
  listPlainSecrets,
  sealPlainSecret
} from "./chunk-D6HMV7MT.js";
import {
  DocumentExistsError,
  DocumentIntegrityError,
  DocumentNotFoundError,
  checkKey,
  documentKeyLoader,
  isStorageKey,
  isUnderCurrent,
  keyringOf,
  openSealed,
  seal,
  sealedLimit,
  sealer
} from "./chunk-QHZ66NUU.js";
import {
  __commonJS,
  __toESM
} from "./chunk-NUPHUQFI.js";

// node_modules/fastify-plugin/lib/getPluginName.js
var require_getPluginName = __commonJS({
  "node_modules/fastify-plugin/lib/getPluginName.js"(exports, module) {
    "use strict";
    var fpStackTracePattern = /at\s(?:.*\.)?plugin\s.*\n\s*(.*)/;
    var fileNamePattern = /(\w*(\.\w*)*)\..*/;
    module.exports = function getPluginName(fn) {
      if (fn.name.length > 0) return fn.name;
      const stackTraceLimit = Error.stackTraceLimit;
      Error.stackTraceLimit = 10;
      try {
        throw new Error("anonymous function");
      } catch (e) {
        Error.stackTraceLimit = stackTraceLimit;
        return extractPluginName(e.stack);
      }
    };
    function extractPluginName(stack) {
      const m = stack.match(fpStackTracePattern);
      return m ? m[1].split(/[/\\]/).slice(-1)[0].match(fileNamePattern)[1] : "anonymous";
    }
    module.exports.extractPluginName = extractPluginName;
  }
});

// node_modules/fastify-plugin/lib/toCamelCase.js
var require_toCamelCase = __commonJS({
  "node_modules/fastify-plugin/lib/toCamelCase.js"(exports, module) {
    "use strict";
    module.exports = function toCamelCase(name) {
      if (name[0] === "@") {
        name = name.slice(1).replace("/", "-");
      }
      return name.replace(/-(.)/g, function(match, g1) {
        return g1.toUpperCase();
      });
    };
  }
});

// node_modules/fastify-plugin/plugin.js
var require_plugin = __commonJS({
  "node_modules/fastify-plugin/plugin.js"(exports, module) {
    "use strict";
    var getPluginName = require_getPluginName();
    var toCamelCase = require_toCamelCase();
    var count = 0;
    function plugin(fn, options = {}) {
      let autoName = false;
      if (fn.default !== void 0) {
        fn = fn.default;
      }
      if (typeof fn !== "function") {
        throw new TypeError(
          `fastify-plugin expects a function, instead got a '${typeof fn}'`
        );
      }
      if (typeof options === "string") {
        options = {
          fastify: options
        };
      }
      if (typeof options !== "object" || Array.isArray(options) || options === null) {
        throw new TypeError("The options object should be an object");
      }
      if (options.fastify !== void 0 && typeof options.fastify !== "string") {
        throw new TypeError(`fastify-plugin expects a version string, instead got '${typeof options.fastify}'`);
      }
      if (!options.name) {
        autoName = true;
        options.name = getPluginName(fn) + "-auto-" + count++;
      }
      fn[/* @__PURE__ */ Symbol.for("skip-override")] = options.encapsulate !== true;
      fn[/* @__PURE__ */ Symbol.for("fastify.display-name")] = options.name;
      fn[/* @__PURE__ */ Symbol.for("plugin-meta")] = options;
      if (!fn.default) {
        fn.default = fn;
      }
      const camelCase = toCamelCase(options.name);
      if (!autoName && !fn[camelCase]) {
        fn[camelCase] = fn;
      }
      return fn;
    }
    module.exports = plugin;
    module.exports.default = plugin;
    module.exports.fastifyPlugin = plugin;
  }
});

// apps/server/src/modules/auth/totp-secret.ts
var import_fastify_plugin = __toESM(require_plugin(), 1);
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
var TotpKeyError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "TotpKeyError";
  }
};
var VERSION = "v1";
var NONCE_BYTES = 12;
var TAG_BYTES = 16;
var aad = (userId) => Buffer.from(`user_totp:${userId}`, "utf8");
function deriveTotpKey(documentKey) {
  return Buffer.from(hkdfSync("sha256", documentKey, Buffer.alloc(0), "festgeld totp-secret v1", 32));
}
function sealWith(key, userId, secret) {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, nonce);
  cipher.setAAD(aad(userId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final(), cipher.getAuthTag()]);
  return `${VERSION}.${nonce.toString("base64url")}.${body.toString("base64url")}`;
}
function openWith(key, userId, sealed) {
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
      decipher.final()
    ]).toString("utf8");
  } catch {
    throw new TotpKeyError("a TOTP secret does not open with the configured key");
  }
}
function totpKeyLoader(options) {
  const documentKeys = documentKeyLoader({
    configuredKey: options.documentKey,
    previousKeys: options.previousDocumentKeys,
    dataDir: options.dataDir,
    // A lost key file must not be replaced by a new key while sealed secrets need the old one.
    keyInUse: () => hasSealedSecrets(options.db)
  });
  let loaded = null;
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
function openWithAny(keys, userId, sealed) {
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
async function sealPlainSecrets(db, secrets) {
  const plain = await listPlainSecrets(db);
  let sealed = 0;
  for (const row of plain) {
    const plainSecret = row.secret_plain;
    sealed += await sealPlainSecret(
      db,
      row.user_id,
      plainSecret,
      await secrets.seal(row.user_id, plainSecret)
    );
  }
  const sample = await findSealedSample(db);
  if (sample?.secret_sealed) {
    try {
      await secrets.open(sample.user_id, sample.secret_sealed);
    } catch (error) {
      if (!(error instanceof TotpKeyError)) throw error;
      throw new TotpKeyError(
        "The stored two-factor secrets do not open with the configured key: restore TOTP_KEY, DOCUMENT_KEY or DATA_DIR/document.key as it was"
      );
    }
  }
  return sealed;
}
var totpSecretsPlugin = (0, import_fastify_plugin.default)(
  async (app, opts) => {
    const keys = totpKeyLoader({ ...opts, db: app.db });
    const secrets = {
      seal: async (userId, secret) => sealWith((await keys()).current, userId, secret),
      open: async (userId, sealed) => openWithAny(await keys(), userId, sealed)
    };
    app.decorate("totpSecrets", secrets);
  },
  { name: "totp-secrets", dependencies: ["db"] }
);

// apps/server/src/storage/open-storage.ts
import path2 from "node:path";

// apps/server/src/storage/local-store.ts
import { randomUUID } from "node:crypto";
import { constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
var exists = (file) => fs.access(file, fsConstants.F_OK).then(
  () => true,
  () => false
);
var asStream = (data) => Buffer.isBuffer(data) ? Readable.from([data]) : data;
var LocalDocumentStorage = class {
  constructor(root, keys, maxBytes = 16 * 1024 * 1024) {
    this.root = root;
    this.keys = keys;
    this.maxBytes = maxBytes;
  }
  root;
  keys;
  maxBytes;
  pathOf(key) {
    checkKey(key);
    return path.join(this.root, `${key}.enc`);
  }
  async put(key, data) {
    const target = this.pathOf(key);
    const aesKey = (await keyringOf(this.keys)).current;
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 448 });
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    if (await exists(target)) throw new DocumentExistsError(key);
    const handle = await fs.open(temp, "wx", 384);
    let storedBytes = 0;
    try {
      const sink = new Writable({
        async write(chunk, _enc, done) {
          try {
            await handle.write(chunk);
            storedBytes += chunk.length;
            done();
          } catch (error) {
            done(error);
          }
        }
      });
      await pipeline(asStream(data), sealer(aesKey, key), sink);
      await handle.sync();
      await handle.close();
      if (await exists(target)) throw new DocumentExistsError(key);
      await fs.rename(temp, target);
      return { storedBytes };
    } catch (error) {
      await handle.close().catch(() => {
      });
      await fs.unlink(temp).catch(() => {
      });
      throw error;
    }
  }
  async get(key) {
    const file = this.pathOf(key);
    let content;
    try {
      const stat = await fs.stat(file);
      if (stat.size > sealedLimit(this.maxBytes)) throw new DocumentIntegrityError(key);
      content = await fs.readFile(file);
    } catch (error) {
      if (error.code === "ENOENT") throw new DocumentNotFoundError(key);
      throw error;
    }
    return Readable.from([openSealed(await keyringOf(this.keys), key, content)]);
  }
  async delete(key) {
    await fs.rm(this.pathOf(key), { force: true });
  }
  async *list() {
    let entries;
    try {
      entries = await fs.readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if (error.code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith(".enc") || entry.name.startsWith(".")) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).slice(0, -".enc".length);
      if (isStorageKey(key)) yield key;
    }
  }
  async rewrap(key) {
    const target = this.pathOf(key);
    const ring = await keyringOf(this.keys);
    let content;
    try {
      content = await fs.readFile(target);
    } catch (error) {
      if (error.code === "ENOENT") return "gone";
      throw error;
    }
    if (isUnderCurrent(ring, content)) return "current";
    const sealed = seal(ring.current, key, openSealed(ring, key, content));
    const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomUUID()}.tmp`);
    try {
      const handle = await fs.open(temp, "wx", 384);
      try {
        await handle.write(sealed);
        await handle.sync();
      } finally {
        await handle.close();
      }
      if (!await exists(target)) return "gone";
      await fs.rename(temp, target);
      return "rewrapped";
    } finally {
      await fs.rm(temp, { force: true });
    }
  }
};

// apps/server/src/storage/open-storage.ts
async function openDocumentStorage(opts) {
  const keys = documentKeyLoader({
    configuredKey: opts.configuredKey,
    previousKeys: opts.previousKeys,
    dataDir: opts.dataDir
  });
  await keys.check();
  if (opts.s3) {
    const { createS3Client, S3DocumentStorage } = await import("./s3-store-WCAXUDSC.js");
    const client = createS3Client(opts.s3);
    return {
      storage: new S3DocumentStorage(client, opts.s3.bucket, keys.key),
      close: async () => client.destroy()
    };
  }
  return {
    storage: new LocalDocumentStorage(path2.join(opts.dataDir, "documents"), keys.key),
    close: async () => {
    }
  };
}

export {
  require_plugin,
  TotpKeyError,
  deriveTotpKey,
  sealWith,
  openWith,
  openWithAny,
  sealPlainSecrets,
  totpSecretsPlugin,
  openDocumentStorage
};
//# sourceMappingURL=chunk-DEUFQMNV.js.map
