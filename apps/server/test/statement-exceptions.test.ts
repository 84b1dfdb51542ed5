import { readFileSync } from "node:fs";
import {
  type AuditLogEntry,
  type BankException,
  formatCreditorReference,
  type PaymentOrder,
  type Reconciliation,
} from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { PaymentEvent } from "../src/modules/payments/payment-events.ts";
import type { TestApp } from "./helpers/app.ts";
import { createClockApp } from "./helpers/clock-app.ts";
import { approvedApplication, camt053, depositDetail, fundedByStaff } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { balance, moveTo, readTrialBalance, today } from "./helpers/ledger.ts";
import {
  actOnException,
  createPaymentFiles,
  debitStatement,
  importStatementOk,
  listExceptions,
  listOrders,
  PARTNER_IBAN,
  postStatement,
  releaseException,
} from "./helpers/payments.ts";

/**
 * Statements as real banks write them, every entry accounted for (docs/decisions.md "Statement
 * import", "Bank exceptions"): the entry's own amount, currency and direction decide; a statement of
 * an unknown account, with balances that do not add up or a reused id is refused whole; returns and
 * reversals of our payments move only their own full amount; whatever the import cannot settle waits
 * in the exception queue, where staff settle it (four eyes on returns and write-offs) and the books
 * stay balanced.
 */

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let second: Awaited<ReturnType<typeof createAdmin>>;
const published: PaymentEvent[] = [];

beforeAll(async () => {
  ({ t, clock, admin } = await createClockApp());
  second = await createAdmin(t.app);
  t.app.events.subscribe("payment", async (event) => {
    published.push(event);
  });
});
afterAll(() => {
  clock.reset();
  return t.close();
});

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/camt053/${name}`, import.meta.url), "utf8");

/** A fixture of another bank, as a statement of the test's partner account. */
const onPartnerAccount = (xml: string, iban: string) =>
  xml.replace(`<IBAN>${iban}</IBAN>`, `<IBAN>${PARTNER_IBAN}</IBAN>`);

const importRaw = (xml: string, dryRun = false) => postStatement(t.app, admin, xml, dryRun);

const importXml = (xml: string) => importStatementOk(t.app, admin, xml);

const depositOf = (id: string) => depositDetail(t.app, admin, id);

async function trialBalanceZero() {
  expect((await readTrialBalance(t.app, admin, today(clock))).total_cents).toBe(0);
}

const statementsStored = async () =>
  Number(
    (
      await t.app.db
        .selectFrom("bank_statements")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

const exceptionOf = async (predicate: (e: BankException) => boolean) => {
  const found = (await listExceptions(t.app, admin)).find(predicate);
  if (!found) throw new Error("exception not listed");
  return found;
};

/** A deposit awaiting `amount` of the saver's reference account (SAVER_IBAN), on the partner account. */
async function awaiting(amount: number) {
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, { amount, months: 12 });
  return application.deposit;
}

/** A deposit funded today, matured, its payout ordered, put in a file and booked by the bank. */
async function paidOut() {
  clock.reset();
  const { deposit } = await fundedByStaff(t.app, admin, today(clock), { amount: 10_000 });
  await moveTo(t.app, clock, deposit.maturity_date ?? "");
  const order = (await listOrders(t.app, admin, "&status=ordered")).find(
    (o) => o.deposit_id === deposit.id,
  ) as PaymentOrder;
  await createPaymentFiles(t.app, admin);
  const booked = await importXml(
    debitStatement({
      bookingDate: today(clock),
      debits: [{ endToEndId: order.end_to_end_id, amount: order.amount.toFixed(2) }],
    }),
  );
  expect(booked.entries.find((e) => e.end_to_end_id === order.end_to_end_id)?.outcome).toBe("booked_order");
  expect((await depositOf(deposit.id)).status).toBe("paid_out");
  return { deposit, order };
}

describe("the entry's own amount, currency and direction decide", () => {
  it("credits in GBP and USD are never euro: no journal line, no funding, an exception settled outside; a transaction's 'SEK 0' does not override the entry's euro", async () => {
    clock.reset();
    const d = await awaiting(5_000);
    const cashBefore = await balance(t.app, `banks:${PARTNER_IBAN}:cash`);
    const suspenseBefore = await balance(t.app, `banks:${PARTNER_IBAN}:suspense`);
    const xml = onPartnerAccount(fixture("barclays-001-08-currencies.xml"), "GB33BUKB20201555555555")
      .replaceAll("2026-11-25", today(clock))
      .replace("RF37FG00100001", d.reference);
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      {
        currency: "GBP",
        amount: 1_004.37,
        outcome: "unmatched",
        reason: "foreign_currency",
        unmatched_credit_id: null,
      },
      {
        currency: "USD",
        amount: 250,
        outcome: "unmatched",
        reason: "foreign_currency",
        unmatched_credit_id: null,
      },
      { currency: "EUR", amount: 5_000, outcome: "funded", deposit_id: d.id },
    ]);
    expect(await depositOf(d.id)).toMatchObject({ status: "active", ledger: { balance: 5_000 } });
    // Only the euro credit is in the books: cash up by 5,000.00, nothing in suspense.
    expect((await balance(t.app, `banks:${PARTNER_IBAN}:cash`)) - cashBefore).toBe(500_000);
    expect(await balance(t.app, `banks:${PARTNER_IBAN}:suspense`)).toBe(suspenseBefore);
    await trialBalanceZero();

    const gbp = await exceptionOf((e) => e.bank_statement_id === result.id && e.currency === "GBP");
    expect(gbp).toMatchObject({
      kind: "credit",
      direction: "credit",
      amount: 1_004.37,
      counterparty_name: "John Smith",
      status: "open",
      actions: ["handled_outside"],
    });
    // The reconciliation compares euro with euro and lists the pound credit as waiting.
    const rec = (
      await t.app.inject({
        url: `/api/admin/reconciliation?date=${today(clock)}&account=${PARTNER_IBAN}`,
        headers: admin.headers,
      })
    ).json() as Reconciliation;
    expect(rec.differences.filter((x) => x.statement_entry_key === "BARC25110001")).toEqual([]);
    expect(rec.open_exceptions.map((x) => x.id)).toContain(gbp.id);
    // Never a euro order for a pound credit.
    const back = await actOnException(t.app, admin, gbp.id, { action: "return_to_payer" });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toMatchObject({ code: "bank_exception_action_not_allowed" });
    const noNote = await actOnException(t.app, admin, gbp.id, { action: "handled_outside" });
    expect(noNote.statusCode).toBe(400);
    const outside = await actOnException(t.app, admin, gbp.id, {
      action: "handled_outside",
      reason: "Returned in GBP from the bank's portal",
    });
    expect(outside.statusCode, outside.body).toBe(200);
    expect(outside.json()).toMatchObject({ status: "resolved", action: "handled_outside", actions: [] });
    expect(await balance(t.app, `banks:${PARTNER_IBAN}:suspense`)).toBe(suspenseBefore);
    expect((await listOrders(t.app, admin)).filter((o) => o.amount === 1_004.37)).toEqual([]);
    await trialBalanceZero();
  });

  it("the entry's DBIT decides over a transaction's CRDT: the PostFinance 77.70 fee is a debit, recorded as a bank fee", async () => {
    clock.reset();
    const xml = onPartnerAccount(fixture("postfinance-001-10-debit.xml"), "CH5604835012345678009").replaceAll(
      "2026-11-26",
      today(clock),
    );
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      { kind: "debit", direction: "debit", amount: 77.7, outcome: "unmatched", unmatched_credit_id: null },
    ]);
    const fee = await exceptionOf((e) => e.bank_statement_id === result.id);
    expect(fee).toMatchObject({ kind: "debit", direction: "debit", actions: ["bank_fee", "write_off"] });
    const cashBefore = await balance(t.app, `banks:${PARTNER_IBAN}:cash`);
    const recorded = await actOnException(t.app, admin, fee.id, { action: "bank_fee" });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json()).toMatchObject({ status: "resolved", action: "bank_fee" });
    expect((await balance(t.app, `banks:${PARTNER_IBAN}:cash`)) - cashBefore).toBe(-7_770);
    expect(await balance(t.app, `banks:${PARTNER_IBAN}:bank_fees`)).toBe(7_770);
    await trialBalanceZero();
    // The reconciliation finds the bank's fee booked.
    const rec = (
      await t.app.inject({
        url: `/api/admin/reconciliation?date=${today(clock)}&account=${PARTNER_IBAN}`,
        headers: admin.headers,
      })
    ).json() as Reconciliation;
    expect(rec.differences.filter((x) => x.statement_entry_key === "361127CH0F9E8D7C")).toEqual([]);
    expect(rec.open_exceptions.map((x) => x.id)).not.toContain(fee.id);
  });
});

describe("returns and reversals of our payments", () => {
  it("the bank's reversal of a booked payout, naming its end-to-end id, returns the order: the deposit is payout_pending with its money again", async () => {
    const { deposit, order } = await paidOut();
    const seen = published.length;
    const amount = order.amount.toFixed(2);
    const xml = onPartnerAccount(fixture("nordea-001-08-payout-reversal.xml"), "FI2112345600000785")
      .replace("FGP-PAYOUT-E2E", order.end_to_end_id)
      .replaceAll("1006.25", amount)
      .replaceAll("2026-12-01", today(clock));
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      { kind: "reversal", outcome: "returned_order", reason: "reversal", payment_order_id: order.id },
    ]);
    expect((await listOrders(t.app, admin, "&status=returned")).map((o) => o.id)).toContain(order.id);
    expect(await depositOf(deposit.id)).toMatchObject({
      status: "payout_pending",
      ledger: { balance: order.amount },
    });
    const returned = published.slice(seen).find((e) => e.kind === "order_returned");
    expect(returned).toMatchObject({ kind: "order_returned", reversal: true, order: { id: order.id } });
    // The deposit tells the saver's messages (payout_returned) that the bank reversed the payout.
    const events = await t.app.db
      .selectFrom("deposit_events")
      .select(["type", "details"])
      .where("deposit_id", "=", deposit.id)
      .where("type", "=", "payout_returned")
      .execute();
    expect(events.map((e) => e.details)).toEqual([
      expect.objectContaining({ order_id: order.id, reversal: true }),
    ]);
    await trialBalanceZero();
    clock.reset();
  });

  it("a return of 1.00 of a 10,000+ payout moves nothing by itself: an exception the reconciliation lists; a return naming no order waits in suspense (ING)", async () => {
    const { deposit, order } = await paidOut();
    const cashBefore = await balance(t.app, `banks:${PARTNER_IBAN}:cash`);
    const xml = onPartnerAccount(fixture("ing-001-02-returns.xml"), "NL20INGB0001234567")
      .replace("FGP-PAYOUT-E2E", order.end_to_end_id)
      .replaceAll("2026-12-02", today(clock));
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      {
        kind: "return",
        amount: 1,
        outcome: "unmatched",
        reason: "partial_return",
        payment_order_id: order.id,
      },
      { kind: "return", amount: 125, outcome: "unmatched", reason: "unknown_end_to_end_id" },
    ]);
    // The order stays booked and the deposit paid out: it cannot be paid twice.
    expect((await listOrders(t.app, admin, "&status=booked")).map((o) => o.id)).toContain(order.id);
    expect(await depositOf(deposit.id)).toMatchObject({ status: "paid_out", ledger: { balance: 0 } });
    // Both credits are money on the account: in suspense, waiting for staff.
    expect((await balance(t.app, `banks:${PARTNER_IBAN}:cash`)) - cashBefore).toBe(12_600);
    const partial = await exceptionOf((e) => e.bank_statement_id === result.id && e.amount === 1);
    expect(partial).toMatchObject({
      kind: "return",
      reason: "partial_return",
      payment_order_id: order.id,
      actions: ["return_to_payer", "assign_to_deposit", "write_off"],
    });
    await exceptionOf((e) => e.bank_statement_id === result.id && e.amount === 125);
    const rec = (
      await t.app.inject({
        url: `/api/admin/reconciliation?date=${today(clock)}&account=${PARTNER_IBAN}`,
        headers: admin.headers,
      })
    ).json() as Reconciliation;
    expect(rec.open_exceptions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: partial.id, reason: "partial_return", amount: 1 }),
      ]),
    );
    await trialBalanceZero();
    clock.reset();
  });
});

describe("a statement is refused whole, nothing stored", () => {
  it("of an account no partner bank holds, or without a valid IBAN: 400 unknown_account", async () => {
    clock.reset();
    const before = await statementsStored();
    const goldman = await importRaw(fixture("goldman-001-12-returns.xml"));
    expect(goldman.statusCode).toBe(400);
    expect(goldman.json()).toMatchObject({ code: "unknown_account" });
    const invalid = await importRaw(
      fixture("goldman-001-12-returns.xml").replace(
        "<Id><IBAN>DE02120300000000202051</IBAN></Id>",
        "<Id><IBAN>XX-NOT-AN-IBAN</IBAN></Id>",
      ),
    );
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: "unknown_account" });
    const none = await importRaw(
      fixture("goldman-001-12-returns.xml").replace(
        "<Id><IBAN>DE02120300000000202051</IBAN></Id>",
        "<Id><Othr><Id>0000202051</Id></Othr></Id>",
      ),
    );
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: "unknown_account" });
    expect(await statementsStored()).toBe(before);
    const accounts = await t.app.db
      .selectFrom("ledger_accounts")
      .select("address")
      .where("bank_iban", "=", "DE02120300000000202051")
      .execute();
    expect(accounts).toEqual([]);
  });

  it("whose opening balance plus entries is not the closing balance: 400 statement_unbalanced", async () => {
    clock.reset();
    const before = await statementsStored();
    const xml = onPartnerAccount(fixture("postfinance-001-10-debit.xml"), "CH5604835012345678009")
      .replace("20261127000000075000011", "UNBALANCED-1")
      .replace("14922.30", "14922.40");
    const res = await importRaw(xml);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "statement_unbalanced" });
    expect(await statementsStored()).toBe(before);
  });

  it("whose ids came before with other content: 409 statement_id_reused; the same content again answers the first result", async () => {
    clock.reset();
    const xml = camt053("08", {
      messageId: `REUSED-${Date.now()}`,
      credits: [{ amount: "40.00", unstructured: "Hallo" }],
    });
    const first = await importXml(xml);
    const again = await importXml(xml);
    expect(again).toMatchObject({ already_imported: true, id: first.id });
    expect(again.entries).toEqual(first.entries);
    const before = await statementsStored();
    const other = await importRaw(xml.replace("40.00", "41.00").replace("40.00", "41.00"));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "statement_id_reused" });
    expect(await statementsStored()).toBe(before);
  });

  it("an amount at or above 92233720368547758.07 is a refused entry, never a 5xx", async () => {
    clock.reset();
    const xml = camt053("08", {
      messageId: `HUGE-${Date.now()}`,
      credits: [{ amount: "92233720368547758.07", unstructured: "overflow" }],
    });
    const result = await importXml(xml);
    expect(result.entries.find((e) => e.amount_text === "92233720368547758.07")).toMatchObject({
      outcome: "refused",
      reason: "amount_unreadable",
      amount: null,
    });
    await trialBalanceZero();
  });
});

describe("the exception queue", () => {
  it("ABN AMRO's returned incoming payments of 922.00 wait as exceptions; a write-off needs a second person, and both are named", async () => {
    clock.reset();
    const xml = onPartnerAccount(fixture("abn-amro-001-04-returns.xml"), "NL02ABNA0123456789").replaceAll(
      "2026-12-03",
      today(clock),
    );
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      {
        kind: "return",
        direction: "debit",
        amount: 922,
        outcome: "unmatched",
        reason: "incoming_payment_returned:MS03",
      },
      {
        kind: "return",
        direction: "debit",
        amount: 922,
        outcome: "unmatched",
        reason: "incoming_payment_returned:AC06",
      },
    ]);
    const open = await listExceptions(t.app, admin, "&status=open");
    const mine = open.filter((e) => e.bank_statement_id === result.id);
    expect(mine).toHaveLength(2);
    const [first] = mine as [BankException];
    expect(first).toMatchObject({ actions: ["bank_fee", "write_off"], counterparty_name: "P. Jansen" });

    const noReason = await actOnException(t.app, admin, first.id, { action: "write_off" });
    expect(noReason.statusCode).toBe(400);
    const requested = await actOnException(t.app, admin, first.id, {
      action: "write_off",
      reason: "Refund agreed with the payer outside the platform",
    });
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({
      status: "pending_release",
      action: "write_off",
      action_by: { id: admin.user.id },
      released_by: null,
    });
    // Nothing moved yet; the requester cannot release.
    expect(await balance(t.app, `banks:${PARTNER_IBAN}:write_off`)).toBe(0);
    const own = await releaseException(t.app, admin, first.id);
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: "bank_exception_release_own" });
    const pendingList = await t.app.inject({
      url: "/api/admin/bank-exceptions?status=pending_release&limit=1",
      headers: admin.headers,
    });
    expect(pendingList.headers["x-total-count"]).toBe("1");

    const released = await releaseException(t.app, second, first.id);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      status: "resolved",
      action_by: { id: admin.user.id },
      released_by: { id: second.user.id },
    });
    expect(await balance(t.app, `banks:${PARTNER_IBAN}:write_off`)).toBe(92_200);
    expect((await releaseException(t.app, second, first.id)).statusCode).toBe(409);
    await trialBalanceZero();

    const audit = await t.app.inject({
      url: "/api/admin/audit-log?action=bank_exception.released",
      headers: admin.headers,
    });
    const entry = (audit.json() as AuditLogEntry[]).find((a) => a.target_id === first.id);
    expect(entry).toMatchObject({ actor: { id: second.user.id } });
    expect(entry?.details).toMatchObject({ requested_by: admin.user.id, released_by: second.user.id });
  });

  it("a euro credit without reference is assigned to the deposit it was meant for: funded out of suspense, as a statement credit would", async () => {
    clock.reset();
    const d = await awaiting(6_000);
    const other = await awaiting(7_000);
    const suspenseBefore = await balance(t.app, `banks:${PARTNER_IBAN}:suspense`);
    const result = await importXml(
      camt053("08", {
        messageId: `ASSIGN-${Date.now()}`,
        credits: [
          { amount: "6000.00", unstructured: `Festgeld ${formatCreditorReference(d.reference).slice(0, 6)}` },
        ],
      }),
    );
    const credit = result.entries.find((e) => e.kind === "credit");
    expect(credit).toMatchObject({ outcome: "unmatched", reason: "no_reference" });
    expect((await balance(t.app, `banks:${PARTNER_IBAN}:suspense`)) - suspenseBefore).toBe(-600_000);
    const exception = await exceptionOf((e) => e.unmatched_credit_id === credit?.unmatched_credit_id);

    const wrong = await actOnException(t.app, admin, exception.id, {
      action: "assign_to_deposit",
      deposit_id: other.id,
    });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: "amount_mismatch" });
    expect((await listExceptions(t.app, admin)).find((e) => e.id === exception.id)?.status).toBe("open");

    const assigned = await actOnException(t.app, admin, exception.id, {
      action: "assign_to_deposit",
      deposit_id: d.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({
      status: "resolved",
      action: "assign_to_deposit",
      action_deposit_id: d.id,
    });
    expect(await depositOf(d.id)).toMatchObject({
      status: "active",
      value_date: today(clock),
      ledger: { balance: 6_000 },
    });
    expect(await balance(t.app, `banks:${PARTNER_IBAN}:suspense`)).toBe(suspenseBefore);
    const credits = await t.app.inject({
      url: "/api/admin/unmatched-credits?status=assigned",
      headers: admin.headers,
    });
    expect((credits.json() as Array<{ id: string }>).map((c) => c.id)).toContain(credit?.unmatched_credit_id);
    await trialBalanceZero();
  });

  it("a credit's return, released and then cancelled, puts the credit back in the queue, open for a new return", async () => {
    clock.reset();
    const suspenseBefore = await balance(t.app, `banks:${PARTNER_IBAN}:suspense`);
    const result = await importXml(
      camt053("08", {
        messageId: `RETURN-${Date.now()}`,
        credits: [
          {
            amount: "333.00",
            unstructured: "Irrtum",
            iban: "FR1420041010050500013M02606",
            name: "Jean Dupont",
          },
        ],
      }),
    );
    const credit = result.entries.find((e) => e.kind === "credit");
    const exception = await exceptionOf((e) => e.unmatched_credit_id === credit?.unmatched_credit_id);
    expect((await actOnException(t.app, admin, exception.id, { action: "return_to_payer" })).statusCode).toBe(
      200,
    );
    // Waiting for the second person: no order yet.
    expect(
      (await listOrders(t.app, admin)).filter((o) => o.unmatched_credit_id === credit?.unmatched_credit_id),
    ).toEqual([]);
    const released = await releaseException(t.app, second, exception.id);
    expect(released.statusCode, released.body).toBe(200);
    const orderId = (released.json() as BankException).return_order_id;
    const order = (await listOrders(t.app, admin)).find((o) => o.id === orderId);
    expect(order).toMatchObject({ source: "credit_return", amount: 333, currency: "EUR", status: "ordered" });
    await trialBalanceZero();

    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/admin/payments/${orderId}/cancel`,
      headers: admin.headers,
      payload: { reason: "Payer asked us to keep it for a deposit" },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const reopened = (await listExceptions(t.app, admin)).find((e) => e.id === exception.id);
    expect(reopened).toMatchObject({
      status: "open",
      action: null,
      return_order_id: null,
      actions: ["return_to_payer", "assign_to_deposit", "write_off"],
    });
    // The money waits in suspense again, and a new return can be asked for.
    expect((await balance(t.app, `banks:${PARTNER_IBAN}:suspense`)) - suspenseBefore).toBe(-33_300);
    expect(
      (await actOnException(t.app, second, exception.id, { action: "return_to_payer" })).statusCode,
    ).toBe(200);
    await trialBalanceZero();

    // A write-off of a credit in suspense takes it out of suspense, once released by another person.
    const writeOff = await importXml(
      camt053("08", {
        messageId: `WRITEOFF-${Date.now()}`,
        credits: [{ amount: "0.42", unstructured: "Rest" }],
      }),
    );
    const small = await exceptionOf(
      (e) => e.bank_statement_id === writeOff.id && e.kind === "credit" && e.amount === 0.42,
    );
    const writeOffBefore = await balance(t.app, `banks:${PARTNER_IBAN}:write_off`);
    expect(
      (await actOnException(t.app, second, small.id, { action: "write_off", reason: "Too small to return" }))
        .statusCode,
    ).toBe(200);
    expect((await releaseException(t.app, admin, small.id)).statusCode).toBe(200);
    expect((await balance(t.app, `banks:${PARTNER_IBAN}:write_off`)) - writeOffBefore).toBe(-42);
    await trialBalanceZero();
  });

  it("is staff only", async () => {
    const saver = await createUser(t.app);
    expect((await t.app.inject({ url: "/api/admin/bank-exceptions" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: "/api/admin/bank-exceptions", headers: saver.headers })).statusCode,
    ).toBe(403);
  });
});
