import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Config } from "../config/env.ts";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { type Database, openDatabase } from "../db/database.ts";
import { listSealedTotpSecrets, resealTotpSecret } from "../db/key-rotation.repository.ts";
import type { DB } from "../db/schema.ts";
import { deriveTotpKey, openWith, openWithAny, sealWith, TotpKeyError } from "../modules/auth/totp-secret.ts";
import type { RotatableDocumentStorage } from "../storage/document-store.ts";
import { type DocumentKeyring, documentKeyLoader, keyFiles, readKeyFile } from "../storage/key-ring.ts";
import { openDocumentStorage } from "../storage/open-storage.ts";
import { keyId } from "../storage/sealing.ts";

/**
 * Document key rotation: every stored document is re-encrypted under the current key, one object at a
 * time, each replaced atomically (`rewrap`). The format names the key each object is under, so a run
 * that stops midway (crash, signal) is simply run again: it skips what is done. Readers accept the
 * current and the previous key throughout, so the server may keep serving where the keys are
 * configured (DOCUMENT_KEY / DOCUMENT_KEY_PREVIOUS); the old key is retired only once nothing is left
 * under it.
 *
 * - DOCUMENT_KEY set (required with S3): the operator sets the new key as DOCUMENT_KEY and the old one
 *   as DOCUMENT_KEY_PREVIOUS on every server and for this command, runs it, then removes
 *   DOCUMENT_KEY_PREVIOUS (that is the retirement).
 * - Two-factor secrets are sealed under a key derived from the document key unless TOTP_KEY is set:
 *   then they are re-sealed too (the database is opened; the embedded one only with the server stopped).
 * - The generated key file: the command makes the new key itself (document.key.next, then the old key
 *   moves to document.key.previous and the new one to document.key), re-encrypts, and deletes
 *   document.key.previous at the end. The server caches the key, so it must be stopped meanwhile.
 */

export class RotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RotationError";
  }
}

export interface RotationReport {
  /** Hexadecimal id of the current key (not the key). */
  keyId: string;
  rewrapped: number;
  alreadyCurrent: number;
  gone: number;
  /** Objects none of the keys opens (tampered, or under a key not configured): nothing is retired. */
  failed: string[];
  /** Two-factor secrets re-sealed under the key derived from the new document key (TOTP_KEY unset). */
  totpResealed: number;
  /** The old key file was deleted (generated-key mode), or DOCUMENT_KEY_PREVIOUS may now be removed. */
  retired: boolean;
  lines: string[];
}

/** Re-encrypts every object of `storage` that is not under the current key. */
export async function rewrapAll(
  storage: RotatableDocumentStorage,
  onProgress: (done: number) => void = () => {},
): Promise<Omit<RotationReport, "keyId" | "retired" | "lines" | "totpResealed">> {
  const counts = { rewrapped: 0, alreadyCurrent: 0, gone: 0, failed: [] as string[] };
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

/**
 * Generated-key mode, first step: a new key in document.key, the old one in document.key.previous.
 * Every step leaves a state this function resumes from: document.key.next is written first (and
 * reused when it exists), then the old key moves aside, then the new one takes its place.
 */
export async function swapKeyFiles(dataDir: string): Promise<"swapped" | "resumed"> {
  const files = keyFiles(dataDir);
  if (existsSync(files.previous)) {
    // A rotation is under way: finish the swap if it stopped between the two renames.
    if (!existsSync(files.current)) {
      if (!existsSync(files.next))
        throw new RotationError(`${files.current} and ${files.next} are both missing`);
      await fs.rename(files.next, files.current);
    }
    await fs.rm(files.next, { force: true });
    return "resumed";
  }
  if (!(await readKeyFile(files.current))) {
    throw new RotationError(`there is no document key in ${files.current} to rotate`);
  }
  if (!existsSync(files.next)) {
    const partial = `${files.next}.${process.pid}.tmp`;
    const handle = await fs.open(partial, "wx", 0o600);
    try {
      await handle.write(`${randomBytes(32).toString("hex")}\n`);
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

/**
 * Re-seals the two-factor secrets sealed under a key derived from a previous document key (TOTP_KEY
 * unset). Each row changes only if it still holds what was read. Returns the count, and the accounts
 * whose secret no key opens.
 */
export async function resealTotpSecrets(
  db: Kysely<DB>,
  ring: DocumentKeyring,
): Promise<{ resealed: number; failed: string[] }> {
  const keys = { current: deriveTotpKey(ring.current), previous: ring.previous.map(deriveTotpKey) };
  const rows = await listSealedTotpSecrets(db);
  let resealed = 0;
  const failed: string[] = [];
  for (const row of rows) {
    const sealed = row.secret_sealed as string;
    try {
      openWith(keys.current, row.user_id, sealed);
      continue;
    } catch (error) {
      if (!(error instanceof TotpKeyError)) throw error;
    }
    let secret: string;
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

/** The whole rotation for a configuration, as `npm run rotate-key` runs it. */
export async function rotateDocumentKey(
  config: Pick<
    Config,
    | "DOCUMENT_KEY"
    | "DOCUMENT_KEY_PREVIOUS"
    | "TOTP_KEY"
    | "dataDir"
    | "s3"
    | "DATABASE_URL"
    | "DATABASE_POOL_SIZE"
  >,
  options: { onProgress?: (done: number) => void; database?: Database } = {},
): Promise<RotationReport> {
  const generated = !config.DOCUMENT_KEY;
  const lines: string[] = [];
  const embedded = !config.DATABASE_URL && !options.database;
  // The embedded database and the generated key file belong to one process at a time (db/data-dir-lock.ts).
  const unlock = embedded && existsSync(config.dataDir) ? lockDataDir(config.dataDir) : () => {};
  try {
    if (embedded && existsSync(path.join(config.dataDir, "pgdata", "postmaster.pid"))) {
      throw new RotationError(
        "the server is running (the embedded database is open): stop it first, it keeps the document key in memory",
      );
    }
    return await rotate(config, options, generated, lines);
  } finally {
    unlock();
  }
}

async function rotate(
  config: Parameters<typeof rotateDocumentKey>[0],
  options: NonNullable<Parameters<typeof rotateDocumentKey>[1]>,
  generated: boolean,
  lines: string[],
): Promise<RotationReport> {
  const embedded = !config.DATABASE_URL && !options.database;
  if (generated) {
    const step = await swapKeyFiles(config.dataDir);
    lines.push(
      step === "swapped"
        ? "A new document key is in DATA_DIR/document.key; the old one is in document.key.previous until the end."
        : "Resuming an interrupted rotation.",
    );
  }
  const { storage, close } = await openDocumentStorage({
    dataDir: config.dataDir,
    configuredKey: config.DOCUMENT_KEY,
    previousKeys: config.DOCUMENT_KEY_PREVIOUS,
    s3: config.s3,
  });
  let counts: Awaited<ReturnType<typeof rewrapAll>>;
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
      dataDir: config.dataDir,
    }).key();
    const database = options.database ?? (await openDatabase({ ...config, DATABASE_POOL_SIZE: 2 }));
    try {
      const totp = await resealTotpSecrets(database.db, ring);
      totpResealed = totp.resealed;
      counts.failed.push(...totp.failed);
    } finally {
      if (!options.database) await database.close();
    }
  }
  const current = generated
    ? ((await readKeyFile(keyFiles(config.dataDir).current)) as Buffer)
    : Buffer.from(config.DOCUMENT_KEY as string, "hex");
  const id = keyId(current).toString("hex");
  lines.push(
    `${counts.rewrapped} documents re-encrypted, ${counts.alreadyCurrent} already under the current key (id ${id})` +
      `${counts.gone ? `, ${counts.gone} deleted meanwhile` : ""}` +
      `${totpResealed ? `; ${totpResealed} two-factor secrets re-sealed` : ""}.`,
  );
  let retired = false;
  if (counts.failed.length > 0) {
    lines.push(
      `${counts.failed.length} documents could not be opened with the configured keys; the old key is not retired:`,
      ...counts.failed.slice(0, 20).map((f) => `  ${f}`),
    );
  } else if (generated) {
    await fs.rm(keyFiles(config.dataDir).previous, { force: true });
    retired = true;
    lines.push("Every document is under the new key; the old key (document.key.previous) is deleted.");
  } else {
    retired = true;
    lines.push(
      config.DOCUMENT_KEY_PREVIOUS.length > 0
        ? "Every document is under DOCUMENT_KEY. Remove DOCUMENT_KEY_PREVIOUS from every server's configuration " +
            "and from the secret store to retire the old key."
        : "Every document is under DOCUMENT_KEY.",
    );
  }
  return { keyId: id, ...counts, totpResealed, retired, lines };
}
