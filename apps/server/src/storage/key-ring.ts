import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { DocumentKeyError } from "./document-store.ts";

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
