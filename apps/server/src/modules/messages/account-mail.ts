import type { Language } from "@festgeld/domain";
import { fill, textsFor } from "../../locales/catalogues.ts";

/**
 * The account e-mails that carry a single-use link (password reset, e-mail verification): their
 * facts, stored with the outbox row (template `account`), and their texts per language
 * (locales/<language>/mail.json). The outbox worker renders them in the brand's e-mail layout; the
 * facts are erased once the e-mail is sent. Notices without a link (password or e-mail changed) are
 * message events of the messages module.
 */
export type AccountMail =
  | { kind: "password_reset"; path: string; minutes: number; by_staff: boolean }
  | {
      kind: "verify_email";
      path: string;
      hours: number;
      /**
       * A saver's account, never confirmed, is deleted after this many days without use (absent for staff,
       * and in an e-mail queued before the mail said so).
       */
      unconfirmed_days?: number;
    }
  | { kind: "registration_attempt"; path: string }
  | { kind: "confirm_email_change"; path: string; hours: number };

export const ACCOUNT_MAIL_TEMPLATE = "account";

export interface AccountMailText {
  subject: string;
  paragraphs: string[];
  /** The link: a path of the web app (PUBLIC_URL is put in front) and the button's label. */
  action: { path: string; label: string };
}

export function accountMailText(mail: AccountMail, language: Language): AccountMailText {
  const texts = textsFor(language).mail;
  // Every account e-mail ends saying that nothing changes when the reader did not ask for it.
  const text = (t: { subject: string; action: string }, paragraphs: string[]): AccountMailText => ({
    subject: t.subject,
    paragraphs: [...paragraphs, texts.ignore],
    action: { path: mail.path, label: t.action },
  });
  switch (mail.kind) {
    case "password_reset": {
      const t = texts.password_reset;
      return text(t, [mail.by_staff ? t.by_staff : t.asked, fill(t.link, { minutes: mail.minutes })]);
    }
    case "registration_attempt": {
      // Sent to an address that has an account: nothing the registering person typed is quoted.
      const t = texts.registration_attempt;
      return text(t, [t.tried, t.sign_in]);
    }
    case "confirm_email_change": {
      // Sent to the new address: the account's address changes only when this link is opened.
      const t = texts.confirm_email_change;
      return text(t, [t.asked, fill(t.link, { hours: mail.hours })]);
    }
    case "verify_email": {
      const t = texts.verify_email;
      return text(t, [
        t.confirm,
        fill(t.link, { hours: mail.hours }),
        ...(mail.unconfirmed_days ? [fill(t.unconfirmed, { days: mail.unconfirmed_days })] : []),
      ]);
    }
  }
}
