import type { Language } from "@festgeld/domain";

/**
 * Subjects and texts of the account e-mails (password reset, e-mail verification and notices), per
 * language. Kept in this one file so they can move onto shared e-mail templates without touching
 * the flows that send them.
 */
export type AccountMail =
  | { kind: "password_reset"; link: string; minutes: number }
  | { kind: "password_changed_by_reset" }
  | { kind: "verify_email"; link: string; hours: number }
  | { kind: "email_changed_notice"; newEmail: string }
  | { kind: "password_reset_by_staff"; link: string; minutes: number };

export interface ComposedMail {
  subject: string;
  text: string;
}

const IGNORE = {
  en: "If you did not ask for this, you can ignore this e-mail; nothing changes.",
  de: "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; es ändert sich nichts.",
  fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; rien ne change.",
} as const;

const CONTACT = {
  en: "If this was not you, reset your password at once and contact our support.",
  de: "Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück und wenden Sie sich an unseren Kundenservice.",
  fr: "Si ce n'était pas vous, réinitialisez immédiatement votre mot de passe et contactez notre service client.",
} as const;

export function composeAccountMail(mail: AccountMail, language: Language): ComposedMail {
  switch (mail.kind) {
    case "password_reset":
    case "password_reset_by_staff": {
      const staff = mail.kind === "password_reset_by_staff";
      return {
        en: {
          subject: "Reset your password",
          text: `${staff ? "Our staff sent you this link to set a new password for your account." : "Someone asked to reset the password of your account."}\n\nSet a new password here (the link works once, for ${mail.minutes} minutes):\n${mail.link}\n\n${IGNORE.en}`,
        },
        de: {
          subject: "Passwort zurücksetzen",
          text: `${staff ? "Unser Team hat Ihnen diesen Link geschickt, damit Sie ein neues Passwort für Ihr Konto festlegen können." : "Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen."}\n\nHier legen Sie ein neues Passwort fest (der Link gilt einmal, ${mail.minutes} Minuten lang):\n${mail.link}\n\n${IGNORE.de}`,
        },
        fr: {
          subject: "Réinitialiser votre mot de passe",
          text: `${staff ? "Notre équipe vous envoie ce lien pour définir un nouveau mot de passe pour votre compte." : "Une réinitialisation du mot de passe de votre compte a été demandée."}\n\nDéfinissez un nouveau mot de passe ici (le lien est valable une fois, pendant ${mail.minutes} minutes) :\n${mail.link}\n\n${IGNORE.fr}`,
        },
      }[language];
    }
    case "password_changed_by_reset":
      return {
        en: {
          subject: "Your password was changed",
          text: `The password of your account was just changed with a reset link, and every session was signed out.\n\n${CONTACT.en}`,
        },
        de: {
          subject: "Ihr Passwort wurde geändert",
          text: `Das Passwort Ihres Kontos wurde soeben über einen Link zum Zurücksetzen geändert, und alle Sitzungen wurden abgemeldet.\n\n${CONTACT.de}`,
        },
        fr: {
          subject: "Votre mot de passe a été modifié",
          text: `Le mot de passe de votre compte vient d'être modifié au moyen d'un lien de réinitialisation, et toutes les sessions ont été fermées.\n\n${CONTACT.fr}`,
        },
      }[language];
    case "verify_email":
      return {
        en: {
          subject: "Confirm your e-mail address",
          text: `Please confirm that this address belongs to you (the link works once, for ${mail.hours} hours):\n${mail.link}\n\n${IGNORE.en}`,
        },
        de: {
          subject: "Bestätigen Sie Ihre E-Mail-Adresse",
          text: `Bitte bestätigen Sie, dass diese Adresse Ihnen gehört (der Link gilt einmal, ${mail.hours} Stunden lang):\n${mail.link}\n\n${IGNORE.de}`,
        },
        fr: {
          subject: "Confirmez votre adresse e-mail",
          text: `Merci de confirmer que cette adresse vous appartient (le lien est valable une fois, pendant ${mail.hours} heures) :\n${mail.link}\n\n${IGNORE.fr}`,
        },
      }[language];
    case "email_changed_notice":
      return {
        en: {
          subject: "The e-mail address of your account was changed",
          text: `The e-mail address of your account was changed to ${mail.newEmail}. Messages now go to that address.\n\n${CONTACT.en}`,
        },
        de: {
          subject: "Die E-Mail-Adresse Ihres Kontos wurde geändert",
          text: `Die E-Mail-Adresse Ihres Kontos wurde in ${mail.newEmail} geändert. Nachrichten gehen jetzt an diese Adresse.\n\n${CONTACT.de}`,
        },
        fr: {
          subject: "L'adresse e-mail de votre compte a été modifiée",
          text: `L'adresse e-mail de votre compte a été remplacée par ${mail.newEmail}. Les messages sont désormais envoyés à cette adresse.\n\n${CONTACT.fr}`,
        },
      }[language];
  }
}
