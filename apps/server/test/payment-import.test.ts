import { readFileSync } from "node:fs";
import {
  addDays,
  type BankStatementResult,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  formatCreditorReference,
  type PaymentOrder,
  startOfDayInZone,
} from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { parseCamt053 } from "../src/modules/deposits/camt053.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { approvedApplication, camt053, depositDetail } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { debitStatement, listOrders, PARTNER_IBAN, postStatement } from "./helpers/payments.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/camt053/${name}`, import.meta.url), "utf8");
/** Noon in Berlin on a calendar day. */
const at = (date: string) =>
  clock.set(new Date(startOfDayInZone(date, BUSINESS_TIME_ZONE).getTime() + 12 * 3_600_000));
const today = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);

/** A deposit awaiting `amount`, approved on `approvedOn`, held on `account`, paid from `payer`. */
async function awaiting(options: { amount: number; approvedOn: string; account?: string; payer?: string }) {
  at(options.approvedOn);
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, { amount: options.amount });
  if (options.account || options.payer) {
    await t.app.db
      .updateTable("deposits")
      .set({
        ...(options.account ? { bank_iban: options.account } : {}),
        ...(options.payer ? { payer_iban: options.payer } : {}),
      })
      .where("id", "=", application.deposit.id)
      .execute();
  }
  return { saver, id: application.deposit.id, reference: application.deposit.reference };
}

const importXml = async (xml: string, dryRun = false) => {
  const res = await postStatement(t.app, admin, xml, dryRun);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BankStatementResult;
};

const depositOf = (id: string) => depositDetail(t.app, admin, id);

describe("value dates and the statement recognised by its content", () => {
  it("a credit booked today with tomorrow's value date funds with the bank's value date, dry run and import alike (PostFinance)", async () => {
    const d = await awaiting({ amount: 15_000, approvedOn: "2026-11-20", account: "CH5604835012345678009" });
    const xml = fixture("postfinance-001-10-value-date.xml").replace(
      "RF53 FG00 1000 04",
      formatCreditorReference(d.reference),
    );
    at("2026-11-25");
    const dry = await importXml(xml, true);
    expect(dry.entries).toMatchObject([{ outcome: "funded", value_date: "2026-11-26", deposit_id: d.id }]);
    expect((await depositOf(d.id)).status).toBe("awaiting_funds");

    const result = await importXml(xml);
    expect(result).toMatchObject({ already_imported: false, opening_balance: 0, closing_balance: 15_000 });
    expect(result.entries).toMatchObject([{ outcome: "funded", deposit_id: d.id, key: "361126CH0A1B2C3D" }]);
    const funded = await depositOf(d.id);
    expect(funded).toMatchObject({ status: "active", value_date: "2026-11-26", maturity_date: "2027-11-26" });
    expect(funded.events.find((e) => e.type === "funds_received")?.details).toMatchObject({
      source: "statement",
      statement_id: result.id,
      statement_entry_key: "361126CH0A1B2C3D",
    });

    // The same statement again, and sent again with new message and statement ids: recognised by content.
    expect(await importXml(xml)).toMatchObject({ already_imported: true, id: result.id });
    const renamed = xml
      .replace("<MsgId>20261126000000075000001</MsgId>", "<MsgId>RESENT-1</MsgId>")
      .replace("<Id>20261126000000075000002</Id>", "<Id>RESENT-STMT-1</Id>")
      .replace(
        /<CreDtTm>2026-11-26T03:12:45\+01:00<\/CreDtTm>/g,
        "<CreDtTm>2026-11-27T09:00:00+01:00</CreDtTm>",
      );
    expect(parseCamt053(renamed).messageId).toBe("RESENT-1");
    const resent = await importXml(renamed);
    expect(resent).toMatchObject({ already_imported: true, id: result.id });
    expect(resent.entries).toMatchObject([{ outcome: "funded" }]);
    const ledger = await t.app.db
      .selectFrom("deposit_ledger")
      .select("kind")
      .where("deposit_id", "=", d.id)
      .execute();
    expect(ledger).toHaveLength(1);
    clock.reset();
  });

  it("a value date too far ahead or before the approval is reported with its reason and funds nothing", async () => {
    const d = await awaiting({ amount: 6_000, approvedOn: "2026-11-20" });
    at("2026-11-25");
    const ahead = camt053("08", {
      messageId: `AHEAD-${Date.now()}`,
      credits: [{ amount: "6000.00", reference: d.reference, valueDate: addDays(today(), 10) }],
    });
    const dry = await importXml(ahead, true);
    expect(dry.unmatched).toMatchObject([{ reason: "value_date_in_future", deposit_id: d.id }]);
    const result = await importXml(ahead);
    expect(result.unmatched).toMatchObject([{ reason: "value_date_in_future" }]);
    expect(result.entries.find((e) => e.kind === "credit")).toMatchObject({
      outcome: "unmatched",
      reason: "value_date_in_future",
    });
    const before = camt053("08", {
      messageId: `BEFORE-${Date.now()}`,
      credits: [{ amount: "6000.00", reference: d.reference, valueDate: "2026-11-19" }],
    });
    expect((await importXml(before)).unmatched).toMatchObject([{ reason: "value_date_before_approval" }]);
    expect((await depositOf(d.id)).status).toBe("awaiting_funds");
    clock.reset();
  });
});

describe("the statement's account", () => {
  it("a credit on another account funds nothing (wrong_account); the deposit's own account funds it", async () => {
    // Another partner account (deposits are paid into it), not this deposit's.
    await awaiting({
      amount: 5_000,
      approvedOn: dateInZone(new Date(), BUSINESS_TIME_ZONE),
      account: "NL20INGB0001234567",
    });
    const d = await awaiting({ amount: 7_000, approvedOn: dateInZone(new Date(), BUSINESS_TIME_ZONE) });
    clock.reset();
    const other = camt053("08", {
      messageId: `OTHER-${Date.now()}`,
      credits: [{ amount: "7000.00", reference: d.reference }],
    }).replace(`<IBAN>${PARTNER_IBAN}</IBAN>`, "<IBAN>NL20INGB0001234567</IBAN>");
    const refused = await importXml(other);
    expect(refused.unmatched).toMatchObject([{ reason: "wrong_account", deposit_id: d.id }]);
    expect((await depositOf(d.id)).status).toBe("awaiting_funds");
    const own = camt053("08", {
      messageId: `OWN-${Date.now()}`,
      credits: [{ amount: "7000.00", reference: d.reference }],
    });
    expect((await importXml(own)).matched).toMatchObject([{ deposit_id: d.id }]);
    expect((await depositOf(d.id)).status).toBe("active");
  });
});

describe("a busy account's statement", () => {
  it("a statement of more than 5,000,000 characters (a day of a busy account) is imported whole", async () => {
    const d = await awaiting({ amount: 8_000, approvedOn: dateInZone(new Date(), BUSINESS_TIME_ZONE) });
    clock.reset();
    const xml = camt053("08", {
      messageId: `LONG-${Date.now()}`,
      credits: [{ amount: "8000.00", reference: d.reference }],
    }).replace("<Stmt>", `<Stmt>${"\n".repeat(6_000_000)}`);
    expect(xml.length).toBeGreaterThan(6_000_000);
    expect((await importXml(xml)).matched).toMatchObject([{ deposit_id: d.id }]);
    expect((await depositOf(d.id)).status).toBe("active");
  });
});

describe("every entry is reported", () => {
  it("amounts that cannot be read (1E4, 10000.001, 10 000,00) and a pending entry are listed as refused", async () => {
    clock.reset();
    const xml = fixture("genkgo-001-13-unreadable.xml");
    const parsed = parseCamt053(xml);
    const result = await importXml(xml);
    expect(result.entries).toHaveLength(parsed.entries.length);
    const byText = (text: string) => result.entries.find((e) => e.amount_text === text);
    for (const text of ["1E4", "10000.001", "10 000,00"]) {
      expect(byText(text)).toMatchObject({ outcome: "refused", reason: "amount_unreadable", amount: null });
    }
    expect(result.entries.find((e) => e.reason === "not_booked")).toMatchObject({ outcome: "refused" });
    expect(new Set(result.entries.map((e) => e.key)).size).toBe(result.entries.length);
  });

  it("a reference cut across 35-character lines or in lower case is found; text without one is shown", async () => {
    const first = await awaiting({ amount: 10_000, approvedOn: "2026-11-20", account: "NL20INGB0001234567" });
    const second = await awaiting({
      amount: 5_000,
      approvedOn: "2026-11-20",
      account: "NL20INGB0001234567",
      payer: "FR1420041010050500013M02606",
    });
    const xml = fixture("ing-001-02-references.xml")
      .replace("RF37FG001</Ustrd>", `${first.reference.slice(0, 9)}</Ustrd>`)
      .replace("<Ustrd>00001 Danke</Ustrd>", `<Ustrd>${first.reference.slice(9)} Danke</Ustrd>`)
      .replace(
        "festgeld rf80 fg00 1000 03",
        `festgeld ${formatCreditorReference(second.reference).toLowerCase()}`,
      );
    at("2026-11-25");
    const result = await importXml(xml);
    expect(result.matched.map((m) => m.deposit_id).sort()).toEqual([first.id, second.id].sort());
    expect(result.unmatched).toMatchObject([
      { reason: "no_reference", amount: 850, payer_iban: expect.stringMatching(/^DE44/) },
    ]);
    expect(result.entries.find((e) => e.amount === 850)).toMatchObject({
      outcome: "unmatched",
      remittance: "Anlage fuer meine Tochter, Vertrag vom 20.11.",
      unmatched_credit_id: expect.any(String),
    });
    // The platform's own outgoing payment that no order knows is listed, not dropped.
    expect(result.entries.find((e) => e.kind === "debit")).toMatchObject({
      outcome: "unmatched",
      reason: "unknown_end_to_end_id",
      end_to_end_id: "PO-000017",
      amount: 2_500,
    });
    clock.reset();
  });

  it("the reversal of the credit that funded a deposit is reported; the deposit stays active (Nordea)", async () => {
    const d = await awaiting({
      amount: 25_000,
      approvedOn: "2026-11-20",
      account: "FI2112345600000785",
      payer: "FI1410093000123458",
    });
    const xml = fixture("nordea-001-08-reversal.xml").replaceAll("RF26FG00100005", d.reference);
    at("2026-11-25");
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      { kind: "credit", outcome: "funded", deposit_id: d.id },
      { kind: "reversal", outcome: "unmatched", reason: "reversal_of_funding_credit", deposit_id: d.id },
    ]);
    expect((await depositOf(d.id)).status).toBe("active");
    clock.reset();
  });

  it("a returned payment of ours marks its order returned; a returned incoming payment is shown (Goldman)", async () => {
    // A matured deposit whose payout was sent in a file.
    clock.reset();
    const d = await awaiting({ amount: 10_000, approvedOn: dateInZone(new Date(), BUSINESS_TIME_ZONE) });
    clock.reset();
    const funded = await t.app.inject({
      method: "POST",
      url: `/api/admin/deposits/${d.id}/funding`,
      headers: admin.headers,
      payload: { amount: 10_000, value_date: today(), payer_iban: "DE89370400440532013000" },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    at((funded.json() as DepositDetail).maturity_date ?? "");
    await t.app.jobs.runDue();
    await t.app.inject({
      method: "POST",
      url: "/api/admin/payment-files",
      headers: admin.headers,
      payload: {},
    });
    const order = (await listOrders(t.app, admin, "&status=submitted")).find(
      (o) => o.deposit_id === d.id,
    ) as PaymentOrder;
    expect(order).toBeDefined();
    // The statement of the account the payout left from, bringing its full amount back.
    const amount = order.amount.toFixed(2);
    const xml = fixture("goldman-001-12-returns.xml")
      .replace("PO-000031", order.end_to_end_id)
      .replace("<IBAN>DE02120300000000202051</IBAN>", `<IBAN>${PARTNER_IBAN}</IBAN>`)
      .replaceAll("10200.00", amount)
      .replace("105200.00", (100_000 + order.amount - 5_000).toFixed(2));
    const result = await importXml(xml);
    expect(result.entries).toMatchObject([
      { kind: "return", outcome: "returned_order", reason: "AC04", payment_order_id: order.id },
      { kind: "return", outcome: "unmatched", reason: "incoming_payment_returned:MS02" },
    ]);
    expect((await listOrders(t.app, admin, "&status=returned")).map((o) => o.id)).toContain(order.id);
    // Not booked yet, so the deposit still waits for its payout, with the money on its balance.
    expect(await depositOf(d.id)).toMatchObject({ status: "payout_pending", ledger: { balance: 10_350 } });
    clock.reset();
  });

  it("a debit that matches no order is listed with its reason", async () => {
    clock.reset();
    const result = await importXml(
      debitStatement({ bookingDate: today(), debits: [{ endToEndId: "FGPNOSUCHORDER01", amount: "12.34" }] }),
    );
    expect(result.entries).toMatchObject([
      { kind: "debit", outcome: "unmatched", reason: "unknown_end_to_end_id", amount: 12.34 },
    ]);
  });
});
