import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  TotpKeyError,
  deriveTotpKey,
  openDocumentStorage,
  openWith,
  openWithAny,
  sealWith
} from "./chunk-DEUFQMNV.js";
import "./chunk-D6HMV7MT.js";
import {
  openDatabase
} from "./chunk-TJDKFA6Y.js";
import {
  ConfigError,
  loadConfig,
  readEnvFile
} from "./chunk-YUME3DMW.js";
import {
  documentKeyLoader,
  keyFiles,
  keyId,
  readKeyFile
} from "./chunk-QHZ66NUU.js";
import "./chunk-NUPHUQFI.js";

// apps/server/src/ops/rotate-key.ts
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

// apps/server/src/db/key-rotation.repository.ts
function listSealedTotpSecrets(db) {
  return db.selectFrom("user_totp").select(["user_id", "secret_sealed"]).where("secret_sealed", "is not", null).execute();
}
async function resealTotpSecret(db, userId, previous, sealed) {
  const result = await db.updateTable("user_totp").set({ secret_sealed: sealed }).where("user_id", "=", userId).where("secret_sealed", "=", previous).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// apps/server/src/ops/rotate-key.ts
var RotationError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "RotationError";
  }
};
async function rewrapAll(storage, onProgress = () => {
}) {
  const counts = { rewrapped: 0, alreadyCurrent: 0, gone: 0, failed: [] };
  let done = 0;
  for await (const key of storage.list()) {
    try {
      const outcome = await storage.rewrap(key);
      if (outcome === "rewrapped") counts.rewrapped++;
      else if (outcome === "current") counts.alreadyCurrent++;
      else counts.gone++;
    } catch (error) {
      counts.failed.push(`${key} (${error instanceof Error ? error.message : String(error)})`);
    }
    done++;
    if (done % 500 === 0) onProgress(done);
  }
  return counts;
}
async function swapKeyFiles(dataDir) {
  const files = keyFiles(dataDir);
  if (existsSync(files.previous)) {
    if (!existsSync(files.current)) {
      if (!existsSync(files.next))
        throw new RotationError(`${files.current} and ${files.next} are both missing`);
      await fs.rename(files.next, files.current);
    }
    await fs.rm(files.next, { force: true });
    return "resumed";
  }
  if (!await readKeyFile(files.current)) {
    throw new RotationError(`there is no document key in ${files.current} to rotate`);
  }
  if (!existsSync(files.next)) {
    const partial = `${files.next}.${process.pid}.tmp`;
    const handle = await fs.open(partial, "wx", 384);
    try {
      await handle.write(`${randomBytes(32).toString("hex")}
`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(partial, files.next);
  }
  await readKeyFile(files.next);
  await fs.rename(files.current, files.previous);
  await fs.rename(files.next, files.current);
  return "swapped";
}
async function resealTotpSecrets(db, ring) {
  const keys = { current: deriveTotpKey(ring.current), previous: ring.previous.map(deriveTotpKey) };
  const rows = await listSealedTotpSecrets(db);
  let resealed = 0;
  const failed = [];
  for (const row of rows) {
    const sealed = row.secret_sealed;
    try {
      openWith(keys.current, row.user_id, sealed);
      continue;
    } catch (error) {
      if (!(error instanceof TotpKeyError)) throw error;
    }
    let secret;
    try {
      secret = openWithAny(keys, row.user_id, sealed);
    } catch (error) {
      if (!(error instanceof TotpKeyError)) throw error;
      failed.push(`two-factor secret of account ${row.user_id}`);
      continue;
    }
    resealed += await resealTotpSecret(db, row.user_id, sealed, sealWith(keys.current, row.user_id, secret));
  }
  return { resealed, failed };
}
async function rotateDocumentKey(config, options = {}) {
  const generated = !config.DOCUMENT_KEY;
  const lines = [];
  const embedded = !config.DATABASE_URL && !options.database;
  if (embedded && existsSync(path.join(config.dataDir, "pgdata", "postmaster.pid"))) {
    throw new RotationError(
      "the server is running (the embedded database is open): stop it first, it keeps the document key in memory"
    );
  }
  if (generated) {
    const step = await swapKeyFiles(config.dataDir);
    lines.push(
      step === "swapped" ? "A new document key is in DATA_DIR/document.key; the old one is in document.key.previous until the end." : "Resuming an interrupted rotation."
    );
  }
  const { storage, close } = await openDocumentStorage({
    dataDir: config.dataDir,
    configuredKey: config.DOCUMENT_KEY,
    previousKeys: config.DOCUMENT_KEY_PREVIOUS,
    s3: config.s3
  });
  let counts;
  try {
    counts = await rewrapAll(storage, options.onProgress);
  } finally {
    await close();
  }
  let totpResealed = 0;
  const hasDatabase = !embedded || existsSync(path.join(config.dataDir, "pgdata", "PG_VERSION"));
  if (!config.TOTP_KEY && hasDatabase) {
    const ring = await documentKeyLoader({
      configuredKey: config.DOCUMENT_KEY,
      previousKeys: config.DOCUMENT_KEY_PREVIOUS,
      dataDir: config.dataDir
    }).key();
    const database = options.database ?? await openDatabase({ ...config, DATABASE_POOL_SIZE: 2 });
    try {
      const totp = await resealTotpSecrets(database.db, ring);
      totpResealed = totp.resealed;
      counts.failed.push(...totp.failed);
    } finally {
      if (!options.database) await database.close();
    }
  }
  const current = generated ? await readKeyFile(keyFiles(config.dataDir).current) : Buffer.from(config.DOCUMENT_KEY, "hex");
  const id = keyId(current).toString("hex");
  lines.push(
    `${counts.rewrapped} documents re-encrypted, ${counts.alreadyCurrent} already under the current key (id ${id})${counts.gone ? `, ${counts.gone} deleted meanwhile` : ""}${totpResealed ? `; ${totpResealed} two-factor secrets re-sealed` : ""}.`
  );
  let retired = false;
  if (counts.failed.length > 0) {
    lines.push(
      `${counts.failed.length} documents could not be opened with the configured keys; the old key is not retired:`,
      ...counts.failed.slice(0, 20).map((f) => `  ${f}`)
    );
  } else if (generated) {
    await fs.rm(keyFiles(config.dataDir).previous, { force: true });
    retired = true;
    lines.push("Every document is under the new key; the old key (document.key.previous) is deleted.");
  } else {
    retired = true;
    lines.push(
      config.DOCUMENT_KEY_PREVIOUS.length > 0 ? "Every document is under DOCUMENT_KEY. Remove DOCUMENT_KEY_PREVIOUS from every server's configuration and from the secret store to retire the old key." : "Every document is under DOCUMENT_KEY."
    );
  }
  return { keyId: id, ...counts, totpResealed, retired, lines };
}

// apps/server/src/cli/rotate-key.ts
try {
  readEnvFile();
  const config = loadConfig();
  const report = await rotateDocumentKey(config, {
    onProgress: (done) => console.log(`${done} documents checked...`)
  });
  for (const line of report.lines) console.log(line);
  if (!report.retired) process.exit(1);
} catch (error) {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error(`Key rotation failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
//# sourceMappingURL=rotate-key.js.map
