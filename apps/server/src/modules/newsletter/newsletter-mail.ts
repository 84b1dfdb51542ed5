import type { Language } from "@festgeld/domain";

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
  const texts: Record<Language, { subject: string; paragraphs: string[]; label: string }> = {
    en: {
      subject: "Confirm your newsletter subscription",
      paragraphs: [
        "Someone, hopefully you, asked to receive our newsletter at this address.",
        `Please confirm with the button below; the link works once. Without confirmation nothing is sent and the address is deleted after ${facts.days} days.`,
        "You can unsubscribe at any time with the link in every newsletter.",
      ],
      label: "Confirm my subscription",
    },
    de: {
      subject: "Bestätigen Sie Ihr Newsletter-Abonnement",
      paragraphs: [
        "Jemand, hoffentlich Sie, hat unseren Newsletter für diese Adresse bestellt.",
        `Bitte bestätigen Sie mit der Schaltfläche unten; der Link gilt einmal. Ohne Bestätigung senden wir nichts und löschen die Adresse nach ${facts.days} Tagen.`,
        "Sie können sich jederzeit über den Link in jedem Newsletter abmelden.",
      ],
      label: "Abonnement bestätigen",
    },
    fr: {
      subject: "Confirmez votre abonnement à la newsletter",
      paragraphs: [
        "Quelqu'un, vous sans doute, a demandé à recevoir notre newsletter à cette adresse.",
        `Veuillez confirmer avec le bouton ci-dessous ; le lien ne fonctionne qu'une fois. Sans confirmation, nous n'envoyons rien et l'adresse est supprimée après ${facts.days} jours.`,
        "Vous pouvez vous désabonner à tout moment grâce au lien présent dans chaque newsletter.",
      ],
      label: "Confirmer mon abonnement",
    },
  };
  return texts[language];
}

/** The note of a text shown in another language than the reader's. */
export const ONLY_IN: Record<Language, Record<Language, string>> = {
  en: {
    en: "This message is only available in English.",
    de: "This message is only available in German.",
    fr: "This message is only available in French.",
  },
  de: {
    en: "Diese Nachricht gibt es nur auf Englisch.",
    de: "Diese Nachricht gibt es nur auf Deutsch.",
    fr: "Diese Nachricht gibt es nur auf Französisch.",
  },
  fr: {
    en: "Ce message n'existe qu'en anglais.",
    de: "Ce message n'existe qu'en allemand.",
    fr: "Ce message n'existe qu'en français.",
  },
};
