import { addDays, type DepositDetail, type Reconciliation } from "@festgeld/domain";
import { describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import type { TestApp } from "./helpers/app.ts";
import { clockAppForFile } from "./helpers/clock-app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { type createAdmin, createUser } from "./helpers/factories.ts";
import { BANK_IBAN, moveTo, readTrialBalance, today } from "./helpers/ledger.ts";
import { centsOf, decimalOf } from "./helpers/money.ts";
import { createPaymentFiles, importStatementOk, listOrders } from "./helpers/payments.ts";

/**
 * The books against real camt.053 statements of the partner account, through the import: a deposit
 * funded by a statement credit, matured with the clock, its payout file created and its debit
 * booked by the next statement, each statement with opening and closing balances; then a day on
 * which the bank charged a fee the books do not have.
 */

let t: TestApp;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;

clockAppForFile((app) => {
  ({ t, clock, admin } = app);
});

/** Integer cents as the statement writes an amount (always positive; the direction says the sign). */
const amount = (cents: number) => decimalOf(Math.abs(cents));

const balanceXml = (type: "OPBD" | "CLBD", cents: number, date: string) =>
  `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount(cents)}</Amt>` +
  `<CdtDbtInd>${cents < 0 ? "DBIT" : "CRDT"}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;

type Entry =
  | { kind: "credit"; cents: number; reference: string }
  | { kind: "payout"; cents: number; endToEndId: string }
  | { kind: "fee"; cents: number };

function entryXml(id: string, date: string, entry: Entry, i: number): string {
  const head = (direction: "CRDT" | "DBIT", domain: string, family: string, sub: string) => `
      <Ntry>
        <NtryRef>${id}-${i}</NtryRef>
        <Amt Ccy="EUR">${amount(entry.cents)}</Amt>
        <CdtDbtInd>${direction}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${date}</Dt></BookgDt>
        <ValDt><Dt>${date}</Dt></ValDt>
        <AcctSvcrRef>${id}-${i}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>${domain}</Cd><Fmly><Cd>${family}</Cd><SubFmlyCd>${sub}</SubFmlyCd></Fmly></Domn></BkTxCd>`;
  switch (entry.kind) {
    case "credit":
      return `${head("CRDT", "PMNT", "RCDT", "ESCT")}
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>E2E-${id}-${i}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amount(entry.cents)}</Amt>
          <RltdPties><Dbtr><Pty><Nm>Erika Mustermann</Nm></Pty></Dbtr><DbtrAcct><Id><IBAN>${SAVER_IBAN}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp><Ref>${entry.reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>`;
    case "payout":
      return `${head("DBIT", "PMNT", "ICDT", "ESCT")}
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${entry.endToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amount(entry.cents)}</Amt>
          <RltdPties><Cdtr><Pty><Nm>Erika Mustermann</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>${SAVER_IBAN}</IBAN></Id></CdtrAcct></RltdPties>
        </TxDtls></NtryDtls>
      </Ntry>`;
    case "fee":
      return `${head("DBIT", "ACMT", "MDOP", "CHRG")}
      </Ntry>`;
  }
}

/** A camt.053.001.08 statement of the partner account for one day, with both balances. */
function statement(s: { id: string; date: string; openingCents: number; entries: Entry[] }) {
  const closingCents = s.entries.reduce(
    (sum, e) => sum + (e.kind === "credit" ? e.cents : -e.cents),
    s.openingCents,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${s.id}</MsgId><CreDtTm>${s.date}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${s.id}-1</Id>
      <CreDtTm>${s.date}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${BANK_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${balanceXml("OPBD", s.openingCents, s.date)}
      ${balanceXml("CLBD", closingCents, s.date)}${s.entries.map((e, i) => entryXml(s.id, s.date, e, i)).join("")}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
  return { xml, closingCents };
}

const importStatement = (xml: string) => importStatementOk(t.app, admin, xml);

const trialBalance = (date: string) => readTrialBalance(t.app, admin, date);

async function reconcile(date: string) {
  const res = await t.app.inject({
    url: `/api/admin/reconciliation?date=${date}&account=${BANK_IBAN}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Reconciliation;
}

let maturity = "";
let closingOfMaturity = 0;

describe("a deposit's whole life against the bank's statements", () => {
  it("funded by a statement credit, paid out through its order and booked by the next statement: the books and the bank agree", async () => {
    clock.reset();
    const fundingDay = today(clock);
    const saver = await createUser(t.app);
    const application = await approvedApplication(t.app, saver, admin, { amount: 10_000, months: 12 });
    const id = application.deposit.id;

    const funding = statement({
      id: `FUND-${id.slice(0, 8)}`,
      date: fundingDay,
      openingCents: 0,
      entries: [{ kind: "credit", cents: 1_000_000, reference: application.deposit.reference }],
    });
    expect((await importStatement(funding.xml)).matched).toHaveLength(1);
    const fundingEntry = await t.app.db
      .selectFrom("ledger_entries")
      .select(["statement_id", "statement_entry_key"])
      .where("reference", "=", `deposit:${id}:funds_received`)
      .executeTakeFirstOrThrow();
    expect(fundingEntry.statement_id).not.toBeNull();
    expect(fundingEntry.statement_entry_key).not.toBeNull();
    expect((await trialBalance(fundingDay)).total_cents).toBe(0);
    expect(await reconcile(fundingDay)).toMatchObject({
      status: "consistent",
      book_balance_cents: 1_000_000,
      bank_balance_cents: 1_000_000,
      difference_cents: 0,
      differences: [],
    });

    const detail = (await (
      await t.app.inject({ url: `/api/deposits/${id}`, headers: saver.headers })
    ).json()) as DepositDetail;
    maturity = detail.maturity_date ?? "";
    await moveTo(t.app, clock, maturity);
    const [order] = (await listOrders(t.app, admin, "&status=ordered")).filter((o) => o.deposit_id === id);
    if (!order) throw new Error("no payout order at maturity");
    const payoutCents = centsOf(order.amount);
    expect(payoutCents).toBeGreaterThan(1_000_000);
    await createPaymentFiles(t.app, admin);
    // The order is in transit: the bank has not booked it, the books' cash is still the funding.
    expect((await reconcile(maturity)).book_balance_cents).toBe(1_000_000);

    const payout = statement({
      id: `PAY-${id.slice(0, 8)}`,
      date: maturity,
      openingCents: funding.closingCents,
      entries: [{ kind: "payout", cents: payoutCents, endToEndId: order.end_to_end_id }],
    });
    const imported = await importStatement(payout.xml);
    expect(imported.entries.map((e) => e.outcome)).toEqual(["booked_order"]);
    expect(
      (
        (await (
          await t.app.inject({ url: `/api/deposits/${id}`, headers: saver.headers })
        ).json()) as DepositDetail
      ).status,
    ).toBe("paid_out");

    const tb = await trialBalance(maturity);
    expect(tb.total_cents).toBe(0);
    expect(tb.total).toBe(0);
    closingOfMaturity = payout.closingCents;
    expect(closingOfMaturity).toBe(1_000_000 - payoutCents);
    expect(await reconcile(maturity)).toMatchObject({
      status: "consistent",
      book_balance_cents: closingOfMaturity,
      bank_balance_cents: closingOfMaturity,
      difference_cents: 0,
      differences: [],
    });
  });

  it("a bank fee on the next statement is listed as at the bank, not here", async () => {
    expect(maturity).not.toBe("");
    const nextDay = addDays(maturity, 1);
    await moveTo(t.app, clock, nextDay);
    const fee = statement({
      id: `FEE-${nextDay}`,
      date: nextDay,
      openingCents: closingOfMaturity,
      entries: [{ kind: "fee", cents: 1_250 }],
    });
    await importStatement(fee.xml);
    expect((await trialBalance(nextDay)).total_cents).toBe(0);
    const result = await reconcile(nextDay);
    expect(result).toMatchObject({
      status: "difference",
      book_balance_cents: closingOfMaturity,
      bank_balance_cents: closingOfMaturity - 1_250,
      difference_cents: 1_250,
    });
    expect(result.differences).toMatchObject([
      { side: "bank_only", amount_cents: -1_250, date: nextDay, entry_id: null, kind: null },
    ]);
    // The day before is untouched by it.
    expect((await reconcile(maturity)).status).toBe("consistent");
  });
});
