import { LANGUAGE_DETAILS, type Language } from "@festgeld/domain";
import deBackOffice from "./de/back-office.json" with { type: "json" };
import deDocuments from "./de/documents.json" with { type: "json" };
import deMail from "./de/mail.json" with { type: "json" };
import deMessages from "./de/messages.json" with { type: "json" };
import enBackOffice from "./en/back-office.json" with { type: "json" };
import enDocuments from "./en/documents.json" with { type: "json" };
import enMail from "./en/mail.json" with { type: "json" };
import enMessages from "./en/messages.json" with { type: "json" };
import frBackOffice from "./fr/back-office.json" with { type: "json" };
import frDocuments from "./fr/documents.json" with { type: "json" };
import frMail from "./fr/mail.json" with { type: "json" };
import frMessages from "./fr/messages.json" with { type: "json" };

/*
 * The server's texts (messages, e-mails, PDFs, back-office notices) in per-language catalogues, in
 * the web app's format: JSON per language and namespace, {{name}} placeholders, plural keys ending in
 * _one, _other (and whatever else Intl.PluralRules names for the language). The JSON is imported
 * statically, so the server bundle carries it. docs/decisions.md "Server texts in catalogues".
 */

/** Every namespace of one language; English is the reference whose shape the others must have. */
export interface Catalogue {
  messages: typeof enMessages;
  mail: typeof enMail;
  documents: typeof enDocuments;
  "back-office": typeof enBackOffice;
}

/**
 * A language missing here, or a key that English has and another language lacks, does not compile;
 * a key only another language has fails test/server-catalogues.test.ts.
 */
export const CATALOGUES: Record<Language, Catalogue> = {
  en: { messages: enMessages, mail: enMail, documents: enDocuments, "back-office": enBackOffice },
  de: { messages: deMessages, mail: deMail, documents: deDocuments, "back-office": deBackOffice },
  fr: { messages: frMessages, mail: frMail, documents: frDocuments, "back-office": frBackOffice },
};

/** The catalogues of a language. */
export function textsFor(language: Language): Catalogue {
  return CATALOGUES[language];
}

export type Values = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A catalogue text with its {{placeholders}} filled. Strict both ways, so that a text and its caller
 * cannot drift apart unnoticed: a placeholder the caller does not name, or a value the text does not
 * use, throws (every text is rendered by the tests in every language). A named value that is missing
 * from stored facts prints as before the catalogues ("undefined") rather than failing an e-mail.
 */
export function fill(text: string, values: Values = {}): string {
  const used = new Set<string>();
  const filled = text.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`text "${text}" needs a value for {{${name}}}`);
    used.add(name);
    return String(values[name]);
  });
  for (const name of Object.keys(values)) {
    if (!used.has(name)) throw new Error(`text "${text}" has no {{${name}}}`);
  }
  return filled;
}

const pluralRules = new Map<Language, Intl.PluralRules>();

/** The keys of `texts` that have plural forms: "months" for months_one, months_other. */
type PluralBase<T> = { [K in keyof T]: K extends `${infer Base}_other` ? Base : never }[keyof T];

/**
 * The plural form of `base` for `count` in the language (CLDR categories, as the web app's i18next
 * picks them), with {{count}} and any other values filled; the _other form when the language's own is
 * missing.
 */
export function plural<T extends object>(
  texts: T,
  base: PluralBase<T>,
  count: number,
  language: Language,
  values: Values = {},
): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(LANGUAGE_DETAILS[language].locale);
    pluralRules.set(language, rules);
  }
  const forms = texts as Record<string, string | undefined>;
  const text = forms[`${base}_${rules.select(count)}`] ?? (forms[`${base}_other`] as string);
  return fill(text, { ...values, count });
}
