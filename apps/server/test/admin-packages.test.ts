import { randomUUID } from "node:crypto";
import type { AdminPackage, Package } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { applicationPayload } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  user = await createUser(t.app);
});
afterAll(() => t.close());

const features = {
  en: ["Fixed rate for the whole term", "Interest paid at maturity"],
  de: ["Fester Zinssatz für die gesamte Laufzeit", "Zinszahlung am Laufzeitende"],
  fr: ["Taux fixe pendant toute la durée", "Intérêts versés à l'échéance"],
};
const valid = { duration_months: 24, interest_rate: 4.1, min_amount: 10_000, max_amount: 750_000, features };

const adminList = async () => {
  const res = await t.app.inject({ method: "GET", url: "/api/admin/packages", headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as AdminPackage[];
};
const publicList = async (lang = "en") =>
  (await t.app.inject({ method: "GET", url: `/api/packages?lang=${lang}` })).json() as Package[];
const create = (payload: unknown, headers = admin.headers) =>
  t.app.inject({ method: "POST", url: "/api/admin/packages", headers, payload: payload as object });
const update = (id: string, payload: unknown, headers = admin.headers) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/packages/${id}`, headers, payload: payload as object });

describe("GET /api/admin/packages", () => {
  it("lists every package with features in all languages", async () => {
    const list = await adminList();
    expect(list.map((p) => p.duration_months)).toEqual([3, 6, 12, 24, 36]);
    const twelve = list.find((p) => p.duration_months === 12);
    expect(twelve).toMatchObject({
      interest_rate: 3.5,
      min_amount: 5000,
      max_amount: 250_000,
      is_active: true,
    });
    expect(twelve?.features.de).toContain("Unsere beliebteste Laufzeit");
    expect(twelve?.features.fr.length).toBe(twelve?.features.en.length);
    // The guarantee is written with the euro sign, as the cards print their amounts (migration 0140).
    expect(twelve?.features.en).toContain("Deposit protection up to €100,000");
    expect(twelve?.features.de).toContain("Einlagensicherung bis 100.000 €");
    expect(twelve?.features.fr).toContain("Garantie des dépôts jusqu'à 100 000 €");
    for (const pkg of list) expect(JSON.stringify(pkg.features)).not.toMatch(/\bEUR\b/);
  });
});

describe("POST /api/admin/packages", () => {
  it("creates a package that the public list shows at once (cache invalidated)", async () => {
    expect(await publicList()).toHaveLength(5); // warms the per-process cache
    const res = await create(valid);
    expect(res.statusCode).toBe(201);
    const created = res.json() as AdminPackage;
    expect(created).toMatchObject({ ...valid, currency: "EUR", is_active: true });
    const pub = await publicList("de");
    expect(pub).toHaveLength(6);
    expect(pub.find((p) => p.id === created.id)).toMatchObject({
      interest_rate: 4.1,
      min_amount: 10_000,
      max_amount: 750_000,
      features: features.de,
    });
  });

  it("keeps two-decimal rates and amounts exact", async () => {
    const res = await create({ ...valid, interest_rate: 3.33, min_amount: 1000.5, max_amount: 9999.99 });
    expect(res.statusCode).toBe(201);
    const row = await t.app.db
      .selectFrom("packages")
      .select(["interest_rate", "min_amount_cents", "max_amount_cents"])
      .where("id", "=", res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ interest_rate: "3.33", min_amount_cents: 100_050n, max_amount_cents: 999_999n });
  });

  it("refuses invalid packages on the server and creates nothing", async () => {
    const before = (await adminList()).length;
    const cases: Array<[string, unknown, string]> = [
      ["rate above 20", { ...valid, interest_rate: 20.01 }, "body.interest_rate"],
      ["negative rate", { ...valid, interest_rate: -0.5 }, "body.interest_rate"],
      ["three decimals", { ...valid, interest_rate: 3.555 }, "body.interest_rate"],
      ["rate as text", { ...valid, interest_rate: "3.5" }, "body.interest_rate"],
      ["minimum below 1000", { ...valid, min_amount: 999.99 }, "body.min_amount"],
      ["maximum below minimum", { ...valid, min_amount: 5000, max_amount: 4999 }, "body.max_amount"],
      ["maximum above the platform limit", { ...valid, max_amount: 10_000_000.01 }, "body.max_amount"],
      ["amount with fractions of a cent", { ...valid, min_amount: 1000.001 }, "body.min_amount"],
      ["term not offered", { ...valid, duration_months: 18 }, "body.duration_months"],
      ["fractional term", { ...valid, duration_months: 12.5 }, "body.duration_months"],
      ["language missing", { ...valid, features: { en: ["a"], de: ["b"] } }, "body.features.fr"],
      ["empty feature list", { ...valid, features: { ...features, fr: [] } }, "body.features.fr"],
      ["blank feature", { ...valid, features: { ...features, en: ["  "] } }, "body.features.en.0"],
      ["unknown field", { ...valid, currency: "USD" }, "body"],
      ["term missing", { ...valid, duration_months: undefined }, "body.duration_months"],
    ];
    for (const [label, payload, path] of cases) {
      const res = await create(payload);
      expect(res.statusCode, label).toBe(400);
      const body = res.json();
      expect(body.code, label).toBe("validation_failed");
      expect(
        body.fields.map((f: { path: string }) => f.path),
        label,
      ).toContain(path);
    }
    expect(await adminList()).toHaveLength(before);
  });

  it("is for admins only", async () => {
    const res = await create(valid, user.headers);
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/packages", payload: valid });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("PATCH /api/admin/packages/:id", () => {
  const find = async (months: number) => {
    const pkg = (await adminList()).find((p) => p.duration_months === months && p.min_amount === 1000);
    if (!pkg) throw new Error(`no ${months}-month package`);
    return pkg;
  };

  it("changes the rate, limits and features; the public list follows", async () => {
    const six = await find(6);
    await publicList();
    const res = await update(six.id, {
      interest_rate: 3.2,
      max_amount: 150_000,
      features: { ...features, en: ["New English text"] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ interest_rate: 3.2, min_amount: 1000, max_amount: 150_000 });
    const pub = (await publicList()).find((p) => p.id === six.id);
    expect(pub).toMatchObject({ interest_rate: 3.2, max_amount: 150_000, features: ["New English text"] });
    expect((await publicList("fr")).find((p) => p.id === six.id)?.features).toEqual(features.fr);
  });

  it("deactivates and reactivates: hidden from the public list, kept in the admin list", async () => {
    const three = await find(3);
    const off = await update(three.id, { is_active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().is_active).toBe(false);
    expect((await publicList()).map((p) => p.id)).not.toContain(three.id);
    expect((await adminList()).find((p) => p.id === three.id)?.is_active).toBe(false);
    const on = await update(three.id, { is_active: true });
    expect(on.json().is_active).toBe(true);
    expect((await publicList()).map((p) => p.id)).toContain(three.id);
  });

  it("checks the new limits against the stored ones", async () => {
    const three = await find(3); // 1,000 - 50,000
    const equal = await update(three.id, { max_amount: 1000 });
    expect(equal.statusCode).toBe(200);
    expect((await update(three.id, { max_amount: 50_000 })).statusCode).toBe(200);
    const below = await update(three.id, { min_amount: 60_000 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ code: "validation_failed" });
    expect(below.json().fields[0].path).toBe("body.max_amount");
    expect((await find(3)).min_amount).toBe(1000);
  });

  it("refuses an empty change, bad values, an unknown id and a malformed id", async () => {
    const three = await find(3);
    expect((await update(three.id, {})).statusCode).toBe(400);
    expect((await update(three.id, { interest_rate: 21 })).statusCode).toBe(400);
    expect((await update(three.id, { is_active: "no" })).statusCode).toBe(400);
    const unknown = await update(randomUUID(), { interest_rate: 3 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("package_not_found");
    const malformed = await update("12", { interest_rate: 3 });
    expect(malformed.statusCode).toBe(400);
  });

  it("records every change in the audit log with what changed", async () => {
    const six = await find(6);
    await update(six.id, { interest_rate: 3.25 });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit-log?action=package.updated&limit=1",
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        action: "package.updated",
        actor: { id: admin.user.id, email: admin.user.email },
        target_type: "package",
        target_id: six.id,
        details: { before: { interest_rate: 3.2 }, after: { interest_rate: 3.25 } },
      }),
    ]);
    const created = await t.app.inject({
      method: "GET",
      url: "/api/admin/audit-log?action=package.created",
      headers: admin.headers,
    });
    expect(created.headers["x-total-count"]).toBe("2");
    expect(created.json()[1].details.after).toMatchObject({ interest_rate: 4.1, duration_months: 24 });
  });
});

describe("package changes and existing applications", () => {
  it("never alter an application already sent: it keeps its rate, term and expected return", async () => {
    const twelve = (await adminList()).find((p) => p.duration_months === 12 && p.min_amount === 5000);
    if (!twelve) throw new Error("no 12-month package");
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: user.headers,
      payload: applicationPayload("Erika Mustermann", twelve.id),
    });
    expect(sent.statusCode).toBe(201);
    const before = sent.json();
    expect(before).toMatchObject({ term: 12, package: { interest_rate: 3.5 }, expected_interest: 350 });

    const changed = await update(twelve.id, { interest_rate: 1.25, duration_months: 24, is_active: false });
    expect(changed.statusCode).toBe(200);

    const mine = (
      await t.app.inject({ method: "GET", url: "/api/applications/me", headers: user.headers })
    ).json();
    expect(mine.find((a: { id: string }) => a.id === before.id)).toMatchObject({
      term: 12,
      package: { duration_months: 12, interest_rate: 3.5 },
      expected_interest: 350,
      maturity_amount: 10_350,
    });
    const adminView = (
      await t.app.inject({ method: "GET", url: "/api/applications", headers: admin.headers })
    ).json();
    expect(adminView.find((a: { id: string }) => a.id === before.id)).toMatchObject({
      term: 12,
      package: { interest_rate: 3.5 },
      status: "pending",
    });
  });
});
