import {
  type Analytics,
  addDays,
  BUSINESS_TIME_ZONE,
  type DepositSummary,
  dateInZone,
  startOfDayInZone,
} from "@festgeld/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { centsOf, dbCents } from "./helpers/money.ts";
import { settlePayments } from "./helpers/payments.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

const berlinToday = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);

async function figures() {
  const analytics = await t.app.inject({ url: "/api/admin/analytics", headers: admin.headers });
  const summary = await t.app.inject({ url: "/api/admin/deposits/summary", headers: admin.headers });
  expect(analytics.statusCode).toBe(200);
  expect(summary.statusCode).toBe(200);
  return {
    overview: (analytics.json() as Analytics).overview,
    /** The chart's new investments of the current month. */
    investedThisMonth: (analytics.json() as Analytics).monthlyTrends.at(-1)?.investments,
    summary: summary.json() as DepositSummary,
    analyticsBody: analytics.body,
  };
}

/** The same figures the slow way, straight from the ledger entries and the deposits' states. */
async function fromLedger() {
  const { rows } = await sql<{ principal: string | null; funds: string | null; investors: number }>`
    select
      (select sum(l.amount_cents) from deposit_ledger l join deposits d on d.id = l.deposit_id
        where l.kind = 'principal_received' and d.status in ('active', 'matured')) as principal,
      (select sum(case when kind in ('principal_received', 'interest_credited') then amount_cents
        else -amount_cents end) from deposit_ledger) as funds,
      (select count(distinct user_id) from deposits where status in ('active', 'matured')) as investors
  `.execute(t.app.db);
  const row = rows[0];
  return {
    principalCents: dbCents(row?.principal ?? 0),
    fundsCents: Number(row?.funds ?? 0),
    investors: Number(row?.investors ?? 0),
  };
}

async function fund(depositId: string, amount: number) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${depositId}/funding`,
    headers: admin.headers,
    payload: { amount, value_date: berlinToday(), payer_iban: SAVER_IBAN },
  });
  expect(res.statusCode, res.body).toBe(200);
}

const cents = (value: number) => centsOf(value);

describe("the admin overview counts money received and not paid out", () => {
  it("from approval through funding, the next 30 days' maturities, payout and renewal", async () => {
    clock.reset();
    const empty = await figures();
    expect(empty.overview).toMatchObject({ activeInvestors: 0, totalInvestmentAmount: 0 });
    expect(empty.summary).toEqual({
      funds_under_management: 0,
      principal_invested: 0,
      active_investors: 0,
      awaiting_funds: { count: 0, amount: 0 },
      maturing_30_days: { count: 0, amount: 0 },
    });

    // Approved, no money yet: awaiting funds, nothing invested.
    const anna = await createUser(t.app);
    const payout = await approvedApplication(t.app, anna, admin, { amount: 10_000.1, instruction: "payout" });
    let now = await figures();
    expect(now.overview).toMatchObject({
      activeInvestors: 0,
      totalInvestmentAmount: 0,
      approvedApplications: 1,
    });
    expect(now.summary.awaiting_funds).toEqual({ count: 1, amount: 10_000.1 });
    expect(now.summary.funds_under_management).toBe(0);
    // The chart counts money received too, not applications.
    expect(now.investedThisMonth).toBe(0);

    // Funded: the money counts, for one investor.
    await fund(payout.deposit.id, 10_000.1);
    const ben = await createUser(t.app);
    const renewing = [
      await approvedApplication(t.app, ben, admin, { amount: 5000.1, instruction: "renew_principal" }),
      await approvedApplication(t.app, ben, admin, { amount: 5000.2, instruction: "renew_principal" }),
    ];
    for (const application of renewing) await fund(application.deposit.id, application.amount);
    now = await figures();
    // Sums of integer cents, answered as a decimal with at most two places.
    expect(now.analyticsBody).toContain('"totalInvestmentAmount":20000.4,');
    expect(now.overview).toMatchObject({ activeInvestors: 2, totalInvestmentAmount: 20_000.4 });
    expect(now.investedThisMonth).toBe(3);
    expect(now.summary).toEqual({
      funds_under_management: 20_000.4,
      principal_invested: 20_000.4,
      active_investors: 2,
      awaiting_funds: { count: 0, amount: 0 },
      maturing_30_days: { count: 0, amount: 0 },
    });
    let ledger = await fromLedger();
    expect(cents(now.overview.totalInvestmentAmount)).toBe(ledger.principalCents);
    expect(cents(now.summary.funds_under_management)).toBe(ledger.fundsCents);
    expect(now.overview.activeInvestors).toBe(ledger.investors);

    // 20 days before maturity the three deposits are in the next 30 days' maturities.
    const maturityDate = (
      await t.app.inject({ url: `/api/deposits/${payout.deposit.id}`, headers: anna.headers })
    ).json().maturity_date as string;
    clock.set(startOfDayInZone(addDays(maturityDate, -20), BUSINESS_TIME_ZONE));
    await t.app.jobs.runDue();
    now = await figures();
    expect(now.summary.maturing_30_days).toEqual({ count: 3, amount: 20_000.4 });

    // After maturity: the renewals carried their principal into new deposits; the payout and the
    // renewals' interest are ordered and still held until the bank books them.
    clock.set(new Date(startOfDayInZone(maturityDate, BUSINESS_TIME_ZONE).getTime() + 3_600_000));
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(3);
    now = await figures();
    expect(now.summary).toMatchObject({ funds_under_management: 20_700.41, principal_invested: 10_000.3 });
    ledger = await fromLedger();
    expect(cents(now.summary.funds_under_management)).toBe(ledger.fundsCents);
    // The bank books the payment file: the payout and the interest have left.
    expect(await settlePayments(t.app, admin, maturityDate)).toHaveLength(3);
    now = await figures();
    expect(now.overview).toMatchObject({ activeInvestors: 1, totalInvestmentAmount: 10_000.3 });
    expect(now.summary).toMatchObject({
      funds_under_management: 10_000.3,
      principal_invested: 10_000.3,
      active_investors: 1,
      maturing_30_days: { count: 0, amount: 0 },
    });
    ledger = await fromLedger();
    expect(cents(now.overview.totalInvestmentAmount)).toBe(ledger.principalCents);
    expect(cents(now.summary.funds_under_management)).toBe(ledger.fundsCents);
    expect(now.overview.activeInvestors).toBe(ledger.investors);
  });
});
