import type { PaymentOrder } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { MESSAGES_LATER_FROM_ENTRIES } from "../src/modules/deposits/statement-import.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { approvedApplication, camt053, depositDetail, fundedByStaff } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { moveTo, readTrialBalance, today } from "./helpers/ledger.ts";
import { createPaymentFiles, debitStatement, importStatementOk, listOrders } from "./helpers/payments.ts";

/**
 * The statement import at scale (docs/decisions.md "Statement import at scale"): entries matched in
 * memory and written set-based, in chunks. A statement larger than one write chunk and than one
 * statement's 65,535 parameters is imported whole, each entry accounted for once; a large statement's
 * bookings and returns move the deposits and the books as an entry-by-entry import would.
 */

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

const importXml = (xml: string) => importStatementOk(t.app, admin, xml);

const depositOf = (id: string) => depositDetail(t.app, admin, id);

async function trialBalanceZero() {
  expect((await readTrialBalance(t.app, admin, today(clock))).total_cents).toBe(0);
}

/** Rows of a table that belong to the statement, counted. */
async function countOf(
  table: "bank_exceptions" | "unmatched_credits" | "ledger_bank_statement_entries",
  statementId: string,
) {
  const column = table === "ledger_bank_statement_entries" ? "statement_id" : "bank_statement_id";
  const row = await t.app.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where(column, "=", statementId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("a statement larger than a write chunk", () => {
  it("of 6,600 entries (66,000 parameters in one insert of the bank's entries before) is imported whole, each entry once, and again changes nothing", async () => {
    clock.reset();
    const saver = await createUser(t.app);
    const first = await approvedApplication(t.app, saver, admin, { amount: 5_000 });
    const second = await approvedApplication(t.app, saver, admin, { amount: 7_000 });
    const unreferenced = Array.from({ length: 6_597 }, (_, i) => ({
      amount: `${1 + (i % 900)}.${String(i % 100).padStart(2, "0")}`,
      unstructured: `Transfer ${i}`,
    }));
    const xml = camt053("08", {
      messageId: `SCALE-${Date.now()}`,
      credits: [
        { amount: "5000.00", reference: first.deposit.reference },
        ...unreferenced,
        { amount: "7000.00", reference: second.deposit.reference },
      ],
    });
    const result = await importXml(xml);
    // The helper's statement opens with a bank fee (a debit no order names): 6,600 entries.
    expect(result.entries).toHaveLength(6_600);
    expect(new Set(result.entries.map((e) => e.key)).size).toBe(6_600);
    expect(result.matched.map((m) => m.deposit_id)).toEqual([first.deposit.id, second.deposit.id]);
    expect(result.entries.filter((e) => e.outcome === "funded")).toHaveLength(2);
    expect(result.entries.filter((e) => e.outcome === "unmatched")).toHaveLength(6_598);
    expect(result.entries.filter((e) => e.unmatched_credit_id)).toHaveLength(6_597);
    const id = result.id as string;
    expect(await countOf("bank_exceptions", id)).toBe(6_598);
    expect(await countOf("unmatched_credits", id)).toBe(6_597);
    expect(await countOf("ledger_bank_statement_entries", id)).toBe(6_600);
    for (const deposit of [first.deposit, second.deposit])
      expect((await depositOf(deposit.id)).status).toBe("active");
    await trialBalanceZero();

    const again = await importXml(xml);
    expect(again).toMatchObject({ already_imported: true, id });
    expect(again.entries).toHaveLength(6_600);
    expect(await countOf("bank_exceptions", id)).toBe(6_598);
    await trialBalanceZero();
  }, 300_000);
});

describe("a large statement's bookings and returns", () => {
  it("book two payouts and return one of them in the same statement, set-based: the deposits and the books as one by one", async () => {
    clock.reset();
    const funded = [
      await fundedByStaff(t.app, admin, today(clock), { amount: 10_000 }),
      await fundedByStaff(t.app, admin, today(clock), { amount: 12_000 }),
    ].map((f) => f.deposit);
    await moveTo(t.app, clock, funded[0]?.maturity_date ?? "");
    const ordered = await listOrders(t.app, admin, "&status=ordered");
    const orders = funded.map((d) => ordered.find((o) => o.deposit_id === d.id) as PaymentOrder);
    await createPaymentFiles(t.app, admin);
    const [returned, booked] = orders as [PaymentOrder, PaymentOrder];
    // Debits no order names make it a large statement (its events go to the journal as one batch).
    const noise = Array.from({ length: MESSAGES_LATER_FROM_ENTRIES }, (_, i) => ({
      endToEndId: `UNKNOWN-${i}`,
      amount: "1.00",
    }));
    const result = await importXml(
      debitStatement({
        bookingDate: today(clock),
        debits: [
          { endToEndId: returned.end_to_end_id, amount: returned.amount.toFixed(2) },
          { endToEndId: booked.end_to_end_id, amount: booked.amount.toFixed(2) },
          ...noise,
        ],
        returns: [
          {
            originalEndToEndId: returned.end_to_end_id,
            amount: returned.amount.toFixed(2),
            reasonCode: "AC04",
          },
        ],
      }),
    );
    const outcome = (orderId: string) =>
      result.entries.filter((e) => e.payment_order_id === orderId).map((e) => e.outcome);
    expect(outcome(returned.id)).toEqual(["booked_order", "returned_order"]);
    expect(outcome(booked.id)).toEqual(["booked_order"]);
    expect(result.entries.filter((e) => e.reason === "unknown_end_to_end_id")).toHaveLength(noise.length);

    expect((await listOrders(t.app, admin, "&status=returned")).map((o) => o.id)).toContain(returned.id);
    expect((await listOrders(t.app, admin, "&status=booked")).map((o) => o.id)).toContain(booked.id);
    const [back, paid] = [
      await depositOf(returned.deposit_id ?? ""),
      await depositOf(booked.deposit_id ?? ""),
    ];
    expect(back).toMatchObject({ status: "payout_pending", ledger: { balance: returned.amount } });
    expect(paid).toMatchObject({ status: "paid_out", ledger: { balance: 0 } });
    const timeline = await t.app.db
      .selectFrom("deposit_events")
      .select("type")
      .where("deposit_id", "=", returned.deposit_id ?? "")
      .where("type", "in", ["paid_out", "payout_returned"])
      .orderBy("id")
      .execute();
    expect(timeline.map((e) => e.type)).toEqual(["paid_out", "payout_returned"]);
    // The returned payout comes back out of cash: the bank had booked it in the same statement.
    const entry = await t.app.db
      .selectFrom("ledger_entries")
      .select(["details", "statement_id"])
      .where("reference", "=", `order:${returned.id}:returned`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      statement_id: result.id,
      details: expect.objectContaining({ booked: true }),
    });
    // The savers are told through the job queue, once the import committed.
    const queued = await t.app.db
      .selectFrom("jobs")
      .select("key")
      .where("name", "=", "messages.notify")
      .where("key", "like", "%deposit_paid_out%")
      .execute();
    expect(queued.length).toBeGreaterThanOrEqual(2);
    await trialBalanceZero();
  }, 120_000);
});
