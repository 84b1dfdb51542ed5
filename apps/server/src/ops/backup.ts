import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
import { lockDataDir } from "../db/data-dir-lock.ts";
import { makePrivate } from "../lib/private-files.ts";

/**
 * Backup and restore of the embedded database (PGlite in DATA_DIR/pgdata) with the documents kept
 * beside it (DATA_DIR/documents), as one uncompressed tar file:
 *
 *   festgeld-backup.json   what is inside (format version, time, counts, whether the key is in it)
 *   database.tar.gz        PGlite's own dump of the data directory (`dumpDataDir`)
 *   documents/...          the encrypted documents, byte for byte (they stay encrypted in the backup)
 *   document.key           the generated document key, only when it is the key in use and not left out
 *
 * PGlite's dump rather than a copy of the files: it is taken through the database itself, which
 * first recovers a data directory left by a crash, and it is what PGlite loads back (`loadDataDir`).
 * The embedded database serves one process, so both commands refuse while the server has it open.
 */

export const MANIFEST = "festgeld-backup.json";
const DATABASE_DUMP = "database.tar.gz";
const FORMAT = 1;

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

interface Manifest {
  format: number;
  createdAt: string;
  documents: number;
  documentKeyIncluded: boolean;
}

export interface BackupOptions {
  dataDir: string;
  out: string;
  /** DOCUMENT_KEY is set: the key file (if any) is not the key in use and is not backed up. */
  documentKeyConfigured: boolean;
  /** Leave the generated key file out (keep it elsewhere). */
  withoutKey?: boolean;
  /** Documents are in a bucket (DOCUMENT_STORE=s3), not under DATA_DIR. */
  documentsInBucket?: boolean;
}

export interface BackupResult {
  file: string;
  documents: number;
  documentKeyIncluded: boolean;
  /** Lines for the operator: what the backup does not contain, or what makes it sensitive. */
  notes: string[];
}

const pgdataOf = (dataDir: string) => path.join(dataDir, "pgdata");

/** PGlite leaves postmaster.pid in its data directory while a process has the database open. */
function refuseWhileOpen(dataDir: string) {
  if (existsSync(path.join(pgdataOf(dataDir), "postmaster.pid"))) {
    throw new BackupError(
      `the embedded database in ${dataDir} is open (pgdata/postmaster.pid exists): stop the server first. ` +
        "If the server is not running, it stopped without closing the database: start and stop it once.",
    );
  }
}

async function documentFiles(dataDir: string): Promise<string[]> {
  const root = path.join(dataDir, "documents");
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith(".enc"))
      .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { dataDir } = options;
  const out = path.resolve(options.out);
  if (!existsSync(path.join(pgdataOf(dataDir), "PG_VERSION"))) {
    throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR)`);
  }
  if (out === dataDir || out.startsWith(`${dataDir}${path.sep}`)) {
    throw new BackupError("the backup file must not be inside DATA_DIR");
  }
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another file`);
  const unlock = lockDataDir(dataDir);
  try {
    refuseWhileOpen(dataDir);
    return await writeBackup(options, out);
  } finally {
    unlock();
  }
}

async function writeBackup(options: BackupOptions, out: string): Promise<BackupResult> {
  const { dataDir } = options;
  const keyFile = path.join(dataDir, "document.key");
  const includeKey = !options.documentKeyConfigured && !options.withoutKey && existsSync(keyFile);
  const documents = await documentFiles(dataDir);
  const staging = await fs.mkdtemp(path.join(path.dirname(out), ".festgeld-backup-"));
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${randomUUID()}.partial`);
  try {
    const db = await PGlite.create(pgdataOf(dataDir));
    let dump: Blob;
    try {
      dump = await db.dumpDataDir("gzip");
    } finally {
      await db.close();
      await makePrivate(dataDir);
    }
    await fs.writeFile(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()), {
      mode: 0o600,
    });
    const manifest: Manifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      documents: documents.length,
      documentKeyIncluded: includeKey,
    };
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    await tar.create({ file: partial, cwd: staging, portable: true }, [MANIFEST, DATABASE_DUMP]);
    // An interrupted key rotation leaves the old key beside the new one; some documents may need it.
    const previousKey = includeKey && existsSync(path.join(dataDir, "document.key.previous"));
    const fromDataDir = [
      ...documents,
      ...(includeKey ? ["document.key"] : []),
      ...(previousKey ? ["document.key.previous"] : []),
    ];
    // tar.replace appends to the archive; in batches so that no command line limit applies.
    for (let i = 0; i < fromDataDir.length; i += 500) {
      await tar.replace({ file: partial, cwd: dataDir, portable: true }, fromDataDir.slice(i, i + 500));
    }
    await fs.chmod(partial, 0o600);
    await fs.rename(partial, out);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(partial, { force: true });
  }

  const notes: string[] = [];
  const keyAbsence = options.documentKeyConfigured
    ? "DOCUMENT_KEY is set"
    : options.withoutKey
      ? "--without-key"
      : "there is no document.key in DATA_DIR";
  if (includeKey) {
    notes.push(
      "This backup contains the document key (document.key): whoever has the file can read the documents. " +
        "Keep it as secret as the key, or use --without-key and keep the key elsewhere.",
    );
  } else {
    notes.push(
      `Warning: the document key is not in this backup (${keyAbsence}). ` +
        "Keep that key where you keep your secrets: without it the documents in the backup cannot be read.",
    );
  }
  if (options.documentsInBucket) {
    notes.push(
      "Warning: documents are kept in the S3 bucket (DOCUMENT_STORE=s3) and are not in this backup; " +
        "back the bucket up with the object store's own means (versioning, replication).",
    );
  }
  return { file: out, documents: documents.length, documentKeyIncluded: includeKey, notes };
}

export interface RestoreOptions {
  dataDir: string;
  from: string;
  documentKeyConfigured: boolean;
}

export interface RestoreResult {
  documents: number;
  documentKeyIncluded: boolean;
  notes: string[];
}

/** Entries a backup may hold; anything else in the file is refused rather than written. */
const ALLOWED = (entry: string) =>
  entry === MANIFEST ||
  entry === DATABASE_DUMP ||
  entry === "document.key" ||
  entry === "document.key.previous" ||
  entry === "documents" ||
  entry === "documents/" ||
  /^documents\/[A-Za-z0-9_/-]+(\.enc)?\/?$/.test(entry);

/**
 * Restores a backup into an empty DATA_DIR (missing, empty, or holding nothing of the platform's).
 * Refuses to overwrite an existing database or documents: move the old data directory aside first.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { dataDir } = options;
  const from = path.resolve(options.from);
  if (!existsSync(from)) throw new BackupError(`${from} does not exist`);
  await makePrivate(dataDir);
  const unlock = lockDataDir(dataDir);
  try {
    return await unpackBackup(options, from);
  } finally {
    unlock();
  }
}

async function unpackBackup(options: RestoreOptions, from: string): Promise<RestoreResult> {
  const { dataDir } = options;
  for (const name of ["pgdata", "documents", "document.key", "document.key.previous"]) {
    if (existsSync(path.join(dataDir, name))) {
      throw new BackupError(
        `${path.join(dataDir, name)} exists: restore only into an empty DATA_DIR (move the old one aside first)`,
      );
    }
  }
  const entries: string[] = [];
  await tar.list({ file: from, onReadEntry: (entry) => void entries.push(entry.path) });
  const refused = entries.filter((entry) => !ALLOWED(entry));
  if (!entries.includes(MANIFEST) || !entries.includes(DATABASE_DUMP) || refused.length > 0) {
    throw new BackupError(
      `${from} is not a backup made by this platform${refused.length ? ` (unexpected: ${refused.slice(0, 3).join(", ")})` : ""}`,
    );
  }

  const staging = await fs.mkdtemp(path.join(dataDir, ".restore-"));
  let restoredAll = false;
  try {
    await tar.extract({ file: from, cwd: staging, strict: true, preserveOwner: false, filter: ALLOWED });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, MANIFEST), "utf8")) as Manifest;
    if (manifest.format !== FORMAT) throw new BackupError(`unknown backup format ${manifest.format}`);
    const dump = await fs.readFile(path.join(staging, DATABASE_DUMP));
    const db = await PGlite.create(pgdataOf(dataDir), { loadDataDir: new Blob([dump]) });
    // The restored database answers before the files are moved in.
    await db.query("select 1");
    await db.close();
    if (existsSync(path.join(staging, "documents")))
      await fs.rename(path.join(staging, "documents"), path.join(dataDir, "documents"));
    for (const name of ["document.key", "document.key.previous"]) {
      if (existsSync(path.join(staging, name)))
        await fs.rename(path.join(staging, name), path.join(dataDir, name));
    }
    const restored = await documentFiles(dataDir);
    if (restored.length !== manifest.documents) {
      throw new BackupError(`the backup lists ${manifest.documents} documents but holds ${restored.length}`);
    }
    const notes: string[] = [];
    if (!manifest.documentKeyIncluded && !options.documentKeyConfigured && restored.length > 0) {
      notes.push(
        "Warning: the document key is not in this backup and DOCUMENT_KEY is not set: set DOCUMENT_KEY to the key " +
          "the documents were encrypted with (or put it in DATA_DIR/document.key) before starting the server.",
      );
    }
    restoredAll = true;
    return { documents: restored.length, documentKeyIncluded: manifest.documentKeyIncluded, notes };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    // Half a restore is worse than none: what it wrote goes (none of it existed before).
    if (!restoredAll) {
      for (const name of ["pgdata", "documents", "document.key", "document.key.previous"])
        await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    await makePrivate(dataDir);
  }
}
