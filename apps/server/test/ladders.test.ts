import {
  type AdminApplication,
  type Application,
  addMonths,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  type Ladder,
} from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile, moveClockTo } from "./helpers/clock-app.ts";
import { SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";
import { centsOf, dbCents } from "./helpers/money.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

let address = 0;
const details = {
  full_name: "Erika Mustermann",
  email: "erika@example.test",
  phone: "+49 30 1234567",
  reference_iban: "DE89 3704 0044 0532 0130 00",
  info_sheet_acknowledged: true,
};
const build = (headers: { authorization: string } | undefined, body: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/ladders",
    ...(headers ? { headers } : {}),
    remoteAddress: `10.93.0.${++address}`,
    payload: { ...details, ...body },
  });
const countApplications = async () =>
  Number(
    (
      await t.app.db
        .selectFrom("applications")
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /api/ladders: the split", () => {
  it("makes one application per rung, linked by the ladder, in equal whole 100 EUR shares", async () => {
    const saver = await createUser(t.app);
    const res = await build(saver.headers, { total_amount: 30_000, terms: [12, 6, 24] });
    expect(res.statusCode, res.body).toBe(201);
    const ladder = res.json() as Ladder;
    expect(ladder).toMatchObject({ total_amount: 30_000, longest_term: 24, currency: "EUR" });
    expect(ladder.rungs.map((r) => [r.term, r.amount])).toEqual([
      [6, 10_000],
      [12, 10_000],
      [24, 10_000],
    ]);
    for (const rung of ladder.rungs) {
      expect(rung.application).toMatchObject({
        ladder_id: ladder.id,
        status: "pending",
        term: rung.term,
        maturity_instruction: "renew_all",
        missing_details: [],
        userId: saver.user.id,
      });
    }
    // The rates are each term's package rate.
    expect(ladder.rungs.map((r) => r.application.package.interest_rate)).toEqual([3, 3.5, 3.75]);
    const listed = await t.app.inject({ url: "/api/applications/me", headers: saver.headers });
    expect((listed.json() as Application[]).filter((a) => a.ladder_id === ladder.id)).toHaveLength(3);
  });

  it("puts the remainder, cents included, on the longest rung; the rungs sum to the total", async () => {
    const saver = await createUser(t.app);
    const res = await build(saver.headers, { total_amount: 20_000.5, terms: [6, 24, 12] });
    expect(res.statusCode, res.body).toBe(201);
    const ladder = res.json() as Ladder;
    expect(ladder.rungs.map((r) => [r.term, r.amount])).toEqual([
      [6, 6_600],
      [12, 6_600],
      [24, 6_800.5],
    ]);
    expect(ladder.rungs.reduce((sum, r) => sum + centsOf(r.amount), 0)).toBe(2_000_050);
  });

  it("names the rung below its package's minimum by its field, and creates nothing", async () => {
    const saver = await createUser(t.app);
    const before = await countApplications();
    // 12,000 over three rungs: 4,000 each; the 12- and 24-month packages start at 5,000.
    const res = await build(saver.headers, { total_amount: 12_000, terms: [6, 12, 24] });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("ladder_rung_below_minimum");
    expect(body.detail).toContain("12-month rung");
    expect(body.fields.map((f: { path: string; code: string }) => [f.path, f.code])).toEqual([
      ["body.terms.1", "ladder_rung_below_minimum"],
      ["body.terms.2", "ladder_rung_below_minimum"],
    ]);
    expect(await countApplications()).toBe(before);
  });

  it("names the rung above its package's maximum", async () => {
    const saver = await createUser(t.app);
    // 3 months: at most 50,000; 150,000 each over two rungs.
    const res = await build(saver.headers, { total_amount: 300_000, terms: [24, 3] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("ladder_rung_above_maximum");
    expect(res.json().fields).toEqual([
      expect.objectContaining({ path: "body.terms.1", code: "ladder_rung_above_maximum" }),
    ]);
  });

  it("refuses a term outside the contract, a repeated term, and a term no package offers", async () => {
    const saver = await createUser(t.app);
    const odd = await build(saver.headers, { total_amount: 20_000, terms: [6, 18] });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fields[0].path).toBe("body.terms.1");
    const twice = await build(saver.headers, { total_amount: 20_000, terms: [6, 6] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().code).toBe("ladder_terms_not_distinct");

    const pkg = await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 36)
      .executeTakeFirstOrThrow();
    const off = (is_active: boolean) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/packages/${pkg.id}`,
        headers: admin.headers,
        payload: { is_active },
      });
    expect((await off(false)).statusCode).toBe(200);
    try {
      const res = await build(saver.headers, { total_amount: 20_000, terms: [36, 12] });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("ladder_term_not_offered");
      expect(res.json().fields[0].path).toBe("body.terms.0");
    } finally {
      expect((await off(true)).statusCode).toBe(200);
    }
  });

  it("asks what an application asks: the information sheet, a valid reference IBAN, the rule's threshold", async () => {
    const saver = await createUser(t.app);
    const base = { total_amount: 20_000, terms: [6, 12] };
    const noSheet = await build(saver.headers, { ...base, info_sheet_acknowledged: false });
    expect(noSheet.json().code).toBe("info_sheet_not_acknowledged");
    const badIban = await build(saver.headers, { ...base, reference_iban: "DE00 1234" });
    expect(badIban.statusCode).toBe(400);
    const noRate = await build(saver.headers, { ...base, maturity_instruction: "renew_if_rate_at_least" });
    expect(noRate.json().code).toBe("renew_min_rate_required");
    expect((await build(undefined, base)).statusCode).toBe(401);
  });

  it("lists only the owner's ladders", async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const id = (await build(owner.headers, { total_amount: 20_000, terms: [6, 12] })).json().id;
    const mine = (await t.app.inject({ url: "/api/ladders", headers: owner.headers })).json() as Ladder[];
    expect(mine.map((l) => l.id)).toEqual([id]);
    expect((await t.app.inject({ url: "/api/ladders", headers: other.headers })).json()).toEqual([]);
    expect((await t.app.inject({ url: "/api/ladders" })).statusCode).toBe(401);
  });
});

describe("a ladder at maturity", () => {
  const berlinToday = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);
  const moveTo = (date: string) => moveClockTo(t.app, clock, date);

  /** Builds a ladder as a verified saver, approves and funds every rung today. */
  async function fundedLadder(terms: number[], total: number) {
    clock.reset();
    const saver = await createUser(t.app);
    const ladder = (await build(saver.headers, { total_amount: total, terms })).json() as Ladder;
    await markVerified(t.app, saver.user.id);
    const deposits: DepositDetail[] = [];
    for (const rung of ladder.rungs) {
      const decided = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/applications/${rung.application.id}/decision`,
        headers: admin.headers,
        payload: { decision: "approved" },
      });
      expect(decided.statusCode, decided.body).toBe(200);
      const depositId = (decided.json() as AdminApplication).deposit?.id;
      const funded = await t.app.inject({
        method: "POST",
        url: `/api/admin/deposits/${depositId}/funding`,
        headers: admin.headers,
        payload: { amount: rung.amount, value_date: berlinToday(), payer_iban: SAVER_IBAN },
      });
      expect(funded.statusCode, funded.body).toBe(200);
      deposits.push(funded.json() as DepositDetail);
    }
    return { saver, ladder, deposits };
  }

  const row = (id: string) =>
    t.app.db
      .selectFrom("deposits")
      .select(["package_id", "duration_months"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  /** A package for `months` at the bank of `packageId` (the seeded banks split the terms between them). */
  async function offerAtSameBank(packageId: string, months: number, rate: number) {
    const pkg = await t.app.db
      .selectFrom("packages")
      .select("bank_id")
      .where("id", "=", packageId)
      .executeTakeFirstOrThrow();
    const features = { en: ["Fixed rate"], de: ["Fester Zins"], fr: ["Taux fixe"] };
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: admin.headers,
      payload: {
        duration_months: months,
        interest_rate: rate,
        min_amount: 1000,
        max_amount: 500_000,
        features,
        bank_id: pkg.bank_id,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    return created.json() as { id: string };
  }

  it("renews a matured rung into the ladder's longest term, at that term's rate at the rung's bank", async () => {
    const { saver, deposits } = await fundedLadder([6, 24], 20_000);
    const [short] = deposits;
    if (!short?.maturity_date || !short.value_date) throw new Error("not funded");
    // The 6-month rung's bank offers 24 months too (in the seed another bank does).
    const longer = await offerAtSameBank((await row(short.id)).package_id, 24, 3.75);
    await moveTo(short.maturity_date);
    const matured = await t.app.inject({ url: `/api/deposits/${short.id}`, headers: saver.headers });
    expect(matured.json()).toMatchObject({ status: "renewed" });
    const next = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("previous_deposit_id", "=", short.id)
      .executeTakeFirstOrThrow();
    expect(next).toMatchObject({
      package_id: longer.id,
      duration_months: 24,
      interest_rate: "3.75",
      ladder_term_months: 24,
      maturity_instruction: "renew_all",
      maturity_date: addMonths(short.maturity_date, 24),
    });
    // 10,000 at 3 % for 6 months: 150.00 interest, carried over with the principal (renew_all).
    expect(dbCents(next.amount_cents)).toBe(1_015_000);
  });

  it("renews a rung for its own term when its bank does not offer the ladder's longest term", async () => {
    const { saver, deposits } = await fundedLadder([6, 36], 20_000);
    const [short] = deposits;
    if (!short?.maturity_date) throw new Error("not funded");
    const rows = await Promise.all(deposits.map((d) => row(d.id)));
    const shortRow = rows.find((r) => r.duration_months === 6);
    const banks = await t.app.db
      .selectFrom("packages")
      .select(["id", "bank_id"])
      .where(
        "id",
        "in",
        rows.map((r) => r.package_id),
      )
      .execute();
    expect(new Set(banks.map((b) => b.bank_id)).size).toBe(2);
    await moveTo(short.maturity_date);
    const matured = await t.app.inject({ url: `/api/deposits/${short.id}`, headers: saver.headers });
    expect(matured.json()).toMatchObject({ status: "renewed" });
    const next = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("previous_deposit_id", "=", short.id)
      .executeTakeFirstOrThrow();
    expect(next).toMatchObject({
      package_id: shortRow?.package_id,
      duration_months: 6,
      ladder_term_months: 36,
    });
  });

  it("pays the rung out when the saver chose so for it", async () => {
    const { saver, deposits } = await fundedLadder([6, 12], 20_000);
    const [short] = deposits;
    if (!short?.maturity_date) throw new Error("not funded");
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/deposits/${short.id}/maturity-instruction`,
      headers: saver.headers,
      payload: { maturity_instruction: "payout" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await moveTo(short.maturity_date);
    const matured = await t.app.inject({ url: `/api/deposits/${short.id}`, headers: saver.headers });
    // The payout is ordered; the deposit is paid_out once the bank books it.
    expect(matured.json()).toMatchObject({ status: "payout_pending" });
  });
});
