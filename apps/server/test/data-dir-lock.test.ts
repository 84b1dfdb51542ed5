import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE } from "../src/db/data-dir-lock.ts";
import { openPGlite } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { type Program, runProgram } from "./helpers/cli.ts";
import { migratedDataDir } from "./helpers/data-dir.ts";

/**
 * One writer per data directory (docs/decisions.md "One writer per data directory"): while a process
 * holds the embedded database (here this test process, opened and migrated as the server does at
 * start), the commands that write it are refused with a message and acknowledge nothing; a lock left
 * by a process that is gone does not block.
 */

const run = (command: Program, args: string[], dataDir: string) =>
  runProgram(command, args, { ENV_FILE: "/dev/null", DATA_DIR: dataDir });

const tempDirs: string[] = [];
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

// The commands and the lock are about DATA_DIR and the embedded database, whatever the pass: the PostgreSQL
// pass skips them (they would run the same again).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("one writer per data directory", () => {
  // db:migrate opens the database as admin:create does, and restore takes the lock as backup does: one
  // command of each way is run here (each child process costs seconds).
  it("refuses admin:create, backup and rotate-key while the server holds the database; a stale lock does not block", async () => {
    const dataDir = await migratedDataDir();
    tempDirs.push(dataDir);
    const server = await openPGlite(dataDir);
    await migrate(server);
    const lock = JSON.parse(readFileSync(path.join(dataDir, LOCK_FILE), "utf8")) as { pid: number };
    expect(lock.pid).toBe(process.pid);
    try {
      const backupFile = path.join(os.tmpdir(), `festgeld-lock-backup-${process.pid}.tar`);
      const [created, backup, rotate] = await Promise.all([
        run("admin-create", ["--email", "second@example.test"], dataDir),
        run("backup", ["--out", backupFile], dataDir),
        run("rotate-key", [], dataDir),
      ]);
      expect(created.code).toBe(1);
      expect(created.stdout).not.toContain("Admin created");
      expect(created.stderr).toContain(`is in use by another process`);
      expect(created.stderr).toContain(`pid ${process.pid}`);
      expect(created.stderr).toContain("ADMIN_EMAIL");

      expect(backup.code).toBe(1);
      expect(backup.stderr).toContain("is in use by another process");
      expect(existsSync(backupFile)).toBe(false);

      expect(rotate.code).toBe(1);
      expect(rotate.stderr).toContain("is in use by another process");

      // Nothing was written behind the server's back: its database has no such admin.
      const users = await server.db.selectFrom("users").select("email").execute();
      expect(users).toEqual([]);
    } finally {
      await server.close();
    }
    // Closing gives the lock back.
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);

    // A lock left by a process that is gone (a crash) is taken over.
    const gone = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
      encoding: "utf8",
    });
    const deadPid = Number(gone.stdout);
    expect(deadPid).toBeGreaterThan(0);
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: deadPid, command: "server", since: "2026-12-01T22:00:00.000Z" }),
    );
    const afterCrash = await run("admin-create", ["--email", "second@example.test"], dataDir);
    expect(afterCrash.stderr).toBe("");
    expect(afterCrash.code).toBe(0);
    expect(afterCrash.stdout).toContain("Admin created: second@example.test");
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const reopened = await openPGlite(dataDir);
    try {
      const admins = await reopened.db.selectFrom("users").select(["email", "role"]).execute();
      expect(admins).toEqual([{ email: "second@example.test", role: "admin" }]);
    } finally {
      await reopened.close();
    }
  }, 400_000);
});
