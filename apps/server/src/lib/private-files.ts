import fs from "node:fs/promises";
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
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    await fs.chmod(current, 0o700);
    for (const entry of await fs.readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) await fs.chmod(full, 0o600);
    }
  }
}
