import { isValidCreditorReference, normalizeCreditorReference, toCents } from "@festgeld/domain";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * Reads an ISO 20022 bank-to-customer statement (camt.053, versions .001.02 and .001.08, as German
 * and French banks deliver them) into the credits the deposit desk needs. A real XML parser reads
 * the document; element names are taken without their namespace prefix.
 */

export const CAMT053_VERSIONS = ["camt.053.001.02", "camt.053.001.08"] as const;

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

export interface ParsedStatement {
  format: (typeof CAMT053_VERSIONS)[number];
  messageId: string;
  statementId: string;
  accountIban: string | null;
  credits: StatementCredit[];
}

export class StatementFormatError extends Error {}

type Node = Record<string, unknown>;

const ARRAYS = new Set(["Stmt", "Ntry", "NtryDtls", "TxDtls", "Ustrd", "Strd"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  isArray: (name) => ARRAYS.has(name),
});

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

/** The references a transaction's remittance information names: the structured one first. */
function referencesOf(remittance: unknown): string[] {
  const found: string[] = [];
  for (const structured of list(at(remittance, "Strd"))) {
    const ref = text(at(structured, "CdtrRefInf", "Ref"));
    if (!ref) continue;
    const normalized = normalizeCreditorReference(ref);
    if (isValidCreditorReference(normalized)) found.push(normalized);
    else found.push(...findCreditorReferences(ref.toUpperCase()));
  }
  for (const line of list(at(remittance, "Ustrd"))) found.push(...findCreditorReferences(text(line) ?? ""));
  return [...new Set(found)];
}

/** The debtor's name: Dbtr/Nm in .001.02, Dbtr/Pty/Nm in .001.08. */
function payerName(parties: unknown): string | null {
  return text(at(parties, "Dbtr", "Nm")) ?? text(at(parties, "Dbtr", "Pty", "Nm"));
}

function amountOf(node: unknown): { cents: bigint; currency: string } | null {
  const raw = text(node);
  const currency = text(at(node, "@_Ccy"));
  if (!raw || !currency) return null;
  const cents = toCents(raw);
  return cents === null ? null : { cents, currency };
}

export function parseCamt053(xml: string): ParsedStatement {
  const valid = XMLValidator.validate(xml);
  if (valid !== true)
    throw new StatementFormatError(`Not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  let parsed: Node;
  try {
    parsed = parser.parse(xml) as Node;
  } catch (error) {
    throw new StatementFormatError(
      `Not readable XML: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const document = asNode(parsed.Document);
  // Namespace declarations are dropped with the prefixes; the version is read from the document's
  // default namespace in the text itself.
  const namespace =
    /<(?:\w+:)?Document\b[^>]*\bxmlns(?::\w+)?\s*=\s*["']urn:iso:std:iso:20022:tech:xsd:(camt\.\d{3}\.\d{3}\.\d{2})["']/.exec(
      xml,
    )?.[1];
  const format = CAMT053_VERSIONS.find((v) => v === namespace);
  if (!document || !format) {
    throw new StatementFormatError(`Not a camt.053 statement of version ${CAMT053_VERSIONS.join(" or ")}`);
  }
  const root = at(document, "BkToCstmrStmt");
  const messageId = text(at(root, "GrpHdr", "MsgId"));
  const statements = list(at(root, "Stmt"));
  if (!messageId || statements.length === 0) {
    throw new StatementFormatError("The statement has no message identification or no statement");
  }
  const credits: StatementCredit[] = [];
  const statementIds: string[] = [];
  let accountIban: string | null = null;
  for (const statement of statements) {
    statementIds.push(text(at(statement, "Id")) ?? "");
    accountIban ??= text(at(statement, "Acct", "Id", "IBAN"));
    for (const entry of list(at(statement, "Ntry"))) {
      if (text(at(entry, "CdtDbtInd")) !== "CRDT") continue;
      // Booked entries only: .001.02 has Sts as text, .001.08 as Sts/Cd.
      const status = text(at(entry, "Sts")) ?? text(at(entry, "Sts", "Cd"));
      if (status && status !== "BOOK") continue;
      if (text(at(entry, "RvslInd")) === "true") continue;
      const entryAmount = amountOf(at(entry, "Amt"));
      const valueDate = dateOf(at(entry, "ValDt")) ?? dateOf(at(entry, "BookgDt"));
      const entryRef = text(at(entry, "AcctSvcrRef"));
      const transactions = list(at(entry, "NtryDtls")).flatMap((d) => list(at(d, "TxDtls")));
      if (transactions.length === 0) {
        if (!entryAmount) continue;
        credits.push({
          amountCents: entryAmount.cents,
          currency: entryAmount.currency,
          valueDate,
          reference: null,
          candidates: [],
          payerName: null,
          payerIban: null,
          bankReference: entryRef,
        });
        continue;
      }
      for (const tx of transactions) {
        const amount =
          amountOf(at(tx, "Amt")) ??
          amountOf(at(tx, "AmtDtls", "TxAmt", "Amt")) ??
          (transactions.length === 1 ? entryAmount : null);
        if (!amount) continue;
        const candidates = referencesOf(at(tx, "RmtInf"));
        credits.push({
          amountCents: amount.cents,
          currency: amount.currency,
          valueDate,
          reference: candidates[0] ?? null,
          candidates,
          payerName: payerName(at(tx, "RltdPties")),
          payerIban:
            text(at(tx, "RltdPties", "DbtrAcct", "Id", "IBAN"))
              ?.replace(/\s+/g, "")
              .toUpperCase() ?? null,
          bankReference:
            text(at(tx, "Refs", "AcctSvcrRef")) ?? text(at(tx, "Refs", "EndToEndId")) ?? entryRef,
        });
      }
    }
  }
  return { format, messageId, statementId: statementIds.join(","), accountIban, credits };
}
