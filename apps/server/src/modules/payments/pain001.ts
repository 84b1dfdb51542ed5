import { randomBytes } from "node:crypto";
import { eur, isValidIban, moneyToDecimalText, normalizeIban } from "@festgeld/domain";
import { XMLBuilder } from "fast-xml-parser";
import { toSepaField } from "./sepa-text.ts";
import { writeElement, type XmlNode } from "./xml-writer.ts";

/**
 * Writes an ISO 20022 pain.001.001.09 SEPA credit transfer file (customer to bank) as the EPC's
 * implementation guidelines for the SCT scheme define it: one payment information block for one
 * debtor account and one requested execution date, batch booking off, service level SEPA, charges
 * shared by the scheme's rules (SLEV), euro only. Texts are written in the SEPA Latin character set
 * and cut to the schema's lengths; identifiers and amounts are never changed: bad ones are refused.
 * Addresses are structured (street, building number, post code, town, country), which the EPC
 * rulebook requires from November 2026 instead of free address lines (docs/decisions.md).
 */

export const PAIN001_NAMESPACE = "urn:iso:std:iso:20022:tech:xsd:pain.001.001.09";

/** The largest amount of one SEPA credit transfer, 999,999,999.99 EUR, in cents. */
export const MAX_TRANSFER_CENTS = 99_999_999_999n;

export interface PostalAddress {
  streetName?: string | null;
  buildingNumber?: string | null;
  postCode?: string | null;
  townName: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export interface DebtorAccount {
  /** The account holder, as the bank knows it. */
  name: string;
  iban: string;
  bic: string;
  postalAddress: PostalAddress;
}

export interface CreditTransferOrder {
  /** Unique per order; the bank statement reports it back on the debit (booking) and on a return. */
  endToEndId: string;
  amountCents: bigint;
  /** Only EUR is accepted; given so that a caller's other currency is refused, not relabelled. */
  currency?: string;
  creditor: {
    name: string;
    iban: string;
    bic?: string | null;
    /** Where known. */
    postalAddress?: PostalAddress | null;
  };
  /** Unstructured remittance text, cut to 140 characters. */
  remittance?: string | null;
}

export interface CreditTransferFileInput {
  /** Unique per file (the bank refuses a repeated one); see newMessageId. */
  messageId: string;
  /** Defaults to the message id. */
  paymentInformationId?: string;
  createdAt: Date;
  initiatingParty: { name: string };
  debtor: DebtorAccount;
  /** YYYY-MM-DD */
  requestedExecutionDate: string;
  orders: readonly CreditTransferOrder[];
}

export interface TextAdjustment {
  /** Where in the input: "debtor.name", "orders[3].remittance" ... */
  field: string;
  original: string;
  written: string;
}

export interface CreditTransferFile {
  xml: string;
  messageId: string;
  paymentInformationId: string;
  numberOfTransactions: number;
  controlSumCents: bigint;
  /** Texts that were transliterated or cut, for staff to see what the bank receives. */
  adjustments: TextAdjustment[];
}

export type PaymentFileErrorCode =
  | "no_orders"
  | "currency_not_eur"
  | "invalid_amount"
  | "invalid_iban"
  | "invalid_bic"
  | "invalid_identifier"
  | "duplicate_end_to_end_id"
  | "invalid_date"
  | "invalid_address"
  | "invalid_name";

/** Input the writer refuses; `field` names the place ("orders[2].creditor.iban"). */
export class PaymentFileError extends Error {
  constructor(
    readonly code: PaymentFileErrorCode,
    readonly field: string,
    detail: string,
  ) {
    super(`${field}: ${detail}`);
    this.name = "PaymentFileError";
  }
}

const BIC = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?$/;
const COUNTRY = /^[A-Z]{2}$/;
/** EPC identifiers: the SEPA set without space, not starting or ending with "/", no "//". */
const IDENTIFIER = /^(?!\/)(?!.*\/\/)[A-Za-z0-9/\-?:().,'+]{1,35}(?<!\/)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A message id unique per file: "FG", the time to the second (UTC) and 64 random bits (33 characters). */
export function newMessageId(now: Date, random: (bytes: number) => Buffer = randomBytes): string {
  const stamp = now.toISOString().replace(/\D/g, "").slice(0, 14);
  return `FG${stamp}-${random(8).toString("hex").toUpperCase()}`;
}

function checkIdentifier(value: string, field: string): string {
  if (!IDENTIFIER.test(value)) {
    throw new PaymentFileError(
      "invalid_identifier",
      field,
      "must be 1 to 35 characters of A-Z a-z 0-9 / - ? : ( ) . , ' +, not starting or ending with / and without //",
    );
  }
  return value;
}

function checkIban(value: string, field: string): string {
  if (!isValidIban(value)) throw new PaymentFileError("invalid_iban", field, `not a valid SEPA IBAN`);
  return normalizeIban(value);
}

function checkBic(value: string, field: string): string {
  const bic = value.replace(/\s+/g, "").toUpperCase();
  if (!BIC.test(bic)) throw new PaymentFileError("invalid_bic", field, "not a BIC of 8 or 11 characters");
  return bic;
}

function checkDate(value: string, field: string): string {
  const match = DATE.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value)
    throw new PaymentFileError("invalid_date", field, "not a calendar date YYYY-MM-DD");
  return value;
}

/** Writes texts in the SEPA set, recording each change. */
class TextWriter {
  readonly adjustments: TextAdjustment[] = [];

  field(value: string | null | undefined, maxLength: number, field: string): string | undefined {
    if (value === null || value === undefined) return undefined;
    const written = toSepaField(value, maxLength);
    if (written !== value) this.adjustments.push({ field, original: value, written });
    return written === "" ? undefined : written;
  }

  required(value: string, maxLength: number, field: string, code: PaymentFileErrorCode): string {
    const written = this.field(value, maxLength, field);
    if (!written) throw new PaymentFileError(code, field, "is empty in the SEPA character set");
    return written;
  }

  /** Structured address: town and country are required, street, number and post code optional. */
  address(address: PostalAddress, field: string) {
    const country = address.country.trim().toUpperCase();
    if (!COUNTRY.test(country))
      throw new PaymentFileError("invalid_address", `${field}.country`, "not an ISO 3166 country code");
    return {
      StrtNm: this.field(address.streetName, 70, `${field}.streetName`),
      BldgNb: this.field(address.buildingNumber, 16, `${field}.buildingNumber`),
      PstCd: this.field(address.postCode, 16, `${field}.postCode`),
      TwnNm: this.required(address.townName, 35, `${field}.townName`, "invalid_address"),
      Ctry: country,
    };
  }
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  format: true,
  indentBy: "  ",
  suppressEmptyNode: true,
});

/** One order's CdtTrfTxInf element, its amount, IBAN and BIC checked, its texts in the SEPA set. */
function transaction(order: CreditTransferOrder, endToEndId: string, at: string, text: TextWriter): XmlNode {
  const currency = order.currency ?? "EUR";
  if (currency !== "EUR")
    throw new PaymentFileError(
      "currency_not_eur",
      `${at}.currency`,
      `SEPA credit transfers are in EUR, not ${currency}`,
    );
  if (order.amountCents < 1n || order.amountCents > MAX_TRANSFER_CENTS)
    throw new PaymentFileError("invalid_amount", `${at}.amountCents`, "must be 0.01 to 999999999.99 EUR");
  const creditor = order.creditor;
  const iban = checkIban(creditor.iban, `${at}.creditor.iban`);
  const bic = creditor.bic ? checkBic(creditor.bic, `${at}.creditor.bic`) : undefined;
  const remittance = text.field(order.remittance, 140, `${at}.remittance`);
  return {
    PmtId: { EndToEndId: endToEndId },
    Amt: { InstdAmt: { "@_Ccy": "EUR", "#text": moneyToDecimalText(eur(order.amountCents)) } },
    // The creditor agent is left out when the BIC is not known (IBAN-only, as the rulebook allows).
    CdtrAgt: bic ? { FinInstnId: { BICFI: bic } } : undefined,
    Cdtr: {
      Nm: text.required(creditor.name, 70, `${at}.creditor.name`, "invalid_name"),
      PstlAdr: creditor.postalAddress
        ? text.address(creditor.postalAddress, `${at}.creditor.postalAddress`)
        : undefined,
    },
    CdtrAcct: { Id: { IBAN: iban } },
    RmtInf: remittance ? { Ustrd: remittance } : undefined,
  };
}

/**
 * The document with its transactions written into the payment information block, after its other
 * elements (where the schema wants them), by xml-writer.ts: the same bytes the builder writes, faster.
 */
function withTransactions(frame: string, transactions: readonly string[]): string {
  const end = frame.lastIndexOf("\n", frame.indexOf("</PmtInf>")) + 1;
  return frame.slice(0, end) + transactions.join("") + frame.slice(end);
}

/** The pain.001.001.09 document for the orders, or a PaymentFileError naming the first bad input. */
export function buildPain001(input: CreditTransferFileInput): CreditTransferFile {
  if (input.orders.length === 0)
    throw new PaymentFileError("no_orders", "orders", "a file needs at least one order");
  const messageId = checkIdentifier(input.messageId, "messageId");
  const paymentInformationId = checkIdentifier(
    input.paymentInformationId ?? input.messageId,
    "paymentInformationId",
  );
  const executionDate = checkDate(input.requestedExecutionDate, "requestedExecutionDate");
  if (Number.isNaN(input.createdAt.getTime()))
    throw new PaymentFileError("invalid_date", "createdAt", "not a valid time");
  const text = new TextWriter();

  const debtor = input.debtor;
  const debtorIban = checkIban(debtor.iban, "debtor.iban");
  const debtorBic = checkBic(debtor.bic, "debtor.bic");

  const seen = new Set<string>();
  let controlSumCents = 0n;
  const transactions = input.orders.map((order, i) => {
    const at = `orders[${i}]`;
    const endToEndId = checkIdentifier(order.endToEndId, `${at}.endToEndId`);
    if (seen.has(endToEndId))
      throw new PaymentFileError(
        "duplicate_end_to_end_id",
        `${at}.endToEndId`,
        `${endToEndId} appears twice`,
      );
    seen.add(endToEndId);
    controlSumCents += order.amountCents;
    // Written at once, so that only the text of each transaction stays in memory until the file is joined.
    return writeElement("CdtTrfTxInf", transaction(order, endToEndId, at, text), 3);
  });

  const numberOfTransactions = transactions.length;
  const controlSum = moneyToDecimalText(eur(controlSumCents));
  const document = {
    "?xml": { "@_version": "1.0", "@_encoding": "UTF-8" },
    Document: {
      "@_xmlns": PAIN001_NAMESPACE,
      CstmrCdtTrfInitn: {
        GrpHdr: {
          MsgId: messageId,
          CreDtTm: `${input.createdAt.toISOString().slice(0, 19)}Z`,
          NbOfTxs: String(numberOfTransactions),
          CtrlSum: controlSum,
          InitgPty: {
            Nm: text.required(input.initiatingParty.name, 70, "initiatingParty.name", "invalid_name"),
          },
        },
        PmtInf: {
          PmtInfId: paymentInformationId,
          PmtMtd: "TRF",
          BtchBookg: "false",
          NbOfTxs: String(numberOfTransactions),
          CtrlSum: controlSum,
          PmtTpInf: { SvcLvl: { Cd: "SEPA" } },
          ReqdExctnDt: { Dt: executionDate },
          Dbtr: {
            Nm: text.required(debtor.name, 70, "debtor.name", "invalid_name"),
            PstlAdr: text.address(debtor.postalAddress, "debtor.postalAddress"),
          },
          DbtrAcct: { Id: { IBAN: debtorIban } },
          DbtrAgt: { FinInstnId: { BICFI: debtorBic } },
          ChrgBr: "SLEV",
        },
      },
    },
  };
  return {
    xml: withTransactions(builder.build(document) as string, transactions),
    messageId,
    paymentInformationId,
    numberOfTransactions,
    controlSumCents,
    adjustments: text.adjustments,
  };
}
