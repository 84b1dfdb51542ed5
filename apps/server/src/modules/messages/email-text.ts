import type { Language } from "@festgeld/domain";
import type { Operator } from "../../config/operator.ts";
import { fill, textsFor } from "../../locales/catalogues.ts";

/*
 * What every e-mail says around its content: the types, the footer's words and the operator's legal
 * lines (also printed on the postbox PDFs). The React Email layout in email-layout.tsx is loaded only
 * when the first e-mail is rendered, so that start-up does not pay for it (docs/decisions.md
 * "Start-up loads only what serving needs").
 */

/** What an e-mail says; the layout adds the brand, the button and the legal footer. */
export interface EmailContent {
  subject: string;
  paragraphs: string[];
  rows: Array<[string, string]>;
  /** An absolute link (PUBLIC_URL + path) and its label. */
  action: { url: string; label: string } | null;
  /** A service e-mail (always sent) or a newsletter (consent, with its unsubscribe link). */
  kind: { type: "service" } | { type: "newsletter"; unsubscribeUrl: string };
  /** Shown in a box above the text, e.g. "only available in English". */
  note?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** List-Unsubscribe on newsletters. */
  headers?: Record<string, string>;
}

/** What the footer says above the legal lines: why the reader gets the e-mail, and the unsubscribe link. */
export function footerText(language: Language, brand: string) {
  const t = textsFor(language).mail.footer;
  return {
    service: fill(t.service, { name: brand }),
    newsletter: fill(t.newsletter, { name: brand }),
    unsubscribe: t.unsubscribe,
  };
}

/** The operator's legal details, one line each (also used by the PDF documents). */
export function legalLines(operator: Operator, language: Language): string[] {
  const t = textsFor(language).mail.footer;
  const a = operator.address;
  return [
    `${operator.name}, ${a.street}, ${a.postalCode} ${a.city}, ${a.country}`,
    `${t.directors}: ${operator.managingDirectors.join(", ")}`,
    `${t.register}: ${operator.tradeRegister} · ${t.vat}: ${operator.vatId}`,
    `${t.supervisor}: ${operator.supervisor}`,
    `${operator.supportEmail} · ${operator.phone} · ${operator.website}`,
    ...(operator.demonstration ? [t.demo] : []),
  ];
}
