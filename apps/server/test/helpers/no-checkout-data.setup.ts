import { mkdtempSync } from "node:fs";
import { createRequire, syncBuiltinESMExports } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect } from "vitest";
import { checkoutDataDirs, DATA_DIR_GUARD, type DataDirGuard } from "./no-checkout-data.ts";

/**
 * Runs before every server test file: no test may read or write the checkout's own `./data` (the
 * quick-start server's database and documents may be in use there). Every file system call that
 * names a path inside it throws, and is recorded, so that a call whose error the code swallows
 * still fails the file below. Anything that falls back to the DATA_DIR environment variable gets a
 * temporary directory of the file's own.
 */
const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const forbidden = checkoutDataDirs(root);
const guard: DataDirGuard = { forbidden, violations: [] };
(globalThis as Record<symbol, unknown>)[DATA_DIR_GUARD] = guard;

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "festgeld-test-"));

const inside = (candidate: unknown): string | null => {
  let value = candidate;
  if (value instanceof URL) value = value.protocol === "file:" ? fileURLToPath(value) : null;
  if (Buffer.isBuffer(value)) value = value.toString();
  if (typeof value !== "string") return null;
  const full = path.resolve(value);
  return forbidden.some((dir) => full === dir || full.startsWith(`${dir}${path.sep}`)) ? full : null;
};

/** Functions whose first (and for copy/rename, second) argument is a path. */
const PATH_FUNCTIONS = [
  "access",
  "appendFile",
  "chmod",
  "chown",
  "copyFile",
  "cp",
  "createReadStream",
  "createWriteStream",
  "exists",
  "lchown",
  "link",
  "lstat",
  "mkdir",
  "mkdtemp",
  "open",
  "opendir",
  "readdir",
  "readFile",
  "readlink",
  "realpath",
  "rename",
  "rm",
  "rmdir",
  "stat",
  "statfs",
  "symlink",
  "truncate",
  "unlink",
  "utimes",
  "writeFile",
];

function wrap(target: Record<string, unknown>, name: string, returnsPromise = false) {
  const original = target[name];
  if (typeof original !== "function") return;
  const guarded = function (this: unknown, ...args: unknown[]) {
    const hit = inside(args[0]) ?? (/^(copyFile|cp|rename|link|symlink)/.test(name) ? inside(args[1]) : null);
    if (hit) {
      guard.violations.push(`${name}(${hit})`);
      const error = new Error(
        `A test touched the checkout's data directory: ${name}(${hit}). Give it a temporary DATA_DIR.`,
      );
      if (returnsPromise) return Promise.reject(error);
      throw error;
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  // realpathSync.native, promisify.custom and the like stay reachable.
  for (const key of Reflect.ownKeys(original)) {
    if (key === "length" || key === "name" || key === "prototype") continue;
    const descriptor = Object.getOwnPropertyDescriptor(original, key);
    if (descriptor) Object.defineProperty(guarded, key, descriptor);
  }
  target[name] = guarded;
}

const fs = require("node:fs") as Record<string, unknown>;
const fsPromises = require("node:fs/promises") as Record<string, unknown>;
for (const name of PATH_FUNCTIONS) {
  wrap(fs, name);
  wrap(fs, `${name}Sync`);
  wrap(fsPromises, name, true);
}
wrap(fs, "existsSync");
syncBuiltinESMExports();

afterAll(() => {
  expect(guard.violations, "file system calls on the checkout's ./data").toEqual([]);
});
