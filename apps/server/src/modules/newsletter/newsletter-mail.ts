import { LANGUAGE_DETAILS, type Language } from "@festgeld/domain";
import { fill, textsFor } from "../../locales/catalogues.ts";

/** The confirmation e-mail of a newsletter sign-up (template `newsletter_confirm`, facts erased once sent). */
export const NEWSLETTER_CONFIRM_TEMPLATE = "newsletter_confirm";
/** One newsletter issue to one confirmed address, with its unsubscribe link (template `newsletter`). */
export const NEWSLETTER_TEMPLATE = "newsletter";

export interface NewsletterConfirmFacts {
  /** Path of the confirmation page with the token in the fragment. */
  path: string;
  days: number;
}

export interface NewsletterIssueFacts {
  title: string;
  message: string;
  /** Shown above the text when the issue is not written in the subscriber's language. */
  note: string | null;
  /** Path of the unsubscribe page with the subscription's token in the fragment. */
  unsubscribe_path: string;
}

export function newsletterConfirmText(facts: NewsletterConfirmFacts, language: Language) {
  const t = textsFor(language).mail.newsletter_confirm;
  return {
    subject: t.subject,
    paragraphs: [t.asked, fill(t.confirm, { days: facts.days }), t.unsubscribe],
    label: t.action,
  };
}

/**
 * The note of a text shown in another language than the reader's: "This message is only available
 * in German.", the language named in the reader's own (Intl).
 */
export function onlyIn(reader: Language, written: Language): string {
  const name = new Intl.DisplayNames([LANGUAGE_DETAILS[reader].locale], { type: "language" }).of(written);
  return fill(textsFor(reader).mail.only_in, { language: name ?? written });
}
