/**
 * The EPC QR code payload ("GiroCode", EPC069-12 "Quick Response Code: Guidelines to Enable Data
 * Capture for the Initiation of a SEPA Credit Transfer", version 002). Banking apps read it and fill
 * in a SEPA credit transfer. One field per line, in this order:
 *
 *  1 Service tag          "BCD"
 *  2 Version              "002" (BIC optional inside the EEA)
 *  3 Character set        "1" = UTF-8
 *  4 Identification       "SCT" (SEPA credit transfer)
 *  5 BIC of the beneficiary's bank (8 or 11 characters; may be empty in version 002)
 *  6 Name of the beneficiary, at most 70 characters
 *  7 IBAN of the beneficiary, at most 34 characters
 *  8 Amount: "EUR" and 0.01 to 999999999.99, dot as decimal separator (may be empty)
 *  9 Purpose code, 4 letters (may be empty)
 * 10 Structured remittance information (creditor reference), at most 35 characters
 * 11 Unstructured remittance information, at most 140 characters (only when 10 is empty)
 * 12 Beneficiary to originator information, at most 70 characters (may be left out)
 *
 * Lines are separated by a line feed; the whole payload is at most 331 bytes.
 */

import {
  type Currency,
  compare,
  eur,
  type Money,
  moneyFromJsonCents,
  moneyToDecimalText,
} from "../money/money.ts";

export const EPC_QR_MAX_BYTES = 331;

/** The one currency an EPC QR code carries: it initiates a SEPA credit transfer, which is in euro (field 8). */
export const EPC_QR_CURRENCY = "EUR" satisfies Currency;

/**
 * Whether a transfer in this currency can be an EPC QR code: only a euro one. A transfer in another
 * currency gets no code at all, never one for the same figure in euro.
 */
export function epcQrSupports(currency: Currency): boolean {
  return currency === EPC_QR_CURRENCY;
}

export interface EpcTransfer {
  bic?: string | undefined;
  name: string;
  iban: string;
  /** In euro, 0.01 to 999,999,999.99. */
  amount?: Money | undefined;
  /** The same in euro cents, for callers not yet holding Money (docs/decisions.md "One money type"). */
  amountCents?: bigint | number | undefined;
  purpose?: string | undefined;
  /** An ISO 11649 creditor reference (field 10). */
  reference?: string | undefined;
  /** Free text (field 11); not together with a reference. */
  text?: string | undefined;
  /** Shown to the payer (field 12). */
  information?: string | undefined;
}

export class EpcPayloadError extends RangeError {}

function amountOf(transfer: EpcTransfer): Money | undefined {
  const cents = transfer.amountCents;
  if (transfer.amount !== undefined || cents === undefined) return transfer.amount;
  const amount = typeof cents === "bigint" ? eur(cents) : moneyFromJsonCents(cents, "EUR");
  if (amount === null) throw new EpcPayloadError("amount: whole cents");
  return amount;
}

function amountField(amount: Money | undefined): string {
  if (amount === undefined) return "";
  if (!epcQrSupports(amount.currency)) throw new EpcPayloadError("amount: euro only");
  if (compare(amount, eur(1n)) < 0 || compare(amount, eur(99_999_999_999n)) > 0) {
    throw new EpcPayloadError("amount out of range");
  }
  return `EUR${moneyToDecimalText(amount)}`;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The payload text to encode in the QR code (error correction level M, as the guideline asks). */
export function epcQrPayload(transfer: EpcTransfer): string {
  const bic = (transfer.bic ?? "").replace(/\s+/g, "").toUpperCase();
  const iban = transfer.iban.replace(/\s+/g, "").toUpperCase();
  const name = transfer.name.trim();
  const reference = (transfer.reference ?? "").replace(/\s+/g, "").toUpperCase();
  const text = (transfer.text ?? "").trim();
  const purpose = (transfer.purpose ?? "").trim().toUpperCase();
  const information = (transfer.information ?? "").trim();
  if (bic && !/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) throw new EpcPayloadError("BIC");
  if (!name || name.length > 70) throw new EpcPayloadError("beneficiary name: 1 to 70 characters");
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$/.test(iban)) throw new EpcPayloadError("IBAN");
  if (purpose && !/^[A-Z]{4}$/.test(purpose)) throw new EpcPayloadError("purpose: 4 letters");
  if (reference.length > 35) throw new EpcPayloadError("reference: at most 35 characters");
  if (text.length > 140) throw new EpcPayloadError("text: at most 140 characters");
  if (reference && text) throw new EpcPayloadError("either a reference or a text, not both");
  if (information.length > 70) throw new EpcPayloadError("information: at most 70 characters");
  const lines = [
    "BCD",
    "002",
    "1",
    "SCT",
    bic,
    name,
    iban,
    amountField(amountOf(transfer)),
    purpose,
    reference,
    text,
  ];
  lines.push(information);
  // Empty trailing fields are left out; the last line has no line feed after it.
  while (lines.length > 7 && lines[lines.length - 1] === "") lines.pop();
  const payload = lines.join("\n");
  if (utf8Length(payload) > EPC_QR_MAX_BYTES) throw new EpcPayloadError("payload longer than 331 bytes");
  return payload;
}
