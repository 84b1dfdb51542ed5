import { createHash } from "node:crypto";
import {
  BOOKS_CURRENCY,
  isValidCreditorReference,
  MAX_CONTRACT_CENTS,
  money,
  moneyFromDecimalText,
  moneyToDecimalText,
  normalizeCreditorReference,
} from "@festgeld/domain";
import { readXmlTree, XmlError } from "./xml-tree.ts";

/**
 * Reads an ISO 20022 bank-to-customer statement (camt.053, versions .001.02 to .001.13, bare or inside
 * an envelope such as SWIFT's CBPR+ `Envelope`/`AppHdr`). The elements read here have kept their
 * names and places across those versions; where they moved (the entry status became `Sts/Cd` in
 * .001.07, the parties `Dbtr/Pty` in .001.07) both places are read. A real XML parser reads the
 * document (xml-tree.ts, a streaming parser); element names are taken without their namespace prefix.
 *
 * Every entry of every statement comes back in `entries`: a credit, a debit, a reversal, a return,
 * or refused with its reason (an amount that is not a decimal with at most two places, an entry not
 * booked ...), never dropped. `credits` keeps the booked, readable incoming payments the deposit desk
 * matches (docs/decisions.md, "camt.053: what the reader accepts and how it reports").
 */

const VERSION_NUMBERS = ["02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12", "13"] as const;
export const CAMT053_VERSIONS = VERSION_NUMBERS.map((n) => `camt.053.001.${n}` as const);
export type Camt053Version = (typeof CAMT053_VERSIONS)[number];

export interface StatementCredit {
  amountCents: bigint;
  currency: string;
  valueDate: string | null;
  /** The ISO 11649 reference found in the remittance information, electronic format. */
  reference: string | null;
  /** Every valid RF reference the remittance information could mean, most likely first. */
  candidates: string[];
  payerName: string | null;
  payerIban: string | null;
  /** The bank's own reference of the entry or transaction. */
  bankReference: string | null;
}

export type CreditDebit = "CRDT" | "DBIT";

export interface StatementBalance {
  /** OPBD (opening booked), CLBD (closing booked), PRCD, CLAV, ITBD ... */
  type: string;
  /** Signed: negative when the balance is a debit (overdrawn). Null when the amount cannot be read. */
  amountCents: bigint | null;
  amountText: string | null;
  currency: string | null;
  creditDebit: CreditDebit | null;
  date: string | null;
}

export interface AccountStatement {
  id: string;
  accountIban: string | null;
  accountCurrency: string | null;
  /** OPBD, or PRCD (previously closed booked) where a bank writes that instead. */
  openingBalance: StatementBalance | null;
  /** CLBD */
  closingBalance: StatementBalance | null;
  balances: StatementBalance[];
  fromDate: string | null;
  toDate: string | null;
  /**
   * What the booked entries moved the account by, signed, per currency of the entries' own amounts
   * (the entry level, not its transactions); `readable` is false when a booked entry's amount or
   * direction cannot be read, so the sum says nothing.
   */
  bookedNet: { byCurrency: Record<string, bigint>; readable: boolean };
}

export type EntryKind = "credit" | "debit" | "reversal" | "return" | "refused";

export type RefusalReason = "amount_unreadable" | "currency_missing" | "direction_unreadable" | "not_booked";

export interface StatementEntry {
  kind: EntryKind;
  /** 1-based statement and entry numbers; the transaction's within a batch entry (null: no details). */
  position: { statement: number; entry: number; transaction: number | null };
  statementId: string;
  /** BOOK, PDNG, INFO, as the bank wrote it. */
  status: string | null;
  direction: CreditDebit | null;
  reversalIndicator: boolean;
  amountCents: bigint | null;
  /** The amount as written, to show a refused entry as the bank wrote it. */
  amountText: string | null;
  currency: string | null;
  bookingDate: string | null;
  valueDate: string | null;
  endToEndId: string | null;
  /** The bank's reference of the transaction, else of the entry (AcctSvcrRef). */
  bankReference: string | null;
  /** "PMNT/RCDT/ESCT", or the bank's proprietary code. */
  bankTransactionCode: string | null;
  /** The other party: the payer of a credit, the payee of a debit. */
  counterpartyName: string | null;
  counterpartyIban: string | null;
  /** What the payer wrote (unstructured lines, joined), else the bank's additional information. */
  remittanceText: string | null;
  reference: string | null;
  candidates: string[];
  /** A reversal (RvslInd): the direction of the entry it undoes and that entry's references. */
  reverses: { direction: CreditDebit; endToEndId: string | null; reference: string | null } | null;
  /** A returned payment: the reason (ISO external code such as AC04) and the original end-to-end id. */
  returned: {
    /** outgoing: a payment we sent came back (a credit); incoming: a payment to us was sent back (a debit). */
    payment: "outgoing" | "incoming";
    reasonCode: string | null;
    reasonText: string | null;
    originalEndToEndId: string | null;
  } | null;
  refusal: { reason: RefusalReason; detail: string } | null;
}

export interface ParsedStatement {
  format: Camt053Version;
  messageId: string;
  /** The statement ids, joined with commas when the message has several. */
  statementId: string;
  /** The first statement's account. */
  accountIban: string | null;
  /** Booked, readable incoming payments (not reversals, not returns). */
  credits: StatementCredit[];
  statements: AccountStatement[];
  entries: StatementEntry[];
  /**
   * SHA-256 of what the statements say (accounts, balances, entries), not of how the message is
   * written: a statement sent again with a new message id, creation time, version or envelope has
   * the same fingerprint.
   */
  fingerprint: string;
  /** Whether the document came inside an envelope (an application header beside it). */
  enveloped: boolean;
}

export class StatementFormatError extends Error {}

type Node = Record<string, unknown>;

const ARRAYS = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd", "Bal", "AddtlInf"]);

const asNode = (value: unknown): Node | undefined =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Node) : undefined;

/** Follows a path of element names; undefined when any step is missing. */
function at(node: unknown, ...path: string[]): unknown {
  let current: unknown = node;
  for (const step of path) {
    const n = asNode(current);
    if (!n) return undefined;
    current = n[step];
  }
  return current;
}

/** The text of an element (plain text, or #text beside attributes). */
function text(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number") return String(value);
  const n = asNode(value);
  if (n && typeof n["#text"] === "string") return (n["#text"] as string).trim() || null;
  if (n && typeof n["#text"] === "number") return String(n["#text"]);
  return null;
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value === undefined ? [] : [value];

/** A date or date-time element's calendar date (Dt, or the date part of DtTm). */
function dateOf(value: unknown): string | null {
  const date = text(at(value, "Dt")) ?? text(at(value, "DtTm"))?.slice(0, 10) ?? null;
  return date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

const REFERENCE_IN_TEXT = /RF\s?\d{2}(?:\s?[A-Z0-9]){1,21}/g;

/**
 * RF references in free text, spaces allowed (printed in groups of four): every prefix of a match
 * that ends where a word ends and has valid check digits, longest first. Text after the reference
 * ("RF18 5390 0754 7034 THANKS") can make a longer candidate valid by chance (1 in 97), so the
 * caller takes the first candidate that names a known deposit.
 */
export function findCreditorReferences(free: string): string[] {
  const found: string[] = [];
  for (const match of free.matchAll(REFERENCE_IN_TEXT)) {
    const raw = match[0];
    const end = (match.index ?? 0) + raw.length;
    const atWordEnd = end >= free.length || !/[A-Za-z0-9]/.test(free[end] ?? "");
    const candidates: string[] = [];
    for (let i = raw.length; i >= 5; i--) {
      const boundary = i === raw.length ? atWordEnd : /\s/.test(raw[i] ?? "");
      if (!boundary) continue;
      const candidate = normalizeCreditorReference(raw.slice(0, i));
      if (isValidCreditorReference(candidate)) candidates.push(candidate);
    }
    found.push(...candidates);
  }
  return found;
}

/** The longest an unstructured remittance line may be in the SEPA schemes' camt.053. */
const USTRD_CUT = 35;

/**
 * The payer's unstructured text. Banks cut it into lines of at most 35 characters, often inside a
 * word; a full line continues the next without a space, a shorter one ended where the payer's did.
 */
function joinLines(lines: string[]): string {
  return lines.reduce((joined, line, i) => {
    if (i === 0) return line;
    const previous = lines[i - 1] ?? "";
    return previous.length >= USTRD_CUT ? `${joined}${line}` : `${joined} ${line}`;
  }, "");
}

/**
 * The references the remittance information names: the structured one first, then the text as the
 * payer wrote it, then in capitals (a reference typed in lower case), each over the lines joined
 * without and with a space (a reference cut between two lines, or a space the cut removed), then
 * line by line.
 */
function referencesOf(remittance: unknown): string[] {
  const found: string[] = [];
  for (const structured of list(at(remittance, "Strd"))) {
    const ref = text(at(structured, "CdtrRefInf", "Ref"));
    if (!ref) continue;
    const normalized = normalizeCreditorReference(ref);
    if (isValidCreditorReference(normalized)) found.push(normalized);
    else found.push(...findCreditorReferences(ref.toUpperCase()));
  }
  const lines = list(at(remittance, "Ustrd"))
    .map((line) => text(line))
    .filter((line): line is string => line !== null);
  const texts = [joinLines(lines), lines.join(""), lines.join(" "), ...lines];
  for (const t of texts) found.push(...findCreditorReferences(t));
  for (const t of texts) found.push(...findCreditorReferences(t.toUpperCase()));
  return [...new Set(found)];
}

/** A party's name: Nm until .001.06, Pty/Nm from .001.07. */
const partyName = (party: unknown): string | null => text(at(party, "Nm")) ?? text(at(party, "Pty", "Nm"));

const ibanOf = (account: unknown): string | null =>
  text(at(account, "Id", "IBAN"))
    ?.replace(/\s+/g, "")
    .toUpperCase() ?? null;

/**
 * The largest amount read, in cents: what the API answers exactly as a JSON number (MAX_CONTRACT_CENTS,
 * 9,999,999,999,999.99), far below the database's bigint (9,223,372,036,854,775,807) and far above any
 * real statement. A larger amount is unreadable, never an overflow or an inexact figure further down.
 */
export const MAX_STATEMENT_CENTS = MAX_CONTRACT_CENTS;

/**
 * The cents of an amount's decimal text, read by the money codec at two places whatever the currency
 * (the reader's one rule: a positive plain decimal with at most two decimals); null otherwise.
 */
function decimalCents(raw: string): bigint | null {
  const amount = moneyFromDecimalText(raw, BOOKS_CURRENCY);
  return amount === null || amount.cents < 0n ? null : amount.cents;
}

/** Cents of a decimal text, null when it is no plain decimal with two places or above the bound. */
function boundedCents(raw: string): bigint | null {
  const cents = decimalCents(raw);
  return cents === null || cents > MAX_STATEMENT_CENTS ? null : cents;
}

/** The amount of an Amt element, or why it cannot be read. */
function readAmount(node: unknown): { cents: bigint | null; text: string | null; currency: string | null } {
  const raw = text(node);
  const currency = text(at(node, "@_Ccy"));
  return {
    cents: raw ? boundedCents(raw) : null,
    text: raw,
    currency: currency && /^[A-Z]{3}$/.test(currency) ? currency : null,
  };
}

function creditDebit(value: unknown): CreditDebit | null {
  const indicator = text(value);
  return indicator === "CRDT" || indicator === "DBIT" ? indicator : null;
}

function bankTransactionCode(code: unknown): string | null {
  const domain = text(at(code, "Domn", "Cd"));
  const family = text(at(code, "Domn", "Fmly", "Cd"));
  const sub = text(at(code, "Domn", "Fmly", "SubFmlyCd"));
  if (domain && family && sub) return `${domain}/${family}/${sub}`;
  return text(at(code, "Prtry", "Cd"));
}

function readBalance(balance: unknown): StatementBalance {
  const amount = readAmount(at(balance, "Amt"));
  const direction = creditDebit(at(balance, "CdtDbtInd"));
  return {
    type: text(at(balance, "Tp", "CdOrPrtry", "Cd")) ?? text(at(balance, "Tp", "CdOrPrtry", "Prtry")) ?? "",
    amountCents:
      amount.cents === null || !direction ? null : direction === "DBIT" ? -amount.cents : amount.cents,
    amountText: amount.text,
    currency: amount.currency,
    creditDebit: direction,
    date: dateOf(at(balance, "Dt")),
  };
}

/** The first element named Document (at most a few levels down: an envelope) that holds a statement. */
function findDocument(node: unknown, depth = 0): Node | undefined {
  const n = asNode(node);
  if (!n || depth > 4) return undefined;
  const document = asNode(n.Document);
  if (document && at(document, "BkToCstmrStmt") !== undefined) return document;
  for (const [key, child] of Object.entries(n)) {
    if (key.startsWith("@_") || key === "#text") continue;
    for (const c of list(child)) {
      const found = findDocument(c, depth + 1);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * The namespace of the first Document element: declared on it, else the nearest declaration before
 * it (an envelope may declare the prefix). The parser drops declarations with the prefixes.
 */
function documentNamespace(xml: string): string | null {
  const tag = /<(?:([\w.-]+):)?Document\b([^>]*)>/.exec(xml);
  if (!tag) return null;
  const attribute = tag[1] ? `xmlns:${tag[1]}` : "xmlns";
  const declaration = new RegExp(
    `(?:^|\\s)${attribute.replace(/[.]/g, "\\.")}\\s*=\\s*["']([^"']*)["']`,
    "g",
  );
  const own = [...(tag[2] ?? "").matchAll(declaration)][0]?.[1];
  if (own !== undefined) return own;
  const before = [...xml.slice(0, tag.index).matchAll(declaration)];
  return before[before.length - 1]?.[1] ?? null;
}

function versionOf(xml: string): Camt053Version {
  const namespace = documentNamespace(xml);
  const message = namespace
    ? /^urn:iso:std:iso:20022:tech:xsd:([a-z]{4}\.\d{3}\.\d{3}\.\d{2})$/.exec(namespace)?.[1]
    : null;
  const version = CAMT053_VERSIONS.find((v) => v === message);
  if (version) return version;
  const found =
    message ??
    (namespace ? `namespace "${namespace.slice(0, 100)}"` : "no ISO 20022 namespace on the Document");
  throw new StatementFormatError(`Not a camt.053 statement of version .001.02 to .001.13: found ${found}`);
}

/**
 * A statement's entry (Ntry) as the import needs it, read when the parser closes the entry, so that the
 * tree never holds a statement's entries (docs/decisions.md "Statement import at scale").
 */
interface ReadEntry {
  /** The entry's amount as written (part of the statement's fingerprint). */
  amountText: string | null;
  /** What it adds to the booked net: null when it is not booked, "unreadable" when it cannot say. */
  net: { currency: string; cents: bigint } | "unreadable" | null;
  /** Its transactions (one without details), each with its credit when it is one; positions set later. */
  parts: Array<{ entry: StatementEntry; credit: StatementCredit | null }>;
}

function readEntry(entry: unknown): ReadEntry {
  const status = text(at(entry, "Sts")) ?? text(at(entry, "Sts", "Cd"));
  let net: ReadEntry["net"] = null;
  if (!status || status === "BOOK") {
    const amount = readAmount(at(entry, "Amt"));
    const direction = creditDebit(at(entry, "CdtDbtInd"));
    net =
      amount.cents === null || !amount.currency || !direction
        ? "unreadable"
        : { currency: amount.currency, cents: direction === "CRDT" ? amount.cents : -amount.cents };
  }
  const transactions = list(at(entry, "NtryDtls")).flatMap((d) => list(at(d, "TxDtls")));
  const txs = transactions.length === 0 ? [undefined] : transactions;
  const parts = txs.map((tx, t) => {
    const position = { statement: 0, entry: 0, transaction: tx === undefined ? null : t + 1 };
    const read = classify(readTransaction(entry, tx, txs.length === 1, position, ""), at(tx, "RtrInf"));
    return { entry: read, credit: read.kind === "credit" ? toCredit(read, tx) : null };
  });
  return { amountText: text(at(entry, "Amt")), net, parts };
}

/** A statement's entries are read as the parser closes each; an Ntry anywhere else stays as written. */
const ENTRY_READERS = new Map([
  ["Ntry", (value: unknown, parent: string) => (parent === "Stmt" ? readEntry(value) : value)],
]);

function parseXml(xml: string): Node {
  try {
    return readXmlTree(xml, ARRAYS, ENTRY_READERS);
  } catch (error) {
    if (error instanceof XmlError) throw new StatementFormatError(`Not well-formed XML (${error.message})`);
    throw error;
  }
}

/**
 * One transaction of an entry as the bank wrote it, with its kind still open (`credit` or `debit` by
 * its direction; `classify` decides). Built field by field in one literal: at 100,000 entries the
 * object spreads it replaced cost about a second (docs/decisions.md "Hot paths, fifth pass").
 */
function readTransaction(
  entry: unknown,
  tx: unknown,
  single: boolean,
  position: StatementEntry["position"],
  statementId: string,
): StatementEntry {
  const entryAmount = readAmount(at(entry, "Amt"));
  const txAmount = tx ? readAmount(at(tx, "Amt") ?? at(tx, "AmtDtls", "TxAmt", "Amt")) : null;
  // The entry's own amount, currency and direction are what the account moved by: a transaction's
  // details may repeat them, or name the amount instructed in another currency ("SEK 0" of a euro
  // entry), and only add references. A part of an entry of several has its own amount, taken when it
  // is in the entry's currency; a part in another currency cannot say what the account moved by. An
  // unreadable entry amount makes every part unreadable: the parts of a wrong whole are not trusted.
  const amount =
    entryAmount.cents === null || single
      ? entryAmount
      : txAmount?.text && txAmount.currency === entryAmount.currency
        ? txAmount
        : { cents: null, text: txAmount?.text ?? null, currency: entryAmount.currency };
  const direction = creditDebit(at(entry, "CdtDbtInd"));
  const parties = at(tx, "RltdPties");
  // The other party: who paid a credit (a return's credit too: the party that sent it back), who
  // received a debit.
  const [own, other] = direction === "DBIT" ? ["Cdtr", "CdtrAcct"] : ["Dbtr", "DbtrAcct"];
  const remittance = at(tx, "RmtInf");
  const lines = list(at(remittance, "Ustrd"))
    .map((l) => text(l))
    .filter((l): l is string => l !== null);
  const candidates = referencesOf(remittance);
  return {
    kind: direction === "CRDT" ? "credit" : "debit",
    position,
    statementId,
    status: text(at(entry, "Sts")) ?? text(at(entry, "Sts", "Cd")),
    direction,
    reversalIndicator: text(at(entry, "RvslInd")) === "true" || text(at(entry, "RvslInd")) === "1",
    amountCents: amount.cents,
    amountText: amount.text,
    currency: amount.currency,
    bookingDate: dateOf(at(entry, "BookgDt")),
    valueDate: dateOf(at(entry, "ValDt")),
    endToEndId: text(at(tx, "Refs", "EndToEndId")),
    bankReference: text(at(tx, "Refs", "AcctSvcrRef")) ?? text(at(entry, "AcctSvcrRef")),
    bankTransactionCode: bankTransactionCode(at(tx, "BkTxCd")) ?? bankTransactionCode(at(entry, "BkTxCd")),
    counterpartyName: partyName(at(parties, own)),
    counterpartyIban: ibanOf(at(parties, other)),
    remittanceText:
      (lines.length > 0 ? joinLines(lines) : null) ??
      text(at(tx, "AddtlTxInf")) ??
      text(at(entry, "AddtlNtryInf")),
    reference: candidates[0] ?? null,
    candidates,
    reverses: null,
    returned: null,
    refusal: null,
  };
}

function refusalOf(t: StatementEntry): StatementEntry["refusal"] {
  if (t.status && t.status !== "BOOK")
    return { reason: "not_booked", detail: `The entry's status is ${t.status}, not BOOK` };
  if (!t.direction) return { reason: "direction_unreadable", detail: "The entry is neither CRDT nor DBIT" };
  if (t.amountCents === null || t.amountCents <= 0n)
    return {
      reason: "amount_unreadable",
      detail: t.amountText
        ? (decimalCents(t.amountText) ?? 0n) > MAX_STATEMENT_CENTS
          ? `"${t.amountText.slice(0, 40)}" is above the largest amount read (${moneyToDecimalText(money(MAX_STATEMENT_CENTS, BOOKS_CURRENCY))})`
          : `"${t.amountText.slice(0, 40)}" is not a positive amount with at most two decimals`
        : "No amount is given (or, in an entry of several transactions, none for this one)",
    };
  if (!t.currency) return { reason: "currency_missing", detail: "The amount has no currency code" };
  return null;
}

/** Decides the kind of a transaction read by `readTransaction` (`returnInfo`: its RtrInf), in place. */
function classify(t: StatementEntry, returnInfo: unknown): StatementEntry {
  const refusal = refusalOf(t);
  if (refusal) {
    t.kind = "refused";
    t.refusal = refusal;
    return t;
  }
  const isReturn = returnInfo !== undefined || /\/RRTN$/.test(t.bankTransactionCode ?? "");
  if (isReturn) {
    const reasonText = list(at(returnInfo, "AddtlInf"))
      .map((l) => text(l))
      .filter(Boolean)
      .join(" ");
    t.kind = "return";
    t.returned = {
      payment: t.direction === "CRDT" ? "outgoing" : "incoming",
      reasonCode: text(at(returnInfo, "Rsn", "Cd")) ?? text(at(returnInfo, "Rsn", "Prtry")),
      reasonText: reasonText || null,
      originalEndToEndId: t.endToEndId,
    };
    return t;
  }
  if (t.reversalIndicator) {
    t.kind = "reversal";
    t.reverses = {
      direction: t.direction === "CRDT" ? "DBIT" : "CRDT",
      endToEndId: t.endToEndId,
      reference: t.reference,
    };
  }
  return t;
}

function toCredit(entry: StatementEntry, tx: unknown): StatementCredit {
  return {
    amountCents: entry.amountCents ?? 0n,
    currency: entry.currency ?? "",
    valueDate: entry.valueDate ?? entry.bookingDate,
    reference: entry.reference,
    candidates: entry.candidates,
    payerName: entry.counterpartyName,
    payerIban: entry.counterpartyIban,
    bankReference:
      text(at(tx, "Refs", "AcctSvcrRef")) ?? text(at(tx, "Refs", "EndToEndId")) ?? entry.bankReference,
  };
}

/** The booked entries' net movement per currency, from each entry's own amount and direction. */
function bookedNetOf(readEntries: ReadEntry[]): AccountStatement["bookedNet"] {
  const byCurrency: Record<string, bigint> = {};
  let readable = true;
  for (const { net } of readEntries) {
    if (net === null) continue;
    if (net === "unreadable") {
      readable = false;
      continue;
    }
    byCurrency[net.currency] = (byCurrency[net.currency] ?? 0n) + net.cents;
  }
  return { byCurrency, readable };
}

function fingerprintOf(
  statements: AccountStatement[],
  entries: StatementEntry[],
  entryAmounts: (string | null)[][],
): string {
  const content = statements.map((s, i) => ({
    entryAmounts: entryAmounts[i],
    account: s.accountIban,
    currency: s.accountCurrency,
    from: s.fromDate,
    to: s.toDate,
    balances: s.balances.map((b) => [b.type, b.amountText, b.currency, b.creditDebit, b.date]),
    entries: entries
      .filter((e) => e.position.statement === i + 1)
      .map((e) => [
        e.direction,
        e.status,
        e.reversalIndicator,
        e.amountText,
        e.currency,
        e.bookingDate,
        e.valueDate,
        e.endToEndId,
        e.bankReference,
        e.bankTransactionCode,
        e.counterpartyIban,
        e.remittanceText,
        e.candidates,
        e.returned?.reasonCode ?? null,
      ]),
  }));
  return createHash("sha256").update(JSON.stringify(content)).digest("hex");
}

export function parseCamt053(xml: string): ParsedStatement {
  const parsed = parseXml(xml);
  const format = versionOf(xml);
  const document = findDocument(parsed);
  if (!document)
    throw new StatementFormatError("The Document has no bank-to-customer statement (BkToCstmrStmt)");
  const root = at(document, "BkToCstmrStmt");
  const messageId = text(at(root, "GrpHdr", "MsgId"));
  const rawStatements = list(at(root, "Stmt"));
  if (!messageId || rawStatements.length === 0) {
    throw new StatementFormatError("The statement has no message identification or no statement");
  }
  const statements: AccountStatement[] = [];
  const entries: StatementEntry[] = [];
  const credits: StatementCredit[] = [];
  // A transaction's amount is read from its own element; the entry's, which may differ, is content too.
  const entryAmounts: (string | null)[][] = [];
  rawStatements.forEach((statement, s) => {
    const id = text(at(statement, "Id")) ?? "";
    const balances = list(at(statement, "Bal")).map(readBalance);
    statements.push({
      id,
      accountIban: ibanOf(at(statement, "Acct")),
      accountCurrency: text(at(statement, "Acct", "Ccy")),
      openingBalance:
        balances.find((b) => b.type === "OPBD") ?? balances.find((b) => b.type === "PRCD") ?? null,
      closingBalance: balances.find((b) => b.type === "CLBD") ?? null,
      balances,
      fromDate: text(at(statement, "FrToDt", "FrDtTm"))?.slice(0, 10) ?? null,
      toDate: text(at(statement, "FrToDt", "ToDtTm"))?.slice(0, 10) ?? null,
      bookedNet: { byCurrency: {}, readable: true },
    });
    // Read by the parser (ENTRY_READERS): each entry's amount, net and transactions, positions to set.
    const readEntries = list(at(statement, "Ntry")) as ReadEntry[];
    entryAmounts.push(readEntries.map((r) => r.amountText));
    (statements[s] as AccountStatement).bookedNet = bookedNetOf(readEntries);
    readEntries.forEach((r, e) => {
      for (const { entry, credit } of r.parts) {
        entry.position.statement = s + 1;
        entry.position.entry = e + 1;
        entry.statementId = id;
        entries.push(entry);
        if (credit) credits.push(credit);
      }
    });
  });
  return {
    format,
    messageId,
    statementId: statements.map((s) => s.id).join(","),
    accountIban: statements[0]?.accountIban ?? null,
    credits,
    statements,
    entries,
    fingerprint: fingerprintOf(statements, entries, entryAmounts),
    enveloped: parsed.Document === undefined,
  };
}
