import { randomUUID } from "node:crypto";
import { addDays, type DepositDetail, type TrialBalance } from "@festgeld/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import {
  BANK_IBAN,
  balance,
  depositLedgerBalance,
  entriesOf,
  moveTo,
  order,
  publishPayment,
  today,
} from "./helpers/ledger.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

const cash = `banks:${BANK_IBAN}:cash`;
const interest = `banks:${BANK_IBAN}:interest_expense`;
const suspense = `banks:${BANK_IBAN}:suspense`;
const inTransit = `banks:${BANK_IBAN}:in_transit`;
const deposit = (id: string) => `deposits:${id}`;

beforeAll(async () => {
  t = await createTestApp({ CLOCK_CONTROL: "true" });
  const adjustable = t.app.depositSettings.adjustableClock;
  if (!adjustable) throw new Error("CLOCK_CONTROL did not give an adjustable clock");
  clock = adjustable;
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

/** A deposit funded by staff today (the clock's today), for a new saver. */
async function funded(instruction: "payout" | "renew_principal" | "renew_all", amount = 10_000) {
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, { amount, instruction, months: 12 });
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${application.deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount, value_date: today(clock), payer_iban: SAVER_IBAN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { saver, application, deposit: res.json() as DepositDetail };
}

async function trialBalance(date: string) {
  const res = await t.app.inject({
    url: `/api/admin/ledger/trial-balance?date=${date}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TrialBalance;
}

describe("the database keeps the journal balanced and append-only", () => {
  it("refuses an entry whose lines do not sum to zero, or that has one line", async () => {
    await t.app.db
      .insertInto("ledger_accounts")
      .values([
        { address: cash, type: "cash", bank_iban: BANK_IBAN },
        { address: suspense, type: "suspense", bank_iban: BANK_IBAN },
      ])
      .onConflict((oc) => oc.column("address").doNothing())
      .execute();
    const unbalanced = t.app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        insert into ledger_entries (kind, reference, effective_date, created_at)
        values ('test', ${`test:${randomUUID()}`}, '2030-01-01', now()) returning id`.execute(trx);
      const id = rows[0]?.id;
      await sql`insert into ledger_lines (entry_id, account, amount_cents)
                values (${id}, ${cash}, 100), (${id}, ${suspense}, -99)`.execute(trx);
    });
    await expect(unbalanced).rejects.toThrow(/does not balance/);
    const single = t.app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        insert into ledger_entries (kind, reference, effective_date, created_at)
        values ('test', ${`test:${randomUUID()}`}, '2030-01-01', now()) returning id`.execute(trx);
      await sql`insert into ledger_lines (entry_id, account, amount_cents)
                values (${rows[0]?.id}, ${cash}, 100)`.execute(trx);
    });
    await expect(single).rejects.toThrow(/at least two/);
    const empty = sql`insert into ledger_entries (kind, reference, effective_date, created_at)
                      values ('test', ${`test:${randomUUID()}`}, '2030-01-01', now())`.execute(t.app.db);
    await expect(empty).rejects.toThrow(/at least two/);
    // Nothing of the refused entries stayed.
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ledger_entries where kind = 'test'`.execute(t.app.db);
    expect(Number(rows[0]?.n)).toBe(0);
  });

  it("refuses to change or delete a line or an entry; a balanced entry commits", async () => {
    const reference = `test:${randomUUID()}`;
    await t.app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        insert into ledger_entries (kind, reference, effective_date, created_at)
        values ('test_ok', ${reference}, '2030-01-01', now()) returning id`.execute(trx);
      await sql`insert into ledger_lines (entry_id, account, amount_cents)
                values (${rows[0]?.id}, ${cash}, 100), (${rows[0]?.id}, ${suspense}, -100)`.execute(trx);
    });
    const entry = await t.app.db
      .selectFrom("ledger_entries")
      .select("id")
      .where("reference", "=", reference)
      .executeTakeFirstOrThrow();
    await expect(
      sql`update ledger_lines set amount_cents = 200 where entry_id = ${entry.id}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from ledger_lines where entry_id = ${entry.id}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`update ledger_entries set effective_date = '2031-01-01' where id = ${entry.id}`.execute(t.app.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from ledger_entries where id = ${entry.id}`.execute(t.app.db)).rejects.toThrow(
      /append-only/,
    );
    // Correct it the way the books do: a reversing entry that names it.
    await t.app.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        insert into ledger_entries (kind, reference, effective_date, created_at, reverses_entry_id)
        values ('reversal', ${`${reference}:reversed`}, '2030-01-01', now(), ${entry.id}) returning id`.execute(
        trx,
      );
      await sql`insert into ledger_lines (entry_id, account, amount_cents)
                values (${rows[0]?.id}, ${cash}, -100), (${rows[0]?.id}, ${suspense}, 100)`.execute(trx);
    });
    // A second reversal of the same entry is refused.
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number }>`
          insert into ledger_entries (kind, reference, effective_date, created_at, reverses_entry_id)
          values ('reversal', ${`${reference}:again`}, '2030-01-01', now(), ${entry.id}) returning id`.execute(
          trx,
        );
        await sql`insert into ledger_lines (entry_id, account, amount_cents)
                  values (${rows[0]?.id}, ${cash}, -100), (${rows[0]?.id}, ${suspense}, 100)`.execute(trx);
      }),
    ).rejects.toThrow();
  });
});

describe("postings from the deposit events", () => {
  it("funding by staff: cash to the deposit's balance, equal to its per-deposit ledger", async () => {
    clock.reset();
    const { deposit: d } = await funded("payout", 10_000);
    const entries = await entriesOf(t.app, d.id);
    expect(entries.map((e) => e.kind)).toEqual(["funds_received"]);
    expect(entries[0]?.effective_date).toBe(today(clock));
    expect(await balance(t.app, deposit(d.id))).toBe(-1_000_000);
    expect(0 - (await balance(t.app, deposit(d.id)))).toBe(await depositLedgerBalance(t.app, d.id));
  });

  it("a statement credit funds the deposit and books cash to it", async () => {
    clock.reset();
    const saver = await createUser(t.app);
    const application = await approvedApplication(t.app, saver, admin, { amount: 5_000 });
    const { camt053 } = await import("./helpers/deposits.ts");
    const xml = camt053("08", {
      messageId: `LEDGER-${randomUUID().slice(0, 8)}`,
      credits: [{ amount: "5000.00", reference: application.deposit.reference, valueDate: today(clock) }],
    });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/bank-statements",
      headers: admin.headers,
      payload: { xml, dry_run: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().matched).toHaveLength(1);
    const entries = await entriesOf(t.app, application.deposit.id);
    expect(entries.map((e) => e.kind)).toEqual(["funds_received"]);
    expect(await balance(t.app, deposit(application.deposit.id))).toBe(-500_000);
    expect(await depositLedgerBalance(t.app, application.deposit.id)).toBe(500_000);
  });

  it("a statement credit's entry carries the statement id and entry key", async () => {
    clock.reset();
    const saver = await createUser(t.app);
    const application = await approvedApplication(t.app, saver, admin, { amount: 5_000 });
    const row = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", application.deposit.id)
      .executeTakeFirstOrThrow();
    const event = {
      type: "funds_received" as const,
      depositId: row.id,
      applicationId: row.application_id,
      userId: row.user_id,
      at: clock.now(),
      deposit: row,
      details: {
        amount_cents: "500000",
        value_date: today(clock),
        maturity_date: addDays(today(clock), 365),
        source: "statement" as const,
        statement_id: "STMT-FUND-1",
        statement_entry_key: "REF-7",
      },
    };
    for (let i = 0; i < 2; i++) {
      await t.app.db.transaction().execute((trx) => t.app.events.publish("deposit", event, trx));
    }
    const entries = await t.app.db
      .selectFrom("ledger_entries")
      .select(["kind", "statement_id", "statement_entry_key"])
      .where("deposit_id", "=", row.id)
      .execute();
    // Published twice, booked once.
    expect(entries).toEqual([
      { kind: "funds_received", statement_id: "STMT-FUND-1", statement_entry_key: "REF-7" },
    ]);
  });

  it("maturity with payout: interest expense to the deposit, then the payout without an order", async () => {
    clock.reset();
    const { deposit: d } = await funded("payout", 10_000);
    await moveTo(t.app, clock, d.maturity_date ?? "");
    try {
      const entries = await entriesOf(t.app, d.id);
      expect(entries.map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "payout_without_order",
      ]);
      expect(entries[1]?.effective_date).toBe(d.maturity_date);
      expect(await balance(t.app, deposit(d.id))).toBe(0);
      expect(await depositLedgerBalance(t.app, d.id)).toBe(0);
      // Running the jobs again books nothing more.
      await t.app.jobs.runDue();
      expect(await entriesOf(t.app, d.id)).toHaveLength(3);
    } finally {
      clock.reset();
    }
  });

  it("renewals carry the balance over to the new deposit; the interest of renew_principal is paid out", async () => {
    clock.reset();
    const principalOnly = await funded("renew_principal", 20_000);
    const all = await funded("renew_all", 10_000);
    await moveTo(t.app, clock, principalOnly.deposit.maturity_date ?? "");
    try {
      for (const { deposit: d } of [principalOnly, all]) {
        const next = await t.app.db
          .selectFrom("deposits")
          .select(["id", "amount_cents"])
          .where("previous_deposit_id", "=", d.id)
          .executeTakeFirstOrThrow();
        expect(await balance(t.app, deposit(d.id))).toBe(0);
        expect(await balance(t.app, deposit(next.id))).toBe(-Number(next.amount_cents));
        expect(0 - (await balance(t.app, deposit(next.id)))).toBe(await depositLedgerBalance(t.app, next.id));
        expect(await depositLedgerBalance(t.app, d.id)).toBe(0);
      }
      const kinds = (await entriesOf(t.app, principalOnly.deposit.id)).map((e) => e.kind);
      expect(kinds).toEqual([
        "funds_received",
        "interest_credited",
        "renewal_carry_over",
        "payout_without_order",
      ]);
      expect((await entriesOf(t.app, all.deposit.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "renewal_carry_over",
      ]);
    } finally {
      clock.reset();
    }
  });

  it("early closure: the interest the rule gives to the deposit, then its payout", async () => {
    clock.reset();
    const saver = await createUser(t.app);
    const application = await approvedApplication(t.app, saver, admin, { amount: 10_000, months: 3 });
    const fundedRes = await t.app.inject({
      method: "POST",
      url: `/api/admin/deposits/${application.deposit.id}/funding`,
      headers: admin.headers,
      payload: { amount: 10_000, value_date: today(clock), payer_iban: SAVER_IBAN },
    });
    expect(fundedRes.statusCode, fundedRes.body).toBe(200);
    const valueDate = (fundedRes.json() as DepositDetail).value_date ?? "";
    // Two whole months and a few days later: 10,000.00 at 2.50 % for 2 months = 41.67.
    await moveTo(t.app, clock, addDays(addDays(valueDate, 61), 5));
    try {
      const quote = await t.app.inject({
        url: `/api/deposits/${application.deposit.id}/early-closure`,
        headers: saver.headers,
      });
      expect(quote.statusCode, quote.body).toBe(200);
      const closed = await t.app.inject({
        method: "POST",
        url: `/api/deposits/${application.deposit.id}/early-closure`,
        headers: saver.headers,
        payload: { expected_payout: quote.json().payout },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      const entries = await entriesOf(t.app, application.deposit.id);
      expect(entries.map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "payout_without_order",
      ]);
      expect(entries[1]?.effective_date).toBe(today(clock));
      const interestLine = await t.app.db
        .selectFrom("ledger_lines")
        .select("amount_cents")
        .where("entry_id", "=", entries[1]?.id ?? 0)
        .where("account", "=", interest)
        .executeTakeFirstOrThrow();
      expect(Number(interestLine.amount_cents)).toBe(Math.round(quote.json().interest * 100));
      expect(await balance(t.app, deposit(application.deposit.id))).toBe(0);
      expect(await depositLedgerBalance(t.app, application.deposit.id)).toBe(0);
    } finally {
      clock.reset();
    }
  });

  it("a withdrawal pays the money received back (without an order until payment orders exist)", async () => {
    clock.reset();
    const { application, saver } = await funded("payout", 5_000);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/applications/${application.id}/withdraw`,
      headers: saver.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const kinds = (await entriesOf(t.app, application.deposit.id)).map((e) => e.kind);
    expect(kinds).toEqual(["funds_received", "payout_without_order"]);
    expect(await balance(t.app, deposit(application.deposit.id))).toBe(0);
  });
});

describe("postings from the payment events", () => {
  it("order created, booked, returned, created again and cancelled; each once", async () => {
    clock.reset();
    const { deposit: d } = await funded("payout", 10_000);
    await moveTo(t.app, clock, d.maturity_date ?? "");
    try {
      const cashBefore = await balance(t.app, cash);
      const transitBefore = await balance(t.app, inTransit);
      const first = order({
        id: randomUUID(),
        depositId: d.id,
        amountCents: 1_035_000,
        principalCents: 1_000_000,
        interestCents: 35_000,
      });
      const at = clock.now();
      await publishPayment(t.app, { kind: "order_created", at, order: first, actorId: null });
      // The payout booked "on paper" is reversed: the order books the money now.
      expect(await balance(t.app, deposit(d.id))).toBe(0);
      expect(await balance(t.app, cash)).toBe(cashBefore + 1_035_000);
      expect(await balance(t.app, inTransit)).toBe(transitBefore - 1_035_000);
      const booked = {
        kind: "order_booked" as const,
        at,
        order: { ...first, status: "booked" as const },
        bookingDate: today(clock),
        statementId: "STMT-OUT-1",
        statementEntryKey: "DBIT-1",
      };
      await publishPayment(t.app, booked);
      await publishPayment(t.app, booked);
      expect(await balance(t.app, cash)).toBe(cashBefore);
      expect(await balance(t.app, inTransit)).toBe(transitBefore);
      const kinds = (await entriesOf(t.app, d.id)).map((e) => e.kind);
      expect(kinds).toEqual([
        "funds_received",
        "interest_credited",
        "payout_without_order",
        "reversal",
        "order_created",
        "order_booked",
      ]);

      // The saver's bank sends it back: the saver is owed it again.
      await publishPayment(t.app, {
        kind: "order_returned",
        at,
        order: { ...first, status: "returned" },
        bookingDate: today(clock),
        reasonCode: "AC04",
        statementId: "STMT-OUT-2",
        statementEntryKey: "RTRN-1",
      });
      expect(await balance(t.app, deposit(d.id))).toBe(-1_035_000);
      expect(await balance(t.app, cash)).toBe(cashBefore + 1_035_000);

      // A new order for it is created, then cancelled before it went out.
      const second = { ...first, id: randomUUID() };
      await publishPayment(t.app, { kind: "order_created", at, order: second, actorId: null });
      expect(await balance(t.app, deposit(d.id))).toBe(0);
      await publishPayment(t.app, {
        kind: "order_cancelled",
        at,
        order: { ...second, status: "cancelled" },
        reason: "wrong account",
        actorId: admin.user.id,
      });
      expect(await balance(t.app, deposit(d.id))).toBe(-1_035_000);
      expect(await balance(t.app, inTransit)).toBe(transitBefore);
      const cancelled = await t.app.db
        .selectFrom("ledger_entries")
        .select(["kind", "reverses_entry_id"])
        .where("reference", "=", `order:${second.id}:cancelled`)
        .executeTakeFirstOrThrow();
      expect(cancelled.reverses_entry_id).not.toBeNull();
    } finally {
      clock.reset();
    }
  });

  it("an order the bank returns before booking it comes back out of transit, not out of cash", async () => {
    clock.reset();
    const { deposit: d } = await funded("payout", 6_000);
    const at = clock.now();
    const [cashBefore, transitBefore] = [await balance(t.app, cash), await balance(t.app, inTransit)];
    const refund = order({
      id: randomUUID(),
      source: "withdrawal_refund",
      depositId: d.id,
      amountCents: 600_000,
    });
    await publishPayment(t.app, { kind: "order_created", at, order: refund, actorId: null });
    expect(await balance(t.app, deposit(d.id))).toBe(0);
    await publishPayment(t.app, {
      kind: "order_returned",
      at,
      order: { ...refund, status: "returned" },
      bookingDate: today(clock),
      reasonCode: "AC04",
      statementId: "STMT-RJCT-1",
      statementEntryKey: "RJCT-1",
    });
    expect(await balance(t.app, deposit(d.id))).toBe(-600_000);
    expect(await balance(t.app, inTransit)).toBe(transitBefore);
    expect(await balance(t.app, cash)).toBe(cashBefore);
    const returned = await t.app.db
      .selectFrom("ledger_entries")
      .select(["statement_id"])
      .where("reference", "=", `order:${refund.id}:returned`)
      .executeTakeFirstOrThrow();
    expect(returned.statement_id).toBeNull();
  });

  it("an unmatched credit waits in suspense; its return goes out of suspense and may come back", async () => {
    clock.reset();
    const at = clock.now();
    const day = today(clock);
    const [cashBefore, suspenseBefore, transitBefore] = [
      await balance(t.app, cash),
      await balance(t.app, suspense),
      await balance(t.app, inTransit),
    ];
    const unmatched = {
      kind: "credit_unmatched" as const,
      at,
      accountIban: BANK_IBAN,
      amountCents: 12_345,
      bookingDate: day,
      statementId: "STMT-IN-9",
      statementEntryKey: "CRDT-9",
      payerIban: "FR7630006000011234567890189",
      payerName: "Jean Dupont",
    };
    await publishPayment(t.app, unmatched);
    await publishPayment(t.app, unmatched);
    expect(await balance(t.app, cash)).toBe(cashBefore + 12_345);
    expect(await balance(t.app, suspense)).toBe(suspenseBefore - 12_345);

    const giveBack = order({
      id: randomUUID(),
      source: "credit_return",
      amountCents: 12_345,
      returnsStatementEntry: "CRDT-9",
    });
    await publishPayment(t.app, { kind: "order_created", at, order: giveBack, actorId: admin.user.id });
    expect(await balance(t.app, suspense)).toBe(suspenseBefore);
    expect(await balance(t.app, inTransit)).toBe(transitBefore - 12_345);
    await publishPayment(t.app, {
      kind: "order_booked",
      at,
      order: giveBack,
      bookingDate: day,
      statementId: "STMT-OUT-9",
      statementEntryKey: "DBIT-9",
    });
    expect(await balance(t.app, cash)).toBe(cashBefore);
    expect(await balance(t.app, inTransit)).toBe(transitBefore);
    await publishPayment(t.app, {
      kind: "order_returned",
      at,
      order: giveBack,
      bookingDate: day,
      reasonCode: "AC01",
      statementId: "STMT-OUT-10",
      statementEntryKey: "RTRN-9",
    });
    expect(await balance(t.app, suspense)).toBe(suspenseBefore - 12_345);
    expect(await balance(t.app, cash)).toBe(cashBefore + 12_345);
  });
});

describe("the trial balance", () => {
  it("lists every account's balance at the end of a day; the total is exactly 0 on every day", async () => {
    const day = today(clock);
    const before = await trialBalance("2000-01-01");
    expect(before).toMatchObject({ total: 0, total_cents: 0 });
    for (const date of [day, addDays(day, 1), addDays(day, 400), "2000-01-01"]) {
      const tb = await trialBalance(date);
      expect(tb.total_cents).toBe(0);
      expect(tb.total).toBe(0);
      expect(tb.accounts.reduce((sum, a) => sum + a.balance_cents, 0)).toBe(0);
    }
    const now = await trialBalance(addDays(day, 400));
    const cashRow = now.accounts.find((a) => a.account === cash);
    expect(cashRow?.balance_cents).toBe(await balance(t.app, cash));
    expect(now.accounts.find((a) => a.account === interest)?.type).toBe("interest_expense");
    // By effective date: a day before anything was booked has no cash.
    expect(before.accounts.find((a) => a.account === cash)).toBeUndefined();
  });

  it("admins only: 401 without a session, 403 for a saver, 400 for a bad date", async () => {
    const saver = await createUser(t.app);
    const url = "/api/admin/ledger/trial-balance?date=2030-01-01";
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect((await t.app.inject({ url, headers: saver.headers })).statusCode).toBe(403);
    for (const date of ["2030-02-30", "yesterday", ""]) {
      const res = await t.app.inject({
        url: `/api/admin/ledger/trial-balance?date=${date}`,
        headers: admin.headers,
      });
      expect(res.statusCode, date).toBe(400);
    }
  });
});

describe("opening entries from the per-deposit ledger", () => {
  it("books each existing deposit's ledger into the journal: every journal balance equals its ledger balance", async () => {
    clock.reset();
    // Deposits as an installation before the journal had them: rows written straight into
    // deposit_ledger, with no events (so no postings).
    const a = await approvedApplication(t.app, await createUser(t.app), admin, { amount: 8_000 });
    const b = await approvedApplication(t.app, await createUser(t.app), admin, { amount: 6_000 });
    const c = await approvedApplication(t.app, await createUser(t.app), admin, { amount: 5_000 });
    const oldB = await t.app.db
      .selectFrom("deposits")
      .selectAll()
      .where("id", "=", b.deposit.id)
      .executeTakeFirstOrThrow();
    const renewal = await t.app.db
      .insertInto("deposits")
      .values({
        ...oldB,
        id: randomUUID(),
        previous_deposit_id: oldB.id,
        reference: "RF47FG999999",
        status: "active",
        amount_cents: "621000",
        value_date: "2024-03-01",
        maturity_date: "2025-03-01",
        funding_deadline: null,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const ledger = (
      deposit_id: string,
      kind: string,
      cents: number,
      value_date: string,
      source = "manual",
    ) => ({
      deposit_id,
      kind: kind as never,
      amount_cents: cents,
      value_date,
      source,
      booked_at: new Date(`${value_date}T10:00:00Z`),
    });
    await t.app.db
      .insertInto("deposit_ledger")
      .values([
        ledger(a.deposit.id, "principal_received", 800_000, "2023-01-10"),
        ledger(a.deposit.id, "interest_credited", 28_000, "2024-01-10", "maturity"),
        ledger(a.deposit.id, "payout", 828_000, "2024-01-10", "maturity"),
        ledger(b.deposit.id, "principal_received", 600_000, "2023-03-01", "statement"),
        ledger(b.deposit.id, "interest_credited", 21_000, "2024-03-01", "maturity"),
        ledger(b.deposit.id, "carried_to_renewal", 621_000, "2024-03-01", "renewal"),
        ledger(renewal.id, "principal_received", 621_000, "2024-03-01", "renewal"),
        ledger(c.deposit.id, "principal_received", 400_000, "2024-05-05"),
      ])
      .execute();
    const { rows } = await sql<{
      written: number;
    }>`select ledger_open_from_deposit_ledger() as written`.execute(t.app.db);
    expect(Number(rows[0]?.written)).toBe(7);
    for (const id of [a.deposit.id, b.deposit.id, renewal.id, c.deposit.id]) {
      expect(0 - (await balance(t.app, deposit(id))), id).toBe(await depositLedgerBalance(t.app, id));
    }
    expect(await balance(t.app, deposit(renewal.id))).toBe(-621_000);
    expect(await balance(t.app, deposit(c.deposit.id))).toBe(-400_000);
    // Running it again books nothing twice.
    const again = await sql<{ written: number }>`select ledger_open_from_deposit_ledger() as written`.execute(
      t.app.db,
    );
    expect(Number(again.rows[0]?.written)).toBe(0);
    // The opening entries count on their own value dates.
    const tb = await trialBalance("2023-12-31");
    expect(tb.total_cents).toBe(0);
    expect(tb.accounts.find((x) => x.account === deposit(b.deposit.id))?.balance_cents).toBe(-600_000);
  });
});
