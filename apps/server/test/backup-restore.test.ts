import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { openPGlite } from "../src/db/database.ts";
import { migrate } from "../src/db/migrate.ts";
import { createBackup, restoreBackup } from "../src/ops/backup.ts";
import { runProgram } from "./helpers/cli.ts";
import { migratedDataDir } from "./helpers/data-dir.ts";
import { activePackage, applicationPayload } from "./helpers/deposits.ts";
import { createAdmin, createUser, TEST_PASSWORD } from "./helpers/factories.ts";
import { jpegBytes, multipartBody } from "./helpers/kyc-files.ts";

/**
 * Backup -> wipe -> restore -> the same answers, on the embedded database in a real DATA_DIR, with the
 * commands run as an operator runs them (their entry points in a child process).
 */

const run = (command: "backup", args: string[], env: Record<string, string>) =>
  runProgram(command, args, env);

let work: string;
let dataDir: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), "festgeld-backup-"));
  // As the server left it after its first start: created and migrated.
  dataDir = await migratedDataDir(path.join(work, "data"));
});
afterAll(async () => {
  await fs.rm(work, { recursive: true, force: true });
});

/** The server on DATA_DIR as it starts (migrations applied), without a listening socket. */
async function openServer(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: "/nonexistent",
    DATABASE_URL: "",
    ...env,
  });
  const database = await openPGlite(config.dataDir);
  await migrate(database);
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
}

interface Answers {
  signIn: number;
  me: unknown;
  application: unknown;
  document: Buffer;
}

async function answers(
  app: FastifyInstance,
  who: { email: string; applicationId: string; documentId: string; adminHeaders: Record<string, string> },
): Promise<Answers> {
  const signIn = await app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: who.email, password: TEST_PASSWORD },
  });
  const headers = { authorization: `Bearer ${signIn.json().token}` };
  const me = await app.inject({ url: "/api/auth/me", headers });
  const application = await app.inject({ url: `/api/applications/${who.applicationId}/details`, headers });
  const document = await app.inject({
    url: `/api/admin/kyc/documents/${who.documentId}/file`,
    headers: who.adminHeaders,
  });
  expect(document.statusCode).toBe(200);
  return {
    signIn: signIn.statusCode,
    me: me.json(),
    application: application.json(),
    document: document.rawPayload,
  };
}

// About DATA_DIR and the embedded database: the PostgreSQL pass skips it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("npm run backup / npm run restore", () => {
  it("backup, wipe DATA_DIR, restore: the same saver signs in, the same application, the document byte-identical", async () => {
    const app = await openServer();
    const saver = await createUser(app);
    const admin = await createAdmin(app);
    const pkg = await activePackage(app);
    const applied = await app.inject({
      method: "POST",
      url: "/api/applications",
      headers: saver.headers,
      payload: applicationPayload("Erika Mustermann", pkg.id, { email: saver.user.email }),
    });
    expect(applied.statusCode).toBe(201);
    const file = Buffer.concat([jpegBytes(), randomBytes(2000)]);
    const body = multipartBody([{ name: "file", filename: "id.jpg", contentType: "image/jpeg", data: file }]);
    const uploaded = await app.inject({
      method: "POST",
      url: "/api/kyc/upload/id_card",
      headers: { ...saver.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const who = {
      email: saver.user.email,
      applicationId: applied.json().id as string,
      documentId: uploaded.json().document.id as string,
      adminHeaders: admin.headers,
    };
    const before = await answers(app, who);
    expect(before.signIn).toBe(200);
    expect(before.document.equals(file)).toBe(true);

    // While the server has the database open, the backup refuses.
    const backupFile = path.join(work, "festgeld.tar");
    const env = { DATA_DIR: dataDir, DATABASE_URL: "", DOCUMENT_KEY: "" };
    await expect(createBackup({ dataDir, out: backupFile, documentKeyConfigured: false })).rejects.toThrow(
      /stop the server first/,
    );
    expect(existsSync(backupFile)).toBe(false);
    await app.close();

    // The upload and the application's postbox PDF, encrypted under DATA_DIR/documents.
    const stored = (await fs.readdir(path.join(dataDir, "documents"), { recursive: true })).filter((f) =>
      f.endsWith(".enc"),
    ).length;
    expect(stored).toBeGreaterThanOrEqual(1);
    const backup = await run("backup", ["--out", backupFile], env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`the database and ${stored} documents.`);
    expect(backup.stdout).toMatch(/contains the document key \(document\.key\)/);
    expect((await fs.stat(backupFile)).mode & 0o777).toBe(0o600);
    const entries: string[] = [];
    await tar.list({ file: backupFile, onReadEntry: (e) => void entries.push(e.path) });
    expect(entries).toContain("document.key");
    expect(entries.filter((e) => e.startsWith("documents/") && e.endsWith(".enc"))).toHaveLength(stored);

    // Without the key: said clearly, and the key file is not in the file.
    const withoutKey = await createBackup({
      dataDir,
      out: path.join(work, "no-key.tar"),
      documentKeyConfigured: false,
      withoutKey: true,
    });
    expect(withoutKey.notes[0]).toMatch(/^Warning: the document key is not in this backup \(--without-key\)/);
    const keyless: string[] = [];
    await tar.list({ file: path.join(work, "no-key.tar"), onReadEntry: (e) => void keyless.push(e.path) });
    expect(keyless).not.toContain("document.key");

    // The restore command's work (cli/restore.ts only parses its arguments and prints these figures).
    await fs.rm(dataDir, { recursive: true, force: true });
    const restored = await restoreBackup({ dataDir, from: backupFile, documentKeyConfigured: false });
    expect(restored).toEqual({ documents: stored, documentKeyIncluded: true, notes: [] });
    // Restoring again over what is now there is refused and changes nothing.
    await expect(restoreBackup({ dataDir, from: backupFile, documentKeyConfigured: false })).rejects.toThrow(
      /restore only into an empty DATA_DIR/,
    );
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);

    const reopened = await openServer();
    try {
      const after = await answers(reopened, who);
      expect(after).toEqual(before);
      expect(after.document.equals(file)).toBe(true);
    } finally {
      await reopened.close();
    }
    // Two data directories and a child process: slow when the machine is shared.
  }, 300_000);

  it("refuses a file that is not one of its backups, and leaves DATA_DIR empty", async () => {
    const other = path.join(work, "other");
    await fs.mkdir(path.join(work, "foreign"), { recursive: true });
    await fs.writeFile(path.join(work, "foreign", "passwd"), "root:x:0:0");
    const foreign = path.join(work, "foreign.tar");
    await tar.create({ file: foreign, cwd: path.join(work, "foreign") }, ["passwd"]);
    await expect(
      restoreBackup({ dataDir: other, from: foreign, documentKeyConfigured: false }),
    ).rejects.toThrow(/is not a backup made by this platform/);
    expect(existsSync(path.join(other, "pgdata"))).toBe(false);
  });
});
