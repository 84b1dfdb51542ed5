/*
 * The bank's camt.053 statement of the partner account, as the journeys on the clock server import it:
 * the debit that pays an order of a payment file, and the credit with which the payee's bank returns
 * one (RtrInf with its reason code, naming the order's end-to-end id).
 */

import { moneyFromJsonCents, moneyToDecimalText } from "@festgeld/domain/money";

export const PARTNER_IBAN = "DE52000000000012345678";

/** An amount in cents as the statement writes it (10350.00). */
const amountOf = (cents: number) => {
  const amount = moneyFromJsonCents(Math.abs(cents), "EUR");
  if (amount === null) throw new RangeError(`not whole cents: ${cents}`);
  return moneyToDecimalText(amount);
};

/** A statement balance element; the amount in cents, signed (negative: a debit balance). */
const balance = (type: "OPBD" | "CLBD", cents: number, date: string) =>
  `<Bal><Tp><CdOrPrtry><Cd>${type}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amountOf(cents)}</Amt><CdtDbtInd>${cents < 0 ? "DBIT" : "CRDT"}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`;

export type StatementEntry =
  /** The bank paid the order: a debit carrying its end-to-end id, to the creditor's account. */
  | { kind: "debit"; endToEndId: string; cents: number; creditorName: string; creditorIban: string }
  /** The payee's bank sent the order back: a credit naming it, with the return's reason code. */
  | { kind: "return"; endToEndId: string; cents: number; reasonCode: string };

function entryXml(entry: StatementEntry, bookingDate: string, reference: string) {
  const debit = entry.kind === "debit";
  const details = debit
    ? `<RltdPties><Cdtr><Pty><Nm>${entry.creditorName}</Nm></Pty></Cdtr>
            <CdtrAcct><Id><IBAN>${entry.creditorIban}</IBAN></Id></CdtrAcct></RltdPties>`
    : `<RtrInf><Rsn><Cd>${entry.reasonCode}</Cd></Rsn></RtrInf>`;
  return `<Ntry>
        <Amt Ccy="EUR">${amountOf(entry.cents)}</Amt>
        <CdtDbtInd>${debit ? "DBIT" : "CRDT"}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${bookingDate}</Dt></BookgDt>
        <ValDt><Dt>${bookingDate}</Dt></ValDt>
        <AcctSvcrRef>${reference}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>ICDT</Cd><SubFmlyCd>${debit ? "ESCT" : "RRTN"}</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>${entry.endToEndId}</EndToEndId></Refs>
          <Amt Ccy="EUR">${amountOf(entry.cents)}</Amt>
          ${details}
        </TxDtls></NtryDtls>
      </Ntry>`;
}

/**
 * The statement of one booking day: its entries, and, given the opening balance, the opening and
 * closing booked balances they leave (the import checks that they add up).
 */
export function bankStatement(statement: {
  messageId: string;
  bookingDate: string;
  entries: StatementEntry[];
  openingCents?: number;
  /** The partner account the statement is of (the configured one by default). */
  account?: string;
}) {
  const { messageId, bookingDate, entries, openingCents, account = PARTNER_IBAN } = statement;
  const closingCents =
    openingCents === undefined
      ? undefined
      : entries.reduce((sum, e) => sum + (e.kind === "debit" ? -e.cents : e.cents), openingCents);
  const balances =
    openingCents === undefined || closingCents === undefined
      ? ""
      : `${balance("OPBD", openingCents, bookingDate)}
      ${balance("CLBD", closingCents, bookingDate)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${bookingDate}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${messageId}-1</Id>
      <CreDtTm>${bookingDate}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${account}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      ${balances}
      ${entries.map((e, i) => entryXml(e, bookingDate, `${messageId}-${e.kind === "debit" ? "D" : "R"}${i + 1}`)).join("\n      ")}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}
