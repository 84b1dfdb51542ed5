import {
  formatCreditorReference,
  formatIban,
  isValidCreditorReference,
  type Language,
} from "@festgeld/domain";
import { type Catalogue, fill, plural, textsFor, type Values } from "../../locales/catalogues.ts";
import type { EventFacts, EventType } from "./message-events.ts";
import { applicationReference, type Formatter, formatterFor } from "./message-format.ts";

/*
 * What the event texts share: the shape of a text, the context each is written in (language,
 * formatter, the messages catalogue) and the rows and links several events show. The texts themselves
 * are in locales/<language>/messages.json; the *-texts.ts files put them together per event.
 */

/**
 * What one event says, in one language: the subject (also the inbox title), paragraphs, a table of
 * figures, and the page of the web app it leads to. The inbox message is the same text in plain form.
 */
export interface EventText {
  subject: string;
  paragraphs: string[];
  rows: Array<[label: string, value: string]>;
  /** Path in the web app (e.g. "/dashboard") and the button label. */
  action: { path: string; label: string } | null;
}

export type Row = [label: string, value: string];

/** The language, its formatter and its catalogue of message texts. */
export interface TextContext {
  language: Language;
  f: Formatter;
  t: Catalogue["messages"];
}

/** The texts of some events: each renders its facts in a context. */
export type EventTexts<K extends EventType> = {
  [P in K]: (facts: EventFacts[P], c: TextContext) => EventText;
};

export function textContext(language: Language): TextContext {
  return { language, f: formatterFor(language), t: textsFor(language).messages };
}

/** One event's own texts, each filled with its values. */
export function eventTexts<K extends keyof Catalogue["messages"]["events"]>(c: TextContext, type: K) {
  const texts = c.t.events[type] as Record<string, string>;
  return (key: keyof Catalogue["messages"]["events"][K] & string, values?: Values) =>
    fill(texts[key] as string, values);
}

export const reference = (x: { application_id: string }) => applicationReference(x.application_id);

export const money = (c: TextContext, m: { amount_cents: number; currency: string }) =>
  c.f.money(m.amount_cents, m.currency);

/** "12 months" / "12 Monate" / "12 mois". */
export const months = (c: TextContext, count: number) => plural(c.t.label, "months", count, c.language);

/**
 * The saver's reference account as it follows "your reference account" in a sentence: a space and
 * the (masked) IBAN, or nothing when none is on file. The texts write "account{{iban}}".
 */
export const ibanSuffix = (iban: string | null | undefined) => (iban ? ` ${iban}` : "");

/** A payment reference as the saver types it: an RF creditor reference in groups of four. */
export const printedReference = (value: string) =>
  isValidCreditorReference(value) ? formatCreditorReference(value) : value;

export const actions = {
  dashboard: (c: TextContext) => ({ path: "/dashboard", label: c.t.action.dashboard }),
  identity: (c: TextContext) => ({ path: "/kyc", label: c.t.action.identity }),
  security: (c: TextContext) => ({ path: "/profile", label: c.t.action.security }),
  documents: (c: TextContext) => ({ path: "/documents", label: c.t.action.documents }),
  packages: (c: TextContext) => ({ path: "/packages", label: c.t.action.apply }),
};

/** The application, its amount and, when known, its rate and term. */
export function applicationRows(
  c: TextContext,
  x: { application_id: string; amount_cents: number; currency: string; rate?: string; term_months?: number },
): Row[] {
  const L = c.t.label;
  return [
    [L.reference, reference(x)],
    [L.amount, money(c, x)],
    ...(x.rate !== undefined ? ([[L.rate, c.f.percent(x.rate)]] as Row[]) : []),
    ...(x.term_months !== undefined ? ([[L.term, months(c, x.term_months)]] as Row[]) : []),
  ];
}

/** The application and the amount of a payment to the saver. */
export function paymentRows(
  c: TextContext,
  x: { application_id: string; payout_cents: number; currency: string },
) {
  return [
    [c.t.label.reference, reference(x)],
    [c.t.label.amount, c.f.money(x.payout_cents, x.currency)],
  ] satisfies Row[];
}

export const reasonRow = (c: TextContext, reason: string | null): Row[] =>
  reason ? [[c.t.label.reason, reason]] : [];

/**
 * The transfer details, printed as the saver types them: IBAN and an RF creditor reference in
 * groups of four (copying them still gives the bare characters to a banking app that strips
 * spaces). The amount only when it is not the application's amount listed just above.
 */
export function transferRows(
  c: TextContext,
  t: NonNullable<EventFacts["application_approved"]["transfer"]>,
  listed?: { amount_cents: number; currency: string },
): Row[] {
  const L = c.t.label;
  return [
    [L.account_holder, t.account_holder],
    [L.iban, formatIban(t.iban)],
    [L.bic, t.bic],
    [L.payment_reference, printedReference(t.reference)],
    ...(listed && listed.amount_cents === t.amount_cents && listed.currency === t.currency
      ? []
      : ([[L.amount, c.f.money(t.amount_cents, t.currency)]] as Row[])),
    [L.transfer_by, c.f.date(t.deadline)],
  ];
}

/** Where the saver checks transfer details before paying: the public page /{language}/verify. */
export const verifyHint = (c: TextContext) => fill(c.t.verify_hint, { language: c.language });
