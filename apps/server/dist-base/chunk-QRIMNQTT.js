import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);
import {
  makePrivate
} from "./chunk-YUME3DMW.js";

// apps/server/src/ops/backup.ts
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import * as tar from "tar";
var MANIFEST = "festgeld-backup.json";
var DATABASE_DUMP = "database.tar.gz";
var FORMAT = 1;
var BackupError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "BackupError";
  }
};
var pgdataOf = (dataDir) => path.join(dataDir, "pgdata");
function refuseWhileOpen(dataDir) {
  if (existsSync(path.join(pgdataOf(dataDir), "postmaster.pid"))) {
    throw new BackupError(
      `the embedded database in ${dataDir} is open (pgdata/postmaster.pid exists): stop the server first. If the server is not running, it stopped without closing the database: start and stop it once.`
    );
  }
}
async function documentFiles(dataDir) {
  const root = path.join(dataDir, "documents");
  try {
    const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile() && e.name.endsWith(".enc")).map((e) => path.relative(dataDir, path.join(e.parentPath, e.name))).sort();
  } catch (error) {
    if (error.code === "ENOENT") return [];
    throw error;
  }
}
async function createBackup(options) {
  const { dataDir } = options;
  const out = path.resolve(options.out);
  if (!existsSync(path.join(pgdataOf(dataDir), "PG_VERSION"))) {
    throw new BackupError(`there is no embedded database in ${dataDir} (DATA_DIR)`);
  }
  if (out === dataDir || out.startsWith(`${dataDir}${path.sep}`)) {
    throw new BackupError("the backup file must not be inside DATA_DIR");
  }
  if (existsSync(out)) throw new BackupError(`${out} already exists; choose another file`);
  refuseWhileOpen(dataDir);
  const keyFile = path.join(dataDir, "document.key");
  const includeKey = !options.documentKeyConfigured && !options.withoutKey && existsSync(keyFile);
  const documents = await documentFiles(dataDir);
  const staging = await fs.mkdtemp(path.join(path.dirname(out), ".festgeld-backup-"));
  const partial = path.join(path.dirname(out), `.${path.basename(out)}.${randomUUID()}.partial`);
  try {
    const db = await PGlite.create(pgdataOf(dataDir));
    let dump;
    try {
      dump = await db.dumpDataDir("gzip");
    } finally {
      await db.close();
      await makePrivate(dataDir);
    }
    await fs.writeFile(path.join(staging, DATABASE_DUMP), Buffer.from(await dump.arrayBuffer()), {
      mode: 384
    });
    const manifest = {
      format: FORMAT,
      createdAt: (/* @__PURE__ */ new Date()).toISOString(),
      documents: documents.length,
      documentKeyIncluded: includeKey
    };
    await fs.writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}
`, {
      mode: 384
    });
    await tar.create({ file: partial, cwd: staging, portable: true }, [MANIFEST, DATABASE_DUMP]);
    const previousKey = includeKey && existsSync(path.join(dataDir, "document.key.previous"));
    const fromDataDir = [
      ...documents,
      ...includeKey ? ["document.key"] : [],
      ...previousKey ? ["document.key.previous"] : []
    ];
    for (let i = 0; i < fromDataDir.length; i += 500) {
      await tar.replace({ file: partial, cwd: dataDir, portable: true }, fromDataDir.slice(i, i + 500));
    }
    await fs.chmod(partial, 384);
    await fs.rename(partial, out);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    await fs.rm(partial, { force: true });
  }
  const notes = [];
  const keyAbsence = options.documentKeyConfigured ? "DOCUMENT_KEY is set" : options.withoutKey ? "--without-key" : "there is no document.key in DATA_DIR";
  if (includeKey) {
    notes.push(
      "This backup contains the document key (document.key): whoever has the file can read the documents. Keep it as secret as the key, or use --without-key and keep the key elsewhere."
    );
  } else {
    notes.push(
      `Warning: the document key is not in this backup (${keyAbsence}). Keep that key where you keep your secrets: without it the documents in the backup cannot be read.`
    );
  }
  if (options.documentsInBucket) {
    notes.push(
      "Warning: documents are kept in the S3 bucket (DOCUMENT_STORE=s3) and are not in this backup; back the bucket up with the object store's own means (versioning, replication)."
    );
  }
  return { file: out, documents: documents.length, documentKeyIncluded: includeKey, notes };
}
var ALLOWED = (entry) => entry === MANIFEST || entry === DATABASE_DUMP || entry === "document.key" || entry === "document.key.previous" || entry === "documents" || entry === "documents/" || /^documents\/[A-Za-z0-9_/-]+(\.enc)?\/?$/.test(entry);
async function restoreBackup(options) {
  const { dataDir } = options;
  const from = path.resolve(options.from);
  if (!existsSync(from)) throw new BackupError(`${from} does not exist`);
  for (const name of ["pgdata", "documents", "document.key", "document.key.previous"]) {
    if (existsSync(path.join(dataDir, name))) {
      throw new BackupError(
        `${path.join(dataDir, name)} exists: restore only into an empty DATA_DIR (move the old one aside first)`
      );
    }
  }
  const entries = [];
  await tar.list({ file: from, onReadEntry: (entry) => void entries.push(entry.path) });
  const refused = entries.filter((entry) => !ALLOWED(entry));
  if (!entries.includes(MANIFEST) || !entries.includes(DATABASE_DUMP) || refused.length > 0) {
    throw new BackupError(
      `${from} is not a backup made by this platform${refused.length ? ` (unexpected: ${refused.slice(0, 3).join(", ")})` : ""}`
    );
  }
  await makePrivate(dataDir);
  const staging = await fs.mkdtemp(path.join(dataDir, ".restore-"));
  let restoredAll = false;
  try {
    await tar.extract({ file: from, cwd: staging, strict: true, preserveOwner: false, filter: ALLOWED });
    const manifest = JSON.parse(await fs.readFile(path.join(staging, MANIFEST), "utf8"));
    if (manifest.format !== FORMAT) throw new BackupError(`unknown backup format ${manifest.format}`);
    const dump = await fs.readFile(path.join(staging, DATABASE_DUMP));
    const db = await PGlite.create(pgdataOf(dataDir), { loadDataDir: new Blob([dump]) });
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
    const notes = [];
    if (!manifest.documentKeyIncluded && !options.documentKeyConfigured && restored.length > 0) {
      notes.push(
        "Warning: the document key is not in this backup and DOCUMENT_KEY is not set: set DOCUMENT_KEY to the key the documents were encrypted with (or put it in DATA_DIR/document.key) before starting the server."
      );
    }
    restoredAll = true;
    return { documents: restored.length, documentKeyIncluded: manifest.documentKeyIncluded, notes };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
    if (!restoredAll) {
      for (const name of ["pgdata", "documents", "document.key", "document.key.previous"])
        await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
    await makePrivate(dataDir);
  }
}

export {
  BackupError,
  createBackup,
  restoreBackup
};
//# sourceMappingURL=chunk-QRIMNQTT.js.map
