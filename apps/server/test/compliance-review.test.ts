import { randomUUID } from "node:crypto";
import { unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage, applicationPayload } from "./helpers/deposits.ts";
import { createAdmin, createUser, TEST_PASSWORD, totpCode } from "./helpers/factories.ts";
import { jsonText } from "./helpers/json-text.ts";

/**
 * Findings of an outside security and compliance review, each reproduced as the reviewer did it:
 * closing an account as a password oracle, staff data in the personal-data export, parallel wrong
 * two-factor codes, the published API document and its term enum.
 */
let t: TestApp;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "100000", AUTH_RATE_LIMIT_PER_ACCOUNT: "5" });
});
afterAll(async () => {
  await t.close();
});

type Headers = { authorization: string };
const post = (url: string, payload?: object, headers?: Headers) =>
  t.app.inject({
    method: "POST",
    url,
    remoteAddress: `10.55.0.${(++addressCounter % 250) + 1}`,
    ...(headers ? { headers } : {}),
    ...(payload ? { payload } : {}),
  });

describe("closing an account", () => {
  it("counts wrong passwords with the other password checks: 429 past the limit", async () => {
    const saver = await createUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      statuses.push((await post("/api/me/close", { password: `guess-${i}` }, saver.headers)).statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // the same counter as the other password checks of a session: changing the address waits too
    const change = await t.app.inject({
      method: "PATCH",
      url: "/api/auth/profile",
      headers: saver.headers,
      payload: { full_name: "Any Name", email: "elsewhere@example.test", current_password: TEST_PASSWORD },
    });
    expect(change.statusCode).toBe(429);
  });
});

/** A complete application of the saver's, signed in (so its confirmation goes to the postbox). */
async function applyAs(saver: Awaited<ReturnType<typeof createUser>>) {
  const pkg = await activePackage(t.app);
  const sent = await post(
    "/api/applications",
    applicationPayload(saver.user.full_name, pkg.id, { email: saver.user.email }),
    saver.headers,
  );
  expect(sent.statusCode, sent.body).toBe(201);
  return sent;
}

describe("the personal-data export", () => {
  it("leaves out staff notes, staff identities and addresses, and screening results", async () => {
    const saver = await createUser(t.app);
    const staff = await createAdmin(t.app);
    const sent = await applyAs(saver);
    await t.app.db
      .updateTable("applications")
      .set({ admin_notes: "STAFF-ONLY: looks like a mule account", decided_by: staff.user.id })
      .where("id", "=", sent.json().id)
      .execute();
    const doc = await t.app.db
      .insertInto("kyc_documents")
      .values({
        id: randomUUID(),
        user_id: saver.user.id,
        document_type: "selfie",
        status: "approved",
        storage_key: "kyc/none",
        content_type: "image/png",
        size_bytes: 10,
        sha256: "0".repeat(64),
        original_name: null,
        reviewed_by: staff.user.id,
        reviewed_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto("kyc_reviews")
      .values({ document_id: doc.id, actor_id: staff.user.id, action: "approve", ip: "203.0.113.77" })
      .execute();
    // the export reads stored files: give the document none to read
    await t.app.db.deleteFrom("kyc_reviews").where("action", "=", "view_file").execute();
    const data = await import("../src/modules/identity/data-rights.service.ts").then((m) =>
      m.exportData(t.app.db, saver.user.id),
    );
    const text = JSON.stringify(data);
    expect(text).not.toContain("STAFF-ONLY");
    expect(text).not.toContain("203.0.113.77");
    expect(text).not.toContain(staff.user.id);
    expect(text).not.toMatch(/sanctions|screening/);
    // what is the saver's is there: the application and the review decision
    expect(data.tables.applications?.[0]).toMatchObject({ id: sent.json().id, amount: "10000.00" });
    expect(data.tables.kyc_reviews?.[0]).toMatchObject({ action: "approve" });
    // and the zip the saver downloads says the same
    await t.app.db.deleteFrom("kyc_reviews").where("document_id", "=", doc.id).execute();
    await t.app.db.deleteFrom("kyc_documents").where("id", "=", doc.id).execute();
    const res = await t.app.inject({ url: "/api/me/export", headers: saver.headers });
    expect(res.statusCode).toBe(200);
    const json = new TextDecoder().decode(unzipSync(new Uint8Array(res.rawPayload))["data.json"]);
    expect(json).not.toContain("STAFF-ONLY");
    expect(json).not.toContain(staff.user.id);
  });
});

describe("two-factor attempt limits", () => {
  it("evaluates at most the limit of parallel wrong codes for one challenge", async () => {
    const saver = await createUser(t.app);
    const setup = await post("/api/auth/two-factor/setup", undefined, saver.headers);
    const { secret } = setup.json() as { secret: string };
    const enabled = await post("/api/auth/two-factor/enable", { code: totpCode(secret) }, saver.headers);
    expect(enabled.statusCode).toBe(200);
    const login = await post("/api/auth/login", { email: saver.user.email, password: TEST_PASSWORD });
    const token = (login.json() as { challenge_token: string }).challenge_token;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        post("/api/auth/login/two-factor", { challenge_token: token, code: "000000" }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const evaluated = answers.filter((a) => a.json().code === "two_factor_code_invalid").length;
    expect(evaluated).toBeLessThanOrEqual(5);
    const failures = await t.app.db
      .selectFrom("account_events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", saver.user.id)
      .where("event", "=", "two_factor_failed")
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBeLessThanOrEqual(5);
  });
});

describe("the published API document", () => {
  it("lists the terms the server takes as an enum in every request body", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json() as {
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    };
    const bodies = Object.values(doc.paths)
      .flatMap((ops) => Object.values(ops).map((op) => JSON.stringify(op.requestBody ?? {})))
      .join("");
    const terms = [...bodies.matchAll(/"duration_months":(\{[^{}]*\})/g)].map((m) =>
      JSON.parse(m[1] as string),
    );
    // creating and changing a package
    expect(terms.length).toBeGreaterThanOrEqual(2);
    for (const term of terms) expect(term.enum).toEqual([3, 6, 12, 24, 36]);
  });

  it("is not served with API_DOCS off", async () => {
    const off = await createTestApp({ NODE_ENV: "production", API_DOCS: "false" });
    try {
      expect((await off.app.inject("/api/openapi.json")).statusCode).toBe(404);
      expect((await off.app.inject("/api/docs")).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe("forwarded client addresses", () => {
  /** The address the server saw for a sign-in sent by `remote` with this X-Forwarded-For. */
  async function seenAddress(app: TestApp, remote: string, forwardedFor: string) {
    const saver = await createUser(app.app);
    await app.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: remote,
      headers: { "x-forwarded-for": forwardedFor },
      payload: { email: saver.user.email, password: TEST_PASSWORD },
    });
    const event = await app.app.db
      .selectFrom("account_events")
      .select("ip")
      .where("user_id", "=", saver.user.id)
      .where("event", "=", "login_succeeded")
      .executeTakeFirstOrThrow();
    return event.ip;
  }

  it("takes the address the configured number of hops from the right, never what the client wrote", async () => {
    const oneHop = await createTestApp({ TRUST_PROXY: "1" });
    try {
      // the client wrote 6.6.6.6 itself; the one proxy in front appended the address it saw
      expect(await seenAddress(oneHop, "10.0.0.2", "6.6.6.6, 198.51.100.7")).toBe("198.51.100.7");
    } finally {
      await oneHop.close();
    }
  });

  it("trusts a list of proxy addresses and nothing else", async () => {
    const listed = await createTestApp({ TRUST_PROXY: "10.0.0.2, 10.1.0.0/16" });
    try {
      expect(await seenAddress(listed, "10.0.0.2", "6.6.6.6, 198.51.100.8")).toBe("198.51.100.8");
      expect(await seenAddress(listed, "10.0.0.2", "6.6.6.6, 198.51.100.9, 10.1.4.4")).toBe("198.51.100.9");
      // a request that did not come through a listed proxy: its own address
      expect(await seenAddress(listed, "192.0.2.50", "6.6.6.6")).toBe("192.0.2.50");
    } finally {
      await listed.close();
    }
  });

  it("refuses TRUST_PROXY=true, which would believe the leftmost address, with a message", async () => {
    const { loadConfig } = await import("../src/config/env.ts");
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ NODE_ENV: "test", TRUST_PROXY: "10.0.0.300" })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ NODE_ENV: "test", TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });
});

describe("postbox documents of a closed account", () => {
  it("keeps rows and files together for the retention period and deletes both when it ends", async () => {
    const { keptUntil, runRetention } = await import("../src/modules/identity/data-rights.service.ts");
    const saver = await createUser(t.app);
    const sent = await applyAs(saver);
    const postbox = () =>
      t.app.db.selectFrom("postbox_documents").selectAll().where("user_id", "=", saver.user.id).execute();
    const issued = await postbox();
    expect(issued.length).toBeGreaterThan(0);
    await t.app.db
      .updateTable("applications")
      .set({ status: "rejected", decided_at: new Date() })
      .where("id", "=", sent.json().id)
      .execute();
    const closed = await post("/api/me/close", { password: TEST_PASSWORD }, saver.headers);
    expect(closed.statusCode, closed.body).toBe(200);
    // during the retention period: the rows, and the files they point to
    expect((await postbox()).map((d) => d.id).sort()).toEqual(issued.map((d) => d.id).sort());
    for (const doc of issued)
      await expect(t.app.documentStorage.get(doc.storage_key ?? "")).resolves.toBeDefined();
    // after it: neither
    const after = new Date(keptUntil(new Date(closed.json().closed_at)).getTime() + 1000);
    expect(await runRetention(t.app.db, t.app.documentStorage, after)).toContain(saver.user.id);
    expect(await postbox()).toEqual([]);
    for (const doc of issued)
      await expect(t.app.documentStorage.get(doc.storage_key ?? "")).rejects.toThrow();
  });
});

describe("the retention job on the job queue", () => {
  it("erases what is due when the queue runs it, and schedules the next run an hour later", async () => {
    const { RETENTION_JOB, scheduleRetention } = await import("../src/modules/identity/retention.job.ts");
    const saver = await createUser(t.app);
    const closed = await t.app.inject({
      method: "POST",
      url: "/api/me/close",
      headers: saver.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    // its retention ended a moment ago
    const now = t.app.clock.now();
    await t.app.db
      .updateTable("users")
      .set({ erase_after: new Date(now.getTime() - 1000) })
      .where("id", "=", saver.user.id)
      .execute();
    await scheduleRetention(t.app.db, now);
    await scheduleRetention(t.app.db, now); // the same hour again: one run
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    expect(await t.app.db.selectFrom("users").select("id").where("id", "=", saver.user.id).execute()).toEqual(
      [],
    );
    const jobs = await t.app.db
      .selectFrom("jobs")
      .select(["key", "run_at", "state"])
      .where("name", "=", RETENTION_JOB)
      .orderBy("run_at")
      .execute();
    expect(jobs.map((j) => j.state)).toEqual(["done", "pending"]);
    const [done, next] = jobs;
    expect(next && done && next.run_at.getTime() - done.run_at.getTime()).toBeGreaterThanOrEqual(
      3_600_000 - 1000,
    );
  });
});

describe("registration with a known address", () => {
  let m: TestApp;
  beforeAll(async () => {
    // e-mail on (queued in the outbox; nothing sends it here)
    m = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1", AUTH_RATE_LIMIT_PER_IP: "100000" });
  });
  afterAll(async () => {
    await m.close();
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    m.app.inject({
      method: "POST",
      url,
      remoteAddress: `10.56.0.${(++addressCounter % 250) + 1}`,
      payload,
      headers,
    });
  const get = (url: string, token: string) =>
    m.app.inject({ url, headers: { authorization: `Bearer ${token}` } });
  const outboxOf = (userId: string) =>
    m.app.db.selectFrom("email_outbox").selectAll().where("user_id", "=", userId).execute();
  const PASSPHRASE = "a long and unusual passphrase 7";

  it("answers, signs in and fills pages as for a new address; only the owner is told, by e-mail", async () => {
    const owner = await createUser(m.app);
    const fresh = await post("/api/auth/register", {
      email: `new-${owner.user.email}`,
      password: PASSPHRASE,
      full_name: "New Person",
    });
    const known = await post("/api/auth/register", {
      email: owner.user.email.toUpperCase(),
      password: PASSPHRASE,
      full_name: "Someone Else",
    });
    expect(fresh.statusCode, fresh.body).toBe(201);
    expect(known.statusCode, known.body).toBe(201);
    const shape = (body: Record<string, unknown>) => ({
      keys: Object.keys(body).sort(),
      user: Object.keys(body.user as object).sort(),
      token: typeof body.access_token === "string" && (body.access_token as string).length,
    });
    expect(shape(known.json())).toEqual(shape(fresh.json()));
    expect(known.json().user).toMatchObject({
      full_name: "Someone Else",
      email: owner.user.email,
      role: "user",
    });
    expect(known.json().user.id).not.toBe(owner.user.id);
    // Both tokens work alike on the pages a new account opens first: the same statuses, the same shapes.
    for (const url of ["/api/auth/me", "/api/kyc/status", "/api/applications/me", "/api/auth/security"]) {
      const a = await get(url, fresh.json().access_token);
      const b = await get(url, known.json().access_token);
      expect([url, b.statusCode]).toEqual([url, a.statusCode]);
      const keys = (r: typeof a) => Object.keys(r.json()).sort();
      expect(keys(b)).toEqual(keys(a));
    }
    expect((await get("/api/auth/security", known.json().access_token)).json().email_verified).toBe(false);
    // Nothing is mailed to the address for the shadow account (it is the owner's): the owner gets the
    // notice, which quotes nothing the other person typed; the new account gets its confirmation link.
    expect(await outboxOf(known.json().user.id)).toEqual([]);
    expect((await outboxOf(fresh.json().user.id)).length).toBeGreaterThan(0);
    const notice = (await outboxOf(owner.user.id)).find((row) =>
      JSON.stringify(row.facts).includes("registration_attempt"),
    );
    expect(notice).toBeDefined();
    expect(jsonText(notice)).not.toContain("Someone Else");
    // Its link opens the sign-in page in the mail's language.
    expect((notice?.facts as { path?: string } | undefined)?.path).toBe("/en/login");
    // A resent confirmation answers as for a new account and still sends nothing to the address.
    const resent = await post(
      "/api/auth/email/verify/resend",
      {},
      {
        authorization: `Bearer ${known.json().access_token}`,
      },
    );
    const resentFresh = await post(
      "/api/auth/email/verify/resend",
      {},
      {
        authorization: `Bearer ${fresh.json().access_token}`,
      },
    );
    expect(resent.statusCode).toBe(resentFresh.statusCode);
    expect(await outboxOf(known.json().user.id)).toEqual([]);
  });

  it("signs the shadow account in again with its password, and the owner with theirs", async () => {
    const owner = await createUser(m.app);
    const known = await post("/api/auth/register", {
      email: owner.user.email,
      password: PASSPHRASE,
      full_name: "Second Try",
    });
    expect(known.statusCode).toBe(201);
    const again = await post("/api/auth/login", { email: owner.user.email, password: PASSPHRASE });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).toBe(known.json().user.id);
    const ownerIn = await post("/api/auth/login", { email: owner.user.email, password: TEST_PASSWORD });
    expect(ownerIn.statusCode, ownerIn.body).toBe(200);
    expect(ownerIn.json().user.id).toBe(owner.user.id);
    // A password reset for the address reaches the owner's account only.
    const before = (await outboxOf(owner.user.id)).length;
    expect((await post("/api/auth/password-reset/request", { email: owner.user.email })).statusCode).toBe(
      202,
    );
    // (queued after the answer, which must not wait for it)
    await vi.waitFor(async () => expect((await outboxOf(owner.user.id)).length).toBe(before + 1));
    expect(await outboxOf(known.json().user.id)).toEqual([]);
  });

  it("makes the shadow account an ordinary one once it confirms an address of its own", async () => {
    const owner = await createUser(m.app);
    const known = await post("/api/auth/register", {
      email: owner.user.email,
      password: PASSPHRASE,
      full_name: "Own Address Later",
    });
    const token = known.json().access_token as string;
    const own = `own-${randomUUID()}@example.test`;
    const change = await m.app.inject({
      method: "PATCH",
      url: "/api/auth/profile",
      headers: { authorization: `Bearer ${token}` },
      payload: { full_name: "Own Address Later", email: own, current_password: PASSPHRASE },
    });
    expect(change.statusCode, change.body).toBe(202);
    // the link goes to the new address (the only mail of the shadow account), never to the owner's
    const mails = await outboxOf(known.json().user.id);
    expect(mails.map((row) => row.to_address)).toEqual([own]);
    const link = JSON.stringify(mails[0]?.facts).match(/token=([A-Za-z0-9_-]+)/)?.[1];
    expect(link).toBeDefined();
    const confirmed = await post("/api/auth/email/verify", { token: link });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const row = await m.app.db
      .selectFrom("users")
      .select(["email", "registration_shadow", "email_verified_at"])
      .where("id", "=", known.json().user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: own, registration_shadow: false });
    expect(row.email_verified_at).not.toBeNull();
    // the owner's address heard nothing of the change
    const ownerMails = await outboxOf(owner.user.id);
    expect(ownerMails.some((r) => JSON.stringify(r.facts).includes("email_changed"))).toBe(false);
  });
});

describe("branded mail to addresses that have not confirmed they are theirs", () => {
  let m: TestApp;
  beforeAll(async () => {
    m = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:1" });
  });
  afterAll(async () => {
    await m.close();
  });
  const outboxTo = (address: string) =>
    m.app.db.selectFrom("email_outbox").selectAll().where("to_address", "=", address).execute();

  it("sends a few newsletter confirmations per address a day, not one per sign-up", async () => {
    const victim = "victim-newsletter@example.test";
    for (let i = 0; i < 20; i++) {
      const res = await m.app.inject({
        method: "POST",
        url: "/api/newsletter",
        remoteAddress: `10.57.${i}.1`,
        payload: { email: victim, language: "en" },
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    const mails = await outboxTo(victim);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.length).toBeLessThanOrEqual(3);
  });

  it("quotes nothing typed into an application sent signed out, and sends a few per address", async () => {
    const victim = "victim-application@example.test";
    const phishing = "URGENT: your account is blocked, log in at evil.example to unblock it";
    const pkg = await activePackage(m.app);
    for (let i = 0; i < 6; i++) {
      const res = await m.app.inject({
        method: "POST",
        url: "/api/applications",
        remoteAddress: `10.58.${i}.1`,
        payload: {
          full_name: phishing,
          email: victim,
          phone: "+49 30 1234567",
          amount: 10_000,
          package_id: pkg.id,
          message: phishing,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const mails = await outboxTo(victim);
    expect(mails.length).toBeGreaterThan(0);
    expect(mails.length).toBeLessThanOrEqual(3);
    expect(jsonText(mails)).not.toContain("evil.example");
  });
});
