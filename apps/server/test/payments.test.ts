import {
  addDays,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  operations,
  type PaymentFile,
  type PaymentOrder,
  startOfDayInZone,
  type UnmatchedCredit,
} from "@festgeld/domain";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { PaymentEvent } from "../src/modules/payments/payment-events.ts";
import type { TestApp } from "./helpers/app.ts";
import { createClockApp, moveClockTo } from "./helpers/clock-app.ts";
import { approvedApplication, camt053, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import {
  actOnException,
  debitStatement,
  listExceptions,
  listOrders,
  PARTNER_IBAN,
  postStatement,
  releaseException,
  returnUnmatchedCredit,
} from "./helpers/payments.ts";
import { PAIN001_XSD, validateAgainstXsd } from "./helpers/xsd.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
const published: PaymentEvent[] = [];
const SECOND_ACCOUNT = {
  holder: "Zweite Partnerbank AG",
  iban: "DE02120300000000202051",
  bic: "BYLADEM1001",
};

beforeAll(async () => {
  ({ t, clock, admin } = await createClockApp());
  t.app.events.subscribe("payment", (event) => {
    published.push(event);
  });
});
afterAll(() => t.close());

const today = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);
const moveTo = (date: string) => moveClockTo(t.app, clock, date);

/** A funded 12-month deposit of `amount` (payout instruction), optionally held on another account. */
async function funded(amount = 10_000, account?: typeof SECOND_ACCOUNT) {
  clock.reset();
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, { amount, months: 12 });
  if (account) {
    await t.app.db
      .updateTable("deposits")
      .set({ bank_holder: account.holder, bank_iban: account.iban, bank_bic: account.bic })
      .where("id", "=", application.deposit.id)
      .execute();
  }
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${application.deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount, value_date: today(), payer_iban: SAVER_IBAN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { saver, deposit: res.json() as DepositDetail };
}

/** Funded deposits that matured: each has an open payout order. */
async function matured(count: number, account?: typeof SECOND_ACCOUNT) {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await funded(10_000 + i * 1_000, account));
  await moveTo(made[0]?.deposit.maturity_date ?? "");
  return made;
}

const deposit = async (headers: { authorization: string }, id: string) =>
  (await t.app.inject({ url: `/api/deposits/${id}`, headers })).json() as DepositDetail;

const createFiles = (payload: object = {}) =>
  t.app.inject({ method: "POST", url: "/api/admin/payment-files", headers: admin.headers, payload });

const importXml = (xml: string, dryRun = false) => postStatement(t.app, admin, xml, dryRun);

/** The saver's inbox, newest first. */
const inbox = async (headers: { authorization: string }) =>
  (await t.app.inject({ url: "/api/notifications?limit=50", headers })).json() as Array<{
    id: string;
    title: string;
    message: string;
  }>;

/** The events of the e-mails queued to a user (one per event told). */
const eventsMailedTo = async (userId: string) =>
  (await t.app.db.selectFrom("email_outbox").select("facts").where("user_id", "=", userId).execute()).map(
    (r) => (r.facts as { type?: string } | null)?.type,
  );

async function cancelOpenOrders() {
  for (const order of [
    ...(await listOrders(t.app, admin, "&status=ordered")),
    ...(await listOrders(t.app, admin, "&status=held")),
    ...(await listOrders(t.app, admin, "&status=awaiting_release")),
  ]) {
    await t.app.inject({
      method: "POST",
      url: `/api/admin/payments/${order.id}/cancel`,
      headers: admin.headers,
      payload: { reason: "cleared before the next test" },
    });
  }
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@_", parseTagValue: false });

describe("payment orders at maturity and the SEPA file", () => {
  it("orders the payout; staff create one valid pain.001.001.09 file, download it, and the orders are submitted", async () => {
    await cancelOpenOrders();
    const [first, second] = await matured(2);
    if (!first || !second) throw new Error("no deposits");
    const orders = (await listOrders(t.app, admin, "&status=ordered")).filter((o) =>
      [first.deposit.id, second.deposit.id].includes(o.deposit_id ?? ""),
    );
    expect(orders).toHaveLength(2);
    const order = orders.find((o) => o.deposit_id === first.deposit.id) as PaymentOrder;
    expect(order).toMatchObject({
      source: "maturity_payout",
      status: "ordered",
      debtor_iban: PARTNER_IBAN,
      debtor_name: "Demo Partnerbank AG",
      creditor_name: "Erika Mustermann",
      amount: 10_350,
      principal: 10_000,
      interest: 350,
      requested_date: first.deposit.maturity_date,
      file_id: null,
    });
    expect(order.creditor_iban).not.toBe(SAVER_IBAN);
    expect(order.remittance).toContain(first.deposit.reference);
    expect(order.end_to_end_id).toMatch(/^[A-Z0-9]{10,35}$/);
    expect(new Set(orders.map((o) => o.end_to_end_id)).size).toBe(2);
    // The saver sees the deposit waiting for the payment, with the money still on its balance.
    const pending = await deposit(first.saver.headers, first.deposit.id);
    expect(pending).toMatchObject({ status: "payout_pending", ledger: { balance: 10_350, paid_out: 0 } });

    const created = await createFiles();
    expect(created.statusCode, created.body).toBe(201);
    const files = created.json().files as PaymentFile[];
    expect(created.json().held).toEqual([]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({
      debtor_iban: PARTNER_IBAN,
      order_count: 2,
      control_sum: 10_350 + 11_385,
      requested_date: today(),
      created_by: { id: admin.user.id },
    });

    const download = await t.app.inject({
      url: `/api/admin/payment-files/${files[0]?.id}`,
      headers: admin.headers,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toMatch(/^application\/xml/);
    expect(download.headers["content-disposition"]).toMatch(/^attachment; filename=".+\.xml"$/);
    expect(await validateAgainstXsd(download.body, PAIN001_XSD)).toEqual([]);
    const doc = parser.parse(download.body).Document.CstmrCdtTrfInitn;
    expect(doc.GrpHdr).toMatchObject({ NbOfTxs: "2", CtrlSum: "21735.00" });
    expect(doc.PmtInf).toMatchObject({
      BtchBookg: "false",
      DbtrAcct: { Id: { IBAN: PARTNER_IBAN } },
      Dbtr: {
        PstlAdr: { StrtNm: "Musterstrasse", BldgNb: "1", PstCd: "10115", TwnNm: "Berlin", Ctry: "DE" },
      },
    });
    const tx = [doc.PmtInf.CdtTrfTxInf].flat().find((x) => x.PmtId.EndToEndId === order.end_to_end_id);
    expect(tx).toMatchObject({
      Amt: { InstdAmt: { "#text": "10350.00", "@_Ccy": "EUR" } },
      CdtrAcct: { Id: { IBAN: SAVER_IBAN } },
      Cdtr: { Nm: "Erika Mustermann", PstlAdr: { StrtNm: "Hauptstrasse", BldgNb: "1", TwnNm: "Berlin" } },
    });

    const submitted = await listOrders(t.app, admin, "&status=submitted");
    expect(submitted.filter((o) => o.file_id === files[0]?.id)).toHaveLength(2);
    const listed = await t.app.inject({ url: "/api/admin/payment-files", headers: admin.headers });
    expect(listed.headers["x-total-count"]).toBe("1");
    expect((listed.json() as PaymentFile[])[0]).toMatchObject({ id: files[0]?.id, order_count: 2 });
    // Nothing left to send: 409, and no empty file.
    const again = await createFiles();
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("no_open_payment_orders");

    // The bank books both debits: the deposits are paid out with the booking date.
    const bookedOn = addDays(first.deposit.maturity_date ?? "", 1);
    await moveTo(bookedOn);
    const seen = published.length;
    const imported = await importXml(
      debitStatement({
        bookingDate: bookedOn,
        debits: orders.map((o) => ({ endToEndId: o.end_to_end_id, amount: o.amount.toFixed(2) })),
      }),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().entries.map((e: { outcome: string }) => e.outcome)).toEqual([
      "booked_order",
      "booked_order",
    ]);
    expect(published.slice(seen).map((e) => e.kind)).toEqual([
      "order_booked",
      "order_booked",
      "statement_imported",
    ]);
    const paid = await deposit(first.saver.headers, first.deposit.id);
    expect(paid).toMatchObject({
      status: "paid_out",
      paid_out_at: startOfDayInZone(bookedOn, BUSINESS_TIME_ZONE).toISOString(),
      ledger: { paid_out: 10_350, balance: 0 },
    });
    expect((await listOrders(t.app, admin, "&status=booked")).map((o) => o.booking_date)).toContain(bookedOn);
    // The audit log has each step of the order.
    const audit = await t.app.db
      .selectFrom("audit_log")
      .select("action")
      .where("target_id", "=", order.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["payment.ordered", "payment.submitted", "payment.booked"]);
    clock.reset();
  });

  it("one file per debtor account; a file for one account leaves the other's orders open", async () => {
    await cancelOpenOrders();
    await matured(2);
    await matured(1, SECOND_ACCOUNT);
    const onlySecond = await createFiles({ account: SECOND_ACCOUNT.iban });
    expect(onlySecond.statusCode, onlySecond.body).toBe(201);
    expect(onlySecond.json().files).toMatchObject([{ debtor_iban: SECOND_ACCOUNT.iban, order_count: 1 }]);
    expect(await listOrders(t.app, admin, `&status=ordered&account=${SECOND_ACCOUNT.iban}`)).toHaveLength(0);
    expect(await listOrders(t.app, admin, `&status=ordered&account=${PARTNER_IBAN}`)).toHaveLength(2);
    await matured(1, SECOND_ACCOUNT);
    const both = await createFiles();
    expect(both.statusCode).toBe(201);
    const files = both.json().files as PaymentFile[];
    expect(files.map((f) => [f.debtor_iban, f.order_count]).sort()).toEqual(
      [
        [PARTNER_IBAN, 2],
        [SECOND_ACCOUNT.iban, 1],
      ].sort(),
    );
    for (const file of files) {
      const xml = (await t.app.inject({ url: `/api/admin/payment-files/${file.id}`, headers: admin.headers }))
        .body;
      expect(await validateAgainstXsd(xml, PAIN001_XSD)).toEqual([]);
      expect(parser.parse(xml).Document.CstmrCdtTrfInitn.PmtInf.DbtrAcct.Id.IBAN).toBe(file.debtor_iban);
    }
    clock.reset();
  });

  it("filters orders by state, account and age", async () => {
    await cancelOpenOrders();
    await matured(1);
    const all = await listOrders(t.app, admin, "&status=ordered");
    expect(all).toHaveLength(1);
    expect(await listOrders(t.app, admin, "&status=ordered&older_than_days=1")).toHaveLength(0);
    clock.set(new Date(clock.now().getTime() + 3 * 86_400_000));
    expect(await listOrders(t.app, admin, "&status=ordered&older_than_days=2")).toHaveLength(1);
    expect(await listOrders(t.app, admin, "&status=ordered&older_than_days=5")).toHaveLength(0);
    expect(await listOrders(t.app, admin, `&status=ordered&account=${SECOND_ACCOUNT.iban}`)).toHaveLength(0);
    const bad = await t.app.inject({ url: "/api/admin/payments?status=lost", headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    const badAccount = await t.app.inject({
      url: "/api/admin/payments?account=DE00",
      headers: admin.headers,
    });
    expect(badAccount.statusCode).toBe(400);
    clock.reset();
  });
});

describe("cancel, return and re-order", () => {
  it("staff cancel an open order with a reason; after submission it is refused", async () => {
    await cancelOpenOrders();
    const [a, b] = await matured(2);
    const orders = await listOrders(t.app, admin, "&status=ordered");
    const ofA = orders.find((o) => o.deposit_id === a?.deposit.id) as PaymentOrder;
    const cancel = (id: string, payload: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/payments/${id}/cancel`,
        headers: admin.headers,
        payload,
      });
    expect((await cancel(ofA.id, {})).statusCode).toBe(400);
    expect((await cancel(ofA.id, { reason: "   " })).statusCode).toBe(400);
    expect((await cancel("00000000-0000-4000-8000-000000000000", { reason: "x" })).statusCode).toBe(404);
    const seen = published.length;
    const cancelled = await cancel(ofA.id, { reason: "The saver asked to wait" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: "cancelled", cancel_reason: "The saver asked to wait" });
    expect(published.slice(seen)).toMatchObject([
      { kind: "order_cancelled", reason: "The saver asked to wait" },
    ]);
    const audit = await t.app.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", ofA.id)
      .where("action", "=", "payment.cancelled")
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ reason: "The saver asked to wait" });
    // Twice: 409, nothing changes.
    expect((await cancel(ofA.id, { reason: "again" })).statusCode).toBe(409);

    expect((await createFiles()).statusCode).toBe(201);
    const ofB = (await listOrders(t.app, admin, "&status=submitted")).find(
      (o) => o.deposit_id === b?.deposit.id,
    );
    const late = await cancel(ofB?.id ?? "", { reason: "too late" });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe("payment_order_not_cancellable");
    clock.reset();
  });

  it("a returned payout goes back on the balance; staff order it again to a corrected IBAN", async () => {
    await cancelOpenOrders();
    const [made] = await matured(1);
    if (!made) throw new Error("no deposit");
    expect((await createFiles()).statusCode).toBe(201);
    const order = (await listOrders(t.app, admin, "&status=submitted")).find(
      (o) => o.deposit_id === made.deposit.id,
    ) as PaymentOrder;
    const bookedOn = today();
    // Booked, then sent back by the saver's bank (account closed, AC04).
    await importXml(
      debitStatement({
        bookingDate: bookedOn,
        debits: [{ endToEndId: order.end_to_end_id, amount: "10350.00" }],
      }),
    );
    expect((await deposit(made.saver.headers, made.deposit.id)).status).toBe("paid_out");
    const seen = published.length;
    const returned = await importXml(
      debitStatement({
        bookingDate: bookedOn,
        debits: [],
        returns: [{ originalEndToEndId: order.end_to_end_id, amount: "10350.00", reasonCode: "AC04" }],
      }),
    );
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json().entries).toMatchObject([
      { kind: "return", outcome: "returned_order", reason: "AC04", payment_order_id: order.id },
    ]);
    expect(published.slice(seen).map((e) => e.kind)).toEqual(["order_returned", "statement_imported"]);
    const back = await deposit(made.saver.headers, made.deposit.id);
    expect(back).toMatchObject({ status: "payout_pending", paid_out_at: null, ledger: { balance: 10_350 } });
    expect(back.events.at(-1)).toMatchObject({ type: "payout_returned", details: { reason_code: "AC04" } });
    const listedReturned = await listOrders(t.app, admin, "&status=returned");
    expect(listedReturned.find((o) => o.id === order.id)).toMatchObject({ return_reason: "AC04" });

    // The saver is told at once what happened and what to do; nothing says "paid" any more.
    const told = await inbox(made.saver.headers);
    expect(told[0]).toMatchObject({ title: expect.stringMatching(/^Payment returned: payout of deposit /) });
    expect(told[0]?.message).toContain("AC04: the account is closed");
    expect(told[0]?.message).toContain("confirm your reference account or give us a new one");
    expect(await eventsMailedTo(made.saver.user.id)).toContain("deposit_payout_returned");

    const reorder = (payload: object) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/payments/${order.id}/reorder`,
        headers: admin.headers,
        payload,
      });
    expect((await reorder({ creditor_iban: "DE00 1234" })).statusCode).toBe(400);
    const again = await reorder({ creditor_iban: "FR14 2004 1010 0505 0001 3M02 606" });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({
      status: "awaiting_release",
      source: "maturity_payout",
      replaces_order_id: order.id,
      amount: 10_350,
      deposit_id: made.deposit.id,
      requested_by: admin.user.id,
    });
    expect(again.json().end_to_end_id).not.toBe(order.end_to_end_id);
    expect((await reorder({})).statusCode).toBe(409);
    // Only released orders go into files; the one who asked for it cannot release it.
    expect((await createFiles()).statusCode).toBe(409);
    const release = (who: { headers: { authorization: string } }) =>
      t.app.inject({
        method: "POST",
        url: `/api/admin/payments/${again.json().id}/release`,
        headers: who.headers,
        payload: {},
      });
    const own = await release(admin);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe("payment_order_release_own");
    const second = await createAdmin(t.app, { full_name: "Second Pair" });
    const released = await release(second);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({
      status: "ordered",
      requested_by: admin.user.id,
      released_by: second.user.id,
    });
    expect((await release(second)).json().code).toBe("payment_order_not_releasable");
    // The audit trail names both staff members, the old and the new IBAN and the order replaced.
    const trail = await t.app.inject({
      url: `/api/admin/audit-log?action=payment.released&limit=1`,
      headers: admin.headers,
    });
    expect(trail.json()[0]).toMatchObject({
      actor: { id: second.user.id },
      target_id: again.json().id,
      details: {
        requested_by: admin.user.id,
        requested_by_email: admin.user.email,
        released_by: second.user.id,
        replaces_order_id: order.id,
        old_creditor_iban: SAVER_IBAN,
        new_creditor_iban: "FR1420041010050500013M02606",
      },
    });
    // The saver is told that the money now goes to another account (masked).
    const redirected = (await inbox(made.saver.headers))[0];
    expect(redirected?.title).toMatch(/^Payment to another account: payout of deposit /);
    expect(redirected?.message).toContain("FR14 **** **** **** **** **** 2606");
    expect(redirected?.message).not.toContain("FR1420041010050500013M02606");
    expect(await eventsMailedTo(made.saver.user.id)).toContain("deposit_payout_redirected");
    // The re-ordered payment is booked: paid out again.
    expect((await createFiles()).statusCode).toBe(201);
    await importXml(
      debitStatement({
        bookingDate: bookedOn,
        debits: [
          {
            endToEndId: again.json().end_to_end_id,
            amount: "10350.00",
            creditorIban: "FR1420041010050500013M02606",
          },
        ],
      }),
    );
    expect(await deposit(made.saver.headers, made.deposit.id)).toMatchObject({
      status: "paid_out",
      ledger: { balance: 0, paid_out: 10_350 },
    });
    clock.reset();
  });

  it("a credit that arrived on a bank's own account goes back from that account, under the bank's holder", async () => {
    await cancelOpenOrders();
    const banks = await t.app.inject({ url: "/api/admin/banks", headers: admin.headers });
    const bank = (banks.json() as Array<{ id: string; slug: string }>).find(
      (b) => b.slug === "beispiel-sparbank",
    );
    const account = { holder: "Beispiel Sparbank AG", iban: "DE51500100600123456789", bic: "BEISDEFFXXX" };
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/banks/${bank?.id}`,
      headers: admin.headers,
      payload: { account },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const xml = camt053("08", {
      messageId: `OWN-ACCOUNT-${Date.now()}`,
      credits: [
        { amount: "55.00", unstructured: "Falsch", iban: "FR1420041010050500013M02606", name: "Jean Dupont" },
      ],
    }).replace(`<IBAN>${PARTNER_IBAN}</IBAN>`, `<IBAN>${account.iban}</IBAN>`);
    const imported = await importXml(xml);
    expect(imported.statusCode, imported.body).toBe(200);
    const entry = imported.json().entries.find((e: { kind: string }) => e.kind === "credit");
    expect(entry).toMatchObject({ outcome: "unmatched" });
    const returned = await returnUnmatchedCredit(
      t.app,
      admin,
      await createAdmin(t.app),
      entry.unmatched_credit_id,
    );
    expect(returned).toMatchObject({
      source: "credit_return",
      debtor_name: account.holder,
      debtor_iban: account.iban,
      amount: 55,
    });
    await cancelOpenOrders();
  });

  it("an unmatched credit is kept with the payer's text; staff return it to the payer once", async () => {
    await cancelOpenOrders();
    const seen = published.length;
    const xml = camt053("08", {
      messageId: `UNMATCHED-${Date.now()}`,
      credits: [
        {
          amount: "777.00",
          unstructured: "Geschenk fuer Oma",
          iban: "FR1420041010050500013M02606",
          name: "Jean Dupont",
        },
      ],
    });
    const imported = await importXml(xml);
    expect(imported.statusCode, imported.body).toBe(200);
    const entry = imported.json().entries.find((e: { kind: string }) => e.kind === "credit");
    expect(entry).toMatchObject({
      outcome: "unmatched",
      reason: "no_reference",
      remittance: "Geschenk fuer Oma",
    });
    expect(published.slice(seen).map((e) => e.kind)).toEqual(["credit_unmatched", "statement_imported"]);
    const list = await t.app.inject({
      url: "/api/admin/unmatched-credits?status=open",
      headers: admin.headers,
    });
    const credit = (list.json() as UnmatchedCredit[]).find((c) => c.id === entry.unmatched_credit_id);
    expect(credit).toMatchObject({
      amount: 777,
      payer_name: "Jean Dupont",
      remittance: "Geschenk fuer Oma",
      account_iban: PARTNER_IBAN,
      status: "open",
    });
    // Four eyes: one staff member asks, a second releases; then the credit is settled.
    const returned = await returnUnmatchedCredit(t.app, admin, await createAdmin(t.app), credit?.id ?? "");
    expect(returned).toMatchObject({
      source: "credit_return",
      status: "ordered",
      deposit_id: null,
      unmatched_credit_id: credit?.id,
      creditor_name: "Jean Dupont",
      debtor_iban: PARTNER_IBAN,
      amount: 777,
    });
    expect(returned.remittance).toContain("Geschenk fuer Oma");
    const exception = (await listExceptions(t.app, admin)).find((e) => e.unmatched_credit_id === credit?.id);
    expect(exception).toMatchObject({ status: "resolved", actions: [], return_order_id: returned.id });
    const again = await actOnException(t.app, admin, exception?.id ?? "", { action: "return_to_payer" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "bank_exception_not_open" });
    // The return goes into the next file like every order, valid against the schema.
    const files = await createFiles();
    expect(files.statusCode).toBe(201);
    const fileXml = (
      await t.app.inject({
        url: `/api/admin/payment-files/${files.json().files[0].id}`,
        headers: admin.headers,
      })
    ).body;
    expect(await validateAgainstXsd(fileXml, PAIN001_XSD)).toEqual([]);
    expect(fileXml).toContain("FR1420041010050500013M02606");
    const after = await t.app.inject({ url: "/api/admin/unmatched-credits", headers: admin.headers });
    expect((after.json() as UnmatchedCredit[]).find((c) => c.id === credit?.id)).toMatchObject({
      status: "returned",
      return_order_id: returned.id,
    });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await actOnException(t.app, admin, unknown, { action: "write_off", reason: "x" })).statusCode,
    ).toBe(404);
    expect((await releaseException(t.app, admin, unknown)).statusCode).toBe(404);
  });
});

describe("access", () => {
  const routes = Object.values(operations).filter((o) => (o.tags as readonly string[]).includes("payments"));
  const id = "00000000-0000-4000-8000-000000000000";

  it("covers every payments operation", () => {
    expect(routes.map((r) => r.id).sort()).toEqual(
      [
        "adminPaymentFilesCreate",
        "adminPaymentFilesGet",
        "adminPaymentFilesList",
        "adminPaymentsCancel",
        "adminPaymentsList",
        "adminPaymentsRelease",
        "adminPaymentsReorder",
        "adminUnmatchedCreditsList",
        "adminBankExceptionsList",
        "adminBankExceptionsAct",
        "adminBankExceptionsRelease",
      ].sort(),
    );
  });

  for (const op of routes) {
    it(`${op.id}: 401 without a session, 403 for a saver`, async () => {
      const saver = await createUser(t.app);
      const url = `/api${op.path.replace(":id", id)}`;
      const payload = op.method === "POST" ? {} : undefined;
      const anonymous = await t.app.inject({ method: op.method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      const forbidden = await t.app.inject({
        method: op.method,
        url,
        headers: saver.headers,
        ...(payload ? { payload } : {}),
      });
      expect(forbidden.statusCode).toBe(403);
    });
  }

  it("an unknown file is 404", async () => {
    const res = await t.app.inject({ url: `/api/admin/payment-files/${id}`, headers: admin.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("payment_file_not_found");
  });
});
