import { addDays, BUSINESS_TIME_ZONE, type DepositDetail, dateInZone, LIMITS } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { createClockApp, moveClockTo } from "./helpers/clock-app.ts";
import { SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let twelveMonths: string;

beforeAll(async () => {
  ({ t, clock, admin } = await createClockApp());
  twelveMonths = (
    await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 12)
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const berlinToday = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);
const moveTo = (date: string) => moveClockTo(t.app, clock, date);
async function setRate(rate: number) {
  const res = await t.app.inject({
    method: "PATCH",
    url: `/api/admin/packages/${twelveMonths}`,
    headers: admin.headers,
    payload: { interest_rate: rate },
  });
  expect(res.statusCode, res.body).toBe(200);
}

let address = 0;
const apply = (headers: { authorization: string }, rule: object) =>
  t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers,
    remoteAddress: `10.94.0.${++address}`,
    payload: {
      full_name: "Erika Mustermann",
      email: "erika@example.test",
      phone: "+49 30 1234567",
      amount: 10_000,
      package_id: twelveMonths,
      reference_iban: SAVER_IBAN,
      info_sheet_acknowledged: true,
      ...rule,
    },
  });

/** A 12-month deposit under the renewal rule, approved and funded today. */
async function fundedWithRule(minRate: number) {
  clock.reset();
  await setRate(3.5);
  const saver = await createUser(t.app);
  const sent = await apply(saver.headers, {
    maturity_instruction: "renew_if_rate_at_least",
    renew_min_rate: minRate,
  });
  expect(sent.statusCode, sent.body).toBe(201);
  expect(sent.json()).toMatchObject({
    maturity_instruction: "renew_if_rate_at_least",
    renew_min_rate: minRate,
  });
  await markVerified(t.app, saver.user.id);
  const decided = await t.app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${sent.json().id}/decision`,
    headers: admin.headers,
    payload: { decision: "approved" },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const funded = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${decided.json().deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount: 10_000, value_date: berlinToday(), payer_iban: SAVER_IBAN },
  });
  expect(funded.statusCode, funded.body).toBe(200);
  const deposit = funded.json() as DepositDetail;
  expect(deposit).toMatchObject({ maturity_instruction: "renew_if_rate_at_least", renew_min_rate: minRate });
  return { saver, deposit };
}

const messages = async (headers: { authorization: string }) =>
  (await t.app.inject({ url: "/api/notifications", headers })).json() as Array<{
    title: string;
    message: string;
  }>;

describe("the renewal rule in the contract", () => {
  it("needs its threshold, and the threshold needs the rule", async () => {
    const saver = await createUser(t.app);
    const missing = await apply(saver.headers, { maturity_instruction: "renew_if_rate_at_least" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe("renew_min_rate_required");
    const stray = await apply(saver.headers, { maturity_instruction: "payout", renew_min_rate: 3 });
    expect(stray.statusCode).toBe(400);
    expect(stray.json().code).toBe("renew_min_rate_not_allowed");
    // The older contract, without the rule, is unchanged.
    const plain = await apply(saver.headers, { maturity_instruction: "renew_all" });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json()).toMatchObject({ maturity_instruction: "renew_all", renew_min_rate: null });
  });

  it("can be chosen and left again on a deposit", async () => {
    const { saver, deposit } = await fundedWithRule(3.5);
    const change = (payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/deposits/${deposit.id}/maturity-instruction`,
        headers: saver.headers,
        payload,
      });
    expect((await change({ maturity_instruction: "renew_if_rate_at_least" })).json().code).toBe(
      "renew_min_rate_required",
    );
    const raised = await change({ maturity_instruction: "renew_if_rate_at_least", renew_min_rate: 4.2 });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ renew_min_rate: 4.2 });
    expect(raised.json().events.at(-1)).toMatchObject({
      type: "instruction_changed",
      details: { from: "renew_if_rate_at_least", to: "renew_if_rate_at_least", renew_min_rate: "4.20" },
    });
    const plain = await change({ maturity_instruction: "renew_all" });
    expect(plain.json()).toMatchObject({ maturity_instruction: "renew_all", renew_min_rate: null });
  });
});

describe("the renewal rule at maturity", () => {
  it("renews when the term's rate is at least the threshold (equal counts), principal and interest", async () => {
    const { saver, deposit } = await fundedWithRule(3.5);
    if (!deposit.maturity_date) throw new Error("not funded");
    // The reminder 14 days ahead states today's rate against the threshold.
    await moveTo(addDays(deposit.maturity_date, -LIMITS.maturityReminderDays));
    const reminder = (await messages(saver.headers)).find((m) => m.title.includes("matures on"));
    expect(reminder?.message).toContain("Your minimum rate: 3.50%. Today's rate for this term is 3.50%");
    expect(reminder?.message).toContain("would renew");

    await moveTo(deposit.maturity_date);
    const matured = (
      await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: saver.headers })
    ).json();
    expect(matured.status).toBe("renewed");
    const next = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("previous_deposit_id", "=", deposit.id)
      .executeTakeFirstOrThrow();
    // 10,000 at 3.50 % for 12 months: 350.00, carried over with the principal.
    expect(next).toMatchObject({
      amount_cents: 1_035_000n,
      interest_rate: "3.50",
      maturity_instruction: "renew_if_rate_at_least",
      renew_min_rate: "3.50",
    });
  });

  it("pays out when the rate at maturity is below the threshold, and the reminder said so", async () => {
    const { saver, deposit } = await fundedWithRule(3.6);
    if (!deposit.maturity_date) throw new Error("not funded");
    await moveTo(addDays(deposit.maturity_date, -LIMITS.maturityReminderDays));
    const reminder = (await messages(saver.headers)).find((m) => m.title.includes("matures on"));
    expect(reminder?.message).toContain("Your minimum rate: 3.60%. Today's rate for this term is 3.50%");
    expect(reminder?.message).toContain("would be paid out");

    await moveTo(deposit.maturity_date);
    const matured = (
      await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: saver.headers })
    ).json();
    // Paid out: the payout is ordered (paid_out once the bank books it), saying why it did not renew.
    expect(matured.status).toBe("payout_pending");
    expect(matured.events.find((e: { type: string }) => e.type === "payout_ordered")?.details).toMatchObject({
      amount_cents: "1035000",
      renewal_rate_below_threshold: "3.50",
    });
    const renewals = await t.app.db
      .selectFrom("deposits")
      .select("id")
      .where("previous_deposit_id", "=", deposit.id)
      .execute();
    expect(renewals).toEqual([]);
  });

  it("renews when the rate has risen to the threshold by maturity", async () => {
    const { saver, deposit } = await fundedWithRule(3.6);
    if (!deposit.maturity_date) throw new Error("not funded");
    await moveTo(addDays(deposit.maturity_date, -1));
    await setRate(3.6);
    await moveTo(deposit.maturity_date);
    const matured = (
      await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: saver.headers })
    ).json();
    expect(matured.status).toBe("renewed");
  });
});
