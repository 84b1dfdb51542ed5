import type { Language } from "@festgeld/domain";
import type { Operator } from "../../config/operator.ts";

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

export const FOOTER: Record<
  Language,
  {
    service: (name: string) => string;
    newsletter: (name: string) => string;
    unsubscribe: string;
    directors: string;
    register: string;
    vat: string;
    supervisor: string;
    demo: string;
  }
> = {
  en: {
    service: (name) => `You receive this service e-mail because you have an account with ${name}.`,
    newsletter: (name) =>
      `You receive the ${name} newsletter because you subscribed and confirmed your address.`,
    unsubscribe: "Unsubscribe",
    directors: "Managing directors",
    register: "Trade register",
    vat: "VAT ID",
    supervisor: "Supervisory authority",
    demo: "Demonstration: this is not a real offer and no real company.",
  },
  de: {
    service: (name) => `Sie erhalten diese Service-E-Mail, weil Sie ein Konto bei ${name} haben.`,
    newsletter: (name) =>
      `Sie erhalten den Newsletter von ${name}, weil Sie ihn abonniert und Ihre Adresse bestätigt haben.`,
    unsubscribe: "Abmelden",
    directors: "Geschäftsführung",
    register: "Handelsregister",
    vat: "USt-IdNr.",
    supervisor: "Aufsichtsbehörde",
    demo: "Demonstration: kein echtes Angebot und kein echtes Unternehmen.",
  },
  fr: {
    service: (name) => `Vous recevez cet e-mail de service parce que vous avez un compte chez ${name}.`,
    newsletter: (name) =>
      `Vous recevez la newsletter de ${name} parce que vous y êtes abonné(e) et avez confirmé votre adresse.`,
    unsubscribe: "Se désabonner",
    directors: "Gérants",
    register: "Registre du commerce",
    vat: "N° de TVA",
    supervisor: "Autorité de surveillance",
    demo: "Démonstration : ceci n'est pas une offre réelle ni une entreprise réelle.",
  },
};

/** The operator's legal details, one line each (also used by the PDF documents). */
export function legalLines(operator: Operator, language: Language): string[] {
  const t = FOOTER[language];
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
