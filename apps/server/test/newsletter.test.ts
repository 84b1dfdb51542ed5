import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NEWSLETTER_RATE_LIMIT } from "../src/modules/newsletter/newsletter.routes.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser, uniqueEmail } from "./helpers/factories.ts";

let t: TestApp;
let adminHeaders: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = (await createAdmin(t.app)).headers;
});
afterAll(() => t.close());

/** Each test subscribes from its own address so the per-IP rate limit of one test never affects another. */
let ipCounter = 1;
const nextIp = () => `203.0.113.${ipCounter++}`;

function subscribe(payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/newsletter",
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.ip ?? nextIp(),
    headers: opts.headers,
  });
}

function storedRows(email: string) {
  return t.app.db
    .selectFrom("newsletter_subscriptions")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .execute();
}

describe("POST /api/newsletter", () => {
  it("stores the address trimmed and lower-cased with the consent time and language", async () => {
    const email = uniqueEmail("Reader").replace("reader", "ReAdEr");
    const before = Date.now();
    const res = await subscribe({ email: `  ${email.toUpperCase()}  `, language: "de" });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const rows = await storedRows(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.email).toBe(email.toLowerCase());
    expect(row?.language).toBe("de");
    const consented = new Date(row?.consented_at ?? 0).getTime();
    expect(consented).toBeGreaterThanOrEqual(before - 5_000);
    expect(consented).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it("takes the language from Accept-Language when the body has none, English otherwise", async () => {
    const fr = uniqueEmail("fr");
    await subscribe({ email: fr }, { headers: { "accept-language": "fr-FR,fr;q=0.9" } });
    expect((await storedRows(fr))[0]?.language).toBe("fr");
    const other = uniqueEmail("other");
    await subscribe({ email: other }, { headers: { "accept-language": "es-ES" } });
    expect((await storedRows(other))[0]?.language).toBe("en");
  });

  it("answers a known address exactly like a new one; one row per address", async () => {
    const email = uniqueEmail("twice");
    const first = await subscribe({ email, language: "fr" });
    const [original] = await storedRows(email);
    const second = await subscribe({ email: email.toUpperCase(), language: "en" });
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe(first.headers["content-type"]);
    const rows = await storedRows(email);
    expect(rows).toHaveLength(1);
    // Still unconfirmed: the newer request replaces the first (its language, a new link).
    expect(rows[0]?.language).toBe("en");
    expect(rows[0]?.confirmed_at).toBeNull();
    expect(rows[0]?.confirm_token_hash).not.toBe(original?.confirm_token_hash);
    // A confirmed address keeps its consent: time and language unchanged.
    await t.app.db
      .updateTable("newsletter_subscriptions")
      .set({ confirmed_at: new Date(), confirm_token_hash: null })
      .where("email", "=", email)
      .execute();
    const [confirmed] = await storedRows(email);
    const third = await subscribe({ email, language: "de" });
    expect(third.body).toBe(first.body);
    const [after] = await storedRows(email);
    expect(after?.language).toBe("en");
    expect(new Date(after?.consented_at ?? 0).getTime()).toBe(
      new Date(confirmed?.consented_at ?? 0).getTime(),
    );
  });

  it("refuses bad input with 400 validation_failed and stores nothing", async () => {
    const countBefore = await t.app.db
      .selectFrom("newsletter_subscriptions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    for (const payload of [
      {},
      { email: "" },
      { email: "not-an-email" },
      { email: "a@b" },
      { email: `${"x".repeat(250)}@example.test` },
      { email: 42 },
      { email: uniqueEmail(), language: "es" },
      { email: uniqueEmail(), admin: true },
      ["a@example.test"],
    ]) {
      const res = await subscribe(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_failed" });
    }
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: "{email:",
      headers: { "content-type": "application/json" },
      remoteAddress: nextIp(),
    });
    expect(malformed.statusCode).toBe(400);
    const wrongType = await t.app.inject({
      method: "POST",
      url: "/api/newsletter",
      payload: "email=a@example.test",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: nextIp(),
    });
    expect(wrongType.statusCode).toBe(415);
    const countAfter = await t.app.db
      .selectFrom("newsletter_subscriptions")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(countAfter.n)).toBe(Number(countBefore.n));
  });

  it("needs no session and ignores an Authorization header", async () => {
    const res = await subscribe({ email: uniqueEmail() }, { headers: { authorization: "Bearer nonsense" } });
    expect(res.statusCode).toBe(202);
  });

  it("rate-limits sign-ups per IP address with 429 rate_limited", async () => {
    const ip = nextIp();
    for (let i = 0; i < NEWSLETTER_RATE_LIMIT.max; i++) {
      expect((await subscribe({ email: uniqueEmail("burst") }, { ip })).statusCode).toBe(202);
    }
    const blockedEmail = uniqueEmail("blocked");
    const blocked = await subscribe({ email: blockedEmail }, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: "rate_limited" });
    expect(await storedRows(blockedEmail)).toHaveLength(0);
    // Another address is not affected.
    expect((await subscribe({ email: uniqueEmail() }, { ip: nextIp() })).statusCode).toBe(202);
  });
});

describe("GET /api/admin/newsletter-subscriptions", () => {
  it("lists subscriptions newest first with X-Total-Count and pagination", async () => {
    const emails = [uniqueEmail("p1"), uniqueEmail("p2"), uniqueEmail("p3")];
    for (const email of emails) await subscribe({ email, language: "de" });
    // Give them distinct, known consent times in the future so they are the three newest.
    for (const [i, email] of emails.entries()) {
      await t.app.db
        .updateTable("newsletter_subscriptions")
        .set({ consented_at: new Date(Date.now() + 60_000 * (i + 1)) })
        .where("email", "=", email)
        .execute();
    }
    const total = Number(
      (
        await t.app.db
          .selectFrom("newsletter_subscriptions")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

    const first = await t.app.inject({
      url: "/api/admin/newsletter-subscriptions?limit=2",
      headers: adminHeaders,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe(String(total));
    expect(first.headers["cache-control"]).toBe("no-store");
    const page1 = first.json();
    expect(page1.map((s: { email: string }) => s.email)).toEqual([emails[2], emails[1]]);
    expect(Object.keys(page1[0]).sort()).toEqual(["confirmed_at", "consented_at", "email", "id", "language"]);
    expect(page1[0]).toMatchObject({ language: "de" });
    expect(new Date(page1[0].consented_at).toISOString()).toBe(page1[0].consented_at);

    const second = await t.app.inject({
      url: "/api/admin/newsletter-subscriptions?limit=2&offset=2",
      headers: adminHeaders,
    });
    expect(second.json()[0].email).toBe(emails[0]);

    const all = await t.app.inject({ url: "/api/admin/newsletter-subscriptions", headers: adminHeaders });
    expect(all.json()).toHaveLength(Math.min(total, 50));
    const times = all.json().map((s: { consented_at: string }) => Date.parse(s.consented_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("refuses bad pagination with 400", async () => {
    for (const query of ["limit=0", "limit=201", "offset=-1", "limit=abc"]) {
      const res = await t.app.inject({
        url: `/api/admin/newsletter-subscriptions?${query}`,
        headers: adminHeaders,
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: "validation_failed" });
    }
  });

  it("is for admins only", async () => {
    const anonymous = await t.app.inject({ url: "/api/admin/newsletter-subscriptions" });
    expect(anonymous.statusCode).toBe(401);
    const { headers } = await createUser(t.app);
    const asUser = await t.app.inject({ url: "/api/admin/newsletter-subscriptions", headers });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ code: "forbidden" });
  });
});
