import { BUSINESS_TIME_ZONE, dateInZone, startOfDayInZone, type TrialBalance } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import type { AdjustableClock } from "../../src/lib/clock.ts";
import type { PaymentEvent, PaymentOrderFacts } from "../../src/modules/payments/payment-events.ts";
import { dbCents } from "./money.ts";

/** The partner bank account of the test configuration (PARTNER_BANK_IBAN's default). */
export const BANK_IBAN = "DE52000000000012345678";

/** Moves the clock to a calendar day (noon in Berlin) and runs what fell due. */
export async function moveTo(app: FastifyInstance, clock: AdjustableClock, date: string) {
  clock.set(new Date(startOfDayInZone(date, BUSINESS_TIME_ZONE).getTime() + 12 * 3_600_000));
  return app.jobs.runDue();
}

export const today = (clock: AdjustableClock) => dateInZone(clock.now(), BUSINESS_TIME_ZONE);

/** The trial balance of a day as staff read it. */
export async function readTrialBalance(
  app: FastifyInstance,
  admin: { headers: { authorization: string } },
  date: string,
): Promise<TrialBalance> {
  const res = await app.inject({
    url: `/api/admin/ledger/trial-balance?date=${date}`,
    headers: admin.headers,
  });
  if (res.statusCode !== 200) throw new Error(`trial balance: ${res.statusCode} ${res.body}`);
  return res.json() as TrialBalance;
}

/** Publishes a payment event the way the payments module does: inside a transaction. */
export function publishPayment(app: FastifyInstance, event: PaymentEvent) {
  return app.db.transaction().execute((trx) => app.events.publish("payment", event, trx));
}

/** A payment order's facts with sensible defaults. */
export function order(
  overrides: Partial<PaymentOrderFacts> & Pick<PaymentOrderFacts, "id">,
): PaymentOrderFacts {
  return {
    source: "maturity_payout",
    status: "ordered",
    depositId: null,
    userId: null,
    debtorIban: BANK_IBAN,
    creditorIban: "DE89370400440532013000",
    creditorName: "Erika Mustermann",
    amountCents: 0n,
    principalCents: 0n,
    interestCents: 0n,
    endToEndId: `E2E-${overrides.id.slice(0, 8)}`,
    remittance: "Payout",
    requestedDate: "2030-01-01",
    returnsStatementEntry: null,
    ...overrides,
  };
}

/** A journal account's balance (all dates), signed as the journal keeps it (debit positive). */
export async function balance(app: FastifyInstance, account: string): Promise<number> {
  const row = await app.db
    .selectFrom("ledger_lines")
    .select((eb) => eb.fn.sum<string | null>("amount_cents").as("cents"))
    .where("account", "=", account)
    .executeTakeFirst();
  return dbCents(row?.cents ?? 0);
}

/**
 * A deposit's balance in its per-deposit ledger (received + credited - paid out - carried): the view
 * `deposit_ledger`, derived from the journal's entries (migration 0210).
 */
export async function depositLedgerBalance(app: FastifyInstance, depositId: string): Promise<number> {
  const { rows } = await sql<{ cents: string | null }>`
    select sum(case when kind in ('principal_received', 'interest_credited') then amount_cents
                    else -amount_cents end) as cents
    from deposit_ledger where deposit_id = ${depositId}`.execute(app.db);
  return dbCents(rows[0]?.cents ?? 0);
}

/** The journal's entries of a kind for a deposit. */
export function entriesOf(app: FastifyInstance, depositId: string) {
  return app.db
    .selectFrom("ledger_entries")
    .select(["id", "kind", "reference", "effective_date", "reverses_entry_id"])
    .where("deposit_id", "=", depositId)
    .orderBy("id")
    .execute();
}

/** The text of a PDF (pdf.js), spaces normalised. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 })
    .promise;
  const parts: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    for (const item of content.items) if ("str" in item) parts.push(item.str);
  }
  await document.destroy();
  return parts
    .join(" ")
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/\s+/g, " ");
}

/**
 * What the journal says the platform still owes for a deposit: its account's balance plus the
 * payments in transit of its orders (created, not yet booked by the bank), signed as the
 * per-deposit ledger counts it (owed positive). The per-deposit ledger shows its payout row only
 * once the bank books the order, so this is the figure that equals `depositLedgerBalance` in every
 * state: active, payout_pending (the money in transit) and paid_out (0 in both). The two are worked
 * out differently from the same entries (account lines against the view's rows).
 */
export async function journalOwed(app: FastifyInstance, depositId: string): Promise<number> {
  const { rows } = await sql<{ cents: string | null }>`
    select sum(l.amount_cents) as cents
    from ledger_lines l join ledger_entries e on e.id = l.entry_id
    where l.account = ${`deposits:${depositId}`}
       or (l.account like 'banks:%:in_transit' and e.deposit_id = ${depositId})`.execute(app.db);
  return 0 - dbCents(rows[0]?.cents ?? 0);
}

/** A journal account's lines that belong to one deposit's entries (e.g. its payments in transit). */
export async function depositLinesOn(app: FastifyInstance, depositId: string, account: string) {
  const { rows } = await sql<{ cents: string | null }>`
    select sum(l.amount_cents) as cents
    from ledger_lines l join ledger_entries e on e.id = l.entry_id
    where l.account = ${account} and e.deposit_id = ${depositId}`.execute(app.db);
  return dbCents(rows[0]?.cents ?? 0);
}
