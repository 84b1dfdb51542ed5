import { readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * One process at a time writes the embedded database (docs/decisions.md "One writer per data
 * directory"). Whoever opens it (the server, db:migrate, admin:create, backup, restore, rotate-key)
 * first creates DATA_DIR/festgeld.lock holding its process id; a second process finds the file, sees
 * that process alive and is refused with a message naming it. A lock whose process is gone (a crash,
 * SIGKILL) is stale and taken over. Within one process the lock is counted, so a command that holds it
 * may open the database (which takes it again) and close it without giving it up early.
 */
export const LOCK_FILE = "festgeld.lock";

export class DataDirInUseError extends Error {
  constructor(
    public readonly dataDir: string,
    public readonly holder: { pid: number; command: string; since: string },
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another process (${holder.command}, pid ${holder.pid}, since ${holder.since}): ` +
        "the embedded database takes one process at a time. Stop that process first and run this again.",
    );
    this.name = "DataDirInUseError";
  }
}

const held = new Map<string, number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): { pid: number; command: string; since: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(file, "utf8")) as {
      pid?: unknown;
      command?: unknown;
      since?: unknown;
    };
    if (typeof parsed.pid !== "number" || !Number.isInteger(parsed.pid)) return null;
    return {
      pid: parsed.pid,
      command: typeof parsed.command === "string" ? parsed.command : "unknown command",
      since: typeof parsed.since === "string" ? parsed.since : "unknown time",
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    // Half-written by a process that died while writing it: nobody holds it.
    return null;
  }
}

/** The name an operator recognises: `server`, `admin-create`, ... (the entry point's file name). */
function commandName(): string {
  const entry = process.argv[1] ? path.basename(process.argv[1]).replace(/\.(ts|js|mjs)$/, "") : "node";
  return entry === "start" ? (process.argv[2] ?? "server") : entry;
}

/**
 * Takes the data directory's lock (the directory must exist) or throws DataDirInUseError. Returns the
 * function that gives it back; the file goes when the last holder in this process gives it back.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const count = held.get(dir) ?? 0;
  if (count === 0) {
    const mine = `${JSON.stringify({ pid: process.pid, command: commandName(), since: new Date().toISOString() })}\n`;
    for (let attempt = 0; ; attempt++) {
      try {
        writeFileSync(file, mine, { flag: "wx", mode: 0o600 });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt >= 2) throw error;
      }
      const holder = readHolder(file);
      if (holder && holder.pid !== process.pid && alive(holder.pid)) throw new DataDirInUseError(dir, holder);
      // Stale: its process is gone (or it is this process's own leftover). Removed, then created again.
      try {
        unlinkSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  }
  held.set(dir, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (held.get(dir) ?? 1) - 1;
    if (left > 0) {
      held.set(dir, left);
      return;
    }
    held.delete(dir);
    if (readHolder(file)?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone (the directory was removed): nothing to give back.
      }
    }
  };
}
