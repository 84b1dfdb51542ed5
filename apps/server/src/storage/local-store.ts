import { randomUUID } from "node:crypto";
import { type Dirent, constants as fsConstants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  checkKey,
  DocumentExistsError,
  DocumentIntegrityError,
  DocumentNotFoundError,
  isStorageKey,
  type RewrapOutcome,
  type RotatableDocumentStorage,
} from "./document-store.ts";
import { type DocumentKeySource, keyringOf } from "./key-ring.ts";
import { isUnderCurrent, openSealed, seal, sealedLimit, sealer } from "./sealing.ts";

const exists = (file: string) =>
  fs.access(file, fsConstants.F_OK).then(
    () => true,
    () => false,
  );

const asStream = (data: Readable | Buffer): Readable =>
  Buffer.isBuffer(data) ? Readable.from([data]) : data;

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
      if (isStorageKey(key)) yield key;
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
