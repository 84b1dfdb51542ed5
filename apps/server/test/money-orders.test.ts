import { BUSINESS_TIME_ZONE, type DepositDetail, dateInZone, type PaymentOrder } from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { createClockApp, moveClockTo } from "./helpers/clock-app.ts";
import { applicationPayload, approvedApplication, camt053, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";
import { centsOf } from "./helpers/money.ts";
import {
  actOnException,
  listExceptions,
  listOrders,
  PARTNER_IBAN,
  postStatement,
  returnsStatement,
  settlePayments,
} from "./helpers/payments.ts";
import { PAIN001_XSD, validateAgainstXsd } from "./helpers/xsd.ts";

/**
 * Orders that cannot block a bank's payouts, the payee as the verified person, every booked order told
 * and the guarantee from the journal (docs/decisions.md "Held payment orders", "Four eyes on where a
 * payout goes", "The payee is the verified person", "The guarantee counts per bank").
 */

type Headers = { authorization: string };
let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let second: Awaited<ReturnType<typeof createAdmin>>;
const BRAZIL_IBAN = "BR1800360305000010009795493C1";

beforeAll(async () => {
  ({ t, clock, admin } = await createClockApp());
  second = await createAdmin(t.app, { full_name: "Second Pair" });
});
afterAll(() => t.close());

const today = () => dateInZone(clock.now(), BUSINESS_TIME_ZONE);
const moveTo = (date: string) => moveClockTo(t.app, clock, date);

async function fund(depositId: string, amount: number) {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${depositId}/funding`,
    headers: admin.headers,
    payload: { amount, value_date: today(), payer_iban: SAVER_IBAN },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DepositDetail;
}

async function funded(options: { amount?: number; instruction?: "payout" | "renew_principal" } = {}) {
  clock.reset();
  const amount = options.amount ?? 10_000;
  const saver = await createUser(t.app);
  const application = await approvedApplication(t.app, saver, admin, {
    amount,
    months: 12,
    instruction: options.instruction ?? "payout",
  });
  return { saver, application, deposit: await fund(application.deposit.id, amount) };
}

const createFiles = (payload: object = {}) =>
  t.app.inject({ method: "POST", url: "/api/admin/payment-files", headers: admin.headers, payload });

const release = (id: string, who: { headers: Headers }, payload: object = {}) =>
  t.app.inject({ method: "POST", url: `/api/admin/payments/${id}/release`, headers: who.headers, payload });

const inbox = async (headers: Headers) =>
  (await t.app.inject({ url: "/api/notifications?limit=50", headers })).json() as Array<{
    title: string;
    message: string;
  }>;

const eventsMailedTo = async (userId: string) =>
  (await t.app.db.selectFrom("email_outbox").select("facts").where("user_id", "=", userId).execute()).map(
    (r) => (r.facts as { type?: string } | null)?.type,
  );

async function clearOpenOrders() {
  for (const status of ["ordered", "held", "awaiting_release"]) {
    for (const order of await listOrders(t.app, admin, `&status=${status}`)) {
      await t.app.inject({
        method: "POST",
        url: `/api/admin/payments/${order.id}/cancel`,
        headers: admin.headers,
        payload: { reason: "cleared before the next test" },
      });
    }
  }
}

const orderOf = async (depositId: string, status = "") =>
  (await listOrders(t.app, admin, status ? `&status=${status}` : "")).find(
    (o) => o.deposit_id === depositId,
  ) as PaymentOrder;

describe("one bad order never blocks the rest", () => {
  it("an application under a name no SEPA transfer can carry is refused, translated", async () => {
    const saver = await createUser(t.app);
    const pkg = await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 12)
      .where("is_active", "=", true)
      .executeTakeFirstOrThrow();
    const apply = (fullName: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: saver.headers,
        payload: applicationPayload(fullName, pkg.id),
      });
    const refused = await apply("😀😀😀");
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("application_name_not_sepa");
    expect(
      await t.app.db.selectFrom("applications").select("id").where("user_id", "=", saver.user.id).execute(),
    ).toEqual([]);
    // Names a transfer writes by transliteration are welcome.
    expect((await apply("Zoë Łukasiewicz-Müller")).statusCode).toBe(201);
  });

  it("a job's order the file cannot carry is held with its reason; the file takes the others; staff correct and release it", async () => {
    await clearOpenOrders();
    const good = await funded({ amount: 10_000 });
    const bad = await funded({ amount: 11_000 });
    // The saver's reference account became one outside SEPA.
    await t.app.db
      .updateTable("deposits")
      .set({ payer_iban: BRAZIL_IBAN })
      .where("id", "=", bad.deposit.id)
      .execute();
    await moveTo(good.deposit.maturity_date ?? "");
    const held = await orderOf(bad.deposit.id);
    expect(held).toMatchObject({ status: "held", hold_reason: "creditor_iban_not_sepa", created_by: null });
    expect(await orderOf(good.deposit.id)).toMatchObject({ status: "ordered" });

    // The payment file takes every valid order and lists the held one.
    const created = await createFiles();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().files).toMatchObject([{ debtor_iban: PARTNER_IBAN, order_count: 1 }]);
    expect(created.json().held).toMatchObject([{ id: held.id, hold_reason: "creditor_iban_not_sepa" }]);
    const xml = (
      await t.app.inject({
        url: `/api/admin/payment-files/${created.json().files[0].id}`,
        headers: admin.headers,
      })
    ).body;
    expect(await validateAgainstXsd(xml, PAIN001_XSD)).toEqual([]);
    // Nothing else open: the held order alone makes no file.
    const none = await createFiles();
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toContain("1 held");

    // Staff correct the IBAN: a payout to another IBAN waits for a second staff member.
    expect((await release(held.id, admin, { creditor_iban: "DE00 1234" })).statusCode).toBe(400);
    const corrected = await release(held.id, admin, { creditor_iban: "FR14 2004 1010 0505 0001 3M02 606" });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ status: "awaiting_release", requested_by: admin.user.id });
    expect((await release(held.id, admin)).json().code).toBe("payment_order_release_own");
    const released = await release(held.id, second);
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toMatchObject({ status: "ordered", released_by: second.user.id });
    const told = (await inbox(bad.saver.headers))[0];
    expect(told?.title).toMatch(/^Payment to another account: payout of deposit /);
    expect(told?.message).toContain("BR18 ****");
    expect(told?.message).toContain("FR14 **** **** **** **** **** 2606");
    expect(await eventsMailedTo(bad.saver.user.id)).toContain("deposit_payout_redirected");
    expect((await createFiles()).json().files).toMatchObject([{ order_count: 1 }]);
    clock.reset();
  });

  it("an order that became invalid before its file is held there, and one corrected to the same IBAN is ordered at once", async () => {
    await clearOpenOrders();
    const a = await funded({ amount: 10_000 });
    const b = await funded({ amount: 12_000 });
    await moveTo(a.deposit.maturity_date ?? "");
    const broken = await orderOf(b.deposit.id, "ordered");
    await t.app.db
      .updateTable("payment_orders")
      .set({ creditor_name: "😀😀😀" })
      .where("id", "=", broken.id)
      .execute();
    const created = await createFiles();
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().files).toMatchObject([{ order_count: 1 }]);
    expect(created.json().held).toMatchObject([
      { id: broken.id, status: "held", hold_reason: "creditor_name_not_sepa" },
    ]);
    const fixed = await release(broken.id, admin, { creditor_name: "Erika Mustermann" });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ status: "ordered", creditor_name: "Erika Mustermann" });
    const trail = await t.app.inject({
      url: "/api/admin/audit-log?action=payment.held&limit=1",
      headers: admin.headers,
    });
    expect(trail.json()[0]).toMatchObject({
      target_id: broken.id,
      details: { hold_reason: "creditor_name_not_sepa" },
    });
    expect((await release(broken.id, second)).json().code).toBe("payment_order_not_releasable");
    clock.reset();
  });

  it("staff asking for an order the bank cannot carry are refused: a re-order to an unwritable name, a return to a non-SEPA payer", async () => {
    await clearOpenOrders();
    const made = await funded();
    await moveTo(made.deposit.maturity_date ?? "");
    expect((await createFiles()).statusCode).toBe(201);
    const order = await orderOf(made.deposit.id, "submitted");
    await postStatement(t.app, admin, returnsStatement(today(), [order]));
    const reorder = await t.app.inject({
      method: "POST",
      url: `/api/admin/payments/${order.id}/reorder`,
      headers: admin.headers,
      payload: { creditor_name: "😀😀😀" },
    });
    expect(reorder.statusCode).toBe(400);
    expect(reorder.json().code).toBe("payment_order_invalid");

    const imported = await postStatement(
      t.app,
      admin,
      camt053("08", {
        messageId: `NON-SEPA-${Date.now()}`,
        credits: [{ amount: "40.00", unstructured: "Hallo", iban: BRAZIL_IBAN, name: "Joao Silva" }],
      }),
    );
    expect(imported.statusCode, imported.body).toBe(200);
    const credit = imported.json().entries.find((e: { kind: string }) => e.kind === "credit");
    const exception = (await listExceptions(t.app, admin)).find(
      (e) => e.unmatched_credit_id === credit.unmatched_credit_id,
    );
    const back = await actOnException(t.app, admin, exception?.id ?? "", { action: "return_to_payer" });
    expect(back.statusCode).toBe(400);
    expect(back.json().code).toBe("payment_order_invalid");
    clock.reset();
  });
});

describe("the payee is the verified person", () => {
  it("an application under another name than the verified holder is refused at approval", async () => {
    const saver = await createUser(t.app, { full_name: "Erika Mustermann" });
    await markVerified(t.app, saver.user.id);
    const pkg = await t.app.db
      .selectFrom("packages")
      .select("id")
      .where("duration_months", "=", 12)
      .where("is_active", "=", true)
      .executeTakeFirstOrThrow();
    const sent = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: saver.headers,
      payload: applicationPayload("Viktor Sanktionov", pkg.id),
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${sent.json().id}/decision`,
      headers: admin.headers,
      payload: { decision: "approved" },
    });
    expect(decided.statusCode).toBe(409);
    expect(decided.json().code).toBe("application_name_mismatch");
  });

  it("the payout and its pain.001 name the verified holder, not the name typed into the application", async () => {
    await clearOpenOrders();
    // The application says "Erika Mustermann"; the verified account holder is now "Erika Maria Mustermann"
    // (the account name, which is screened when it changes).
    const made = await funded();
    await t.app.db
      .updateTable("users")
      .set({ full_name: "Erika Maria Mustermann" })
      .where("id", "=", made.saver.user.id)
      .execute();
    await moveTo(made.deposit.maturity_date ?? "");
    expect(await orderOf(made.deposit.id)).toMatchObject({ creditor_name: "Erika Maria Mustermann" });
    const created = await createFiles();
    const xml = (
      await t.app.inject({
        url: `/api/admin/payment-files/${created.json().files[0].id}`,
        headers: admin.headers,
      })
    ).body;
    expect(xml).toContain("<Nm>Erika Maria Mustermann</Nm>");
    clock.reset();
  });
});

describe("every booked order is told; the guarantee counts what the bank holds now", () => {
  it("a withdrawal refund and the interest of a renewal send a 'paid' message when booked", async () => {
    await clearOpenOrders();
    const withdrawn = await funded({ amount: 10_000 });
    const res = await t.app.inject({
      method: "POST",
      url: `/api/applications/${withdrawn.application.id}/withdraw`,
      headers: withdrawn.saver.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await settlePayments(t.app, admin, today());
    const refund = (await inbox(withdrawn.saver.headers))[0];
    expect(refund?.title).toMatch(/^Payment booked: refund of deposit /);
    expect(refund?.message).toContain("DE89 **** **** **** **** 3000");
    expect(await eventsMailedTo(withdrawn.saver.user.id)).toContain("deposit_payment_booked");

    const renewing = await funded({ amount: 20_000, instruction: "renew_principal" });
    await moveTo(renewing.deposit.maturity_date ?? "");
    const interest = await orderOf(renewing.deposit.id, "ordered");
    expect(interest).toMatchObject({ source: "renewal_interest" });
    await settlePayments(t.app, admin, today());
    expect((await inbox(renewing.saver.headers))[0]?.title).toMatch(/^Payment booked: interest of deposit /);
    clock.reset();
  });

  it("a paid-out deposit holds nothing at its bank; a returned payout holds its money again", async () => {
    await clearOpenOrders();
    const made = await funded({ amount: 30_000 });
    const guarantee = async () =>
      (await t.app.inject({ url: "/api/me/deposit-guarantee", headers: made.saver.headers })).json();
    expect((await guarantee()).banks).toMatchObject([{ held_cents: 3_000_000, pending_cents: 0 }]);
    await moveTo(made.deposit.maturity_date ?? "");
    const [paid] = await settlePayments(t.app, admin, today());
    const balance = (
      (
        await t.app.inject({ url: `/api/deposits/${made.deposit.id}`, headers: made.saver.headers })
      ).json() as DepositDetail
    ).ledger;
    expect(balance.balance).toBe(0);
    expect(await guarantee()).toMatchObject({ total_cents: 0, banks: [] });
    // The bank sends the payout back: the money is at the bank again, and the saver is told.
    if (!paid) throw new Error("no paid order");
    await postStatement(t.app, admin, returnsStatement(today(), [paid]));
    const after = await guarantee();
    expect(after.banks[0].held_cents).toBe(centsOf(paid?.amount ?? 0));
    expect((await inbox(made.saver.headers))[0]?.title).toMatch(/^Payment returned: payout of deposit /);
    clock.reset();
  });
});
