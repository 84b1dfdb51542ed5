import type { Language } from "@festgeld/domain";

/**
 * The account e-mails that carry a single-use link (password reset, e-mail verification): their
 * facts, stored with the outbox row (template `account`), and their texts per language. The outbox
 * worker renders them in the brand's e-mail layout; the facts are erased once the e-mail is sent.
 * Notices without a link (password or e-mail changed) are message events of the messages module.
 */
export type AccountMail =
  | { kind: "password_reset"; path: string; minutes: number; by_staff: boolean }
  | { kind: "verify_email"; path: string; hours: number }
  | { kind: "registration_attempt"; path: string }
  | { kind: "confirm_email_change"; path: string; hours: number };

export const ACCOUNT_MAIL_TEMPLATE = "account";

export interface AccountMailText {
  subject: string;
  paragraphs: string[];
  /** The link: a path of the web app (PUBLIC_URL is put in front) and the button's label. */
  action: { path: string; label: string };
}

const IGNORE: Record<Language, string> = {
  en: "If you did not ask for this, you can ignore this e-mail; nothing changes.",
  de: "Wenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; es ändert sich nichts.",
  fr: "Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail ; rien ne change.",
};

export function accountMailText(mail: AccountMail, language: Language): AccountMailText {
  switch (mail.kind) {
    case "password_reset": {
      const texts: Record<Language, AccountMailText> = {
        en: {
          subject: "Reset your password",
          paragraphs: [
            mail.by_staff
              ? "Our staff sent you this link to set a new password for your account."
              : "Someone asked to reset the password of your account.",
            `The link below works once, for ${mail.minutes} minutes. Setting a new password signs out every device.`,
            IGNORE.en,
          ],
          action: { path: mail.path, label: "Set a new password" },
        },
        de: {
          subject: "Passwort zurücksetzen",
          paragraphs: [
            mail.by_staff
              ? "Unser Team hat Ihnen diesen Link geschickt, damit Sie ein neues Passwort für Ihr Konto festlegen können."
              : "Jemand hat angefordert, das Passwort Ihres Kontos zurückzusetzen.",
            `Der Link unten gilt einmal, ${mail.minutes} Minuten lang. Ein neues Passwort meldet alle Geräte ab.`,
            IGNORE.de,
          ],
          action: { path: mail.path, label: "Neues Passwort festlegen" },
        },
        fr: {
          subject: "Réinitialiser votre mot de passe",
          paragraphs: [
            mail.by_staff
              ? "Notre équipe vous envoie ce lien pour définir un nouveau mot de passe pour votre compte."
              : "Une réinitialisation du mot de passe de votre compte a été demandée.",
            `Le lien ci-dessous est valable une fois, pendant ${mail.minutes} minutes. Un nouveau mot de passe déconnecte tous les appareils.`,
            IGNORE.fr,
          ],
          action: { path: mail.path, label: "Définir un nouveau mot de passe" },
        },
      };
      return texts[language];
    }
    case "registration_attempt": {
      // Sent to an address that has an account: nothing the registering person typed is quoted.
      const texts: Record<Language, AccountMailText> = {
        en: {
          subject: "Someone tried to register with your address",
          paragraphs: [
            "Someone tried to open a new account with this e-mail address. You already have an account with us, so none was opened.",
            "If it was you, sign in; if you have forgotten your password, the sign-in page lets you set a new one.",
            IGNORE.en,
          ],
          action: { path: mail.path, label: "Sign in" },
        },
        de: {
          subject: "Jemand wollte sich mit Ihrer Adresse registrieren",
          paragraphs: [
            "Jemand wollte mit dieser E-Mail-Adresse ein neues Konto eröffnen. Sie haben bereits ein Konto bei uns, daher wurde keines eröffnet.",
            "Wenn Sie es waren, melden Sie sich an; haben Sie Ihr Passwort vergessen, können Sie auf der Anmeldeseite ein neues festlegen.",
            IGNORE.de,
          ],
          action: { path: mail.path, label: "Anmelden" },
        },
        fr: {
          subject: "Quelqu'un a tenté de s'inscrire avec votre adresse",
          paragraphs: [
            "Quelqu'un a tenté d'ouvrir un nouveau compte avec cette adresse e-mail. Vous avez déjà un compte chez nous ; aucun n'a été ouvert.",
            "Si c'était vous, connectez-vous ; si vous avez oublié votre mot de passe, la page de connexion permet d'en définir un nouveau.",
            IGNORE.fr,
          ],
          action: { path: mail.path, label: "Se connecter" },
        },
      };
      return texts[language];
    }
    case "confirm_email_change": {
      // Sent to the new address: the account's address changes only when this link is opened.
      const texts: Record<Language, AccountMailText> = {
        en: {
          subject: "Confirm your new e-mail address",
          paragraphs: [
            "Someone asked to use this address for an account with us. The account's address changes to this one when you open the link below.",
            `The link works once, for ${mail.hours} hours. Until then the account keeps its current address.`,
            IGNORE.en,
          ],
          action: { path: mail.path, label: "Use this address" },
        },
        de: {
          subject: "Bestätigen Sie Ihre neue E-Mail-Adresse",
          paragraphs: [
            "Jemand möchte diese Adresse für ein Konto bei uns verwenden. Die Adresse des Kontos wechselt zu dieser, sobald Sie den Link unten öffnen.",
            `Der Link gilt einmal, ${mail.hours} Stunden lang. Bis dahin behält das Konto seine bisherige Adresse.`,
            IGNORE.de,
          ],
          action: { path: mail.path, label: "Diese Adresse verwenden" },
        },
        fr: {
          subject: "Confirmez votre nouvelle adresse e-mail",
          paragraphs: [
            "Quelqu'un souhaite utiliser cette adresse pour un compte chez nous. L'adresse du compte devient celle-ci lorsque vous ouvrez le lien ci-dessous.",
            `Le lien est valable une fois, pendant ${mail.hours} heures. D'ici là, le compte garde son adresse actuelle.`,
            IGNORE.fr,
          ],
          action: { path: mail.path, label: "Utiliser cette adresse" },
        },
      };
      return texts[language];
    }
    case "verify_email": {
      const texts: Record<Language, AccountMailText> = {
        en: {
          subject: "Confirm your e-mail address",
          paragraphs: [
            "Please confirm that this address belongs to you.",
            `The link below works once, for ${mail.hours} hours.`,
            IGNORE.en,
          ],
          action: { path: mail.path, label: "Confirm the address" },
        },
        de: {
          subject: "Bestätigen Sie Ihre E-Mail-Adresse",
          paragraphs: [
            "Bitte bestätigen Sie, dass diese Adresse Ihnen gehört.",
            `Der Link unten gilt einmal, ${mail.hours} Stunden lang.`,
            IGNORE.de,
          ],
          action: { path: mail.path, label: "Adresse bestätigen" },
        },
        fr: {
          subject: "Confirmez votre adresse e-mail",
          paragraphs: [
            "Merci de confirmer que cette adresse vous appartient.",
            `Le lien ci-dessous est valable une fois, pendant ${mail.hours} heures.`,
            IGNORE.fr,
          ],
          action: { path: mail.path, label: "Confirmer l'adresse" },
        },
      };
      return texts[language];
    }
  }
}
