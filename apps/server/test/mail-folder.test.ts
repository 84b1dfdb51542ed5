import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/config/env.ts";
import { createTestDatabase } from "./helpers/app.ts";
import { createAdmin, uniqueEmail } from "./helpers/factories.ts";
import { linkToken, waitFor } from "./helpers/smtp.ts";
import { recordStatuses } from "./helpers/statuses.ts";

/** The whole app without SMTP_URL, its outbox worker running, its log lines kept. */
async function appWithoutSmtp(nodeEnv: "development" | "production") {
  const { database, drop } = await createTestDatabase();
  const dataDir = path.join(os.tmpdir(), `festgeld-test-${randomBytes(6).toString("hex")}`);
  const config = loadConfig({
    NODE_ENV: nodeEnv,
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    WEB_DIST_DIR: "/nonexistent",
    PUBLIC_URL: "https://festgeld.example.test",
  });
  const lines: Array<Record<string, unknown>> = [];
  const app = await buildApp({
    config,
    database,
    closeDatabase: false,
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    backgroundJobs: { emailWorker: { pollIntervalMs: 50, retryBaseMs: 100, retryMaxMs: 400 } },
  });
  recordStatuses(app);
  await app.ready();
  return {
    app,
    mailDir: path.join(dataDir, "mail"),
    lines,
    close: async () => {
      await app.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function register(app: FastifyInstance, email: string, language = "en") {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "accept-language": language },
    payload: { email, password: "correct horse battery staple", full_name: "Erika Mustermann" },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { access_token: string; user: { id: string; email: string } };
}

/** The mails in the folder to `to`, oldest first, parsed. */
async function mailsTo(mailDir: string, to: string) {
  const names = (await fs.readdir(mailDir).catch(() => [] as string[]))
    .filter((n) => n.endsWith(".eml"))
    .sort();
  const parsed = await Promise.all(
    names.map(async (name) => ({
      name,
      mail: await simpleParser(await fs.readFile(path.join(mailDir, name))),
    })),
  );
  return parsed.filter(({ mail }) => mail.to && !Array.isArray(mail.to) && mail.to.text === to);
}

describe("e-mail without SMTP_URL: the mail folder", () => {
  let t: Awaited<ReturnType<typeof appWithoutSmtp>>;
  beforeAll(async () => {
    t = await appWithoutSmtp("development");
  });
  afterAll(() => t.close());

  it("writes the confirmation e-mail as a private .eml file, logs its link, and the link confirms the address", async () => {
    const email = uniqueEmail("first-run");
    const saver = await register(t.app, email, "de");
    let found: Awaited<ReturnType<typeof mailsTo>> = [];
    await waitFor(async () => {
      found = await mailsTo(t.mailDir, email);
      return found.length === 1;
    }, "the confirmation e-mail in the mail folder");
    const [{ name, mail }] = found as [(typeof found)[number]];
    expect(mail.subject).toBe("Bestätigen Sie Ihre E-Mail-Adresse");
    expect(mail.from?.text).toContain("@");
    expect(mail.html).toBeTruthy();
    expect((await fs.stat(t.mailDir)).mode & 0o777).toBe(0o700);
    expect((await fs.stat(path.join(t.mailDir, name))).mode & 0o777).toBe(0o600);

    const logged = t.lines.find((l) => l.msg === "e-mail written to the mail folder" && l.to === email);
    expect(logged).toMatchObject({ subject: "Bestätigen Sie Ihre E-Mail-Adresse" });
    const links = logged?.links as string[];
    expect(links.some((l) => l.startsWith("https://festgeld.example.test/de/verify-email#token="))).toBe(
      true,
    );

    const token = linkToken(mail.text ?? "");
    const verify = await t.app.inject({ method: "POST", url: "/api/auth/email/verify", payload: { token } });
    expect(verify.statusCode).toBe(200);
    const me = await t.app.inject({
      url: "/api/auth/security",
      headers: { authorization: `Bearer ${saver.access_token}` },
    });
    expect(me.json()).toMatchObject({ email_verified: true });
  });

  it("lets staff send the confirmation again from the back office: audited, limited, refused once confirmed", async () => {
    const admin = await createAdmin(t.app);
    const headers = admin.headers;
    const email = uniqueEmail("lost-link");
    const saver = await register(t.app, email, "fr");
    await waitFor(async () => (await mailsTo(t.mailDir, email)).length === 1, "the first e-mail");
    const firstToken = linkToken((await mailsTo(t.mailDir, email))[0]?.mail.text ?? "");

    const url = `/api/admin/users/${saver.user.id}/send-verification`;
    const saverTry = await t.app.inject({
      method: "POST",
      url,
      headers: { authorization: `Bearer ${saver.access_token}` },
    });
    expect(saverTry.statusCode).toBe(403);

    const sent = await t.app.inject({ method: "POST", url, headers });
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toMatchObject({ user_id: saver.user.id, email_verified: false });
    await waitFor(async () => (await mailsTo(t.mailDir, email)).length === 2, "the second e-mail");
    const second = (await mailsTo(t.mailDir, email))[1]?.mail;
    // In the saver's language (the one they registered in), not the staff member's.
    expect(second?.subject).toBe("Confirmez votre adresse e-mail");

    const audit = await t.app.db
      .selectFrom("audit_log")
      .select(["action", "actor_id"])
      .where("target_id", "=", saver.user.id)
      .execute();
    expect(audit).toContainEqual({ action: "user.verification_sent", actor_id: admin.user.id });

    // The first link no longer works; the new one does, and then there is nothing to resend.
    const old = await t.app.inject({
      method: "POST",
      url: "/api/auth/email/verify",
      payload: { token: firstToken },
    });
    expect(old.statusCode).toBe(400);
    const token = linkToken(second?.text ?? "");
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/email/verify", payload: { token } })).statusCode,
    ).toBe(200);
    const again = await t.app.inject({ method: "POST", url, headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "email_already_verified" });
  });

  it("limits sends per account", async () => {
    const admin = await createAdmin(t.app);
    const headers = admin.headers;
    const saver = await register(t.app, uniqueEmail("many"));
    const url = `/api/admin/users/${saver.user.id}/send-verification`;
    const answers: number[] = [];
    for (let i = 0; i < 6; i++)
      answers.push((await t.app.inject({ method: "POST", url, headers })).statusCode);
    expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/users/00000000-0000-4000-8000-000000000000/send-verification",
      headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("e-mail without SMTP_URL in production", () => {
  let t: Awaited<ReturnType<typeof appWithoutSmtp>>;
  beforeAll(async () => {
    t = await appWithoutSmtp("production");
  });
  afterAll(() => t.close());

  it("still writes the mail folder but never logs the links (they carry single-use tokens)", async () => {
    const email = uniqueEmail("prod");
    await register(t.app, email);
    await waitFor(async () => (await mailsTo(t.mailDir, email)).length === 1, "the e-mail in the folder");
    const text = t.lines.map((l) => JSON.stringify(l)).join("\n");
    expect(text).not.toContain("verify-email#token=");
    expect(text).not.toContain("e-mail written to the mail folder");
  });
});
