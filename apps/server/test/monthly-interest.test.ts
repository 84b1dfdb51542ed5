import {
  type AdminPackage,
  addMonths,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  depositPlan,
  type Package,
  type PaymentOrder,
  toBasisPoints,
} from "@festgeld/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { payDueInterest } from "../src/modules/deposits/deposit-interest.ts";
import { lockDeposit } from "../src/modules/deposits/deposits.repository.ts";
import { holdingsAt } from "../src/modules/ledger/holdings.service.ts";
import { interestCreditedInYear } from "../src/modules/tax-statements/tax-statements.repository.ts";
import { statementFacts } from "../src/modules/tax-statements/tax-statements.service.ts";
import type { TestApp } from "./helpers/app.ts";
import { type ClockApp, clockAppForFile } from "./helpers/clock-app.ts";
import { fundedByStaff } from "./helpers/deposits.ts";
import { createUser } from "./helpers/factories.ts";
import { depositLedgerBalance, journalOwed, moveTo } from "./helpers/ledger.ts";
import { centsOf, dbCents, eurosOf } from "./helpers/money.ts";
import { createPaymentFiles, debitStatement, listOrders, settlePayments } from "./helpers/payments.ts";

/**
 * Packages that pay interest monthly (docs/decisions.md "A deposit's plan", "Monthly interest"): staff set
 * it, a deposit copies it, and each month's interest is credited, ordered, filed, booked and told exactly
 * once, as the deposit's plan says.
 */

let t: TestApp;
let clock: AdjustableClock;
let admin: ClockApp["admin"];

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

const today = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);

async function adminPackages(): Promise<AdminPackage[]> {
  const res = await t.app.inject({ url: "/api/admin/packages", headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Sets the interest payout of every active package of a term, through the admin route. */
async function setPayout(months: number, payout: "monthly" | "at_maturity") {
  for (const pkg of (await adminPackages()).filter((p) => p.duration_months === months && p.is_active)) {
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${pkg.id}`,
      headers: admin.headers,
      payload: { interest_payout: payout },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().interest_payout).toBe(payout);
  }
}

async function detail(headers: { authorization: string }, id: string): Promise<DepositDetail> {
  const res = await t.app.inject({ url: `/api/deposits/${id}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const ordersOf = async (depositId: string) =>
  (await listOrders(t.app, admin)).filter((o: PaymentOrder) => o.deposit_id === depositId);

describe("staff set when a package pays interest", () => {
  it("creates and changes it through the admin routes only; the public list and a running deposit show it", async () => {
    clock.reset();
    const saver = await createUser(t.app);
    const body = {
      duration_months: 6,
      interest_rate: 3.2,
      min_amount: 1000,
      max_amount: 100_000,
      features: { en: ["Monthly interest"], de: ["Monatliche Zinsen"], fr: ["Intérêts mensuels"] },
      interest_payout: "monthly",
    };
    const refused = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: saver.headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: "POST", url: "/api/admin/packages", payload: body });
    expect(anonymous.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: { ...admin.headers, "accept-language": "de" },
      payload: { ...body, interest_payout: "weekly" },
    });
    expect(bad.statusCode).toBe(400);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: admin.headers,
      payload: body,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ interest_payout: "monthly" });
    const list = (await t.app.inject({ url: "/api/packages" })).json() as Package[];
    expect(list.find((p) => p.id === created.json().id)?.interest_payout).toBe("monthly");
    expect(
      list.filter((p) => p.id !== created.json().id).every((p) => p.interest_payout === "at_maturity"),
    ).toBe(true);
    const patchBySaver = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${created.json().id}`,
      headers: saver.headers,
      payload: { interest_payout: "at_maturity" },
    });
    expect(patchBySaver.statusCode).toBe(403);
    // Switched off again so that the other tests' 6-month deposits stay ordinary.
    const off = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${created.json().id}`,
      headers: admin.headers,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(200);
  });

  it("a deposit keeps the payout it was made with when the package changes", async () => {
    await setPayout(3, "monthly");
    clock.reset();
    const { saver, deposit } = await fundedByStaff(t.app, admin, today(), { months: 3 });
    expect(deposit.interest_payout).toBe("monthly");
    await setPayout(3, "at_maturity");
    expect((await detail(saver.headers, deposit.id)).interest_payout).toBe("monthly");
    const other = await createUser(t.app);
    const foreign = await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: other.headers });
    expect(foreign.statusCode).toBe(404);
  });
});

describe("a deposit paying interest monthly", () => {
  it("pays each month's interest once, as the plan says: ordered, filed, booked, told, in the journal and the tax statement", async () => {
    await setPayout(12, "monthly");
    clock.reset();
    const start = today();
    const funded = await fundedByStaff(t.app, admin, start, { months: 12, amount: 10_000 });
    const saver = funded.saver;
    const deposit = await detail(saver.headers, funded.deposit.id);
    expect(deposit.interest_payout).toBe("monthly");
    // 10,000 EUR at 3.5 % for 12 months: 350.00 in total, 29.17 a month, the last 29.13.
    const plan = depositPlan({
      principalCents: 1_000_000n,
      rateBasisPoints: 350n,
      months: 12,
      startDate: start,
      interestPayout: "monthly",
    });
    expect(deposit.plan?.total_interest).toBe(350);
    expect(deposit.plan?.payments.filter((p) => p.kind === "interest").map((p) => p.amount)).toEqual([
      ...Array(11).fill(29.17),
      29.13,
    ]);
    expect(deposit.plan?.payments.every((p) => p.status === "upcoming")).toBe(true);

    for (let month = 1; month <= 12; month++) {
      const due = addMonths(start, month);
      // The day before: nothing.
      await moveTo(t.app, clock, dueEve(due));
      expect((await ordersOf(deposit.id)).filter((o) => o.source === "monthly_interest")).toHaveLength(
        month - 1,
      );
      await moveTo(t.app, clock, due);
      // Running the jobs again orders nothing more.
      await t.app.jobs.runDue();
      const interest = (await ordersOf(deposit.id)).filter((o) => o.source === "monthly_interest");
      expect(interest).toHaveLength(month);
      expect(interest.find((o) => o.status === "ordered")).toMatchObject({
        amount: eurosOf(plan.payments[month - 1]?.amountCents ?? 0n),
        creditor_iban: "DE89 **** **** **** **** 3000",
      });
      // Filed in a pain.001 and booked from the camt.053 the same day.
      const booked = await settlePayments(t.app, admin, due);
      expect(
        booked.filter((o) => o.deposit_id === deposit.id && o.source === "monthly_interest"),
      ).toHaveLength(1);
    }

    // At maturity only the principal left, as a maturity payout; every month paid exactly once.
    const orders = await ordersOf(deposit.id);
    const interest = orders.filter((o) => o.source === "monthly_interest");
    expect(interest).toHaveLength(12);
    expect(interest.every((o) => o.status === "booked")).toBe(true);
    expect(interest.map((o) => centsOf(o.amount)).reduce((a, b) => a + b, 0)).toBe(35_000);
    const payout = orders.filter((o) => o.source === "maturity_payout");
    expect(payout).toHaveLength(1);
    expect(payout[0]?.amount).toBe(10_000);
    const { rows: recorded } = await sql<{ n: string }>`
      select count(*) as n from deposit_interest_payments where deposit_id = ${deposit.id}`.execute(t.app.db);
    expect(Number(recorded[0]?.n)).toBe(12);

    // The journal: one interest credit per month, dated its due date, equal to the plan's payment.
    const credits = await t.app.db
      .selectFrom("ledger_entries as e")
      .innerJoin("ledger_lines as l", "l.entry_id", "e.id")
      .select(["e.effective_date", "l.amount_cents", "e.reference"])
      .where("e.kind", "=", "interest_credited")
      .where("l.account", "=", `deposits:${deposit.id}`)
      .orderBy("e.effective_date")
      .execute();
    expect(credits.map((c) => [c.effective_date, -dbCents(c.amount_cents)])).toEqual(
      plan.payments.filter((p) => p.kind === "interest").map((p) => [p.date, dbCents(p.amountCents)]),
    );
    // The per-deposit ledger: received, 12 credits, 12 interest payouts and the principal: nothing owed.
    const done = await detail(saver.headers, deposit.id);
    expect(done.status).toBe("paid_out");
    expect(done.ledger).toMatchObject({
      principal_received: 10_000,
      interest_credited: 350,
      paid_out: 10_350,
      balance: 0,
    });
    expect(done.entries.filter((e) => e.source === "monthly_interest" && e.kind === "payout")).toHaveLength(
      12,
    );
    expect(await depositLedgerBalance(t.app, deposit.id)).toBe(0);
    expect(await journalOwed(t.app, deposit.id)).toBe(0);
    expect(done.plan?.interest_paid).toBe(350);
    expect(done.plan?.payments.every((p) => p.status === "paid")).toBe(true);

    // Told once per month (inbox), with the plan's figures.
    const inbox = (
      await t.app.inject({ url: "/api/notifications?limit=100", headers: saver.headers })
    ).json();
    const items = (Array.isArray(inbox) ? inbox : inbox.items) as Array<{ title: string; message: string }>;
    const told = items.filter((m) => /^Interest payment \d+ of 12/.test(m.title));
    expect(told).toHaveLength(12);
    expect(items.filter((m) => /Payment ordered: monthly interest/.test(m.title))).toHaveLength(0);

    // Tax statement: the interest falls in the year it was paid, as the plan dates it.
    const byYear = new Map<number, bigint>();
    for (const p of plan.payments.filter((p) => p.kind === "interest")) {
      const year = Number(p.date.slice(0, 4));
      byYear.set(year, (byYear.get(year) ?? 0n) + p.amountCents);
    }
    for (const [year, cents] of byYear) {
      const rows = await interestCreditedInYear(t.app.db, year, saver.user.id);
      expect(statementFacts(year, rows, "DE").total_interest_cents).toBe(dbCents(cents));
    }
    await setPayout(12, "at_maturity");
  });

  it("catches up after the clock jumped, and a second run or a second process orders nothing twice", async () => {
    await setPayout(3, "monthly");
    clock.reset();
    const start = today();
    const { saver, deposit } = await fundedByStaff(t.app, admin, start, { months: 3, amount: 5_000 });
    // Two months at once: both paid, once.
    await moveTo(t.app, clock, addMonths(start, 2));
    await t.app.jobs.runDue();
    expect((await ordersOf(deposit.id)).filter((o) => o.source === "monthly_interest")).toHaveLength(2);
    // A second process paying the same deposit at the same time finds the months recorded.
    const again = () =>
      t.app.db.transaction().execute(async (trx) => {
        const row = await lockDeposit(trx, deposit.id);
        if (row) await payDueInterest(trx, t.app.events, row, clock.now());
      });
    await Promise.all([again(), again()]);
    expect((await ordersOf(deposit.id)).filter((o) => o.source === "monthly_interest")).toHaveLength(2);
    // Holdings: paid so far (the journal) against accrued (the plan), two whole months.
    const holdings = await holdingsAt(t.app.db, saver.user.id, today());
    const expected = depositPlan({
      principalCents: 500_000n,
      rateBasisPoints: toBasisPoints(deposit.interest_rate) ?? 0n,
      months: 3,
      startDate: start,
      interestPayout: "monthly",
    });
    const twoMonths = (expected.payments[0]?.amountCents ?? 0n) + (expected.payments[1]?.amountCents ?? 0n);
    expect(holdings.find((h) => h.depositId === deposit.id)?.monthlyInterest).toEqual({
      paidCents: twoMonths,
      accruedCents: twoMonths,
    });
    // Straight past maturity: the last month and the principal, nothing twice.
    await moveTo(t.app, clock, addMonths(start, 4));
    await t.app.jobs.runDue();
    const orders = await ordersOf(deposit.id);
    expect(orders.filter((o) => o.source === "monthly_interest")).toHaveLength(3);
    expect(orders.filter((o) => o.source === "maturity_payout").map((o) => o.amount)).toEqual([5_000]);
    const interestCents = orders
      .filter((o) => o.source === "monthly_interest")
      .reduce((sum, o) => sum + centsOf(o.amount), 0);
    expect(interestCents).toBe(dbCents(expected.totalInterestCents));
    await setPayout(3, "at_maturity");
  });

  it("a returned interest payment is told like a returned payout, and the plan shows it returned", async () => {
    await setPayout(3, "monthly");
    clock.reset();
    const start = today();
    const { saver, deposit } = await fundedByStaff(t.app, admin, start, { months: 3, amount: 5_000 });
    await moveTo(t.app, clock, addMonths(start, 1));
    const [order] = (await ordersOf(deposit.id)).filter((o) => o.source === "monthly_interest");
    expect(order?.status).toBe("ordered");
    await createPaymentFiles(t.app, admin);
    const xml = debitStatement({
      bookingDate: today(),
      debits: [{ endToEndId: order?.end_to_end_id ?? "", amount: (order?.amount ?? 0).toFixed(2) }],
      returns: [{ originalEndToEndId: order?.end_to_end_id ?? "", amount: (order?.amount ?? 0).toFixed(2) }],
    });
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/admin/bank-statements",
      headers: admin.headers,
      payload: { xml },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const returned = (await ordersOf(deposit.id)).find((o) => o.id === order?.id);
    expect(returned?.status).toBe("returned");
    const inbox = (
      await t.app.inject({ url: "/api/notifications?limit=100", headers: saver.headers })
    ).json();
    const items = (Array.isArray(inbox) ? inbox : inbox.items) as Array<{ title: string }>;
    expect(items.filter((m) => /^Payment returned: monthly interest of deposit/.test(m.title))).toHaveLength(
      1,
    );
    const read = await detail(saver.headers, deposit.id);
    expect(read.plan?.payments.find((p) => p.kind === "interest" && p.month === 1)?.status).toBe("returned");
    // The money is back on the deposit: its balance is the principal and the returned month.
    expect(read.ledger.balance).toBe(5_000 + (order?.amount ?? 0));
    expect(read.status).toBe("active");
    await setPayout(3, "at_maturity");
  });

  it("renews the principal and goes on paying monthly", async () => {
    await setPayout(3, "monthly");
    clock.reset();
    const start = today();
    const { saver, deposit } = await fundedByStaff(t.app, admin, start, {
      months: 3,
      amount: 5_000,
      instruction: "renew_all",
    });
    await moveTo(t.app, clock, addMonths(start, 3));
    await t.app.jobs.runDue();
    const old = await detail(saver.headers, deposit.id);
    expect(old.status).toBe("renewed");
    const next = await t.app.db
      .selectFrom("deposits")
      .select(["id", "amount_cents", "interest_payout"])
      .where("previous_deposit_id", "=", deposit.id)
      .executeTakeFirstOrThrow();
    // Interest was paid month by month: only the principal is carried.
    expect(next).toMatchObject({ amount_cents: 500_000n, interest_payout: "monthly" });
    await moveTo(t.app, clock, addMonths(start, 4));
    expect((await ordersOf(next.id)).filter((o) => o.source === "monthly_interest")).toHaveLength(1);
    await setPayout(3, "at_maturity");
  });

  it("early closure deducts the interest already paid: the saver is never paid it twice", async () => {
    await setPayout(12, "monthly");
    clock.reset();
    const start = today();
    const { saver, deposit } = await fundedByStaff(t.app, admin, start, { months: 12, amount: 10_000 });
    await t.app.db
      .updateTable("deposits")
      .set({ early_closure: "pro_rata" })
      .where("id", "=", deposit.id)
      .execute();
    await moveTo(t.app, clock, addMonths(start, 2));
    const quote = await t.app.inject({
      url: `/api/deposits/${deposit.id}/early-closure`,
      headers: saver.headers,
    });
    expect(quote.statusCode, quote.body).toBe(200);
    // Two whole months held, both paid (2 x 29.17): the closure pays the principal and no more interest.
    expect(quote.json()).toMatchObject({ months_held: 2, principal: 10_000, interest: 0, payout: 10_000 });
    await t.app.db
      .updateTable("deposits")
      .set({ early_closure: "no_interest" })
      .where("id", "=", deposit.id)
      .execute();
    const strict = await t.app.inject({
      url: `/api/deposits/${deposit.id}/early-closure`,
      headers: saver.headers,
    });
    // Under no_interest the interest paid comes off the principal paid back.
    expect(strict.json()).toMatchObject({ interest: -58.34, payout: 9_941.66 });
    const closed = await t.app.inject({
      method: "POST",
      url: `/api/deposits/${deposit.id}/early-closure`,
      headers: saver.headers,
      payload: { expected_payout: 9_941.66 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await settlePayments(t.app, admin, today());
    const read = await detail(saver.headers, deposit.id);
    expect(read.ledger.balance).toBe(0);
    expect(await depositLedgerBalance(t.app, deposit.id)).toBe(0);
    expect(await journalOwed(t.app, deposit.id)).toBe(0);
    await setPayout(12, "at_maturity");
  });
});

/** The day before a due date. */
const dueEve = (due: string) => {
  const d = new Date(`${due}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
