import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countApplications,
  decidePendingApplication,
  listApplications,
} from "../src/modules/applications/applications.repository.ts";
import { invalidatePackagesCache } from "../src/modules/packages/packages.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";

let t: TestApp;
let packageIds: Record<number, string>;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.db.selectFrom("packages").select(["id", "duration_months"]).execute();
  packageIds = Object.fromEntries(rows.map((r) => [r.duration_months, r.id]));
  adminId = (await createAdmin(t.app)).user.id;
});
afterAll(() => t.close());

// Each request comes from its own address unless a test says otherwise, so the per-address rate
// limit of POST /api/applications only bites in the test that is about it.
let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

const body = (overrides: Record<string, unknown> = {}) => ({
  full_name: "Erika Mustermann",
  email: "erika@example.test",
  phone: "+49 30 1234567",
  amount: 10_000,
  package_id: packageIds[12],
  message: "Please call me in the afternoon.",
  reference_iban: "de89 3704 0044 0532 0130 00",
  maturity_instruction: "payout",
  info_sheet_acknowledged: true,
  ...overrides,
});

const apply = (payload: unknown, opts: { headers?: Record<string, string>; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/applications",
    payload: payload as object,
    headers: opts.headers ?? {},
    remoteAddress: opts.remoteAddress ?? nextAddress(),
  });

const approve = (id: string, at = new Date()) =>
  decidePendingApplication(t.app.db, id, { status: "approved", decidedBy: adminId, adminNotes: null, at });

const DAY = 86_400_000;

describe("POST /api/applications", () => {
  it("accepts a signed-out application, unlinked, with the package's rate and term stored", async () => {
    const res = await apply(body({ email: "Erika@Example.TEST" }));
    expect(res.statusCode).toBe(201);
    const app = res.json();
    expect(app).toMatchObject({
      userId: null,
      full_name: "Erika Mustermann",
      email: "erika@example.test",
      amount: 10_000,
      currency: "EUR",
      term: 12,
      status: "pending",
      package_id: packageIds[12],
      package: { duration_months: 12, interest_rate: 3.5 },
      reference_iban: "DE89 **** **** **** **** 3000",
      maturity_instruction: "payout",
      expected_interest: 350,
      maturity_amount: 10_350,
      maturity_date: null,
      withdrawal_deadline: null,
      decided_at: null,
      withdrawn_at: null,
      message: "Please call me in the afternoon.",
    });
    const row = await t.app.db
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", app.id)
      .executeTakeFirstOrThrow();
    expect(row.reference_iban).toBe("DE89370400440532013000");
    expect(row.amount_cents).toBe(1_000_000n);
    expect(row.interest_rate).toBe("3.50");
    expect(row.duration_months).toBe(12);
    expect(row.info_sheet_acknowledged_at).toBeInstanceOf(Date);
    expect(row.user_id).toBeNull();
  });

  it("links the application to the signed-in user and keeps their language", async () => {
    const { user, headers } = await createUser(t.app);
    const res = await apply(body({ message: "  " }), { headers: { ...headers, "accept-language": "de-DE" } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ userId: user.id, message: null });
    const row = await t.app.db
      .selectFrom("applications")
      .select(["language", "user_id"])
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ language: "de", user_id: user.id });
  });

  it("refuses a stale token instead of silently sending the application unlinked", async () => {
    const res = await apply(body(), {
      headers: { authorization: "Bearer stale-token-that-does-not-exist-000" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("session_expired");
  });

  it("keeps the rate and term of the moment it was sent when the package changes later", async () => {
    const { headers } = await createUser(t.app);
    const sent = (await apply(body({ package_id: packageIds[24], amount: 20_000 }), { headers })).json();
    await t.app.db
      .updateTable("packages")
      .set({ interest_rate: "1.00" })
      .where("id", "=", packageIds[24] ?? "")
      .execute();
    invalidatePackagesCache(t.app.db);
    try {
      const mine = (await t.app.inject({ url: "/api/applications/me", headers })).json();
      const same = mine.find((a: { id: string }) => a.id === sent.id);
      // 20,000 x 3.75 % x 2 years = 1,500.00
      expect(same).toMatchObject({
        package: { duration_months: 24, interest_rate: 3.75 },
        expected_interest: 1500,
      });
    } finally {
      await t.app.db
        .updateTable("packages")
        .set({ interest_rate: "3.75" })
        .where("id", "=", packageIds[24] ?? "")
        .execute();
      invalidatePackagesCache(t.app.db);
    }
  });

  it("accepts the package's limits themselves", async () => {
    expect((await apply(body({ amount: 5000 }))).statusCode).toBe(201);
    expect((await apply(body({ amount: 250_000 }))).statusCode).toBe(201);
    expect((await apply(body({ amount: 5000.5 }))).statusCode).toBe(201);
  });

  it("accepts telephone numbers as people write them", async () => {
    for (const phone of ["(030) 1234567", "+33 1 23 45 67 89", "0151/234.567-89"]) {
      const res = await apply(body({ phone }));
      expect(res.statusCode, phone).toBe(201);
      expect(res.json().phone).toBe(phone);
    }
  });

  it("refuses an unknown package", async () => {
    const res = await apply(body({ package_id: randomUUID() }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "package_not_found", fields: [{ path: "body.package_id" }] });
  });

  it("refuses a package that is no longer offered", async () => {
    await t.app.db
      .updateTable("packages")
      .set({ is_active: false })
      .where("id", "=", packageIds[3] ?? "")
      .execute();
    try {
      const res = await apply(body({ package_id: packageIds[3], amount: 2000 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("package_inactive");
    } finally {
      await t.app.db
        .updateTable("packages")
        .set({ is_active: true })
        .where("id", "=", packageIds[3] ?? "")
        .execute();
    }
  });

  it("refuses an amount below the package's minimum and above its maximum", async () => {
    const below = await apply(body({ amount: 4999.99 }));
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({
      code: "package_amount_out_of_range",
      fields: [{ path: "body.amount", code: "package_amount_out_of_range" }],
    });
    expect(below.json().detail).toContain("5000.00 to 250000.00 EUR");
    const above = await apply(body({ amount: 250_000.01 }));
    expect(above.statusCode).toBe(400);
    expect(above.json().code).toBe("package_amount_out_of_range");
  });

  it("refuses a bad IBAN with invalid_iban, whatever is wrong with it", async () => {
    for (const iban of [
      "DE89 3704 0044 0532 0130 01", // check digits
      "DE89 3704 0044 0532 0130", // length
      "TR33 0006 1005 1978 6457 8413 26", // not SEPA
      "not an iban",
      "",
    ]) {
      const res = await apply(body({ reference_iban: iban }));
      expect(res.statusCode, iban).toBe(400);
      expect(res.json(), iban).toMatchObject({
        code: "invalid_iban",
        fields: [{ path: "body.reference_iban", code: "invalid_iban" }],
      });
    }
  });

  it("refuses a false acknowledgement of the information sheet", async () => {
    const no = await apply(body({ info_sheet_acknowledged: false }));
    expect(no.statusCode).toBe(400);
    expect(no.json()).toMatchObject({
      code: "info_sheet_not_acknowledged",
      fields: [{ path: "body.info_sheet_acknowledged" }],
    });
    // Left out, it is a missing detail to give later (see "applications with only the original fields").
    const { info_sheet_acknowledged: _, ...withoutAck } = body();
    const missing = await apply(withoutAck);
    expect(missing.statusCode).toBe(201);
    expect(missing.json().missing_details).toEqual(["info_sheet_acknowledged"]);
    const text = await apply(body({ info_sheet_acknowledged: "true" }));
    expect(text.statusCode).toBe(400);
  });

  it("answers validation_failed with every bad field when several are wrong", async () => {
    const res = await apply(body({ reference_iban: "XX", info_sheet_acknowledged: false, email: "nope" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("validation_failed");
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(["body.email", "body.info_sheet_acknowledged", "body.reference_iban"].sort());
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ["an empty name", { full_name: "   " }, "body.full_name"],
    ["a bad e-mail address", { email: "erika.example.test" }, "body.email"],
    ["a phone number with letters", { phone: "call me" }, "body.phone"],
    ["a phone number too short", { phone: "123" }, "body.phone"],
    ["an amount below 1000", { amount: 999 }, "body.amount"],
    ["an amount with three decimals", { amount: 5000.001 }, "body.amount"],
    ["an amount as text", { amount: "5000" }, "body.amount"],
    ["a package id that is not a UUID", { package_id: "12" }, "body.package_id"],
    ["an unknown maturity instruction", { maturity_instruction: "reinvest" }, "body.maturity_instruction"],
    ["a message that is too long", { message: "x".repeat(2001) }, "body.message"],
    ["an unknown field", { status: "approved" }, "body"],
  ];
  for (const [name, overrides, path] of invalid) {
    it(`refuses ${name} and stores nothing`, async () => {
      const before = await countApplications(t.app.db, {});
      const res = await apply(body(overrides));
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
      expect(await countApplications(t.app.db, {})).toBe(before);
    });
  }

  it("rate-limits one address to 20 applications an hour", async () => {
    const address = "203.0.113.50";
    for (let i = 0; i < 20; i++) {
      expect((await apply(body(), { remoteAddress: address })).statusCode).toBe(201);
    }
    const limited = await apply(body(), { remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
    expect((await apply(body(), { remoteAddress: "203.0.113.51" })).statusCode).toBe(201);
  });
});

describe("applications with only the original fields", () => {
  const original = () => ({
    full_name: "Erika Mustermann",
    email: "erika@example.test",
    phone: "+49 30 1234567",
    amount: 10_000,
    package_id: packageIds[12],
    message: "Sent by a client of the original contract",
  });
  const details = (overrides: Record<string, unknown> = {}) => ({
    reference_iban: "DE89 3704 0044 0532 0130 00",
    maturity_instruction: "renew_principal",
    info_sheet_acknowledged: true,
    ...overrides,
  });
  const complete = (id: string, headers: Record<string, string> | undefined, payload: unknown) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/applications/${id}/details`,
      ...(headers ? { headers } : {}),
      payload: payload as object,
    });
  const decide = (id: string, headers: Record<string, string>) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${id}/decision`,
      headers,
      payload: { decision: "approved" },
    });

  it("stores them as pending, lists what is missing, refuses approval until the saver completes them", async () => {
    const saver = await createUser(t.app);
    await markVerified(t.app, saver.user.id);
    const admin = await createAdmin(t.app);
    const sent = await apply(original(), { headers: saver.headers });
    expect(sent.statusCode, sent.body).toBe(201);
    const id = sent.json().id;
    expect(sent.json()).toMatchObject({
      status: "pending",
      reference_iban: null,
      maturity_instruction: null,
      missing_details: ["reference_iban", "maturity_instruction", "info_sheet_acknowledged"],
    });
    const row = await t.app.db
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect([row.reference_iban, row.maturity_instruction, row.info_sheet_acknowledged_at]).toEqual([
      null,
      null,
      null,
    ]);

    const refused = await decide(id, admin.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe("application_incomplete");
    expect(
      (await t.app.db.selectFrom("deposits").select("id").where("application_id", "=", id).execute()).length,
    ).toBe(0);

    // Wrong callers and bad details change nothing.
    expect((await complete(id, undefined, details())).statusCode).toBe(401);
    const other = await createUser(t.app);
    expect((await complete(id, other.headers, details())).statusCode).toBe(404);
    expect((await complete(randomUUID(), saver.headers, details())).statusCode).toBe(404);
    const badIban = await complete(id, saver.headers, details({ reference_iban: "DE00 1234" }));
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().code).toBe("invalid_iban");
    const noAck = await complete(id, saver.headers, details({ info_sheet_acknowledged: false }));
    expect(noAck.statusCode).toBe(400);
    expect(noAck.json().code).toBe("info_sheet_not_acknowledged");
    const partial = await complete(id, saver.headers, { reference_iban: "DE89370400440532013000" });
    expect(partial.statusCode).toBe(400);
    const unchanged = await t.app.db
      .selectFrom("applications")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(unchanged.reference_iban).toBeNull();

    const done = await complete(id, saver.headers, details());
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: "pending",
      reference_iban: "DE89 **** **** **** **** 3000",
      maturity_instruction: "renew_principal",
      missing_details: [],
    });
    const mine = await t.app.inject({ url: "/api/applications/me", headers: saver.headers });
    expect(mine.json().find((a: { id: string }) => a.id === id).missing_details).toEqual([]);

    const approved = await decide(id, admin.headers);
    expect(approved.statusCode, approved.body).toBe(200);
    const deposit = await t.app.db
      .selectFrom("deposits")
      .select(["payer_iban", "maturity_instruction"])
      .where("application_id", "=", id)
      .executeTakeFirstOrThrow();
    expect(deposit).toEqual({
      payer_iban: "DE89370400440532013000",
      maturity_instruction: "renew_principal",
    });

    const late = await complete(id, saver.headers, details({ maturity_instruction: "payout" }));
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("application_not_pending");
  });

  it("keeps the first acknowledgement time when the saver corrects the details", async () => {
    const saver = await createUser(t.app);
    const sent = await apply({ ...original(), info_sheet_acknowledged: true }, { headers: saver.headers });
    expect(sent.json().missing_details).toEqual(["reference_iban", "maturity_instruction"]);
    const before = await t.app.db
      .selectFrom("applications")
      .select("info_sheet_acknowledged_at")
      .where("id", "=", sent.json().id)
      .executeTakeFirstOrThrow();
    expect((await complete(sent.json().id, saver.headers, details())).statusCode).toBe(200);
    const after = await t.app.db
      .selectFrom("applications")
      .select("info_sheet_acknowledged_at")
      .where("id", "=", sent.json().id)
      .executeTakeFirstOrThrow();
    expect(after.info_sheet_acknowledged_at?.toISOString()).toBe(
      before.info_sheet_acknowledged_at?.toISOString(),
    );
  });

  it("the database refuses an approved application without the details", async () => {
    const sent = await apply(original());
    await expect(approve(sent.json().id)).rejects.toThrow();
  });
});

describe("GET /api/applications/me", () => {
  it("shows each user only their own applications, newest first", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const a1 = (await apply(body({ amount: 6000 }), { headers: a.headers })).json();
    const a2 = (await apply(body({ amount: 7000 }), { headers: a.headers })).json();
    const b1 = (await apply(body({ amount: 8000 }), { headers: b.headers })).json();
    // Same e-mail address, but sent signed out: never shown on anyone's dashboard.
    await apply(body({ email: a.user.email }));

    const mineA = await t.app.inject({ url: "/api/applications/me", headers: a.headers });
    expect(mineA.statusCode).toBe(200);
    expect(mineA.headers["x-total-count"]).toBe("2");
    expect(mineA.headers["cache-control"]).toBe("no-store");
    expect(mineA.json().map((x: { id: string }) => x.id)).toEqual([a2.id, a1.id]);

    const mineB = (await t.app.inject({ url: "/api/applications/me", headers: b.headers })).json();
    expect(mineB.map((x: { id: string }) => x.id)).toEqual([b1.id]);
  });

  it("pages with limit and offset and counts all", async () => {
    const u = await createUser(t.app);
    for (const amount of [5000, 6000, 7000]) await apply(body({ amount }), { headers: u.headers });
    const page = await t.app.inject({ url: "/api/applications/me?limit=2&offset=1", headers: u.headers });
    expect(page.headers["x-total-count"]).toBe("3");
    expect(page.json().map((x: { amount: number }) => x.amount)).toEqual([6000, 5000]);
    expect((await t.app.inject({ url: "/api/applications/me?limit=0", headers: u.headers })).statusCode).toBe(
      400,
    );
    expect(
      (await t.app.inject({ url: "/api/applications/me?limit=201", headers: u.headers })).statusCode,
    ).toBe(400);
  });

  it("answers an empty list for a user without applications", async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({ url: "/api/applications/me", headers: u.headers });
    expect(res.json()).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("shows the withdrawal deadline once approved; the maturity date waits for the money", async () => {
    const u = await createUser(t.app);
    const sent = (await apply(body({ amount: 10_000 }), { headers: u.headers })).json();
    await approve(sent.id, new Date("2025-01-15T10:00:00Z"));
    const [mine] = (await t.app.inject({ url: "/api/applications/me", headers: u.headers })).json();
    expect(mine).toMatchObject({
      status: "approved",
      decided_at: "2025-01-15T10:00:00.000Z",
      expected_interest: 350,
      maturity_amount: 10_350,
      // the term starts at the value date of the money (deposits.test.ts)
      maturity_date: null,
      // 14 days after 15 January, to the end of 29 January in Berlin (CET, UTC+1)
      withdrawal_deadline: "2025-01-29T22:59:59.999Z",
    });
  });
});

describe("POST /api/applications/:id/withdraw", () => {
  const withdraw = (id: string, headers: Record<string, string>) =>
    t.app.inject({ method: "POST", url: `/api/applications/${id}/withdraw`, headers });

  it("withdraws an approved application within 14 days and records when", async () => {
    const u = await createUser(t.app);
    const sent = (await apply(body(), { headers: u.headers })).json();
    await approve(sent.id);
    const res = await withdraw(sent.id, u.headers);
    expect(res.statusCode).toBe(200);
    const app = res.json();
    expect(app).toMatchObject({
      id: sent.id,
      status: "withdrawn",
      maturity_date: null,
      withdrawal_deadline: null,
    });
    expect(Date.now() - new Date(app.withdrawn_at).getTime()).toBeLessThan(60_000);
    const again = await withdraw(sent.id, u.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("withdrawal_not_allowed");
  });

  it("allows it on the 13th day and refuses it after the period has ended", async () => {
    const u = await createUser(t.app);
    const inside = (await apply(body(), { headers: u.headers })).json();
    const outside = (await apply(body(), { headers: u.headers })).json();
    await approve(inside.id);
    await approve(outside.id);
    // Simulate time passing: move the approval into the past directly in the database.
    await t.app.db
      .updateTable("applications")
      .set({ decided_at: new Date(Date.now() - 13 * DAY) })
      .where("id", "=", inside.id)
      .execute();
    await t.app.db
      .updateTable("applications")
      .set({ decided_at: new Date(Date.now() - 16 * DAY) })
      .where("id", "=", outside.id)
      .execute();
    expect((await withdraw(inside.id, u.headers)).statusCode).toBe(200);
    const late = await withdraw(outside.id, u.headers);
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("withdrawal_period_expired");
    const row = await t.app.db
      .selectFrom("applications")
      .select(["status", "withdrawn_at"])
      .where("id", "=", outside.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "approved", withdrawn_at: null });
  });

  it("refuses pending and rejected applications", async () => {
    const u = await createUser(t.app);
    const pending = (await apply(body(), { headers: u.headers })).json();
    const rejected = (await apply(body(), { headers: u.headers })).json();
    await decidePendingApplication(t.app.db, rejected.id, {
      status: "rejected",
      decidedBy: adminId,
      adminNotes: "rejected by admin",
      at: new Date(),
    });
    for (const id of [pending.id, rejected.id]) {
      const res = await withdraw(id, u.headers);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("withdrawal_not_allowed");
    }
  });

  it("refuses another user's application and unknown ones", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const sent = (await apply(body(), { headers: owner.headers })).json();
    await approve(sent.id);
    const res = await withdraw(sent.id, other.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("application_not_found");
    expect((await withdraw(randomUUID(), owner.headers)).statusCode).toBe(404);
    expect((await withdraw("not-a-uuid", owner.headers)).statusCode).toBe(400);
    // An application sent signed out belongs to no account and cannot be withdrawn online.
    const anonymous = (await apply(body({ email: owner.user.email }))).json();
    await approve(anonymous.id);
    expect((await withdraw(anonymous.id, owner.headers)).statusCode).toBe(404);
  });
});

describe("applications table and repository", () => {
  it("lets only one decision through", async () => {
    const sent = (await apply(body())).json();
    expect(await approve(sent.id)).toBeDefined();
    expect(
      await decidePendingApplication(t.app.db, sent.id, {
        status: "rejected",
        decidedBy: adminId,
        adminNotes: null,
        at: new Date(),
      }),
    ).toBeUndefined();
  });

  it("lists and counts by status for the back office, newest first", async () => {
    const pendingTotal = await countApplications(t.app.db, { status: "pending" });
    const all = await countApplications(t.app.db, {});
    expect(pendingTotal).toBeGreaterThan(0);
    expect(all).toBeGreaterThan(pendingTotal);
    const page = await listApplications(t.app.db, { status: "pending" }, { limit: 5, offset: 0 });
    expect(page.every((r) => r.status === "pending")).toBe(true);
    const times = page.map((r) => r.created_at.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("refuses an unknown status and an inconsistent decision in the database itself", async () => {
    const sent = (await apply(body())).json();
    await expect(
      sql`update applications set status = 'cancelled', decided_at = now() where id = ${sent.id}`.execute(
        t.app.db,
      ),
    ).rejects.toThrow();
    await expect(
      sql`update applications set status = 'approved' where id = ${sent.id}`.execute(t.app.db),
    ).rejects.toThrow();
    await expect(
      sql`update applications set reference_iban = 'de89 3704' where id = ${sent.id}`.execute(t.app.db),
    ).rejects.toThrow();
  });
});
