import { addDays, type PostboxDocument, type TrialBalance } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { createClockApp } from "./helpers/clock-app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { moveTo, pdfText, today } from "./helpers/ledger.ts";
import { listOrders, settlePayments } from "./helpers/payments.ts";

type Headers = { authorization: string };

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let day: string;
let saver: Awaited<ReturnType<typeof createUser>>;
const references: string[] = [];
const depositIds: string[] = [];

beforeAll(async () => {
  ({ t, clock, admin } = await createClockApp());
  day = today(clock);
  saver = await createUser(t.app, { full_name: "Erika Mustermann" });
  for (const amount of [10_000, 25_000.5]) {
    const application = await approvedApplication(t.app, saver, admin, { amount });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/deposits/${application.deposit.id}/funding`,
      headers: admin.headers,
      payload: { amount, value_date: day, payer_iban: SAVER_IBAN },
    });
    expect(res.statusCode, res.body).toBe(200);
    references.push(application.deposit.reference);
    depositIds.push(application.deposit.id);
  }
});
afterAll(() => t.close());

async function request(headers: Headers | undefined, date: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/documents/holdings-statement",
    ...(headers ? { headers } : {}),
    payload: { date },
  });
}

async function statementText(headers: Headers, date: string) {
  const res = await request(headers, date);
  // 200: the statement of the same day and figures issued earlier today
  expect([200, 201], res.body).toContain(res.statusCode);
  const document = res.json() as PostboxDocument;
  expect(document.kind).toBe("holdings_statement");
  const file = await t.app.inject({ url: `/api/documents/${document.id}`, headers });
  expect(file.statusCode).toBe(200);
  return { document, text: await pdfText(file.rawPayload) };
}

describe("statement of holdings", () => {
  it("shows each deposit's balance on the day and the total, as the journal has them", async () => {
    const { document, text } = await statementText(saver.headers, day);
    expect(document.title).toBe("Statement of holdings");
    expect(text).toContain("Erika Mustermann");
    for (const reference of references) expect(text).toContain(reference);
    expect(text).toContain("€10,000.00");
    expect(text).toContain("€25,000.50");
    expect(text).toMatch(/Total €35,000\.50/);
    // The figures tie to the books: the trial balance of that day has the same deposit balances.
    const tb = (
      await t.app.inject({ url: `/api/admin/ledger/trial-balance?date=${day}`, headers: admin.headers })
    ).json() as TrialBalance;
    const owed = depositIds.map(
      (id) => -(tb.accounts.find((a) => a.account === `deposits:${id}`)?.balance ?? 0),
    );
    expect(owed).toEqual([10_000, 25_000.5]);
    // It is in the saver's postbox.
    const list = await t.app.inject({ url: "/api/documents", headers: saver.headers });
    expect((list.json() as PostboxDocument[]).map((d) => d.id)).toContain(document.id);
  });

  it("a day before the money arrived shows no holdings", async () => {
    const { text } = await statementText(saver.headers, addDays(day, -1));
    expect(text).toContain("you held no deposits");
    expect(text).toMatch(/Total €0\.00/);
    for (const reference of references) expect(text).not.toContain(reference);
  });

  it("is written in the saver's language", async () => {
    await t.app.db.updateTable("users").set({ language: "de" }).where("id", "=", saver.user.id).execute();
    try {
      const { document, text } = await statementText(saver.headers, day);
      expect(document).toMatchObject({ title: "Vermögensaufstellung", language: "de" });
      expect(text).toContain("10.000,00 €");
      expect(text).toMatch(/Gesamt 35.000,50 €/);
    } finally {
      await t.app.db.updateTable("users").set({ language: "en" }).where("id", "=", saver.user.id).execute();
    }
  });

  it("refuses a day in the future and a malformed date; changes nothing", async () => {
    const before = await t.app.db.selectFrom("postbox_documents").select("id").execute();
    const future = await request(saver.headers, addDays(day, 1));
    expect(future.statusCode).toBe(400);
    expect(future.json().code).toBe("date_in_future");
    expect((await request(saver.headers, "2030-02-31")).statusCode).toBe(400);
    expect((await request(saver.headers, "tomorrow")).statusCode).toBe(400);
    expect(await t.app.db.selectFrom("postbox_documents").select("id").execute()).toHaveLength(before.length);
  });

  it("is the owner's alone: 401 signed out; another saver gets 404 for the document and sees none of it", async () => {
    expect((await request(undefined, day)).statusCode).toBe(401);
    const { document } = await statementText(saver.headers, day);
    const other = await createUser(t.app);
    const stolen = await t.app.inject({ url: `/api/documents/${document.id}`, headers: other.headers });
    expect(stolen.statusCode).toBe(404);
    // The other saver's own statement lists nothing of the first saver's deposits.
    const own = await statementText(other.headers, day);
    for (const reference of references) expect(own.text).not.toContain(reference);
  });
});

// Last in this file: it moves the clock to a maturity.
describe("statement of holdings with a payout on the way", () => {
  it("lists an ordered payout until the bank books it, then no more", async () => {
    const other = await createUser(t.app, { full_name: "Max Muster" });
    const application = await approvedApplication(t.app, other, admin, {
      amount: 5_000,
      months: 3,
      instruction: "payout",
    });
    const deposit = application.deposit;
    const funded = await t.app.inject({
      method: "POST",
      url: `/api/admin/deposits/${deposit.id}/funding`,
      headers: admin.headers,
      payload: { amount: 5_000, value_date: day, payer_iban: SAVER_IBAN },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const maturity = (funded.json() as { maturity_date: string }).maturity_date;
    await moveTo(t.app, clock, maturity);
    const order = (await listOrders(t.app, admin, "&status=ordered")).find(
      (o) => o.deposit_id === deposit.id,
    );
    if (!order) throw new Error("no payout order at maturity");
    expect(order.amount).toBe(5_031.25);

    const pending = await statementText(other.headers, maturity);
    expect(pending.text).toContain(`${deposit.reference}: payout ordered, not yet booked by the bank`);
    expect(pending.text).toMatch(/Total €5,031\.25/);

    await settlePayments(t.app, admin, maturity);
    const paid = await statementText(other.headers, maturity);
    expect(paid.text).not.toContain(deposit.reference);
    expect(paid.text).toMatch(/Total €0\.00/);
  });
});
