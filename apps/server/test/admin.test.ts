import { randomUUID } from "node:crypto";
import {
  type AdminApplication,
  type Analytics,
  type Application,
  moneyFromDecimalText,
  type User,
} from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";
import { jpegBytes, multipartBody } from "./helpers/kyc-files.ts";

type Headers = { authorization: string };
type Status = "pending" | "approved" | "rejected" | "withdrawn";

/* ---------------------------------------------------------------------------------- helpers */

/** "YYYY-MM" of the calendar month `monthsAgo` before the current one, in Berlin (independent of SQL). */
function berlinMonth(monthsAgo: number): { label: string; year: number; month: number } {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Berlin",
    year: "numeric",
    month: "2-digit",
  })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((acc, p) => {
      acc[p.type] = p.value;
      return acc;
    }, {});
  const index = Number(parts.year) * 12 + (Number(parts.month) - 1) - monthsAgo;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return { label: `${year}-${String(month).padStart(2, "0")}`, year, month };
}

/** A moment in the middle of that month (the 10th, noon UTC): safely inside it in any time zone. */
function midMonth(monthsAgo: number): Date {
  const { year, month } = berlinMonth(monthsAgo);
  return new Date(Date.UTC(year, month - 1, 10, 12));
}

/** The UTC instant of midnight at the start of that month in Berlin (CET +1 or CEST +2). */
function berlinMonthStart(monthsAgo: number): Date {
  const { year, month } = berlinMonth(monthsAgo);
  for (const offsetHours of [1, 2]) {
    const candidate = new Date(Date.UTC(year, month - 1, 1) - offsetHours * 3_600_000);
    const shown = new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/Berlin",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(candidate);
    if (shown === "01, 00:00") return candidate;
  }
  throw new Error("no Berlin midnight found");
}

let packageId: string;

/** A seeded row's amount, written as decimal euros in the test, in the cents the column keeps. */
const cents = (euros: string) => {
  const value = moneyFromDecimalText(euros, "EUR");
  if (value === null) throw new Error(`not an amount: ${euros}`);
  return value.cents;
};

async function insertApplication(
  app: FastifyInstance,
  values: {
    userId: string | null;
    amount: string;
    status: Status;
    createdAt: Date;
    email?: string;
    fullName?: string;
  },
) {
  const decided = values.status !== "pending";
  const row = await app.db
    .insertInto("applications")
    .values({
      user_id: values.userId,
      package_id: packageId,
      full_name: values.fullName ?? "Erika Mustermann",
      email: values.email ?? "erika@example.test",
      phone: "+49 30 1234567",
      amount_cents: cents(values.amount),
      currency: "EUR",
      interest_rate: "3.50",
      duration_months: 12,
      reference_iban: "DE89370400440532013000",
      maturity_instruction: "payout",
      info_sheet_acknowledged_at: values.createdAt,
      status: values.status,
      decided_at: decided ? values.createdAt : null,
      withdrawn_at: values.status === "withdrawn" ? values.createdAt : null,
      created_at: values.createdAt,
      updated_at: values.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

async function setUser(
  app: FastifyInstance,
  id: string,
  values: { created_at?: Date; kyc_status?: User["kycStatus"] },
) {
  await app.db.updateTable("users").set(values).where("id", "=", id).execute();
}

const get = (app: FastifyInstance, url: string, headers: Headers) =>
  app.inject({ method: "GET", url, headers });

const decide = (app: FastifyInstance, id: string, headers: Headers, payload: unknown) =>
  app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${id}/decision`,
    headers,
    payload: payload as object,
  });

async function firstPackageId(app: FastifyInstance) {
  const row = await app.db
    .selectFrom("packages")
    .select("id")
    .where("duration_months", "=", 12)
    .executeTakeFirstOrThrow();
  return row.id;
}

/* -------------------------------------------------------------------------------- analytics */

describe("GET /api/admin/analytics", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    t = await createTestApp();
    packageId = await firstPackageId(t.app);
    admin = await createAdmin(t.app);
    await setUser(t.app, admin.user.id, { kyc_status: "pending" }); // admins are not customers
  });
  afterAll(() => t.close());

  it("answers zeros and twelve empty months on an empty platform", async () => {
    const res = await get(t.app, "/api/admin/analytics", admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Analytics;
    expect(body.overview).toEqual({
      totalUsers: 0,
      activeInvestors: 0,
      totalInvestmentAmount: 0,
      pendingKYC: 0,
      pendingApplications: 0,
      approvedApplications: 0,
      rejectedApplications: 0,
      withdrawnApplications: 0,
    });
    expect(body.monthlyTrends.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => berlinMonth(11 - i).label),
    );
    expect(body.monthlyTrends.every((m) => m.users === 0 && m.investments === 0)).toBe(true);
  });

  it("computes every figure on a known data set, months oldest first with empty ones as zero", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    const c = await createUser(t.app);
    const d = await createUser(t.app);
    await setUser(t.app, a.user.id, { created_at: midMonth(0) });
    await setUser(t.app, b.user.id, { created_at: midMonth(3), kyc_status: "approved" });
    await setUser(t.app, c.user.id, { created_at: midMonth(13), kyc_status: "pending" }); // before the window
    await setUser(t.app, d.user.id, { created_at: midMonth(0), kyc_status: "rejected" });

    await insertApplication(t.app, {
      userId: a.user.id,
      amount: "10000.10",
      status: "approved",
      createdAt: midMonth(0),
    });
    await insertApplication(t.app, {
      userId: a.user.id,
      amount: "5000.25",
      status: "approved",
      createdAt: midMonth(1),
    });
    await insertApplication(t.app, {
      userId: b.user.id,
      amount: "20000.00",
      status: "approved",
      createdAt: midMonth(5),
    });
    await insertApplication(t.app, {
      userId: b.user.id,
      amount: "1000.00",
      status: "pending",
      createdAt: midMonth(0),
    });
    // Sent signed out: counts in the total amount, not as an investor account.
    await insertApplication(t.app, {
      userId: null,
      amount: "7777.77",
      status: "approved",
      createdAt: midMonth(11),
    });
    await insertApplication(t.app, {
      userId: c.user.id,
      amount: "2500.00",
      status: "rejected",
      createdAt: midMonth(12),
    });
    // Withdrawn after approval: not invested.
    await insertApplication(t.app, {
      userId: d.user.id,
      amount: "3000.00",
      status: "withdrawn",
      createdAt: midMonth(2),
    });
    // The first instant of the oldest month counts in it; the instant before does not.
    const boundary = berlinMonthStart(11);
    await insertApplication(t.app, {
      userId: null,
      amount: "1000.20",
      status: "rejected",
      createdAt: boundary,
    });
    await insertApplication(t.app, {
      userId: null,
      amount: "1000.30",
      status: "pending",
      createdAt: new Date(boundary.getTime() - 1000),
    });

    const res = await get(t.app, "/api/admin/analytics", admin.headers);
    expect(res.statusCode).toBe(200);
    const body = res.json() as Analytics;
    // Approved applications without money received invest nothing: investment and investors are
    // ledger figures (admin-overview-deposits.test.ts follows them through funding and maturity).
    expect(body.overview).toEqual({
      totalUsers: 4,
      activeInvestors: 0,
      totalInvestmentAmount: 0,
      pendingKYC: 1,
      pendingApplications: 2,
      approvedApplications: 4,
      rejectedApplications: 2,
      withdrawnApplications: 1,
    });

    // New investments are money received, like the overview's: these applications brought none
    // (admin-overview-deposits.test.ts counts funded deposits).
    const expected = new Map<number, { users: number; investments: number }>([
      [0, { users: 2, investments: 0 }],
      [3, { users: 1, investments: 0 }],
    ]);
    expect(body.monthlyTrends).toEqual(
      Array.from({ length: 12 }, (_, i) => {
        const monthsAgo = 11 - i;
        return {
          month: berlinMonth(monthsAgo).label,
          ...(expected.get(monthsAgo) ?? { users: 0, investments: 0 }),
        };
      }),
    );
  });
});

/* ------------------------------------------------------------------------------------ users */

describe("GET /api/admin/users", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  const base = Date.UTC(2025, 0, 1);
  const emails = [
    "anna_b@example.test",
    "annaxb@example.test",
    "100%sure@example.test",
    "back\\slash@example.test",
    "Mixed.Case@Example.TEST",
    "zoe@other.test",
  ];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app, { email: "root@admin.test" });
    await setUser(t.app, admin.user.id, { created_at: new Date(base - 86_400_000) });
    const statuses: User["kycStatus"][] = [
      "pending",
      "approved",
      "pending",
      "rejected",
      "not_started",
      "pending",
    ];
    for (const [i, email] of emails.entries()) {
      const u = await createUser(t.app, { email, full_name: `User ${i}` });
      await setUser(t.app, u.user.id, {
        created_at: new Date(base + i * 3_600_000),
        kyc_status: statuses[i],
      });
    }
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await get(t.app, `/api/admin/users${query}`, admin.headers);
    expect(res.statusCode, query).toBe(200);
    return { users: res.json() as User[], total: Number(res.headers["x-total-count"]) };
  };

  it("lists everyone newest first with the columns the tab shows and the total", async () => {
    const { users, total } = await list("");
    expect(total).toBe(7);
    expect(users.map((u) => u.email)).toEqual(
      [...emails.map((e) => e.toLowerCase())].reverse().concat("root@admin.test"),
    );
    expect(users[0]).toEqual({
      id: expect.any(String),
      email: "zoe@other.test",
      full_name: "User 5",
      role: "user",
      kycStatus: "pending",
      created_at: new Date(base + 5 * 3_600_000).toISOString(),
    });
    expect(Object.keys(users[0] ?? {})).not.toContain("password_hash");
  });

  it("filters by role and by KYC status, alone and together; '' means all", async () => {
    expect((await list("?role=admin")).users.map((u) => u.email)).toEqual(["root@admin.test"]);
    expect((await list("?role=user")).total).toBe(6);
    expect((await list("?kyc_status=pending")).users.map((u) => u.email)).toEqual([
      "zoe@other.test",
      "100%sure@example.test",
      "anna_b@example.test",
    ]);
    expect((await list("?kyc_status=not_started")).total).toBe(2); // the admin and Mixed.Case
    expect((await list("?role=user&kyc_status=not_started")).users.map((u) => u.email)).toEqual([
      "mixed.case@example.test",
    ]);
    expect((await list("?role=&kyc_status=")).total).toBe(7);
  });

  it("searches the e-mail case-insensitively as a substring, with LIKE wildcards taken literally", async () => {
    expect((await list("?search=ANNA")).users.map((u) => u.email)).toEqual([
      "annaxb@example.test",
      "anna_b@example.test",
    ]);
    expect((await list("?search=a_b")).users.map((u) => u.email)).toEqual(["anna_b@example.test"]);
    expect((await list(`?search=${encodeURIComponent("%")}`)).users.map((u) => u.email)).toEqual([
      "100%sure@example.test",
    ]);
    expect((await list(`?search=${encodeURIComponent("\\")}`)).users.map((u) => u.email)).toEqual([
      "back\\slash@example.test",
    ]);
    expect((await list("?search=mixed.case@EXAMPLE")).total).toBe(1);
    expect((await list("?search=%20%20other%20")).users.map((u) => u.email)).toEqual(["zoe@other.test"]);
    expect((await list("?search=nobody")).users).toEqual([]);
    const paged = await list("?search=EXAMPLE&limit=2&offset=2");
    expect(paged.total).toBe(5);
    expect(paged.users.map((u) => u.email)).toEqual(["100%sure@example.test", "annaxb@example.test"]);
    const beyond = await list("?search=example&offset=50");
    expect(beyond).toEqual({ users: [], total: 5 });
    expect((await list("?search=example.test&kyc_status=pending&role=user")).total).toBe(2);
  });

  it("pages with limit and offset within bounds", async () => {
    const first = await list("?limit=2");
    expect(first.total).toBe(7);
    expect(first.users.map((u) => u.email)).toEqual(["zoe@other.test", "mixed.case@example.test"]);
    const second = await list("?limit=2&offset=2");
    expect(second.users.map((u) => u.email)).toEqual(["back\\slash@example.test", "100%sure@example.test"]);
    const last = await list("?limit=2&offset=6");
    expect(last.users.map((u) => u.email)).toEqual(["root@admin.test"]);
    expect((await list("?offset=7")).users).toEqual([]);
    expect((await list("?limit=200")).users).toHaveLength(7);
    for (const bad of [
      "?limit=0",
      "?limit=201",
      "?offset=-1",
      "?role=owner",
      "?kyc_status=done",
      `?search=${"a".repeat(255)}`,
    ]) {
      const res = await get(t.app, `/api/admin/users${bad}`, admin.headers);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
  });
});

/* ----------------------------------------------------------------------------- applications */

describe("applications in the back office", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  let admin2: Awaited<ReturnType<typeof createAdmin>>;
  let saver: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    t = await createTestApp();
    packageId = await firstPackageId(t.app);
    admin = await createAdmin(t.app);
    admin2 = await createAdmin(t.app);
    saver = await createUser(t.app, { full_name: "Sabine Sparer" });
    // Approval needs a verified identity (409 kyc_not_approved otherwise; deposits.test.ts).
    await markVerified(t.app, saver.user.id);
  });
  afterAll(() => t.close());

  const list = async (query = "") => {
    const res = await get(t.app, `/api/applications${query}`, admin.headers);
    expect(res.statusCode, query).toBe(200);
    return { items: res.json() as AdminApplication[], total: Number(res.headers["x-total-count"]) };
  };

  it("lists applications newest first with applicant, package, amount, term, status, date and account", async () => {
    const older = await insertApplication(t.app, {
      userId: saver.user.id,
      amount: "25000.00",
      status: "pending",
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      fullName: "Sabine Sparer",
      email: "sabine@example.test",
    });
    const newer = await insertApplication(t.app, {
      userId: null,
      amount: "5000.00",
      status: "rejected",
      createdAt: new Date(Date.now() - 86_400_000),
      fullName: "Otto Offline",
      email: "otto@example.test",
    });
    const { items, total } = await list();
    expect(total).toBe(2);
    expect(items.map((a) => a.id)).toEqual([newer, older]);
    expect(items[1]).toMatchObject({
      id: older,
      userId: saver.user.id,
      full_name: "Sabine Sparer",
      email: "sabine@example.test",
      amount: 25000,
      term: 12,
      status: "pending",
      package: { duration_months: 12, interest_rate: 3.5 },
      account: {
        id: saver.user.id,
        email: saver.user.email,
        full_name: "Sabine Sparer",
        kycStatus: "approved",
      },
      admin_notes: null,
      decided_by: null,
    });
    expect(items[0]?.account).toBeNull();
  });

  it("filters by status and pages within bounds", async () => {
    expect((await list("?status=pending")).items.map((a) => a.status)).toEqual(["pending"]);
    expect((await list("?status=rejected")).total).toBe(1);
    expect((await list("?status=approved")).items).toEqual([]);
    expect((await list("?status=")).total).toBe(2);
    const page = await list("?limit=1&offset=1");
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(2);
    for (const bad of ["?status=done", "?limit=0", "?limit=201", "?offset=-5"]) {
      const res = await get(t.app, `/api/applications${bad}`, admin.headers);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it("approves a pending application: decision recorded, audited, and shown to its owner", async () => {
    const id = await insertApplication(t.app, {
      userId: saver.user.id,
      fullName: "Sabine Sparer",
      amount: "10000.00",
      status: "pending",
      createdAt: new Date(),
    });
    const res = await decide(t.app, id, admin.headers, {
      decision: "approved",
      admin_notes: "approved by admin",
    });
    expect(res.statusCode).toBe(200);
    const decided = res.json() as AdminApplication;
    expect(decided).toMatchObject({
      id,
      status: "approved",
      admin_notes: "approved by admin",
      decided_by: admin.user.id,
      expected_interest: 350,
      maturity_amount: 10350,
    });
    expect(decided.decided_at).not.toBeNull();

    const mine = (await get(t.app, "/api/applications/me", saver.headers)).json() as Application[];
    expect(mine.find((a) => a.id === id)).toMatchObject({ status: "approved", expected_interest: 350 });

    const audit = (await get(t.app, "/api/admin/audit-log?action=application.decided", admin.headers)).json();
    expect(audit[0]).toMatchObject({
      action: "application.decided",
      actor: { id: admin.user.id, email: admin.user.email },
      target_type: "application",
      target_id: id,
      details: { decision: "approved", admin_notes: "approved by admin", amount: 10000 },
    });
  });

  it("refuses a second decision (409) and leaves the first one standing", async () => {
    const id = await insertApplication(t.app, {
      userId: null,
      amount: "2000.00",
      status: "pending",
      createdAt: new Date(),
    });
    const rejected = await decide(t.app, id, admin.headers, {
      decision: "rejected",
      rejection_reason: "The amount exceeds what we can accept",
    });
    expect(rejected.statusCode).toBe(200);
    for (const decision of ["approved", "rejected"]) {
      const again = await decide(t.app, id, admin2.headers, { decision });
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe("application_already_decided");
    }
    const row = await t.app.db
      .selectFrom("applications")
      .select(["status", "decided_by", "admin_notes"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "rejected", decided_by: admin.user.id, admin_notes: null });
  });

  it("refuses a decision on a withdrawn application (409)", async () => {
    const id = await insertApplication(t.app, {
      userId: null,
      amount: "2000.00",
      status: "withdrawn",
      createdAt: new Date(),
    });
    const res = await decide(t.app, id, admin.headers, { decision: "approved" });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("application_already_decided");
  });

  it("lets exactly one of two admins deciding at once win; the other gets 409", async () => {
    for (let round = 0; round < 5; round++) {
      const id = await insertApplication(t.app, {
        userId: saver.user.id,
        fullName: "Sabine Sparer",
        amount: "3000.00",
        status: "pending",
        createdAt: new Date(),
      });
      const [first, second] = await Promise.all([
        decide(t.app, id, admin.headers, { decision: "approved" }),
        decide(t.app, id, admin2.headers, { decision: "rejected", rejection_reason: "Duplicate" }),
      ]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes, `round ${round}`).toEqual([200, 409]);
      const winner = first.statusCode === 200 ? first.json() : second.json();
      const loser = first.statusCode === 409 ? first.json() : second.json();
      expect(loser.code).toBe("application_already_decided");
      const row = await t.app.db
        .selectFrom("applications")
        .select(["status", "decided_by"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: winner.status, decided_by: winner.decided_by });
      const audits = await t.app.db
        .selectFrom("audit_log")
        .select("details")
        .where("target_id", "=", id)
        .execute();
      expect(audits).toHaveLength(1);
    }
  });

  it("answers 404 for an unknown application and 400 for bad input, changing nothing", async () => {
    const unknown = await decide(t.app, randomUUID(), admin.headers, { decision: "approved" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("application_not_found");
    const id = await insertApplication(t.app, {
      userId: null,
      amount: "2000.00",
      status: "pending",
      createdAt: new Date(),
    });
    for (const payload of [
      { decision: "withdrawn" },
      { decision: "pending" },
      {},
      { decision: "approved", admin_notes: "x".repeat(2001) },
      { decision: "approved", extra: 1 },
    ]) {
      const res = await decide(t.app, id, admin.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await decide(t.app, "not-a-uuid", admin.headers, { decision: "approved" })).statusCode).toBe(400);
    const row = await t.app.db
      .selectFrom("applications")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("pending");
  });

  it("keeps the list and the decision for admins only", async () => {
    const id = await insertApplication(t.app, {
      userId: saver.user.id,
      fullName: "Sabine Sparer",
      amount: "2000.00",
      status: "pending",
      createdAt: new Date(),
    });
    expect((await get(t.app, "/api/applications", saver.headers)).statusCode).toBe(403);
    const res = await decide(t.app, id, saver.headers, { decision: "approved" });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${id}/decision`,
      payload: { decision: "approved" },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("reads the audit log newest first, paged, for admins only", async () => {
    const res = await get(t.app, "/api/admin/audit-log?limit=2", admin.headers);
    expect(res.statusCode).toBe(200);
    const total = Number(res.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(7);
    const entries = res.json() as Array<{ id: number; created_at: string }>;
    expect(entries).toHaveLength(2);
    expect(entries[0]?.id).toBeGreaterThan(entries[1]?.id ?? Number.POSITIVE_INFINITY);
    const rest = (await get(t.app, `/api/admin/audit-log?offset=${total - 1}`, admin.headers)).json();
    expect(rest).toHaveLength(1);
    expect((await get(t.app, "/api/admin/audit-log?action=nope", admin.headers)).statusCode).toBe(400);
    expect((await get(t.app, "/api/admin/audit-log", saver.headers)).statusCode).toBe(403);
  });

  it("names the saver each entry concerns: the owner of the decided application", async () => {
    const decided = (
      await get(t.app, "/api/admin/audit-log?action=application.decided", admin.headers)
    ).json() as Array<{
      target_id: string;
      subject: { id: string; full_name: string; email: string } | null;
    }>;
    expect(decided.length).toBeGreaterThan(0);
    for (const entry of decided) {
      const owner = await t.app.db
        .selectFrom("applications")
        .innerJoin("users", "users.id", "applications.user_id")
        .select(["users.id", "users.full_name", "users.email"])
        .where("applications.id", "=", entry.target_id)
        .executeTakeFirst();
      expect(entry.subject).toEqual(
        owner ? { id: owner.id, full_name: owner.full_name, email: owner.email } : null,
      );
    }
    expect(decided.some((entry) => entry.subject?.id === saver.user.id)).toBe(true);
  });

  it("keeps the audit log append-only in the database", async () => {
    await expect(t.app.db.deleteFrom("audit_log").execute()).rejects.toThrow(/append-only/);
    await expect(
      t.app.db.updateTable("audit_log").set({ actor_email: "someone@else.test" }).execute(),
    ).rejects.toThrow(/append-only/);
  });
});

/* ------------------------------------------------------------------------ KYC in the audit log */

describe("KYC reviews in the audit log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("records viewing and deciding an identity document in the one audit log", async () => {
    const admin = await createAdmin(t.app);
    const saver = await createUser(t.app);
    const body = multipartBody([
      { name: "file", filename: "id.jpg", contentType: "image/jpeg", data: jpegBytes() },
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/kyc/upload/id_card",
      headers: { ...saver.headers, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBeLessThan(300);
    const [doc] = await t.app.db
      .selectFrom("kyc_documents")
      .select("id")
      .where("user_id", "=", saver.user.id)
      .execute();
    if (!doc) throw new Error("no document stored");

    const file = await get(t.app, `/api/admin/kyc/documents/${doc.id}/file`, admin.headers);
    expect(file.statusCode).toBe(200);
    const decision = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/kyc/documents/${doc.id}/decision`,
      headers: admin.headers,
      payload: { decision: "reject", reason: "The photo is too dark." },
    });
    expect(decision.statusCode).toBe(200);

    const audit = (await get(t.app, "/api/admin/audit-log", admin.headers)).json();
    expect(audit).toEqual([
      expect.objectContaining({
        action: "kyc.document_reviewed",
        actor: { id: admin.user.id, email: admin.user.email },
        target_type: "kyc_document",
        target_id: doc.id,
        details: expect.objectContaining({
          decision: "reject",
          document_type: "id_card",
          user_id: saver.user.id,
          reason: "The photo is too dark.",
        }),
      }),
      expect.objectContaining({
        action: "kyc.document_viewed",
        target_id: doc.id,
        details: { document_type: "id_card", user_id: saver.user.id },
      }),
    ]);
  });
});

/* ------------------------------------------------------------------- running totals (0045) */

describe("running totals kept by the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    packageId = await firstPackageId(t.app);
  });
  afterAll(() => t.close());

  /** The live aggregates, computed the slow way, and the kept totals: they must always agree. */
  async function compare() {
    const live = await sql<{ status: string; n: number; amount: string }>`
      select status, count(*) as n, sum(amount_cents)::text as amount from applications group by status order by status
    `.execute(t.app.db);
    const kept = await sql<{ status: string; n: number; amount: string }>`
      select status, sum(applications) as n, sum(amount_cents)::text as amount from application_status_totals
      group by status having sum(applications) <> 0 or sum(amount_cents) <> 0 order by status
    `.execute(t.app.db);
    expect(kept.rows.map((r) => [r.status, Number(r.n), r.amount])).toEqual(
      live.rows.map((r) => [r.status, Number(r.n), r.amount]),
    );
    const liveInvestors = await sql<{ user_id: string; n: number }>`
      select user_id, count(*) as n from applications where status = 'approved' and user_id is not null
      group by user_id order by user_id
    `.execute(t.app.db);
    const keptInvestors = await sql<{ user_id: string; n: number }>`
      select user_id, approved as n from investor_approved_applications where approved > 0 order by user_id
    `.execute(t.app.db);
    expect(keptInvestors.rows.map((r) => [r.user_id, Number(r.n)])).toEqual(
      liveInvestors.rows.map((r) => [r.user_id, Number(r.n)]),
    );
  }

  it("agree with a live count after inserts, decisions, withdrawals, edits, deletes and a truncate", async () => {
    const admin = await createAdmin(t.app);
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await markVerified(t.app, a.user.id);
    await compare();
    // One statement inserting many rows of several statuses and accounts.
    await sql`
      insert into applications (user_id, package_id, full_name, email, phone, amount_cents, currency, interest_rate,
        duration_months, reference_iban, maturity_instruction, info_sheet_acknowledged_at, status, decided_at)
      select case g % 3 when 0 then ${a.user.id}::uuid when 1 then ${b.user.id}::uuid end, ${packageId}::uuid,
        'Bulk ' || g, 'bulk' || g || '@example.test', '+49 30 1234567', 100000 + 100 * g + g, 'EUR', 3.5, 12,
        'DE89370400440532013000', 'payout', now(),
        case when g % 4 = 0 then 'pending' when g % 4 = 1 then 'approved' else 'rejected' end,
        case when g % 4 = 0 then null else now() end
      from generate_series(1, 40) g
    `.execute(t.app.db);
    await compare();

    const pending = await insertApplication(t.app, {
      userId: a.user.id,
      amount: "2500.50",
      status: "pending",
      createdAt: new Date(),
    });
    await compare();
    expect((await decide(t.app, pending, admin.headers, { decision: "approved" })).statusCode).toBe(200);
    await compare();
    // Withdrawal, a corrected amount, an unlinked account: every kind of update.
    await t.app.db
      .updateTable("applications")
      .set({ status: "withdrawn", withdrawn_at: new Date() })
      .where("id", "=", pending)
      .execute();
    await compare();
    await t.app.db
      .updateTable("applications")
      .set({ amount_cents: 123_456 })
      .where("status", "=", "rejected")
      .execute();
    await compare();
    await t.app.db
      .updateTable("applications")
      .set({ user_id: null })
      .where("user_id", "=", b.user.id)
      .execute();
    await compare();
    await t.app.db.updateTable("applications").set({ updated_at: new Date() }).execute();
    await compare();
    await t.app.db.deleteFrom("applications").where("status", "=", "pending").execute();
    await compare();

    const analytics = (await get(t.app, "/api/admin/analytics", admin.headers)).json() as Analytics;
    expect(analytics.overview.approvedApplications).toBeGreaterThan(0);
    const listed = await get(t.app, "/api/applications?status=rejected&limit=1", admin.headers);
    const rejectedLive = await sql<{
      n: number;
    }>`select count(*) as n from applications where status = 'rejected'`.execute(t.app.db);
    expect(Number(listed.headers["x-total-count"])).toBe(Number(rejectedLive.rows[0]?.n));

    await sql`truncate applications cascade`.execute(t.app.db);
    await compare();
    const empty = (await get(t.app, "/api/admin/analytics", admin.headers)).json() as Analytics;
    expect(empty.overview).toMatchObject({
      activeInvestors: 0,
      totalInvestmentAmount: 0,
      approvedApplications: 0,
    });
  });
});

/* ------------------------------------------------------------------- running totals (0111) */

describe("running totals per account kind and per hour", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    packageId = await firstPackageId(t.app);
  });
  afterAll(() => t.close());

  const rows = <R>(result: { rows: R[] }, map: (row: R) => unknown[]) => result.rows.map(map);

  /** The live counts, computed the slow way, and the kept totals: they must always agree. */
  async function compare() {
    const db = t.app.db;
    const byKind = (r: { role: string; kyc_status: string; n: number }) => [
      r.role,
      r.kyc_status,
      Number(r.n),
    ];
    expect(
      rows(
        await sql<{ role: string; kyc_status: string; n: number }>`
          select role, kyc_status, sum(users) as n from user_totals group by role, kyc_status
          having sum(users) <> 0 order by role, kyc_status
        `.execute(db),
        byKind,
      ),
    ).toEqual(
      rows(
        await sql<{ role: string; kyc_status: string; n: number }>`
          select role, kyc_status, count(*) as n from users group by role, kyc_status order by role, kyc_status
        `.execute(db),
        byKind,
      ),
    );
    const byHour = (r: { hour: Date; n: number }) => [new Date(r.hour).toISOString(), Number(r.n)];
    expect(
      rows(
        await sql<{ hour: Date; n: number }>`
          select hour, sum(users) as n from user_signup_hours group by hour having sum(users) <> 0 order by hour
        `.execute(db),
        byHour,
      ),
    ).toEqual(
      rows(
        await sql<{ hour: Date; n: number }>`
          select date_trunc('hour', created_at, 'UTC') as hour, count(*) as n from users
          where role = 'user' group by 1 order by 1
        `.execute(db),
        byHour,
      ),
    );
    expect(
      rows(
        await sql<{ hour: Date; n: number }>`
          select hour, sum(applications) as n from application_hours group by hour
          having sum(applications) <> 0 order by hour
        `.execute(db),
        byHour,
      ),
    ).toEqual(
      rows(
        await sql<{ hour: Date; n: number }>`
          select date_trunc('hour', created_at, 'UTC') as hour, count(*) as n from applications group by 1 order by 1
        `.execute(db),
        byHour,
      ),
    );
  }

  it("agree with a live count after sign-ups, KYC and role changes, moved dates, deletes and a truncate", async () => {
    const admin = await createAdmin(t.app);
    await compare();
    const [a, b, c] = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    await compare();
    // One statement inserting many accounts of several kinds and hours.
    await sql`
      insert into users (email, password_hash, full_name, role, kyc_status, created_at)
      select 'bulk' || g || '@example.test', 'not-a-hash', 'Bulk ' || g,
        case when g % 7 = 0 then 'admin' else 'user' end,
        (array['not_started', 'pending', 'approved', 'rejected'])[1 + g % 4],
        now() - g * interval '37 minutes'
      from generate_series(1, 60) g
    `.execute(t.app.db);
    await compare();
    await setUser(t.app, a.user.id, { kyc_status: "pending" });
    await compare();
    await setUser(t.app, b.user.id, { created_at: midMonth(4) });
    await compare();
    await t.app.db.updateTable("users").set({ role: "admin" }).where("id", "=", c.user.id).execute();
    await compare();
    await t.app.db
      .updateTable("users")
      .set({ kyc_status: "approved" })
      .where("kyc_status", "=", "pending")
      .execute();
    await compare();
    await t.app.db.updateTable("users").set({ updated_at: new Date() }).execute();
    await compare();

    const ids = [];
    for (const [i, status] of (["pending", "approved", "rejected"] as const).entries()) {
      ids.push(
        await insertApplication(t.app, {
          userId: a.user.id,
          amount: "1500.00",
          status,
          createdAt: midMonth(i),
        }),
      );
    }
    await compare();
    await t.app.db
      .updateTable("applications")
      .set({ created_at: midMonth(7) })
      .where("id", "=", ids[0] ?? "")
      .execute();
    await compare();
    await t.app.db.updateTable("applications").set({ updated_at: new Date() }).execute();
    await compare();
    await t.app.db.deleteFrom("applications").where("status", "=", "rejected").execute();
    await compare();
    await t.app.db.deleteFrom("users").where("email", "like", "bulk1%").execute();
    await compare();

    // The unsearched counts of the user list come from these totals; a search counts live.
    const total = async (query: string) =>
      Number((await get(t.app, `/api/admin/users?limit=1${query}`, admin.headers)).headers["x-total-count"]);
    const live = async (where: string) =>
      Number(
        (await sql<{ n: number }>`select count(*) as n from users where ${sql.raw(where)}`.execute(t.app.db))
          .rows[0]?.n,
      );
    expect(await total("")).toBe(await live("true"));
    expect(await total("&role=user")).toBe(await live("role = 'user'"));
    expect(await total("&kyc_status=approved")).toBe(await live("kyc_status = 'approved'"));
    expect(await total("&role=admin&kyc_status=not_started")).toBe(
      await live("role = 'admin' and kyc_status = 'not_started'"),
    );
    expect(await total("&search=bulk2")).toBe(await live("email like '%bulk2%'"));

    await sql`truncate applications cascade`.execute(t.app.db);
    await compare();
  });

  it("count a month as whole UTC hours: every month of the window begins on one in the business time zone", () => {
    for (let monthsAgo = 0; monthsAgo < 24; monthsAgo++) {
      expect(berlinMonthStart(monthsAgo).getTime() % 3_600_000).toBe(0);
    }
  });
});
