import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_RATE_LIMIT } from "../src/modules/contact/contact.routes.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

let t: TestApp;
let adminHeaders: { authorization: string };
let userHeaders: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  adminHeaders = (await createAdmin(t.app)).headers;
  userHeaders = (await createUser(t.app)).headers;
});
afterAll(() => t.close());

// Each test sends from its own address so the per-IP rate limit of one test never touches another.
let ipCounter = 10;
const nextIp = () => `198.51.100.${ipCounter++}`;

const valid = {
  name: "Erika Mustermann",
  email: "Erika.Mustermann@Example.TEST",
  subject: "Question about the 12-month deposit",
  message: "Hello,\nwhen is the interest paid?\nThank you.",
};

const send = (payload: unknown, remoteAddress = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({ method: "POST", url: "/api/contact", payload: payload as object, remoteAddress, headers });

async function storedCount() {
  const { count } = await t.app.db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

describe("POST /api/contact", () => {
  it("stores the message (trimmed, e-mail lower-cased, language of the request) and returns a reference", async () => {
    const res = await send({ ...valid, name: `  ${valid.name}  ` }, nextIp(), {
      "accept-language": "de-DE,de;q=0.9",
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["created_at", "id"]);
    const row = await t.app.db
      .selectFrom("contact_messages")
      .selectAll()
      .where("id", "=", body.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "Erika Mustermann",
      email: "erika.mustermann@example.test",
      subject: valid.subject,
      message: valid.message,
      language: "de",
    });
  });

  it("needs no session and ignores a token (public route)", async () => {
    const res = await send(valid, nextIp(), { authorization: "Bearer not-a-real-session-token-0123456789" });
    expect(res.statusCode).toBe(201);
  });

  it.each([
    ["name missing", { ...valid, name: undefined }, "body.name"],
    ["name blank", { ...valid, name: "   " }, "body.name"],
    ["email missing", { ...valid, email: undefined }, "body.email"],
    ["email invalid", { ...valid, email: "not-an-email" }, "body.email"],
    ["subject blank", { ...valid, subject: "" }, "body.subject"],
    ["message missing", { ...valid, message: undefined }, "body.message"],
    ["message blank", { ...valid, message: " \n " }, "body.message"],
    ["name too long", { ...valid, name: "x".repeat(121) }, "body.name"],
    ["subject too long", { ...valid, subject: "x".repeat(201) }, "body.subject"],
    ["message too long", { ...valid, message: "x".repeat(5001) }, "body.message"],
    ["line break in subject", { ...valid, subject: "Hi\r\nBcc: x@example.test" }, "body.subject"],
    // NUL is refused before validation for every route (400 invalid_characters, hardening.test.ts).
    ["control character in message", { ...valid, message: "Hello\u0007" }, "body.message"],
    ["number as name", { ...valid, name: 42 }, "body.name"],
    ["unknown field", { ...valid, admin: true }, "body"],
  ])("refuses %s with 400 and stores nothing", async (_label, payload, field) => {
    const before = await storedCount();
    const res = await send(payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("validation_failed");
    expect(body.fields.map((f: { path: string }) => f.path)).toContain(field);
    expect(await storedCount()).toBe(before);
  });

  it("refuses a body that is not JSON with a 4xx, never a 5xx", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: "name=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBe(415);
    const broken = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: "{",
      headers: { "content-type": "application/json" },
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
  });

  it(`allows ${CONTACT_RATE_LIMIT.max} messages per address, then answers 429 rate_limited; other addresses still pass`, async () => {
    const ip = nextIp();
    for (let i = 0; i < CONTACT_RATE_LIMIT.max; i++) expect((await send(valid, ip)).statusCode).toBe(201);
    const before = await storedCount();
    const limited = await send(valid, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: "rate_limited" });
    expect(await storedCount()).toBe(before);
    expect((await send(valid, nextIp())).statusCode).toBe(201);
  });
});

describe("GET /api/admin/contact-messages", () => {
  it("is for admins only", async () => {
    expect((await t.app.inject("/api/admin/contact-messages")).statusCode).toBe(401);
    const asUser = await t.app.inject({ url: "/api/admin/contact-messages", headers: userHeaders });
    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toMatchObject({ code: "forbidden" });
  });

  it("lists newest first, paginated, with the total in X-Total-Count", async () => {
    await t.app.db.deleteFrom("contact_messages").execute();
    const base = Date.parse("2025-01-01T10:00:00Z");
    for (let i = 0; i < 7; i++) {
      await t.app.db
        .insertInto("contact_messages")
        .values({
          name: `Sender ${i}`,
          email: `sender${i}@example.test`,
          subject: `Subject ${i}`,
          message: `Message ${i}`,
          language: i % 3 === 0 ? "en" : i % 3 === 1 ? "de" : "fr",
          created_at: new Date(base + i * 60_000),
        })
        .execute();
    }
    const first = await t.app.inject({
      url: "/api/admin/contact-messages?limit=3",
      headers: adminHeaders,
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-total-count"]).toBe("7");
    const page1 = first.json();
    expect(page1.map((m: { name: string }) => m.name)).toEqual(["Sender 6", "Sender 5", "Sender 4"]);
    expect(Object.keys(page1[0]).sort()).toEqual(
      ["created_at", "email", "id", "language", "message", "name", "subject"].sort(),
    );
    expect(page1[0]).toMatchObject({ language: "en", created_at: "2025-01-01T10:06:00.000Z" });

    const last = await t.app.inject({
      url: "/api/admin/contact-messages?limit=3&offset=6",
      headers: adminHeaders,
    });
    expect(last.json().map((m: { name: string }) => m.name)).toEqual(["Sender 0"]);
    expect(last.headers["x-total-count"]).toBe("7");

    const all = await t.app.inject({ url: "/api/admin/contact-messages", headers: adminHeaders });
    expect(all.json()).toHaveLength(7);
  });

  it.each(["limit=0", "limit=201", "limit=abc", "offset=-1"])("refuses ?%s with 400", async (query) => {
    const res = await t.app.inject({ url: `/api/admin/contact-messages?${query}`, headers: adminHeaders });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "validation_failed" });
  });
});
