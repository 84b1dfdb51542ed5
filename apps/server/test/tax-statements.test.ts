import type { DepositDetail } from "@festgeld/domain";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { scheduleYearlyRun } from "../src/modules/tax-statements/tax-statements.service.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile, moveClockTo } from "./helpers/clock-app.ts";
import { SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";
import { dbCents, eurosOf } from "./helpers/money.ts";

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

/** Noon of a calendar day in Berlin (or another hour), then what fell due runs. */
const moveTo = (date: string, hour = 12) => moveClockTo(t.app, clock, date, hour);

/** A 3-month deposit funded on a day, renewing principal and interest at each maturity. */
async function renewingDeposit(saver: Awaited<ReturnType<typeof createUser>>, fundedOn: string) {
  await moveTo(fundedOn);
  const pkg = await t.app.db
    .selectFrom("packages")
    .select("id")
    .where("duration_months", "=", 3)
    .executeTakeFirstOrThrow();
  const sent = await t.app.inject({
    method: "POST",
    url: "/api/applications",
    headers: saver.headers,
    remoteAddress: "10.95.0.1",
    payload: {
      full_name: "Erika Mustermann",
      email: "erika@example.test",
      phone: "+49 30 1234567",
      amount: 20_000,
      package_id: pkg.id,
      reference_iban: SAVER_IBAN,
      maturity_instruction: "renew_all",
      info_sheet_acknowledged: true,
    },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  await markVerified(t.app, saver.user.id);
  const decided = await t.app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${sent.json().id}/decision`,
    headers: admin.headers,
    payload: { decision: "approved" },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  const funded = await t.app.inject({
    method: "POST",
    url: `/api/admin/deposits/${decided.json().deposit.id}/funding`,
    headers: admin.headers,
    payload: { amount: 20_000, value_date: fundedOn, payer_iban: SAVER_IBAN },
  });
  expect(funded.statusCode, funded.body).toBe(200);
  return funded.json() as DepositDetail;
}

/** The interest credited to the saver's deposits in a year, summed straight from the ledger. */
async function ledgerInterest(userId: string, year: number) {
  const row = await t.app.db
    .selectFrom("deposit_ledger as l")
    .innerJoin("deposits as d", "d.id", "l.deposit_id")
    .select(sql<string>`coalesce(sum(l.amount_cents), 0)`.as("cents"))
    .where("d.user_id", "=", userId)
    .where("l.kind", "=", "interest_credited")
    .where(sql<boolean>`extract(year from l.value_date) = ${year}`)
    .executeTakeFirstOrThrow();
  return dbCents(row.cents);
}

const statements = async (userId: string) =>
  t.app.db
    .selectFrom("postbox_documents")
    .select(["id", "kind", "event_key", "title"])
    .where("user_id", "=", userId)
    .where("kind", "=", "tax_statement")
    .execute();

const euro = (cents: number) =>
  new Intl.NumberFormat("en", { style: "currency", currency: "EUR" }).format(eurosOf(cents));

describe("the yearly interest statement", () => {
  let saver: Awaited<ReturnType<typeof createUser>>;

  it("is issued in January, on the injected clock, for the year before, with the ledger's sums", async () => {
    saver = await createUser(t.app);
    // Funded on 2 March 2026: matures 2 June, renews to 2 September, to 2 December, to 2 March 2027.
    await renewingDeposit(saver, "2026-03-02");
    for (const date of ["2026-06-02", "2026-09-02", "2026-12-02"]) await moveTo(date);
    const credited = await ledgerInterest(saver.user.id, 2026);
    // 20,000 at 2.50 % for 3 months is 125.00; renewing everything compounds it three times.
    expect(credited).toBe(12_500 + 12_578 + 12_657);

    await scheduleYearlyRun(t.app.db, clock.now());
    await moveTo("2026-12-31", 23);
    expect(await statements(saver.user.id)).toEqual([]);
    await moveTo("2027-01-02", 7);
    const issued = await statements(saver.user.id);
    expect(issued).toEqual([
      expect.objectContaining({
        kind: "tax_statement",
        event_key: "tax_statement:2026",
        title: "Yearly interest statement",
      }),
    ]);
    const inbox = (
      await t.app.inject({ url: "/api/notifications", headers: saver.headers })
    ).json() as Array<{
      title: string;
      message: string;
    }>;
    const message = inbox.find((n) => n.title === "Your interest statement for 2026")?.message ?? "";
    expect(message).toContain(`Total interest credited: ${euro(credited)}`);
    expect(message).toContain(`Interest from banks in DE: ${euro(credited)}`);
    expect(message).toContain("not tax advice");
    // A German tax resident with a German bank: nothing foreign, nothing withheld.
    expect(message).toContain(
      "Germany, Anlage KAP: foreign capital income (interest, no tax withheld): €0.00",
    );
    expect(message).not.toContain("2778");
    // The postbox lists it; the PDF downloads.
    const docs = await t.app.inject({ url: "/api/documents", headers: saver.headers });
    const doc = (docs.json() as Array<{ id: string; kind: string }>).find((d) => d.kind === "tax_statement");
    expect(doc).toBeDefined();
    const pdf = await t.app.inject({ url: `/api/documents/${doc?.id}`, headers: saver.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // The run scheduled next year's.
    const next = await t.app.db
      .selectFrom("jobs")
      .select(["run_at", "state"])
      .where("key", "=", "tax_statements.yearly:2027")
      .executeTakeFirst();
    expect(next?.state).toBe("pending");
  });

  it("is issued by staff for any year, once per saver and year", async () => {
    const issue = (headers: { authorization: string } | undefined, year: number) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/tax-statements",
        ...(headers ? { headers } : {}),
        payload: { year },
      });
    expect((await issue(undefined, 2026)).statusCode).toBe(401);
    expect((await issue(saver.headers, 2026)).statusCode).toBe(403);
    const again = await issue(admin.headers, 2026);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ year: 2026, issued: 0, already_issued: again.json().savers });
    expect(again.json().savers).toBeGreaterThanOrEqual(1);
    expect(await statements(saver.user.id)).toHaveLength(1);

    // 2027 so far: the March maturity of the chain (the clock is in January, so move on first).
    await moveTo("2027-03-02");
    const credited2027 = await ledgerInterest(saver.user.id, 2027);
    expect(credited2027).toBeGreaterThan(0);
    const first = await issue(admin.headers, 2027);
    expect(first.json()).toMatchObject({ year: 2027, issued: 1, already_issued: 0, savers: 1 });
    expect(await statements(saver.user.id)).toHaveLength(2);
    expect((await issue(admin.headers, 2027)).json()).toMatchObject({ issued: 0, already_issued: 1 });
    // A year without interest issues nothing.
    expect((await issue(admin.headers, 2019)).json()).toEqual({
      year: 2019,
      savers: 0,
      issued: 0,
      already_issued: 0,
    });
    expect((await issue(admin.headers, 1999)).statusCode).toBe(400);
  });
});
