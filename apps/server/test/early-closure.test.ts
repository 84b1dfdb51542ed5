import {
  addDays,
  addMonths,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  startOfDayInZone,
} from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile, moveClockTo } from "./helpers/clock-app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { settlePayments } from "./helpers/payments.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

type Headers = { authorization: string };
const today = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);
/** Noon in Berlin of a calendar day; runs what fell due. */
const moveTo = (date: string) => moveClockTo(t.app, clock, date);

async function funded(months: 3 | 6 | 12, amount = 10_000) {
  clock.reset();
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, { amount, months });
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${application.deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount, value_date: today(), payer_iban: SAVER_IBAN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { saver, deposit: res.json() as DepositDetail };
}

const quote = (headers: Headers, id: string) =>
  t.app.inject({ url: `/api/deposits/${id}/early-closure`, headers });
const close = (headers: Headers, id: string, expected_payout: number) =>
  t.app.inject({
    method: "POST",
    url: `/api/deposits/${id}/early-closure`,
    headers,
    payload: { expected_payout },
  });
const ledgerRows = (id: string) =>
  t.app.db
    .selectFrom("deposit_ledger")
    .select(["kind", "amount_cents"])
    .where("deposit_id", "=", id)
    .execute();

describe("early closure", () => {
  it("pro rata: whole months at the deposit's rate, paid out with the principal, once; maturity then does nothing", async () => {
    const { saver, deposit } = await funded(3);
    const valueDate = deposit.value_date ?? "";
    // Two whole months and a few days later.
    await moveTo(addDays(addMonths(valueDate, 2), 5));
    const q = await quote(saver.headers, deposit.id);
    expect(q.statusCode, q.body).toBe(200);
    // 10,000.00 at 2.50 % for 2 months = 41.67; held to maturity (3 months) it would be 62.50.
    expect(q.json()).toEqual({
      rule: "pro_rata",
      close_date: today(),
      months_held: 2,
      principal: 10_000,
      interest: 41.67,
      payout: 10_041.67,
      interest_at_maturity: 62.5,
      currency: "EUR",
    });

    // Someone else cannot see or do it.
    const other = await createUser(t.app);
    expect((await quote(other.headers, deposit.id)).statusCode).toBe(404);
    expect((await close(other.headers, deposit.id, 10_041.67)).statusCode).toBe(404);

    // A stale figure changes nothing.
    const stale = await close(saver.headers, deposit.id, 10_050);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe("early_closure_quote_changed");
    expect(await ledgerRows(deposit.id)).toHaveLength(1);

    const closed = await close(saver.headers, deposit.id, 10_041.67);
    expect(closed.statusCode, closed.body).toBe(200);
    // Closed at once; the payout is a payment order, on the balance until the bank books it.
    expect(closed.json()).toMatchObject({
      status: "closed_early",
      paid_out_at: null,
      ledger: {
        principal_received: 10_000,
        interest_credited: 41.67,
        paid_out: 0,
        carried_to_renewal: 0,
        balance: 10_041.67,
      },
    });
    expect((closed.json() as DepositDetail).events.map((e) => e.type)).toEqual([
      "approved",
      "funds_received",
      "closed_early",
      "payout_ordered",
    ]);
    const orders = (await settlePayments(t.app, admin, today())).filter((o) => o.deposit_id === deposit.id);
    expect(orders).toMatchObject([
      { source: "early_closure", amount: 10_041.67, principal: 10_000, interest: 41.67 },
    ]);
    const booked = (
      await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: saver.headers })
    ).json() as DepositDetail;
    expect(booked).toMatchObject({
      status: "closed_early",
      paid_out_at: startOfDayInZone(today(), BUSINESS_TIME_ZONE).toISOString(),
      ledger: { paid_out: 10_041.67, balance: 0 },
    });
    expect(booked.events.at(-1)).toMatchObject({ type: "payout_booked", details: { booking_date: today() } });
    const again = await close(saver.headers, deposit.id, 10_041.67);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("deposit_not_active");

    // The saver is told, with the statement in the postbox.
    const inbox = await t.app.inject({ url: "/api/notifications", headers: saver.headers });
    expect(JSON.stringify(inbox.json())).toContain("closed early");
    const documents = await t.app.db
      .selectFrom("postbox_documents")
      .select(["kind", "title"])
      .where("user_id", "=", saver.user.id)
      .where("kind", "=", "closure_statement")
      .execute();
    expect(documents).toEqual([{ kind: "closure_statement", title: "Statement of early closure" }]);

    // Maturity and its reminder were cancelled: nothing more happens.
    await moveTo(addDays(deposit.maturity_date ?? "", 1));
    expect(await ledgerRows(deposit.id)).toHaveLength(3);
    const jobs = await t.app.db
      .selectFrom("jobs")
      .select(["key", "state"])
      .where("key", "like", `%${deposit.id}`)
      .execute();
    for (const job of jobs.filter((j) => !j.key.startsWith("deposit.lapse")))
      expect(job.state).toBe("cancelled");
    clock.reset();
  });

  it("no interest under the no_interest rule, nor for a month begun", async () => {
    await t.app.db
      .updateTable("packages")
      .set({ early_closure: "no_interest" })
      .where("duration_months", "=", 6)
      .execute();
    const { saver, deposit } = await funded(6, 5_000);
    expect(deposit.early_closure).toBe("no_interest");
    await moveTo(addDays(addMonths(deposit.value_date ?? "", 4), 1));
    const q = await quote(saver.headers, deposit.id);
    expect(q.json()).toMatchObject({ rule: "no_interest", months_held: 4, interest: 0, payout: 5_000 });
    expect((await close(saver.headers, deposit.id, 5_000)).statusCode).toBe(200);

    const early = await funded(3, 5_000);
    await moveTo(addDays(early.deposit.value_date ?? "", 20));
    expect((await quote(early.saver.headers, early.deposit.id)).json()).toMatchObject({
      months_held: 0,
      interest: 0,
    });
    clock.reset();
  });

  it("refuses where the package holds deposits to maturity, before the money arrived, and on the maturity date", async () => {
    const { saver, deposit } = await funded(12);
    expect(deposit.early_closure).toBe("not_allowed");
    for (const res of [
      await quote(saver.headers, deposit.id),
      await close(saver.headers, deposit.id, 10_000),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe("early_closure_not_allowed");
    }
    expect(await ledgerRows(deposit.id)).toHaveLength(1);

    clock.reset();
    const waiting = await createUser(t.app);
    const application = await approvedApplication(t.app, waiting, admin, { amount: 5_000, months: 3 });
    const notYet = await quote(waiting.headers, application.deposit.id);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe("deposit_not_active");

    const three = await funded(3, 5_000);
    // At noon of the maturity day the job has run; the closure is refused either way.
    clock.set(
      new Date(startOfDayInZone(three.deposit.maturity_date ?? "", BUSINESS_TIME_ZONE).getTime() + 60_000),
    );
    const onMaturity = await close(three.saver.headers, three.deposit.id, 5_000);
    expect(onMaturity.statusCode).toBe(409);
    expect(onMaturity.json().code).toBe("early_closure_not_allowed");
    clock.reset();
  });
});
