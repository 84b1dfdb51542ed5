import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, request, test } from "@playwright/test";
import { simpleParser } from "mailparser";
import { Secret, TOTP } from "otpauth";
import { gotoReady } from "./app-ready.ts";
import { JPEG, PNG, pdf } from "./kyc-files.ts";
import { loadSanctionsList, PERSONAL_DATA } from "./verify-identity.ts";

/**
 * The quick start as a new user meets it: a server of this spec's own, started like `npm start`
 * with no SMTP_URL, so every e-mail goes to the mail folder under its data directory. A saver
 * registers in the browser, confirms the address with the link from that folder, verifies their
 * identity and applies; staff approve. The dashboard's checklist says what is missing on the way.
 */

const repoRoot = path.resolve(import.meta.dirname, "../../..");
const port = Number(process.env.E2E_PORT) + 5;
const origin = `http://localhost:${port}`;
let dataDir = "";
const ADMIN = { email: "first-run-admin@e2e.example.test", password: "e2e-First-Run-Admin-2026" };
const PASSWORD = "e2e-Saver-Passphrase-2026";

let server: ChildProcess;
let output = "";

test.use({ baseURL: origin });
test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // A fresh embedded database: its first start (creating and migrating it) takes a while on a busy machine.
  test.setTimeout(180_000);
  dataDir = mkdtempSync(path.join(os.tmpdir(), "festgeld-e2e-first-run-"));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "info",
    // No .env of the checkout: exactly the defaults (no SMTP_URL).
    ENV_FILE: "/dev/null",
  };
  server = spawn(process.execPath, ["apps/server/dist/server.js"], { cwd: repoRoot, env });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await expect
    .poll(async () => (await fetch(`${origin}/api/ready`).catch(() => null))?.status ?? 0, {
      timeout: 170_000,
      message: "the first-run server to start",
    })
    .toBe(200)
    .catch((error: Error) => {
      throw new Error(`${error.message}\nserver output:\n${output}`);
    });
});

test.afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The e-mails in the mail folder to `to`, oldest first. */
async function mailFolder(to: string) {
  const dir = path.join(dataDir, "mail");
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir, { withFileTypes: true }).filter(
    (e) => e.isFile() && e.name.endsWith(".eml"),
  );
  const mails = await Promise.all(
    names
      .map((e) => e.name)
      .sort()
      .map(async (name) => simpleParser(readFileSync(path.join(dir, name)))),
  );
  return mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === to);
}

let staffToken: string | undefined;

/**
 * The admin of this server signs in with two-factor (enrolled here, once: every admin must have it);
 * the session serves the later tests of this file.
 */
async function adminToken(): Promise<string> {
  if (staffToken) return staffToken;
  staffToken = await enrolAdmin();
  return staffToken;
}

async function enrolAdmin(): Promise<string> {
  const api = await request.newContext({ baseURL: origin });
  try {
    const login = await api.post("/api/auth/login", { data: ADMIN });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const headers = { authorization: `Bearer ${token}` };
    const setup = await api.post("/api/auth/two-factor/setup", { headers });
    const { secret } = (await setup.json()) as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
    expect((await api.post("/api/auth/two-factor/enable", { headers, data: { code } })).ok()).toBe(true);
    return token;
  } finally {
    await api.dispose();
  }
}

const step = (page: Page, name: string) => page.getByTestId(`checklist-${name}`);

/**
 * This spec's server starts beside the run's own and the machine is busy then: a page's first load
 * (a new code chunk, a cold database) may take longer than the default 10 s. Waits, never sleeps.
 */
const slow = { timeout: 30_000 };

test("first run without SMTP_URL: register, confirm through the mail folder, verify, apply, approved", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The start says where to open the app: localhost, where passkeys work.
  expect(output).toContain(`open ${origin}`);

  const email = `first-run-${randomBytes(4).toString("hex")}@e2e.example.test`;
  // The register page is prerendered: typing before the app has taken it over would be lost.
  await gotoReady(page, "/register");
  await page.getByLabel("Full name").fill("Nora Neu");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("register-submit").click();
  await page.getByTestId("registration-later").click(slow);
  await expect(page).toHaveURL(/\/dashboard$/, slow);
  const token = (await page.evaluate(() => localStorage.getItem("token"))) as string;
  const saver = { authorization: `Bearer ${token}` };

  // An application: the card lists what must still happen, with links.
  const pkg = ((await (await page.request.get("/api/packages")).json()) as Array<{ id: string }>)[0];
  const applied = await page.request.post("/api/applications", {
    headers: saver,
    data: {
      full_name: "Nora Neu",
      email,
      phone: "+49 30 1234567",
      amount: 10_000,
      package_id: pkg?.id,
      reference_iban: "DE89370400440532013000",
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const applicationId = ((await applied.json()) as { id: string }).id;
  await page.reload();
  await expect(step(page, "confirm_email")).toHaveAttribute("data-state", "to_do", slow);
  await expect(step(page, "verify_identity")).toHaveAttribute("data-state", "to_do");
  await expect(step(page, "verify_identity").getByRole("link", { name: "Upload documents" })).toHaveAttribute(
    "href",
    "/kyc",
  );
  await expect(step(page, "complete_details")).toHaveAttribute("data-state", "done");

  // The confirmation e-mail is in the mail folder; its link confirms the address.
  let mails: Awaited<ReturnType<typeof mailFolder>> = [];
  await expect
    .poll(async () => {
      mails = await mailFolder(email);
      return mails.length;
    })
    .toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/verify-email#token=[\w-]+/.exec(mails[0]?.text ?? "")?.[0];
  // The page under the mail's language, prerendered there.
  expect(link?.startsWith(`${origin}/en/verify-email#token=`)).toBe(true);
  await page.goto(link as string);
  await expect(page.getByTestId("verify-done")).toBeVisible(slow);

  // Identity: personal data and documents in, staff confirm them.
  const staff = { authorization: `Bearer ${await adminToken()}` };
  const profile = await page.request.put("/api/kyc/profile", { headers: saver, data: PERSONAL_DATA });
  expect(profile.status(), await profile.text()).toBe(200);
  const documents: string[] = [];
  for (const [type, name, mimeType, buffer] of [
    ["passport", "passport.jpg", "image/jpeg", JPEG],
    ["utility_bill", "bill.pdf", "application/pdf", pdf()],
    ["selfie", "selfie.png", "image/png", PNG],
  ] as const) {
    const res = await page.request.post(`/api/kyc/upload/${type}`, {
      headers: saver,
      multipart: { file: { name, mimeType, buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
    documents.push(((await res.json()) as { document: { id: string } }).document.id);
  }
  await page.goto("/dashboard");
  await expect(step(page, "confirm_email")).toHaveAttribute("data-state", "done", slow);
  await expect(step(page, "verify_identity")).toHaveAttribute("data-state", "in_review");
  await expect(step(page, "personal_data")).toHaveAttribute("data-state", "in_review");

  const me = (await (await page.request.get("/api/auth/me", { headers: saver })).json()) as { id: string };
  const decided = await page.request.patch(`/api/admin/identity/users/${me.id}/profile-decision`, {
    headers: staff,
    data: { decision: "approve" },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  for (const id of documents) {
    const res = await page.request.patch(`/api/admin/kyc/documents/${id}/decision`, {
      headers: staff,
      data: { decision: "approve" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.reload();
  for (const name of ["confirm_email", "verify_identity", "personal_data", "complete_details"]) {
    await expect(step(page, name)).toHaveAttribute("data-state", "done", slow);
  }

  // Staff load the sanctions list (an approval needs a screening against a current one), then approve;
  // the saver's dashboard shows it.
  await loadSanctionsList(page.request, staff);
  const approved = await page.request.patch(`/api/admin/applications/${applicationId}/decision`, {
    headers: staff,
    data: { decision: "approved" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("application-status")).toHaveText("Approved", slow);
  await expect(page.getByTestId("approval-checklist")).toHaveCount(0);
  // The approval's e-mail went to the folder too.
  await expect.poll(async () => (await mailFolder(email)).length).toBeGreaterThan(1);
});

/** Formats an instant as the web app shows it: in Berlin, whatever zone the browser is in. */
const berlin = (instant: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("de-DE", { ...options, timeZone: "Europe/Berlin" }).format(new Date(instant));
const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

test("a German saver in New York: the back office approves at the first try with the demonstration list, and the approval has one date on card, timeline, inbox, e-mail and PDF", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const german = { locale: "de-DE", timezoneId: "America/New_York", baseURL: origin };
  const saverContext = await browser.newContext(german);
  const staffContext = await browser.newContext(german);
  try {
    const page = await saverContext.newPage();
    const email = `first-run-de-${randomBytes(4).toString("hex")}@e2e.example.test`;
    // As a German browser sends it: the account's e-mails are written in German.
    const registered = await page.request.post("/api/auth/register", {
      headers: { "Accept-Language": "de-DE,de;q=0.9" },
      data: { email, password: PASSWORD, full_name: "Greta Groß" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const token = ((await registered.json()) as { access_token: string }).access_token;
    const saver = { authorization: `Bearer ${token}` };
    await page.addInitScript((value) => {
      localStorage.setItem("token", value);
      localStorage.setItem("user_language", "de");
    }, token);

    // The address is confirmed with the link from the mail folder.
    let link: string | undefined;
    await expect
      .poll(async () => {
        link = /https?:\/\/\S+\/verify-email#token=[\w-]+/.exec(
          (await mailFolder(email))[0]?.text ?? "",
        )?.[0];
        return Boolean(link);
      })
      .toBe(true);
    await page.goto(link as string);
    await expect(page.getByTestId("verify-done")).toBeVisible(slow);

    // Identity: personal data and documents in, staff confirm them.
    const staff = { authorization: `Bearer ${await adminToken()}` };
    expect(
      (await page.request.put("/api/kyc/profile", { headers: saver, data: PERSONAL_DATA })).status(),
    ).toBe(200);
    const me = (await (await page.request.get("/api/auth/me", { headers: saver })).json()) as { id: string };
    const decided = await page.request.patch(`/api/admin/identity/users/${me.id}/profile-decision`, {
      headers: staff,
      data: { decision: "approve" },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    for (const [type, name, mimeType, buffer] of [
      ["passport", "passport.jpg", "image/jpeg", JPEG],
      ["utility_bill", "bill.pdf", "application/pdf", pdf()],
      ["selfie", "selfie.png", "image/png", PNG],
    ] as const) {
      const res = await page.request.post(`/api/kyc/upload/${type}`, {
        headers: saver,
        multipart: { file: { name, mimeType, buffer } },
      });
      expect(res.status(), await res.text()).toBe(201);
      const id = ((await res.json()) as { document: { id: string } }).document.id;
      const approved = await page.request.patch(`/api/admin/kyc/documents/${id}/decision`, {
        headers: staff,
        data: { decision: "approve" },
      });
      expect(approved.status(), await approved.text()).toBe(200);
    }
    const pkg = ((await (await page.request.get("/api/packages")).json()) as Array<{ id: string }>)[0];
    const applied = await page.request.post("/api/applications", {
      headers: saver,
      data: {
        full_name: "Greta Groß",
        email,
        phone: "+49 30 1234567",
        amount: 10_000,
        package_id: pkg?.id,
        reference_iban: "DE89370400440532013000",
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const applicationId = ((await applied.json()) as { id: string }).id;

    // The back office, in German: the demonstration list is one button away, then Approve passes.
    const admin = await staffContext.newPage();
    await admin.addInitScript((value) => {
      localStorage.setItem("token", value);
      localStorage.setItem("user_language", "de");
    }, staff.authorization.slice("Bearer ".length));
    await gotoReady(admin, "/admin?tab=sanctions");
    await admin.getByTestId("sanctions-demo-load").click(slow);
    await expect(admin.getByTestId("sanctions-demo").getByRole("status")).toContainText(
      "Demonstrationsliste (erfundene Namen)",
      slow,
    );
    await gotoReady(admin, "/admin?tab=applications");
    await admin.locator(`#approve-${applicationId}`).click(slow);
    await admin.getByTestId("approve-confirmation").getByRole("button").first().click();
    await expect(admin.locator(`#status-${applicationId}`)).toHaveText("Genehmigt", slow);
    await expect(admin.getByTestId("application-refusal")).toHaveCount(0);

    // One date for the approval: on the card, in the timeline and in the inbox, Berlin's calendar.
    const mine = (await (
      await page.request.get("/api/applications/me", { headers: saver })
    ).json()) as Array<{
      id: string;
      decided_at: string;
      withdrawal_deadline: string;
    }>;
    const decision = mine.find((a) => a.id === applicationId);
    const at = decision?.decided_at as string;
    await page.goto("/dashboard");
    await expect(page.getByTestId("application-approved-on")).toHaveText(
      berlin(at, { dateStyle: "long" }),
      slow,
    );
    const approvedStep = page.locator('[data-testid="timeline-step"][data-step="approved"]');
    await expect(approvedStep.getByTestId("timeline-text")).toHaveText(
      berlin(at, { dateStyle: "long" }),
      slow,
    );
    await page.goto("/inbox");
    const item = page.locator('[data-testid="inbox-item"][data-kind="deposit"]').first();
    await expect(item).toBeVisible(slow);
    const shown = plain(await item.locator("time").textContent());
    const expected = plain(
      berlin(at, {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZoneName: "short",
      }),
    );
    // The message may be a minute later than the decision.
    expect(shown.slice(0, shown.indexOf(","))).toBe(expected.slice(0, expected.indexOf(",")));
    expect(shown).toMatch(/MEZ|MESZ/);

    // The approval's e-mail names the withdrawal deadline the dashboard names, in Berlin's calendar
    // (the browser is in New York), and the approval's PDF is issued on the card's day.
    const deadline = berlin(decision?.withdrawal_deadline as string, { dateStyle: "long" });
    await expect
      .poll(async () => {
        const mail = (await mailFolder(email)).find((m) => /genehmigt/i.test(m.subject ?? ""));
        return plain(mail?.text ?? "").replace(/\s+/g, " ");
      }, slow)
      .toContain(plain(`bis zum ${deadline}`));
    const documents = (await (await page.request.get("/api/documents", { headers: saver })).json()) as Array<{
      id: string;
      kind: string;
    }>;
    const approvalPdf = documents.find((d) => d.kind === "approval");
    expect(approvalPdf, JSON.stringify(documents)).toBeDefined();
    const file = await page.request.get(`/api/documents/${approvalPdf?.id}`, { headers: saver });
    expect(file.status()).toBe(200);
    const pdfText = execFileSync("pdftotext", ["-", "-"], { input: await file.body() }).toString("utf8");
    expect(plain(pdfText).replace(/\s+/g, " ")).toContain(
      `Ausgestellt am ${plain(berlin(at, { dateStyle: "long" }))}`,
    );
    await gotoReady(page, "/dashboard");
    await expect(page.getByText(deadline, { exact: false }).first()).toBeVisible(slow);
  } finally {
    await saverContext.close();
    await staffContext.close();
  }
});
