import { chmodSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * Makes `dir` private to the server's user, whatever existed before: the directory and every
 * directory below it 0700, every file 0600 (symbolic links are left alone, never followed), and the
 * process's umask 077, so that files the embedded database or the document store create later are
 * private too, whatever umask the process was started with.
 */
export async function makePrivate(dir: string): Promise<void> {
  try {
    process.umask(0o077);
  } catch {
    // Worker threads cannot change the umask; the chmod below still fixes what exists.
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  // A walk with the synchronous calls, changing only what is not private yet: the embedded
  // database's directory holds over a thousand files, and one awaited chmod after another made this
  // most of a restart's time, for files that were nearly all private already.
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    privateMode(current, 0o700);
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) privateMode(full, 0o600);
    }
  }
}

function privateMode(file: string, mode: number) {
  if ((lstatSync(file).mode & 0o777) !== mode) chmodSync(file, mode);
}
