import { addDays, type Reconciliation, type ReconciliationRun } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { reconciliationRunAt, scheduleReconciliation } from "../src/modules/ledger/reconciliation.service.ts";
import type { TestApp } from "./helpers/app.ts";
import { createClockApp } from "./helpers/clock-app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { BANK_IBAN, publishPayment, today } from "./helpers/ledger.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let day: string;

/** Further partner bank accounts, one per scenario, so each has its own cash account. */
const CONSISTENT_IBAN = "DE02120300000000202051";
const BOOK_ONLY_IBAN = "DE02500105170137075030";
const BANK_ONLY_IBAN = "FR7630006000011234567890189";

beforeAll(async () => {
  ({ t, clock, admin } = await createClockApp());
  day = today(clock);

  // BANK_IBAN: staff record a funding of 10,000.00 by hand (no statement entry names it); the
  // statement of the day has the credit under its own key (not booked by the import) and a fee.
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, { amount: 10_000 });
  const funded = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${application.deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount: 10_000, value_date: day, payer_iban: SAVER_IBAN },
  });
  expect(funded.statusCode, funded.body).toBe(200);
  await publishPayment(t.app, {
    kind: "statement_imported",
    at: clock.now(),
    statementId: "STMT-MAIN",
    accountIban: BANK_IBAN,
    closingBalanceCents: 1_000_000n - 1_250n,
    closingDate: day,
    openingBalanceCents: 0n,
    entries: [
      {
        key: "CR-1",
        direction: "credit",
        amountCents: 1_000_000n,
        bookingDate: day,
        valueDate: day,
        reversal: false,
        endToEndId: "E2E-CR-1",
        outcome: "ignored",
      },
      {
        key: "FEE-1",
        direction: "debit",
        amountCents: 1_250n,
        bookingDate: day,
        valueDate: day,
        reversal: false,
        endToEndId: null,
        outcome: "ignored",
      },
    ],
  });

  // CONSISTENT_IBAN: an unmatched credit, and the statement that has it: books and bank agree.
  // BOOK_ONLY_IBAN: the same credit booked, but the statement does not list it.
  for (const [iban, listed] of [
    [CONSISTENT_IBAN, true],
    [BOOK_ONLY_IBAN, false],
  ] as const) {
    await publishPayment(t.app, {
      kind: "credit_unmatched",
      at: clock.now(),
      accountIban: iban,
      amountCents: 50_000n,
      bookingDate: day,
      statementId: `STMT-${iban}`,
      statementEntryKey: "K1",
      payerIban: null,
      payerName: null,
    });
    await publishPayment(t.app, {
      kind: "statement_imported",
      at: clock.now(),
      statementId: `STMT-${iban}`,
      accountIban: iban,
      closingBalanceCents: 50_000n,
      closingDate: day,
      openingBalanceCents: 0n,
      entries: listed
        ? [
            {
              key: "K1",
              direction: "credit",
              amountCents: 50_000n,
              bookingDate: day,
              valueDate: day,
              reversal: false,
              endToEndId: null,
              outcome: "unmatched",
            },
          ]
        : [],
    });
  }

  // BANK_ONLY_IBAN: the bank charged a fee the books do not have.
  await publishPayment(t.app, {
    kind: "statement_imported",
    at: clock.now(),
    statementId: "STMT-FEE",
    accountIban: BANK_ONLY_IBAN,
    closingBalanceCents: -500n,
    closingDate: day,
    openingBalanceCents: 0n,
    entries: [
      {
        key: "FEE-9",
        direction: "debit",
        amountCents: 500n,
        bookingDate: day,
        valueDate: day,
        reversal: false,
        endToEndId: null,
        outcome: "ignored",
      },
    ],
  });
});
afterAll(() => t.close());

async function reconcile(account: string, date = day) {
  const res = await t.app.inject({
    url: `/api/admin/reconciliation?date=${date}&account=${encodeURIComponent(account)}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Reconciliation;
}

describe("reconciliation of a day", () => {
  it("finds a difference in each direction and the balance difference they make", async () => {
    const result = await reconcile(BANK_IBAN);
    expect(result).toMatchObject({
      status: "difference",
      account: BANK_IBAN,
      statement_id: "STMT-MAIN",
      book_balance_cents: 1_000_000,
      bank_balance_cents: 998_750,
      difference_cents: 1_250,
      book_balance: 10_000,
      bank_balance: 9_987.5,
      difference: 12.5,
    });
    expect(result.differences).toHaveLength(3);
    expect(result.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ side: "book_only", kind: "funds_received", amount_cents: 1_000_000 }),
        expect.objectContaining({ side: "bank_only", statement_entry_key: "CR-1", amount_cents: 1_000_000 }),
        expect.objectContaining({ side: "bank_only", statement_entry_key: "FEE-1", amount_cents: -1_250 }),
      ]),
    );
  });

  it("reports none when the books and the bank agree", async () => {
    const result = await reconcile(CONSISTENT_IBAN);
    expect(result).toMatchObject({
      status: "consistent",
      book_balance_cents: 50_000,
      bank_balance_cents: 50_000,
      difference_cents: 0,
      differences: [],
    });
  });

  it("booked here, not at the bank", async () => {
    const result = await reconcile(BOOK_ONLY_IBAN);
    expect(result.status).toBe("difference");
    expect(result.difference_cents).toBe(0);
    expect(result.differences).toEqual([
      expect.objectContaining({
        side: "book_only",
        kind: "credit_unmatched",
        amount_cents: 50_000,
        statement_entry_key: "K1",
      }),
    ]);
  });

  it("at the bank, not here", async () => {
    const result = await reconcile(BANK_ONLY_IBAN);
    expect(result).toMatchObject({ status: "difference", book_balance_cents: 0, difference_cents: 500 });
    expect(result.differences).toEqual([
      expect.objectContaining({ side: "bank_only", statement_entry_key: "FEE-9", amount_cents: -500 }),
    ]);
  });

  it("keeps a statement once, however often it is reported", async () => {
    await publishPayment(t.app, {
      kind: "statement_imported",
      at: clock.now(),
      statementId: "STMT-FEE",
      accountIban: BANK_ONLY_IBAN,
      closingBalanceCents: 0n,
      closingDate: day,
      openingBalanceCents: 0n,
      entries: [],
    });
    const result = await reconcile(BANK_ONLY_IBAN);
    expect(result.bank_balance_cents).toBe(-500);
    expect(result.differences).toHaveLength(1);
  });

  it("a day without a statement says so; the account may be written with spaces", async () => {
    const result = await reconcile("DE52 0000 0000 0012 3456 78", addDays(day, 1));
    expect(result).toMatchObject({
      status: "no_statement",
      account: BANK_IBAN,
      bank_balance: null,
      book_balance_cents: 1_000_000,
      differences: [],
    });
  });

  it("admins only; a bad account or date is 400", async () => {
    const saver = await createUser(t.app);
    const url = `/api/admin/reconciliation?date=${day}&account=${BANK_IBAN}`;
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: saver.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: "/api/admin/reconciliation/runs" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/admin/reconciliation/runs", headers: saver.headers })).statusCode,
    ).toBe(403);
    for (const query of [`date=${day}&account=nope`, `date=2030-13-01&account=${BANK_IBAN}`, `date=${day}`]) {
      const res = await t.app.inject({ url: `/api/admin/reconciliation?${query}`, headers: admin.headers });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe("the daily reconciliation job", () => {
  it("records each account's result once, tells the admins of a difference, and schedules the next day", async () => {
    const unreadBefore = await t.app.db
      .selectFrom("notification_recipients")
      .select("notification_id")
      .where("user_id", "=", admin.user.id)
      .execute();
    await scheduleReconciliation(t.app.db, day);
    // Not before its time.
    clock.set(new Date(reconciliationRunAt(day).getTime() - 60_000));
    await t.app.jobs.runDue();
    expect(await t.app.db.selectFrom("ledger_reconciliation_runs").selectAll().execute()).toHaveLength(0);
    clock.set(new Date(reconciliationRunAt(day).getTime() + 60_000));
    try {
      expect(await t.app.jobs.runDue()).toBe(1);
      const res = await t.app.inject({ url: "/api/admin/reconciliation/runs", headers: admin.headers });
      expect(res.statusCode).toBe(200);
      const runs = res.json() as ReconciliationRun[];
      expect(res.headers["x-total-count"]).toBe("4");
      const byAccount = Object.fromEntries(runs.map((r) => [r.account, r]));
      expect(byAccount[BANK_IBAN]).toMatchObject({ date: day, status: "difference", differences: 3 });
      expect(byAccount[CONSISTENT_IBAN]).toMatchObject({ status: "consistent", differences: 0 });
      expect(byAccount[BOOK_ONLY_IBAN]).toMatchObject({ status: "difference", differences: 1 });
      expect(byAccount[BANK_ONLY_IBAN]).toMatchObject({ status: "difference", bank_balance: -5 });
      const filtered = await t.app.inject({
        url: `/api/admin/reconciliation/runs?account=${CONSISTENT_IBAN}`,
        headers: admin.headers,
      });
      expect((filtered.json() as ReconciliationRun[]).map((r) => r.account)).toEqual([CONSISTENT_IBAN]);

      // The admins are told, in their inbox, which accounts differ.
      const told = await t.app.db
        .selectFrom("notification_recipients as r")
        .innerJoin("notifications as n", "n.id", "r.notification_id")
        .select(["n.title", "n.message", "n.translations"])
        .where("r.user_id", "=", admin.user.id)
        .where("r.notification_id", "not in", [
          "00000000-0000-0000-0000-000000000000",
          ...unreadBefore.map((u) => u.notification_id),
        ])
        .execute();
      expect(told).toHaveLength(1);
      expect(told[0]?.title).toBe(`Reconciliation ${day}: books and bank differ`);
      expect(told[0]?.message).toContain(BANK_IBAN);
      expect(told[0]?.message).not.toContain(CONSISTENT_IBAN);
      expect(told[0]?.translations?.de?.title).toContain("Abstimmung");
      const inbox = await t.app.inject({ url: "/api/notifications", headers: admin.headers });
      expect(inbox.body).toContain(`Reconciliation ${day}`);

      // The next day's run is scheduled; running again records nothing twice.
      const next = await t.app.db
        .selectFrom("jobs")
        .select(["state", "run_at"])
        .where("key", "=", `ledger.reconcile:${addDays(day, 1)}`)
        .executeTakeFirstOrThrow();
      expect(next.state).toBe("pending");
      expect(next.run_at.toISOString()).toBe(reconciliationRunAt(addDays(day, 1)).toISOString());
      expect(await t.app.jobs.runDue()).toBe(0);
      expect(await t.app.db.selectFrom("ledger_reconciliation_runs").selectAll().execute()).toHaveLength(4);
    } finally {
      clock.reset();
    }
  });
});
