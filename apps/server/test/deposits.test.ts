import { randomUUID } from "node:crypto";
import {
  type AdminApplication,
  type Application,
  type BankStatementResult,
  BUSINESS_TIME_ZONE,
  type DepositDetail,
  dateInZone,
  isValidCreditorReference,
} from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES_LATER_FROM_ENTRIES } from "../src/modules/deposits/statement-import.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { applicationPayload, approvedApplication, camt053, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { postStatement, settlePayments } from "./helpers/payments.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const today = () => dateInZone(new Date(), BUSINESS_TIME_ZONE);

async function saver() {
  return createUser(t.app);
}

function fund(id: string, payload: object, headers = admin.headers) {
  return t.app.inject({ method: "POST", url: `/api/admin/deposits/${id}/funding`, headers, payload });
}

const importStatement = (xml: string, dryRun = false) => postStatement(t.app, admin, xml, dryRun);

async function mine(headers: { authorization: string }, id: string): Promise<Application> {
  const list = (await t.app.inject({ url: "/api/applications/me", headers })).json() as Application[];
  const found = list.find((a) => a.id === id);
  if (!found) throw new Error("application not listed");
  return found;
}

/** The EPC QR payload's lines of a EUR 10,000 transfer to the demo partner bank (EPC069-12). */
const demoBankPayloadLines = (reference: string) => [
  "BCD",
  "002",
  "1",
  "SCT",
  "DEMODEFFXXX",
  "Demo Partnerbank AG",
  "DE52000000000012345678",
  "EUR10000.00",
  "",
  reference,
];

describe("approval", () => {
  it("refuses to approve while the saver's identity is not verified (409 kyc_not_approved)", async () => {
    const s = await saver();
    const pkg = await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 12)
      .executeTakeFirstOrThrow();
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: s.headers,
      remoteAddress: "10.1.1.1",
      payload: applicationPayload("Erika Mustermann", pkg.id),
    });
    const id = sent.json().id;
    for (const kyc of ["not_started", "pending", "rejected"] as const) {
      await t.app.db.updateTable("users").set({ kyc_status: kyc }).where("id", "=", s.user.id).execute();
      const res = await t.app.inject({
        method: "PATCH",
        url: `/api/admin/applications/${id}/decision`,
        headers: admin.headers,
        payload: { decision: "approved" },
      });
      expect(res.statusCode, kyc).toBe(409);
      expect(res.json().code).toBe("kyc_not_approved");
    }
    expect((await mine(s.headers, id)).status).toBe("pending");
    // A signed-out application has no verified account.
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      remoteAddress: "10.1.1.2",
      payload: {
        full_name: "Max Muster",
        email: "max@example.test",
        phone: "+49 30 1234567",
        amount: 10_000,
        package_id: pkg.id,
        reference_iban: SAVER_IBAN,
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${anonymous.json().id}/decision`,
      headers: admin.headers,
      payload: { decision: "approved" },
    });
    expect(res.json().code).toBe("kyc_not_approved");
    expect(
      await t.app.db.selectFrom("deposits").selectAll().where("application_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("needs a reason to reject, and the saver reads it", async () => {
    const s = await saver();
    const pkg = await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 6)
      .executeTakeFirstOrThrow();
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: s.headers,
      remoteAddress: "10.1.1.3",
      payload: {
        full_name: "Erika Mustermann",
        email: "erika@example.test",
        phone: "+49 30 1234567",
        amount: 5_000,
        package_id: pkg.id,
        reference_iban: SAVER_IBAN,
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    const id = sent.json().id;
    const decide = (payload: object) =>
      t.app.inject({
        method: "PATCH",
        url: `/api/admin/applications/${id}/decision`,
        headers: admin.headers,
        payload,
      });
    for (const payload of [{ decision: "rejected" }, { decision: "rejected", rejection_reason: "   " }]) {
      const res = await decide(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("rejection_reason_required");
    }
    const res = await decide({
      decision: "rejected",
      rejection_reason: "The reference account is not in your name.",
      admin_notes: "internal: name differs",
    });
    expect(res.statusCode).toBe(200);
    const seen = await mine(s.headers, id);
    expect(seen).toMatchObject({
      status: "rejected",
      rejection_reason: "The reference account is not in your name.",
      deposit: null,
    });
    expect(JSON.stringify(seen)).not.toContain("internal: name differs");
  });

  it("creates a deposit awaiting funds with transfer instructions, RF reference, deadline and QR code", async () => {
    const s = await saver();
    const application = await approvedApplication(t.app, s, admin, { amount: 10_000 });
    const { deposit } = application;
    expect(deposit).toMatchObject({
      status: "awaiting_funds",
      amount: 10_000,
      currency: "EUR",
      term: 12,
      interest_rate: 3.5,
      expected_interest: 350,
      value_date: null,
      maturity_date: null,
      ledger: { principal_received: 0, balance: 0 },
    });
    expect(isValidCreditorReference(deposit.reference)).toBe(true);
    expect(deposit.transfer).toMatchObject({
      account_holder: "Demo Partnerbank AG",
      iban: "DE52000000000012345678",
      bic: "DEMODEFFXXX",
      amount: 10_000,
      reference: deposit.reference,
    });
    // Deadline: 14 days after approval, at the end of the day in Berlin.
    const approvedOn = dateInZone(new Date(deposit.approved_at), BUSINESS_TIME_ZONE);
    const deadlineDay = dateInZone(new Date(deposit.transfer?.deadline ?? ""), BUSINESS_TIME_ZONE);
    expect((Date.parse(deadlineDay) - Date.parse(approvedOn)) / 86_400_000).toBe(14);
    expect(deposit.transfer?.epc_qr_payload?.split("\n")).toEqual(demoBankPayloadLines(deposit.reference));
    // The owner sees it in the list and alone, and gets the QR code as SVG.
    const listed = await mine(s.headers, application.id);
    expect(listed.deposit?.id).toBe(deposit.id);
    const qr = await t.app.inject({ url: `/api/deposits/${deposit.id}/transfer-qr`, headers: s.headers });
    expect(qr.statusCode).toBe(200);
    expect(qr.json().svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(qr.json().payload).toBe(deposit.transfer?.epc_qr_payload);
    const detail = (await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: s.headers })).json();
    expect(detail.events.map((e: { type: string }) => e.type)).toEqual(["approved"]);
    // Another saver's deposit answers 404, like an unknown one.
    const other = await saver();
    expect(
      (await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/deposits/${deposit.id}/transfer-qr`, headers: other.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/deposits/${randomUUID()}`, headers: s.headers })).statusCode,
    ).toBe(404);
    // The admin list shows it too.
    const adminList = (
      await t.app.inject({ url: "/api/applications?status=approved", headers: admin.headers })
    ).json() as AdminApplication[];
    expect(adminList.find((a) => a.id === application.id)?.deposit?.reference).toBe(deposit.reference);
  });

  it("gives a deposit in USD or GBP its transfer details without an EPC QR code (euro only)", async () => {
    for (const currency of ["USD", "GBP"] as const) {
      const s = await saver();
      const application = await approvedApplication(t.app, s, admin, { amount: 10_000, currency });
      const { deposit } = application;
      expect(deposit, currency).toMatchObject({ status: "awaiting_funds", amount: 10_000, currency });
      // The details to type in, in the deposit's currency; no payload that a banking app would read as euros.
      expect(deposit.transfer, currency).toMatchObject({
        account_holder: "Demo Partnerbank AG",
        iban: "DE52000000000012345678",
        amount: 10_000,
        currency,
        reference: deposit.reference,
        epc_qr_payload: null,
      });
      const detail = (await t.app.inject({ url: `/api/deposits/${deposit.id}`, headers: s.headers })).json();
      expect(detail.transfer.epc_qr_payload, currency).toBeNull();
      expect((await mine(s.headers, application.id)).deposit?.transfer?.epc_qr_payload, currency).toBeNull();
      // The QR route refuses with its own code (which the web app translates) instead of an image.
      const qr = await t.app.inject({ url: `/api/deposits/${deposit.id}/transfer-qr`, headers: s.headers });
      expect(qr.statusCode, currency).toBe(409);
      expect(qr.json()).toEqual({
        code: "transfer_qr_euro_only",
        detail: expect.stringContaining("euro only"),
      });
      // Another saver still learns nothing about it.
      const other = await saver();
      expect(
        (await t.app.inject({ url: `/api/deposits/${deposit.id}/transfer-qr`, headers: other.headers }))
          .statusCode,
      ).toBe(404);
    }
    // A euro deposit keeps its payload, and the route its image of it.
    const s = await saver();
    const { deposit } = await approvedApplication(t.app, s, admin, { amount: 10_000, currency: "EUR" });
    expect(deposit.transfer?.epc_qr_payload?.split("\n")).toEqual(demoBankPayloadLines(deposit.reference));
    const qr = await t.app.inject({ url: `/api/deposits/${deposit.id}/transfer-qr`, headers: s.headers });
    expect(qr.statusCode).toBe(200);
    expect(qr.json().payload).toBe(deposit.transfer?.epc_qr_payload);
  });
});

describe("funding by hand", () => {
  it("refuses a payer other than the reference account, a different amount and a bad value date", async () => {
    const s = await saver();
    const { deposit } = await approvedApplication(t.app, s, admin, { amount: 10_000 });
    const wrongIban = await fund(deposit.id, {
      amount: 10_000,
      value_date: today(),
      payer_iban: "FR14 2004 1010 0505 0001 3M02 606",
    });
    expect(wrongIban.statusCode).toBe(409);
    expect(wrongIban.json().code).toBe("payer_iban_mismatch");
    for (const amount of [9_999.99, 10_000.01, 5_000]) {
      const res = await fund(deposit.id, { amount, value_date: today(), payer_iban: SAVER_IBAN });
      expect(res.statusCode, String(amount)).toBe(409);
      expect(res.json().code).toBe("amount_mismatch");
    }
    for (const value_date of ["2020-01-01", "2100-12-31"]) {
      const res = await fund(deposit.id, { amount: 10_000, value_date, payer_iban: SAVER_IBAN });
      expect(res.statusCode, value_date).toBe(400);
      expect(res.json().code).toBe("invalid_value_date");
    }
    for (const bad of [
      { amount: 10_000, value_date: "01.02.2025", payer_iban: SAVER_IBAN },
      { amount: 10_000, value_date: today(), payer_iban: "DE00 1234" },
      { amount: 10_000.001, value_date: today(), payer_iban: SAVER_IBAN },
      { amount: 10_000, value_date: today() },
    ]) {
      expect((await fund(deposit.id, bad)).statusCode).toBe(400);
    }
    expect(
      (await fund(randomUUID(), { amount: 1, value_date: today(), payer_iban: SAVER_IBAN })).statusCode,
    ).toBe(404);
    expect(
      (await fund(deposit.id, { amount: 10_000, value_date: today(), payer_iban: SAVER_IBAN }, s.headers))
        .statusCode,
    ).toBe(403);
    const ledger = await t.app.db
      .selectFrom("deposit_ledger")
      .selectAll()
      .where("deposit_id", "=", deposit.id)
      .execute();
    expect(ledger).toEqual([]);
  });

  it("books the money, starts the term at the value date and refuses a second booking", async () => {
    const s = await saver();
    const application = await approvedApplication(t.app, s, admin, { amount: 25_000, months: 12 });
    const valueDate = today();
    const res = await fund(application.deposit.id, {
      amount: 25_000,
      value_date: valueDate,
      payer_iban: "de89 3704 0044 0532 0130 00",
    });
    expect(res.statusCode, res.body).toBe(200);
    const funded = res.json() as DepositDetail;
    const [y, m, d] = valueDate.split("-").map(Number) as [number, number, number];
    const lastDay = new Date(Date.UTC(y + 1, m, 0)).getUTCDate();
    const expectedMaturity = `${y + 1}-${String(m).padStart(2, "0")}-${String(Math.min(d, lastDay)).padStart(2, "0")}`;
    expect(funded).toMatchObject({
      status: "active",
      value_date: valueDate,
      maturity_date: expectedMaturity,
      transfer: null,
      ledger: { principal_received: 25_000, balance: 25_000 },
    });
    expect(funded.entries).toMatchObject([{ kind: "principal_received", amount: 25_000, source: "manual" }]);
    expect(funded.events.map((e) => e.type)).toEqual(["approved", "funds_received"]);
    const seen = await mine(s.headers, application.id);
    expect(seen.maturity_date).toBe(expectedMaturity);
    expect(seen.deposit?.status).toBe("active");
    // The QR code is gone with the transfer instructions.
    expect(
      (
        await t.app.inject({ url: `/api/deposits/${application.deposit.id}/transfer-qr`, headers: s.headers })
      ).json().code,
    ).toBe("deposit_not_awaiting_funds");
    const again = await fund(application.deposit.id, {
      amount: 25_000,
      value_date: valueDate,
      payer_iban: SAVER_IBAN,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("deposit_not_awaiting_funds");
    // Jobs: maturity and reminder scheduled, the lapse check cancelled.
    const jobs = await t.app.db
      .selectFrom("jobs")
      .select(["name", "state"])
      .where("key", "like", `%:${application.deposit.id}`)
      .orderBy("name")
      .execute();
    expect(jobs).toEqual([
      { name: "deposit.lapse", state: "cancelled" },
      { name: "deposit.maturity", state: "pending" },
      { name: "deposit.maturity_reminder", state: "pending" },
    ]);
  });

  it("two bookings of the same deposit at once: exactly one succeeds", async () => {
    const s = await saver();
    const { deposit } = await approvedApplication(t.app, s, admin, { amount: 10_000 });
    const payload = { amount: 10_000, value_date: today(), payer_iban: SAVER_IBAN };
    const results = await Promise.all([fund(deposit.id, payload), fund(deposit.id, payload)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const ledger = await t.app.db
      .selectFrom("deposit_ledger")
      .selectAll()
      .where("deposit_id", "=", deposit.id)
      .execute();
    expect(ledger).toHaveLength(1);
  });
});

describe("camt.053 statement import", () => {
  for (const version of ["02", "08"] as const) {
    it(`matches credits by reference (camt.053.001.${version}), lists the rest, and imports once`, async () => {
      const s = await saver();
      const a = await approvedApplication(t.app, s, admin, { amount: 10_000 });
      const b = await approvedApplication(t.app, s, admin, { amount: 5_000, months: 6 });
      const c = await approvedApplication(t.app, s, admin, { amount: 20_000 });
      const d = await approvedApplication(t.app, s, admin, { amount: 7_000, months: 6 });
      const xml = camt053(version, {
        messageId: `MSG-${version}-${randomUUID()}`,
        credits: [
          { amount: "10000.00", reference: a.deposit.reference },
          // the reference written in the free text, in print format
          {
            amount: "5000.00",
            unstructured: `Festgeld ${b.deposit.transfer?.reference_formatted} Erika`,
          },
          { amount: "19999.00", reference: c.deposit.reference },
          { amount: "7000.00", reference: d.deposit.reference, iban: "FR1420041010050500013M02606" },
          { amount: "100.00", unstructured: "Rent May" },
          { amount: "100.00", reference: "RF18539007547034" },
        ],
      });

      const preview = await importStatement(xml, true);
      expect(preview.statusCode, preview.body).toBe(200);
      const previewBody = preview.json() as BankStatementResult;
      expect(previewBody).toMatchObject({
        dry_run: true,
        id: null,
        credits: 6,
        format: `camt.053.001.${version}`,
      });
      expect(previewBody.matched.map((m) => m.deposit_id)).toEqual([a.deposit.id, b.deposit.id]);
      expect((await mine(s.headers, a.id)).deposit?.status).toBe("awaiting_funds");

      const res = await importStatement(xml);
      expect(res.statusCode).toBe(200);
      const result = res.json() as BankStatementResult;
      expect(result).toMatchObject({ dry_run: false, already_imported: false, credits: 6 });
      expect(result.matched.map((m) => m.deposit_id)).toEqual([a.deposit.id, b.deposit.id]);
      expect(result.unmatched.map((u) => [u.reason, u.deposit_id])).toEqual([
        ["amount_mismatch", c.deposit.id],
        ["payer_iban_mismatch", d.deposit.id],
        ["no_reference", null],
        ["unknown_reference", null],
      ]);
      const fundedA = await mine(s.headers, a.id);
      expect(fundedA.deposit).toMatchObject({ status: "active", value_date: today() });
      expect((await mine(s.headers, b.id)).deposit?.status).toBe("active");
      expect((await mine(s.headers, c.id)).deposit?.status).toBe("awaiting_funds");

      // The same statement again changes nothing and answers the first result.
      const ledgerBefore = await t.app.db.selectFrom("deposit_ledger").select("id").execute();
      const again = await importStatement(xml);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ already_imported: true, id: result.id, matched: result.matched });
      expect(await t.app.db.selectFrom("deposit_ledger").select("id").execute()).toEqual(ledgerBefore);
      const listed = await t.app.inject({ url: "/api/admin/bank-statements", headers: admin.headers });
      expect(listed.json().filter((x: { id: string }) => x.id === result.id)).toHaveLength(1);
    });
  }

  it("tells a large statement's savers through the job queue once it committed, a small one's at once", async () => {
    const inbox = async (headers: { authorization: string }) =>
      ((await t.app.inject({ url: "/api/notifications", headers })).json() as Array<{ title: string }>)
        .length;
    const postbox = async (headers: { authorization: string }) =>
      ((await t.app.inject({ url: "/api/documents", headers })).json() as unknown[]).length;
    const s = await saver();
    const small = await approvedApplication(t.app, s, admin, { amount: 6_000 });
    const large = await approvedApplication(t.app, s, admin, { amount: 8_000 });
    await t.app.jobs.runDue();
    const [inboxBefore, postboxBefore] = [await inbox(s.headers), await postbox(s.headers)];
    const one = await importStatement(
      camt053("08", {
        messageId: `MSG-SMALL-${randomUUID()}`,
        credits: [{ amount: "6000.00", reference: small.deposit.reference }],
      }),
    );
    expect(one.json().matched).toHaveLength(1);
    // told in the import's own transaction: the message and its document are there at once
    expect(await inbox(s.headers)).toBe(inboxBefore + 1);
    expect(await postbox(s.headers)).toBeGreaterThan(postboxBefore);
    const [inboxMid, postboxMid] = [await inbox(s.headers), await postbox(s.headers)];
    // MESSAGES_LATER_FROM_ENTRIES entries or more: the funding is booked, its message queued
    const noise = Array.from({ length: MESSAGES_LATER_FROM_ENTRIES }, (_, i) => ({
      amount: `${i + 1}.00`,
      unstructured: `Unrelated transfer ${i}`,
    }));
    const many = await importStatement(
      camt053("08", {
        messageId: `MSG-LARGE-${randomUUID()}`,
        credits: [{ amount: "8000.00", reference: large.deposit.reference }, ...noise],
      }),
    );
    expect(many.statusCode, many.body).toBe(200);
    expect((many.json() as BankStatementResult).matched.map((m) => m.deposit_id)).toEqual([large.deposit.id]);
    expect((await mine(s.headers, large.id)).deposit?.status).toBe("active");
    expect(await inbox(s.headers)).toBe(inboxMid);
    await t.app.jobs.runDue();
    expect(await inbox(s.headers)).toBe(inboxMid + 1);
    expect(await postbox(s.headers)).toBe(postboxMid + (postboxMid - postboxBefore));
    // told once: the queue's key is the message's
    await t.app.jobs.runDue();
    expect(await inbox(s.headers)).toBe(inboxMid + 1);
  });

  it("refuses what is not a camt.053 statement (400 statement_invalid)", async () => {
    for (const xml of [
      "not xml at all <",
      "<Document xmlns='urn:iso:std:iso:20022:tech:xsd:camt.052.001.02'><BkToCstmrRpt/></Document>",
      "<Document xmlns='urn:iso:std:iso:20022:tech:xsd:camt.053.001.02'><BkToCstmrStmt/></Document>",
    ]) {
      const res = await importStatement(xml);
      expect(res.statusCode, xml).toBe(400);
      expect(res.json().code).toBe("statement_invalid");
    }
  });
});

describe("withdrawal and figures", () => {
  it("a withdrawal ends the deposit; money received goes back (a refund order, then the ledger payout)", async () => {
    const s = await saver();
    const a = await approvedApplication(t.app, s, admin, { amount: 10_000 });
    await fund(a.deposit.id, { amount: 10_000, value_date: today(), payer_iban: SAVER_IBAN });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/applications/${a.id}/withdraw`,
      headers: s.headers,
    });
    expect(res.statusCode).toBe(200);
    // Withdrawn at once; the money is on the balance until the bank books the refund.
    expect(res.json().deposit).toMatchObject({
      status: "withdrawn",
      ledger: { principal_received: 10_000, paid_out: 0, balance: 10_000 },
    });
    const refunds = (await settlePayments(t.app, admin, today())).filter(
      (o) => o.deposit_id === a.deposit.id,
    );
    expect(refunds).toMatchObject([{ source: "withdrawal_refund", amount: 10_000, principal: 10_000 }]);
    const refunded = (
      await t.app.inject({ url: `/api/deposits/${a.deposit.id}`, headers: s.headers })
    ).json();
    expect(refunded).toMatchObject({
      status: "withdrawn",
      paid_out_at: expect.any(String),
      ledger: { principal_received: 10_000, paid_out: 10_000, balance: 0 },
    });
    const b = await approvedApplication(t.app, s, admin, { amount: 5_000, months: 6 });
    const resB = await t.app.inject({
      method: "POST",
      url: `/api/applications/${b.id}/withdraw`,
      headers: s.headers,
    });
    expect(resB.json().deposit).toMatchObject({ status: "withdrawn", ledger: { balance: 0 } });
  });

  it("the summary counts money received, not approvals", async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createAdmin(fresh.app);
      const s1 = await createUser(fresh.app);
      const s2 = await createUser(fresh.app);
      const a = await approvedApplication(fresh.app, s1, boss, { amount: 10_000 });
      await approvedApplication(fresh.app, s2, boss, { amount: 5_000, months: 6 });
      const before = (
        await fresh.app.inject({ url: "/api/admin/deposits/summary", headers: boss.headers })
      ).json();
      expect(before).toMatchObject({
        funds_under_management: 0,
        principal_invested: 0,
        active_investors: 0,
        awaiting_funds: { count: 2, amount: 15_000 },
      });
      await fresh.app.inject({
        method: "POST",
        url: `/api/admin/deposits/${a.deposit.id}/funding`,
        headers: boss.headers,
        payload: { amount: 10_000, value_date: today(), payer_iban: SAVER_IBAN },
      });
      const after = (
        await fresh.app.inject({ url: "/api/admin/deposits/summary", headers: boss.headers })
      ).json();
      expect(after).toMatchObject({
        funds_under_management: 10_000,
        principal_invested: 10_000,
        active_investors: 1,
        awaiting_funds: { count: 1, amount: 5_000 },
        maturing_30_days: { count: 0, amount: 0 },
      });
      const queue = await fresh.app.inject({
        url: "/api/admin/deposits?status=awaiting_funds",
        headers: boss.headers,
      });
      expect(queue.headers["x-total-count"]).toBe("1");
      expect(queue.json()[0]).toMatchObject({
        amount: 5_000,
        age_days: 0,
        payer_iban: "DE89 **** **** **** **** 3000",
      });
      const one = await fresh.app.inject({
        url: `/api/admin/deposits/${a.deposit.id}`,
        headers: boss.headers,
      });
      expect(one.json().events.map((e: { type: string }) => e.type)).toEqual(["approved", "funds_received"]);
    } finally {
      await fresh.close();
    }
  });
});
