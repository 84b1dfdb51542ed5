import {
  type Application,
  addDays,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  startOfDayInZone,
} from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { openPostgres } from "../src/db/database.ts";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { createTestApp, createTestDatabase, type TestApp } from "./helpers/app.ts";
import { clockAppForFile, moveClockTo } from "./helpers/clock-app.ts";
import { approvedApplication, fundedByStaff, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { settlePayments } from "./helpers/payments.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

const berlinToday = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);
/** Moves the clock to a calendar day (noon in Berlin) and runs what fell due. */
const moveTo = (date: string) => moveClockTo(t.app, clock, date);

function funded(instruction: "payout" | "renew_principal" | "renew_all", amount = 10_000) {
  clock.reset();
  return fundedByStaff(t.app, admin, berlinToday(), { instruction, amount });
}

async function mine(headers: { authorization: string }, id: string) {
  const list = (await t.app.inject({ url: "/api/applications/me", headers })).json() as Application[];
  const found = list.find((a) => a.id === id);
  if (!found) throw new Error("not listed");
  return found;
}

describe("lapse", () => {
  it("an approved deposit with no money 14 days after approval lapses; funding it is refused", async () => {
    clock.reset();
    const saver = await createUser(t.app);
    const application = await approvedApplication(t.app, saver, admin);
    const deadline = new Date(application.deposit.transfer?.deadline ?? "");
    // On the last day nothing happens.
    clock.set(new Date(deadline.getTime() - 60_000));
    await t.app.jobs.runDue();
    expect((await mine(saver.headers, application.id)).deposit?.status).toBe("awaiting_funds");
    clock.set(new Date(deadline.getTime() + 60_000));
    expect(await t.app.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const lapsed = (await mine(saver.headers, application.id)).deposit;
    expect(lapsed).toMatchObject({ status: "lapsed", transfer: null, ledger: { balance: 0 } });
    expect(lapsed?.lapsed_at).not.toBeNull();
    const late = await t.app.inject({
      method: "POST",
      url: `/api/admin/deposits/${application.deposit.id}/funding`,
      headers: admin.headers,
      payload: {
        amount: 10_000,
        value_date: dateInZone(deadline, BUSINESS_TIME_ZONE),
        payer_iban: SAVER_IBAN,
      },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("deposit_not_awaiting_funds");
    clock.reset();
  });
});

describe("maturity", () => {
  it("pays principal and interest out, once, when the instruction is payout", async () => {
    const { saver, application, deposit } = await funded("payout");
    const maturity = deposit.maturity_date ?? "";
    // The day before maturity: not yet.
    await moveTo(addDays(maturity, -1));
    expect((await mine(saver.headers, application.id)).deposit?.status).toBe("active");
    await moveTo(maturity);
    const read = async () =>
      (
        await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: saver.headers })
      ).json() as DepositDetail;
    // Matured: the payout is ordered, the money is still on the balance until the bank books it.
    const ordered = await read();
    expect(ordered).toMatchObject({
      status: "payout_pending",
      paid_out_at: null,
      ledger: {
        principal_received: 10_000,
        interest_credited: 350,
        paid_out: 0,
        carried_to_renewal: 0,
        balance: 10_350,
      },
    });
    expect(ordered.events.at(-1)).toMatchObject({
      type: "payout_ordered",
      details: { source: "maturity_payout", amount_cents: "1035000", requested_date: maturity },
    });
    // Running again changes nothing.
    expect(await t.app.jobs.runDue()).toBe(0);
    // The bank books the payment file's debit the next day: only now is the deposit paid out.
    const bookedOn = addDays(maturity, 1);
    await moveTo(bookedOn);
    const settled = await settlePayments(t.app, admin, bookedOn);
    expect(settled.filter((o) => o.deposit_id === deposit.id)).toHaveLength(1);
    const after = await read();
    expect(after).toMatchObject({
      status: "paid_out",
      paid_out_at: startOfDayInZone(bookedOn, BUSINESS_TIME_ZONE).toISOString(),
      ledger: {
        principal_received: 10_000,
        interest_credited: 350,
        paid_out: 10_350,
        carried_to_renewal: 0,
        balance: 0,
      },
    });
    expect(after.events.map((e) => e.type)).toEqual([
      "approved",
      "funds_received",
      "maturity_reminder",
      "matured",
      "payout_ordered",
      "paid_out",
    ]);
    expect(after.events.at(-1)?.details).toMatchObject({ booking_date: bookedOn, payout_cents: "1035000" });
    const entries = await t.app.db
      .selectFrom("deposit_ledger")
      .select("kind")
      .where("deposit_id", "=", deposit.id)
      .execute();
    expect(entries).toHaveLength(3);
    clock.reset();
  });

  it("renews the principal at the rate in force that day and pays out the interest", async () => {
    const { saver, application, deposit } = await funded("renew_principal", 20_000);
    // The rate changes before maturity: the renewal takes the new one.
    await t.app.db
      .updateTable("packages")
      .set({ interest_rate: "3.80" })
      .where("duration_months", "=", 12)
      .execute();
    try {
      await moveTo(deposit.maturity_date ?? "");
      const seen = await mine(saver.headers, application.id);
      expect(seen.previous_deposits).toHaveLength(1);
      // The interest is ordered; it stays on the old deposit's balance until the bank books it.
      expect(seen.previous_deposits[0]).toMatchObject({
        id: deposit.id,
        status: "renewed",
        ledger: {
          principal_received: 20_000,
          interest_credited: 700,
          paid_out: 0,
          carried_to_renewal: 20_000,
          balance: 700,
        },
      });
      const maturity = deposit.maturity_date ?? "";
      const orders = (await settlePayments(t.app, admin, maturity)).filter(
        (o) => o.deposit_id === deposit.id,
      );
      expect(orders).toMatchObject([{ source: "renewal_interest", amount: 700, interest: 700 }]);
      const afterBooking = await mine(saver.headers, application.id);
      expect(afterBooking.previous_deposits[0]).toMatchObject({
        status: "renewed",
        ledger: { paid_out: 700, carried_to_renewal: 20_000, balance: 0 },
      });
      expect(seen.deposit).toMatchObject({
        previous_deposit_id: deposit.id,
        status: "active",
        amount: 20_000,
        interest_rate: 3.8,
        value_date: deposit.maturity_date,
        maturity_instruction: "renew_principal",
        ledger: { principal_received: 20_000, balance: 20_000 },
      });
      expect(seen.deposit?.reference).not.toBe(deposit.reference);
      expect(seen.maturity_date).toBe(seen.deposit?.maturity_date);
    } finally {
      await t.app.db
        .updateTable("packages")
        .set({ interest_rate: "3.50" })
        .where("duration_months", "=", 12)
        .execute();
      clock.reset();
    }
  });

  it("renews principal and interest together (renew all)", async () => {
    const { saver, application, deposit } = await funded("renew_all", 10_000);
    await moveTo(deposit.maturity_date ?? "");
    const seen = await mine(saver.headers, application.id);
    expect(seen.previous_deposits[0]?.ledger).toMatchObject({
      paid_out: 0,
      carried_to_renewal: 10_350,
      balance: 0,
    });
    expect(seen.deposit).toMatchObject({ status: "active", amount: 10_350, ledger: { balance: 10_350 } });
    clock.reset();
  });
});

describe("maturity instruction", () => {
  it("can change until 5 days before maturity, then 409; only by the owner", async () => {
    const { saver, deposit } = await funded("payout");
    const change = (instruction: string, headers = saver.headers) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/deposits/${deposit.id}/maturity-instruction`,
        headers,
        payload: { maturity_instruction: instruction },
      });
    const other = await createUser(t.app);
    expect((await change("renew_all", other.headers)).statusCode).toBe(404);
    const cutoff = addDays(deposit.maturity_date ?? "", -5);
    expect(deposit.instruction_cutoff).toBe(cutoff);
    await moveTo(cutoff);
    const ok = await change("renew_all");
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ maturity_instruction: "renew_all" });
    expect(ok.json().events.at(-1)).toMatchObject({
      type: "instruction_changed",
      details: { from: "payout", to: "renew_all" },
    });
    await moveTo(addDays(cutoff, 1));
    const late = await change("payout");
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("instruction_cutoff_passed");
    expect((await change("later")).statusCode).toBe(400);
    clock.reset();
  });
});

describe("jobs for staff and the clock route", () => {
  it("lists the next runs; the clock route moves time only with CLOCK_CONTROL", async () => {
    const overview = await t.app.inject({ url: "/api/admin/jobs", headers: admin.headers });
    expect(overview.statusCode).toBe(200);
    expect(overview.json()).toHaveProperty("next");
    const moved = await t.app.inject({
      method: "POST",
      url: "/api/admin/clock",
      headers: admin.headers,
      payload: { advance_days: 1 },
    });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().now) - Date.now()).toBeGreaterThan(23 * 3_600_000);
    clock.reset();
    const plain = await createTestApp();
    try {
      const boss = await createAdmin(plain.app);
      const refused = await plain.app.inject({
        method: "POST",
        url: "/api/admin/clock",
        headers: boss.headers,
        payload: { advance_days: 1 },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().code).toBe("clock_control_disabled");
    } finally {
      await plain.close();
    }
  });

  it("retries a failing job with backoff and marks it failed after its attempts", async () => {
    await t.app.db
      .insertInto("jobs")
      .values({
        name: "deposit.lapse",
        key: "deposit.lapse:broken",
        run_at: clock.now(),
        payload: JSON.stringify({}),
        max_attempts: 2,
      })
      .execute();
    await t.app.jobs.runDue();
    let row = await t.app.db
      .selectFrom("jobs")
      .selectAll()
      .where("key", "=", "deposit.lapse:broken")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "pending", attempts: 1 });
    expect(row.last_error).toMatch(/names no deposit/);
    expect(row.run_at.getTime() - clock.now().getTime()).toBeGreaterThan(50_000);
    clock.advance(2 * 60_000);
    await t.app.jobs.runDue();
    row = await t.app.db
      .selectFrom("jobs")
      .selectAll()
      .where("key", "=", "deposit.lapse:broken")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: "failed", attempts: 2 });
    const overview = (await t.app.inject({ url: "/api/admin/jobs", headers: admin.headers })).json();
    expect(overview.failed.map((j: { key: string }) => j.key)).toContain("deposit.lapse:broken");
    clock.reset();
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL", () => {
  it("run every due maturity job exactly once", async () => {
    const { database, drop } = await createTestDatabase();
    const url = new URL(process.env.TEST_DATABASE_URL ?? "");
    const name = (
      await database.db
        .selectNoFrom((eb) => eb.fn<string>("current_database", []).as("n"))
        .executeTakeFirstOrThrow()
    ).n;
    url.pathname = `/${name}`;
    const second = await openPostgres(url.toString(), 5);
    const config = t.config;
    const one = await buildApp({ config, database, closeDatabase: false, logger: false });
    const two = await buildApp({ config, database: second, closeDatabase: false, logger: false });
    await one.ready();
    await two.ready();
    try {
      const boss = await createAdmin(one);
      const count = 40;
      for (let i = 0; i < count; i++) {
        const s = await createUser(one);
        const a = await approvedApplication(one, s, boss, {
          amount: 10_000 + i,
          instruction: i % 2 ? "payout" : "renew_all",
        });
        const res = await one.inject({
          method: "POST",
          url: `/api/admin/deposits/${a.deposit.id}/funding`,
          headers: boss.headers,
          payload: {
            amount: 10_000 + i,
            value_date: dateInZone(new Date(), BUSINESS_TIME_ZONE),
            payer_iban: SAVER_IBAN,
          },
        });
        expect(res.statusCode).toBe(200);
      }
      // Both processes' clocks are a year and a day ahead; both claim at once.
      const later = new Date(Date.now() + 367 * 86_400_000);
      one.depositSettings.adjustableClock?.set(later);
      two.depositSettings.adjustableClock?.set(later);
      const [ranOne, ranTwo] = await Promise.all([one.jobs.runDue(), two.jobs.runDue()]);
      const maturityJobs = await database.db
        .selectFrom("jobs")
        .selectAll()
        .where("name", "=", "deposit.maturity")
        .where("run_at", "<=", later)
        .execute();
      expect(maturityJobs.length).toBeGreaterThanOrEqual(count);
      expect(maturityJobs.every((j) => j.state === "done" && j.attempts === 1)).toBe(true);
      expect(ranOne + ranTwo).toBe(
        await database.db
          .selectFrom("jobs")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("attempts", ">", 0)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      );
      const credited = await database.db
        .selectFrom("deposit_ledger")
        .select(["deposit_id", (eb) => eb.fn.countAll<number>().as("n")])
        .where("kind", "=", "interest_credited")
        .groupBy("deposit_id")
        .execute();
      expect(credited).toHaveLength(count);
      expect(credited.every((c) => Number(c.n) === 1)).toBe(true);
      const renewals = await database.db
        .selectFrom("deposits")
        .select("id")
        .where("previous_deposit_id", "is not", null)
        .execute();
      expect(renewals).toHaveLength(count / 2);
    } finally {
      await one.close();
      await two.close();
      await second.close();
      await drop();
    }
  });
});
