import { randomUUID } from "node:crypto";
import { addDays, type DepositDetail, type PaymentOrder } from "@festgeld/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { postPaymentEvent } from "../src/modules/ledger/ledger-postings.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { approvedApplication, fundedByStaff, SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import {
  BANK_IBAN,
  balance,
  depositLedgerBalance,
  depositLinesOn,
  entriesOf,
  journalOwed,
  moveTo,
  order,
  publishPayment,
  readTrialBalance,
  today,
} from "./helpers/ledger.ts";
import { bigCents, centsOf, dbCents, eurosOf } from "./helpers/money.ts";
import {
  createPaymentFiles,
  debitStatement,
  importStatementOk,
  listOrders,
  settlePayments,
} from "./helpers/payments.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

const cash = `banks:${BANK_IBAN}:cash`;
const interest = `banks:${BANK_IBAN}:interest_expense`;
const suspense = `banks:${BANK_IBAN}:suspense`;
const inTransit = `banks:${BANK_IBAN}:in_transit`;
const deposit = (id: string) => `deposits:${id}`;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

/** A deposit funded by staff today (the clock's today), for a new saver. */
function funded(instruction: "payout" | "renew_principal" | "renew_all", amount = 10_000) {
  return fundedByStaff(t.app, admin, today(clock), { instruction, amount });
}

/** A deposit as its saver sees it. */
async function saverDeposit(saver: { headers: { authorization: string } }, id: string) {
  const res = await t.app.inject({ url: `/api/deposits/${id}`, headers: saver.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DepositDetail;
}

/**
 * What the saver's deposit shows from its per-deposit ledger (derived from the journal): the sums and
 * the rows, each with its kind, amount, value date and source.
 */
async function seen(saver: { headers: { authorization: string } }, id: string) {
  const d = await saverDeposit(saver, id);
  return {
    ledger: d.ledger,
    entries: d.entries.map(({ kind, amount, value_date, source }) => ({ kind, amount, value_date, source })),
  };
}

/** The ledger sums a saver sees, from cents: received, credited, paid out, carried over. */
function sums(received: number, credited: number, paidOut = 0, carried = 0) {
  return {
    principal_received: eurosOf(received),
    interest_credited: eurosOf(credited),
    paid_out: eurosOf(paidOut),
    carried_to_renewal: eurosOf(carried),
    balance: eurosOf(received + credited - paidOut - carried),
  };
}

/** One row of the saver's ledger, from cents. */
const row = (kind: string, cents: number, value_date: string, source: string) => ({
  kind,
  amount: eurosOf(cents),
  value_date,
  source,
});

/** The payment orders of a deposit, newest last. */
async function ordersOf(depositId: string): Promise<PaymentOrder[]> {
  return (await listOrders(t.app, admin)).filter((o) => o.deposit_id === depositId);
}

/** Imports a camt.053 statement as staff do. */
const importStatement = (xml: string) => importStatementOk(t.app, admin, xml);

const trialBalance = (date: string) => readTrialBalance(t.app, admin, date);

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
    const { deposit: d, saver } = await funded("payout", 10_000);
    const entries = await entriesOf(t.app, d.id);
    expect(entries.map((e) => e.kind)).toEqual(["funds_received"]);
    expect(entries[0]?.effective_date).toBe(today(clock));
    expect(await balance(t.app, deposit(d.id))).toBe(-1_000_000);
    expect(0 - (await balance(t.app, deposit(d.id)))).toBe(await depositLedgerBalance(t.app, d.id));
    // What the saver sees, derived from that one entry; who booked it is kept in the entry.
    expect(await seen(saver, d.id)).toEqual({
      ledger: sums(1_000_000, 0),
      entries: [row("principal_received", 1_000_000, today(clock), "manual")],
    });
    const derived = await t.app.db
      .selectFrom("deposit_ledger")
      .select(["booked_by", "bank_statement_id", "id"])
      .where("deposit_id", "=", d.id)
      .executeTakeFirstOrThrow();
    expect(derived).toEqual({ booked_by: admin.user.id, bank_statement_id: null, id: entries[0]?.id });
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
    expect(await seen(saver, application.deposit.id)).toEqual({
      ledger: sums(500_000, 0),
      entries: [row("principal_received", 500_000, today(clock), "statement")],
    });
    // The statement the money came from: the entry's statement id is the imported statement's.
    const derived = await t.app.db
      .selectFrom("deposit_ledger")
      .select("bank_statement_id")
      .where("deposit_id", "=", application.deposit.id)
      .executeTakeFirstOrThrow();
    expect(derived.bank_statement_id).toBe(res.json().id);
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

  it("maturity with payout: interest to the deposit, the order moves it into transit, the bank's booking to cash", async () => {
    clock.reset();
    const { deposit: d, saver } = await funded("payout", 10_000);
    await moveTo(t.app, clock, d.maturity_date ?? "");
    try {
      const entries = await entriesOf(t.app, d.id);
      expect(entries.map((e) => e.kind)).toEqual(["funds_received", "interest_credited", "order_created"]);
      expect(entries[1]?.effective_date).toBe(d.maturity_date);
      const [ordered] = await ordersOf(d.id);
      expect(ordered).toMatchObject({ status: "ordered", source: "maturity_payout" });
      const owed = centsOf(ordered?.amount ?? 0);
      expect(owed).toBeGreaterThan(1_000_000);
      // payout_pending: the deposit's account is 0, the money is in transit, the per-deposit ledger
      // still counts it as the saver's until the bank books it.
      expect((await saverDeposit(saver, d.id)).status).toBe("payout_pending");
      expect(await balance(t.app, deposit(d.id))).toBe(0);
      expect(await depositLinesOn(t.app, d.id, inTransit)).toBe(-owed);
      expect(await depositLedgerBalance(t.app, d.id)).toBe(owed);
      expect(await journalOwed(t.app, d.id)).toBe(owed);
      const interestCents = owed - 1_000_000;
      const fundedOn = d.value_date ?? "";
      const maturedOn = d.maturity_date ?? "";
      expect(await seen(saver, d.id)).toEqual({
        ledger: sums(1_000_000, interestCents),
        entries: [
          row("principal_received", 1_000_000, fundedOn, "manual"),
          row("interest_credited", interestCents, maturedOn, "maturity"),
        ],
      });
      // Running the jobs again books nothing more.
      await t.app.jobs.runDue();
      expect(await entriesOf(t.app, d.id)).toHaveLength(3);

      // The payment file, and the statement that books the debit.
      const cashBefore = await balance(t.app, cash);
      const booked = await settlePayments(t.app, admin, today(clock));
      expect(booked.map((o) => o.deposit_id)).toContain(d.id);
      const bookedDeposit = await saverDeposit(saver, d.id);
      expect(bookedDeposit.status).toBe("paid_out");
      const after = await entriesOf(t.app, d.id);
      // paid_out books nothing a second time; the payout row the saver sees is this order_booked entry.
      expect(after.map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "order_created",
        "order_booked",
      ]);
      expect(after[3]?.effective_date).toBe(today(clock));
      expect(await depositLinesOn(t.app, d.id, inTransit)).toBe(0);
      expect(await depositLinesOn(t.app, d.id, cash)).toBe(1_000_000 - owed);
      expect(await balance(t.app, cash)).toBe(
        cashBefore - booked.reduce((sum, o) => sum + centsOf(o.amount), 0),
      );
      expect(await depositLedgerBalance(t.app, d.id)).toBe(0);
      expect(await journalOwed(t.app, d.id)).toBe(0);
      // The payout row appears with the bank's booking, on its booking date.
      expect(await seen(saver, d.id)).toEqual({
        ledger: sums(1_000_000, interestCents, owed),
        entries: [
          row("principal_received", 1_000_000, fundedOn, "manual"),
          row("interest_credited", interestCents, maturedOn, "maturity"),
          row("payout", owed, today(clock), "maturity"),
        ],
      });
    } finally {
      clock.reset();
    }
  });

  it("renewals carry the balance over to the new deposit; the interest of renew_principal is ordered and booked", async () => {
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
        expect(await balance(t.app, deposit(next.id))).toBe(-dbCents(next.amount_cents));
        expect(await journalOwed(t.app, next.id)).toBe(await depositLedgerBalance(t.app, next.id));
        expect(await journalOwed(t.app, d.id)).toBe(await depositLedgerBalance(t.app, d.id));
      }
      const [interestOrder] = await ordersOf(principalOnly.deposit.id);
      expect(interestOrder).toMatchObject({ source: "renewal_interest", status: "ordered" });
      const interestCents = centsOf(interestOrder?.amount ?? 0);
      expect(interestCents).toBeGreaterThan(0);
      // Until the bank books it, the interest is in transit and still on the per-deposit ledger.
      expect(await depositLedgerBalance(t.app, principalOnly.deposit.id)).toBe(interestCents);
      expect(await depositLinesOn(t.app, principalOnly.deposit.id, inTransit)).toBe(-interestCents);
      expect((await entriesOf(t.app, principalOnly.deposit.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "renewal_carry_over",
        "order_created",
      ]);
      expect((await entriesOf(t.app, all.deposit.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "renewal_carry_over",
      ]);
      expect(await depositLedgerBalance(t.app, all.deposit.id)).toBe(0);
      // What each saver sees: the old deposit carried over (all of it, or its principal with the
      // interest still on it until the bank books its payment), the new one received it on the maturity date.
      const maturedOn = principalOnly.deposit.maturity_date ?? "";
      const fundedOn = principalOnly.deposit.value_date ?? "";
      expect(await seen(principalOnly.saver, principalOnly.deposit.id)).toEqual({
        ledger: sums(2_000_000, interestCents, 0, 2_000_000),
        entries: [
          row("principal_received", 2_000_000, fundedOn, "manual"),
          row("interest_credited", interestCents, maturedOn, "maturity"),
          row("carried_to_renewal", 2_000_000, maturedOn, "renewal"),
        ],
      });
      const allNext = await t.app.db
        .selectFrom("deposits")
        .select(["id", "amount_cents"])
        .where("previous_deposit_id", "=", all.deposit.id)
        .executeTakeFirstOrThrow();
      const allInterest = dbCents(allNext.amount_cents) - 1_000_000;
      expect(allInterest).toBeGreaterThan(0);
      expect(await seen(all.saver, all.deposit.id)).toEqual({
        ledger: sums(1_000_000, allInterest, 0, 1_000_000 + allInterest),
        entries: [
          row("principal_received", 1_000_000, fundedOn, "manual"),
          row("interest_credited", allInterest, maturedOn, "maturity"),
          row("carried_to_renewal", 1_000_000 + allInterest, maturedOn, "renewal"),
        ],
      });
      expect(await seen(all.saver, allNext.id)).toEqual({
        ledger: sums(1_000_000 + allInterest, 0),
        entries: [row("principal_received", 1_000_000 + allInterest, maturedOn, "renewal")],
      });

      await settlePayments(t.app, admin, today(clock));
      expect((await entriesOf(t.app, principalOnly.deposit.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "renewal_carry_over",
        "order_created",
        "order_booked",
      ]);
      expect(await depositLedgerBalance(t.app, principalOnly.deposit.id)).toBe(0);
      expect(await journalOwed(t.app, principalOnly.deposit.id)).toBe(0);
      expect((await seen(principalOnly.saver, principalOnly.deposit.id)).ledger).toEqual(
        sums(2_000_000, interestCents, interestCents, 2_000_000),
      );
      expect((await seen(principalOnly.saver, principalOnly.deposit.id)).entries.at(-1)).toEqual(
        row("payout", interestCents, today(clock), "maturity"),
      );
    } finally {
      clock.reset();
    }
  });

  it("early closure: the interest the rule gives to the deposit, then its payout through an order", async () => {
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
      expect(entries.map((e) => e.kind)).toEqual(["funds_received", "interest_credited", "order_created"]);
      expect(entries[1]?.effective_date).toBe(today(clock));
      const interestLine = await t.app.db
        .selectFrom("ledger_lines")
        .select("amount_cents")
        .where("entry_id", "=", entries[1]?.id ?? 0n)
        .where("account", "=", interest)
        .executeTakeFirstOrThrow();
      expect(dbCents(interestLine.amount_cents)).toBe(centsOf(quote.json().interest));
      const payoutCents = centsOf(quote.json().payout);
      expect(await balance(t.app, deposit(application.deposit.id))).toBe(0);
      expect(await depositLinesOn(t.app, application.deposit.id, inTransit)).toBe(-payoutCents);
      expect(await depositLedgerBalance(t.app, application.deposit.id)).toBe(payoutCents);
      const interestCents = centsOf(quote.json().interest);
      const closedOn = today(clock);
      const credited = [
        row("principal_received", 1_000_000, valueDate, "manual"),
        row("interest_credited", interestCents, closedOn, "early_closure"),
      ];
      expect(await seen(saver, application.deposit.id)).toEqual({
        ledger: sums(1_000_000, interestCents),
        entries: credited,
      });
      // The saver closed it: the interest entry names the saver as the one who booked it.
      const interestRow = await t.app.db
        .selectFrom("deposit_ledger")
        .select("booked_by")
        .where("deposit_id", "=", application.deposit.id)
        .where("kind", "=", "interest_credited")
        .executeTakeFirstOrThrow();
      expect(interestRow.booked_by).toBe(saver.user.id);

      await settlePayments(t.app, admin, today(clock));
      expect((await entriesOf(t.app, application.deposit.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "order_created",
        "order_booked",
      ]);
      expect(await depositLinesOn(t.app, application.deposit.id, inTransit)).toBe(0);
      expect(await depositLedgerBalance(t.app, application.deposit.id)).toBe(0);
      expect(await journalOwed(t.app, application.deposit.id)).toBe(0);
      expect(await seen(saver, application.deposit.id)).toEqual({
        ledger: sums(1_000_000, interestCents, payoutCents),
        entries: [...credited, row("payout", payoutCents, today(clock), "early_closure")],
      });
    } finally {
      clock.reset();
    }
  });

  it("a withdrawal refunds the money received through an order, booked when the bank books it", async () => {
    clock.reset();
    const { application, saver } = await funded("payout", 5_000);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/applications/${application.id}/withdraw`,
      headers: saver.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = application.deposit.id;
    expect((await entriesOf(t.app, id)).map((e) => e.kind)).toEqual(["funds_received", "order_created"]);
    expect(await balance(t.app, deposit(id))).toBe(0);
    expect(await depositLinesOn(t.app, id, inTransit)).toBe(-500_000);
    expect(await journalOwed(t.app, id)).toBe(await depositLedgerBalance(t.app, id));
    const received = row("principal_received", 500_000, today(clock), "manual");
    expect(await seen(saver, id)).toEqual({ ledger: sums(500_000, 0), entries: [received] });
    await settlePayments(t.app, admin, today(clock));
    expect((await entriesOf(t.app, id)).map((e) => e.kind)).toEqual([
      "funds_received",
      "order_created",
      "order_booked",
    ]);
    expect(await depositLinesOn(t.app, id, cash)).toBe(0);
    expect(await depositLedgerBalance(t.app, id)).toBe(0);
    expect(await journalOwed(t.app, id)).toBe(0);
    expect(await seen(saver, id)).toEqual({
      ledger: sums(500_000, 0, 500_000),
      entries: [received, row("payout", 500_000, today(clock), "withdrawal")],
    });
  });
});

describe("postings from the payment events", () => {
  it("order created, booked, returned, created again and cancelled; each once", async () => {
    clock.reset();
    const { deposit: d, saver } = await funded("payout", 10_000);
    await moveTo(t.app, clock, d.maturity_date ?? "");
    try {
      const [first] = await ordersOf(d.id);
      if (!first) throw new Error("no payout order at maturity");
      const cents = centsOf(first.amount);
      expect(await balance(t.app, deposit(d.id))).toBe(0);
      expect(await depositLinesOn(t.app, d.id, inTransit)).toBe(-cents);
      const interestCents = cents - 1_000_000;
      const credited = [
        row("principal_received", 1_000_000, d.value_date ?? "", "manual"),
        row("interest_credited", interestCents, d.maturity_date ?? "", "maturity"),
      ];
      // Ordered, not yet booked: the saver's figures are those before the order.
      const pending = { ledger: sums(1_000_000, interestCents), entries: credited };
      expect(await seen(saver, d.id)).toEqual(pending);

      // The file goes out and the bank books the debit.
      await createPaymentFiles(t.app, admin);
      const bookedOn = today(clock);
      const cashBefore = await balance(t.app, cash);
      await importStatement(
        debitStatement({
          bookingDate: bookedOn,
          debits: [{ endToEndId: first.end_to_end_id, amount: first.amount.toFixed(2) }],
        }),
      );
      expect((await saverDeposit(saver, d.id)).status).toBe("paid_out");
      expect(await balance(t.app, cash)).toBe(cashBefore - cents);
      expect(await depositLinesOn(t.app, d.id, inTransit)).toBe(0);
      const bookedEntry = await t.app.db
        .selectFrom("ledger_entries")
        .select(["statement_id", "statement_entry_key", "effective_date"])
        .where("reference", "=", `order:${first.id}:booked`)
        .executeTakeFirstOrThrow();
      expect(bookedEntry.statement_id).not.toBeNull();
      expect(bookedEntry.statement_entry_key).not.toBeNull();
      expect(bookedEntry.effective_date).toBe(bookedOn);
      const paid = {
        ledger: sums(1_000_000, interestCents, cents),
        entries: [...credited, row("payout", cents, bookedOn, "maturity")],
      };
      expect(await seen(saver, d.id)).toEqual(paid);

      // A second delivery of the same event to the journal books nothing (the real import never
      // delivers twice; the reference is what makes a redelivery harmless).
      await t.app.db.transaction().execute(async (trx) => {
        await postPaymentEvent(
          {
            kind: "order_booked",
            at: clock.now(),
            order: order({
              id: first.id,
              depositId: d.id,
              amountCents: bigCents(cents),
              endToEndId: first.end_to_end_id,
            }),
            bookingDate: bookedOn,
            statementId: bookedEntry.statement_id ?? "",
            statementEntryKey: bookedEntry.statement_entry_key ?? "",
          },
          trx,
        );
      });
      expect((await entriesOf(t.app, d.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "order_created",
        "order_booked",
      ]);
      expect(await seen(saver, d.id)).toEqual(paid);

      // The saver's bank sends it back: the saver is owed it again, the cash is back.
      await importStatement(
        debitStatement({
          bookingDate: bookedOn,
          debits: [],
          returns: [
            { originalEndToEndId: first.end_to_end_id, amount: first.amount.toFixed(2), reasonCode: "AC04" },
          ],
        }),
      );
      expect((await saverDeposit(saver, d.id)).status).toBe("payout_pending");
      expect(await balance(t.app, deposit(d.id))).toBe(-cents);
      expect(await balance(t.app, cash)).toBe(cashBefore);
      expect(await journalOwed(t.app, d.id)).toBe(await depositLedgerBalance(t.app, d.id));
      // The payout row is gone again: the figures before the booking.
      expect(await seen(saver, d.id)).toEqual(pending);

      // Staff order it again (into transit), then cancel that order before it went out.
      const again = await t.app.inject({
        method: "POST",
        url: `/api/admin/payments/${first.id}/reorder`,
        headers: admin.headers,
        payload: {},
      });
      expect(again.statusCode, again.body).toBe(201);
      const second = again.json() as PaymentOrder;
      expect(await balance(t.app, deposit(d.id))).toBe(0);
      expect(await depositLinesOn(t.app, d.id, inTransit)).toBe(-cents);
      expect(await seen(saver, d.id)).toEqual(pending);
      const cancelled = await t.app.inject({
        method: "POST",
        url: `/api/admin/payments/${second.id}/cancel`,
        headers: admin.headers,
        payload: { reason: "wrong account" },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await balance(t.app, deposit(d.id))).toBe(-cents);
      expect(await depositLinesOn(t.app, d.id, inTransit)).toBe(0);
      expect(await journalOwed(t.app, d.id)).toBe(await depositLedgerBalance(t.app, d.id));
      expect(await seen(saver, d.id)).toEqual(pending);
      const cancelEntry = await t.app.db
        .selectFrom("ledger_entries")
        .select(["kind", "reverses_entry_id"])
        .where("reference", "=", `order:${second.id}:cancelled`)
        .executeTakeFirstOrThrow();
      expect(cancelEntry.reverses_entry_id).not.toBeNull();
      // Each movement once: no entry of the deposit module's own reaction (paid_out,
      // payout_returned) was booked beside the orders'.
      expect((await entriesOf(t.app, d.id)).map((e) => e.kind)).toEqual([
        "funds_received",
        "interest_credited",
        "order_created",
        "order_booked",
        "order_returned",
        "order_created",
        "order_cancelled",
      ]);
    } finally {
      clock.reset();
    }
  });

  it("an order the bank returns before booking it comes back out of transit, not out of cash", async () => {
    clock.reset();
    const { application, saver } = await funded("payout", 6_000);
    const withdrawn = await t.app.inject({
      method: "POST",
      url: `/api/applications/${application.id}/withdraw`,
      headers: saver.headers,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const id = application.deposit.id;
    const [refund] = await ordersOf(id);
    if (!refund) throw new Error("no refund order");
    await createPaymentFiles(t.app, admin);
    const [cashBefore, transitBefore] = [await balance(t.app, cash), await balance(t.app, inTransit)];
    // The bank rejects it: a return of an order no statement booked.
    await importStatement(
      debitStatement({
        bookingDate: today(clock),
        debits: [],
        returns: [{ originalEndToEndId: refund.end_to_end_id, amount: "6000.00", reasonCode: "AC04" }],
      }),
    );
    expect(await balance(t.app, deposit(id))).toBe(-600_000);
    expect(await balance(t.app, inTransit)).toBe(transitBefore + 600_000);
    expect(await depositLinesOn(t.app, id, inTransit)).toBe(0);
    expect(await balance(t.app, cash)).toBe(cashBefore);
    const returned = await t.app.db
      .selectFrom("ledger_entries")
      .select(["statement_id"])
      .where("reference", "=", `order:${refund.id}:returned`)
      .executeTakeFirstOrThrow();
    expect(returned.statement_id).toBeNull();
    expect(await journalOwed(t.app, id)).toBe(await depositLedgerBalance(t.app, id));
    // Never booked, so never a payout row: the saver saw the money received throughout.
    expect(await seen(saver, id)).toEqual({
      ledger: sums(600_000, 0),
      entries: [row("principal_received", 600_000, today(clock), "manual")],
    });
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
      amountCents: 12_345n,
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
      amountCents: 12_345n,
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

describe("the journal and the per-deposit ledger", () => {
  it("agree for every deposit the flows above moved, payout_pending and paid_out included", async () => {
    // Every deposit with a per-deposit ledger: what the journal says is owed (its account plus its
    // orders in transit) equals the balance of the rows derived from the journal's entries.
    const rows = await t.app.db
      .selectFrom("deposits")
      .select(["id", "status"])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("deposit_ledger")
            .select("id")
            .whereRef("deposit_ledger.deposit_id", "=", "deposits.id"),
        ),
      )
      .execute();
    const statuses = new Set(rows.map((r) => r.status));
    for (const status of ["active", "payout_pending", "paid_out", "renewed", "closed_early", "withdrawn"]) {
      expect(statuses, status).toContain(status);
    }
    for (const row of rows) {
      expect(await journalOwed(t.app, row.id), `${row.id} ${row.status}`).toBe(
        await depositLedgerBalance(t.app, row.id),
      );
    }
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
