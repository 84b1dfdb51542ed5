import {
  formatCreditorReference,
  formatIban,
  isValidCreditorReference,
  type KycDocumentType,
  type KycNewUploadReason,
  type Language,
  type MaturityInstruction,
} from "@festgeld/domain";
import type { EventFacts, EventType } from "./message-events.ts";
import { applicationReference, type Formatter, formatterFor } from "./message-format.ts";

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

type Texts = { [K in EventType]: (facts: EventFacts[K], f: Formatter) => EventText };

const DOCUMENT_NAME: Record<Language, Record<KycDocumentType, string>> = {
  en: {
    id_card: "ID card",
    id_card_back: "ID card (back)",
    passport: "passport",
    utility_bill: "proof of address",
    selfie: "selfie",
  },
  de: {
    id_card: "Personalausweis",
    id_card_back: "Personalausweis (Rückseite)",
    passport: "Reisepass",
    utility_bill: "Adressnachweis",
    selfie: "Selfie",
  },
  fr: {
    id_card: "carte d'identité",
    id_card_back: "carte d'identité (verso)",
    passport: "passeport",
    utility_bill: "justificatif de domicile",
    selfie: "selfie",
  },
};

const NEW_UPLOAD_REASON: Record<Language, Record<KycNewUploadReason, string>> = {
  en: {
    blurry: "The image is blurry or hard to read.",
    expired: "The document has expired.",
    name_mismatch: "The name on the document does not match the name on your account.",
    too_old: "The document is older than 3 months.",
    incomplete: "The document is incomplete: every page and all four corners must be visible.",
    other: "Please upload a new document.",
  },
  de: {
    blurry: "Das Bild ist unscharf oder schwer lesbar.",
    expired: "Das Dokument ist abgelaufen.",
    name_mismatch: "Der Name auf dem Dokument stimmt nicht mit dem Namen Ihres Kontos überein.",
    too_old: "Das Dokument ist älter als 3 Monate.",
    incomplete: "Das Dokument ist unvollständig: Alle Seiten und alle vier Ecken müssen sichtbar sein.",
    other: "Bitte laden Sie ein neues Dokument hoch.",
  },
  fr: {
    blurry: "L'image est floue ou difficile à lire.",
    expired: "Le document a expiré.",
    name_mismatch: "Le nom figurant sur le document ne correspond pas au nom de votre compte.",
    too_old: "Le document date de plus de 3 mois.",
    incomplete: "Le document est incomplet : toutes les pages et les quatre coins doivent être visibles.",
    other: "Veuillez téléverser un nouveau document.",
  },
};

const INSTRUCTION: Record<Language, Record<MaturityInstruction, string>> = {
  en: {
    payout: "pay out principal and interest",
    renew_principal: "renew the principal, pay out the interest",
    renew_all: "renew principal and interest",
    renew_if_rate_at_least:
      "renew principal and interest if the rate then is at least your minimum, else pay out",
  },
  de: {
    payout: "Auszahlung von Anlagebetrag und Zinsen",
    renew_principal: "Wiederanlage des Anlagebetrags, Auszahlung der Zinsen",
    renew_all: "Wiederanlage von Anlagebetrag und Zinsen",
    renew_if_rate_at_least:
      "Wiederanlage von Anlagebetrag und Zinsen, wenn der Zinssatz dann mindestens Ihrem Mindestzins entspricht, sonst Auszahlung",
  },
  fr: {
    payout: "versement du capital et des intérêts",
    renew_principal: "renouvellement du capital, versement des intérêts",
    renew_all: "renouvellement du capital et des intérêts",
    renew_if_rate_at_least:
      "renouvellement du capital et des intérêts si le taux est alors au moins égal à votre minimum, sinon versement",
  },
};

/** The approval points to the public check of transfer details (the web page /{lang}/verify). */
const VERIFY_HINT: Record<Language, string> = {
  en: "Before you transfer, you can check on our website under /en/verify that this account is one of our partner bank accounts and which holder name your bank's payee check must show. We never send other bank details by telephone or messenger.",
  de: "Vor der Überweisung können Sie auf unserer Website unter /de/verify prüfen, dass dieses Konto ein Konto unserer Partnerbanken ist und welchen Kontoinhaber die Empfängerüberprüfung Ihrer Bank zeigen muss. Andere Bankverbindungen schicken wir nie per Telefon oder Messenger.",
  fr: "Avant de virer, vous pouvez vérifier sur notre site, sous /fr/verify, que ce compte est bien un compte de nos banques partenaires et quel nom de titulaire la vérification du bénéficiaire de votre banque doit afficher. Nous n'envoyons jamais d'autres coordonnées bancaires par téléphone ou messagerie.",
};

/** Labels shared by several events. */
/** What a payment order pays, as the saver reads it. */
const PURPOSE: Record<Language, Record<EventFacts["deposit_payout_ordered"]["purpose"], string>> = {
  en: {
    maturity_payout: "payout of deposit",
    renewal_interest: "interest of deposit",
    withdrawal_refund: "refund of deposit",
    early_closure: "early closure of deposit",
  },
  de: {
    maturity_payout: "Auszahlung der Anlage",
    renewal_interest: "Zinsen der Anlage",
    withdrawal_refund: "Rückzahlung der Anlage",
    early_closure: "vorzeitige Auflösung der Anlage",
  },
  fr: {
    maturity_payout: "versement du dépôt",
    renewal_interest: "intérêts du dépôt",
    withdrawal_refund: "remboursement du dépôt",
    early_closure: "clôture anticipée du dépôt",
  },
};

/** What a return reason code means, as the saver reads it (ISO 20022 ExternalReturnReason1Code). */
const RETURN_REASONS: Record<Language, Record<string, string>> = {
  en: {
    AC01: "the account number is wrong",
    AC04: "the account is closed",
    AC06: "the account is blocked",
    AG01: "the account does not accept this transfer",
    BE04: "the payee's address is missing",
    MD07: "the account holder has died",
    MS02: "the payee's bank gave no reason",
    RC01: "the bank code is wrong",
  },
  de: {
    AC01: "die Kontonummer ist falsch",
    AC04: "das Konto ist aufgelöst",
    AC06: "das Konto ist gesperrt",
    AG01: "das Konto nimmt diese Überweisung nicht an",
    BE04: "die Anschrift des Empfängers fehlt",
    MD07: "der Kontoinhaber ist verstorben",
    MS02: "die Empfängerbank nannte keinen Grund",
    RC01: "die Bankleitzahl ist falsch",
  },
  fr: {
    AC01: "le numéro de compte est erroné",
    AC04: "le compte est clôturé",
    AC06: "le compte est bloqué",
    AG01: "le compte n'accepte pas ce virement",
    BE04: "l'adresse du bénéficiaire manque",
    MD07: "le titulaire du compte est décédé",
    MS02: "la banque du bénéficiaire n'a pas donné de motif",
    RC01: "le code banque est erroné",
  },
};
const RETURN_REASON: Record<Language, (code: string) => string> = {
  en: (code) => `${code}: ${RETURN_REASONS.en[code] ?? "returned by the bank"}`,
  de: (code) => `${code}: ${RETURN_REASONS.de[code] ?? "von der Bank zurückgegeben"}`,
  fr: (code) => `${code} : ${RETURN_REASONS.fr[code] ?? "retourné par la banque"}`,
};

const LABEL = {
  en: {
    reference: "Application",
    amount: "Amount",
    rate: "Interest rate",
    term: "Term",
    months: (n: number) => (n === 1 ? "1 month" : `${n} months`),
    reason: "Reason",
    date: "Date",
    dashboard: "Open your dashboard",
    identity: "Open identity verification",
    documents: "Open your documents",
    security: "Review your account",
    maturity: "Maturity date",
    valueDate: "Value date",
  },
  de: {
    reference: "Antrag",
    amount: "Betrag",
    rate: "Zinssatz",
    term: "Laufzeit",
    months: (n: number) => (n === 1 ? "1 Monat" : `${n} Monate`),
    reason: "Grund",
    date: "Datum",
    dashboard: "Zum Dashboard",
    identity: "Zur Identitätsprüfung",
    documents: "Zu Ihren Dokumenten",
    security: "Konto prüfen",
    maturity: "Fälligkeit",
    valueDate: "Wertstellung",
  },
  fr: {
    reference: "Demande",
    amount: "Montant",
    rate: "Taux d'intérêt",
    term: "Durée",
    months: (n: number) => `${n} mois`,
    reason: "Motif",
    date: "Date",
    dashboard: "Ouvrir votre tableau de bord",
    identity: "Ouvrir la vérification d'identité",
    documents: "Ouvrir vos documents",
    security: "Vérifier votre compte",
    maturity: "Échéance",
    valueDate: "Date de valeur",
  },
} as const;

function texts(language: Language): Texts {
  const L = LABEL[language];
  const doc = DOCUMENT_NAME[language];
  const money = (f: Formatter, m: { amount_cents: number; currency: string }) =>
    f.money(m.amount_cents, m.currency);
  const appRows = (
    f: Formatter,
    x: {
      application_id: string;
      amount_cents: number;
      currency: string;
      rate?: string;
      term_months?: number;
    },
  ): EventText["rows"] => [
    [L.reference, applicationReference(x.application_id)],
    [L.amount, money(f, x)],
    ...(x.rate !== undefined ? ([[L.rate, f.percent(x.rate)]] as EventText["rows"]) : []),
    ...(x.term_months !== undefined ? ([[L.term, L.months(x.term_months)]] as EventText["rows"]) : []),
  ];
  const dashboard = { path: "/dashboard", label: L.dashboard };
  const kyc = { path: "/kyc", label: L.identity };
  const security = { path: "/profile", label: L.security };
  const reasonRow = (reason: string | null): EventText["rows"] => (reason ? [[L.reason, reason]] : []);
  /**
   * The transfer details, printed as the saver types them: IBAN and an RF creditor reference in
   * groups of four (copying them still gives the bare characters to a banking app that strips
   * spaces). The amount only when it is not the application's amount listed just above.
   */
  const transferRows = (
    f: Formatter,
    t: NonNullable<EventFacts["application_approved"]["transfer"]>,
    listed?: { amount_cents: number; currency: string },
  ): EventText["rows"] => {
    const labels = {
      en: ["Account holder", "IBAN", "BIC", "Payment reference", "Transfer by"],
      de: ["Kontoinhaber", "IBAN", "BIC", "Verwendungszweck", "Überweisung bis"],
      fr: ["Titulaire du compte", "IBAN", "BIC", "Référence du virement", "Virement avant le"],
    }[language];
    return [
      [labels[0] as string, t.account_holder],
      [labels[1] as string, formatIban(t.iban)],
      [labels[2] as string, t.bic],
      [
        labels[3] as string,
        isValidCreditorReference(t.reference) ? formatCreditorReference(t.reference) : t.reference,
      ],
      ...(listed && listed.amount_cents === t.amount_cents && listed.currency === t.currency
        ? []
        : ([[L.amount, f.money(t.amount_cents, t.currency)]] as EventText["rows"])),
      [labels[4] as string, f.date(t.deadline)],
    ];
  };

  if (language === "de") {
    return {
      application_received: (x, f) => ({
        subject: `Ihr Antrag ${applicationReference(x.application_id)} ist eingegangen`,
        paragraphs: [
          `Vielen Dank${x.full_name ? `, ${x.full_name}` : ""}. Wir haben Ihren Antrag über ${money(f, x)} erhalten und prüfen ihn.`,
          `Die Antragsbestätigung mit dem Informationsbogen für den Einleger (Version ${x.info_sheet_version}), dessen Erhalt Sie bestätigt haben, liegt in Ihren Dokumenten.`,
        ],
        rows: appRows(f, x),
        action: dashboard,
      }),
      application_approved: (x, f) => ({
        subject: `Ihr Antrag ${applicationReference(x.application_id)} ist genehmigt`,
        paragraphs: [
          x.transfer
            ? "Ihr Antrag ist genehmigt. Bitte überweisen Sie den Anlagebetrag mit dem angegebenen Verwendungszweck auf das Konto unten; die Laufzeit beginnt mit der Wertstellung."
            : "Ihr Antrag ist genehmigt. Die Überweisungsdaten finden Sie auf Ihrem Dashboard.",
          ...(x.transfer ? [VERIFY_HINT.de] : []),
          `Sie können bis zum ${f.date(x.withdrawal_deadline)} ohne Angabe von Gründen widerrufen.`,
        ],
        rows: [...appRows(f, x), ...(x.transfer ? transferRows(f, x.transfer, x) : [])],
        action: dashboard,
      }),
      application_rejected: (x, f) => ({
        subject: `Ihr Antrag ${applicationReference(x.application_id)} wurde abgelehnt`,
        paragraphs: [
          "Wir können Ihren Antrag leider nicht annehmen.",
          ...(x.reason ? [] : ["Bei Fragen hilft Ihnen unser Kundenservice gern weiter."]),
        ],
        rows: [...appRows(f, x), ...reasonRow(x.reason)],
        action: dashboard,
      }),
      application_withdrawn: (x, f) => ({
        subject: `Ihr Widerruf zu Antrag ${applicationReference(x.application_id)} ist eingegangen`,
        paragraphs: [
          `Wir haben Ihren Widerruf am ${f.dateTime(x.withdrawn_at)} erhalten. Der Vertrag ist aufgehoben; bereits überwiesenes Geld erhalten Sie zurück.`,
          "Die Eingangsbestätigung liegt in Ihren Dokumenten.",
        ],
        rows: appRows(f, x),
        action: dashboard,
      }),
      kyc_document_approved: (x) => ({
        subject: `Ihr Dokument wurde angenommen: ${doc[x.document_type]}`,
        paragraphs: [`Wir haben Ihr Dokument (${doc[x.document_type]}) geprüft und angenommen.`],
        rows: [],
        action: kyc,
      }),
      kyc_document_rejected: (x) => ({
        subject: `Ihr Dokument wurde abgelehnt: ${doc[x.document_type]}`,
        paragraphs: [
          x.needed === false
            ? `Wir konnten Ihr Dokument (${doc[x.document_type]}) nicht annehmen. Sie müssen kein anderes senden: Ihre Identität ist mit Ihren übrigen Dokumenten bestätigt.`
            : `Wir konnten Ihr Dokument (${doc[x.document_type]}) nicht annehmen. Bitte laden Sie ein anderes hoch.`,
        ],
        rows: reasonRow(x.reason),
        action: kyc,
      }),
      kyc_document_new_upload: (x) => ({
        subject: `Bitte laden Sie Ihr Dokument erneut hoch: ${doc[x.document_type]}`,
        paragraphs: [`Wir benötigen eine neue Aufnahme Ihres Dokuments (${doc[x.document_type]}).`],
        rows: reasonRow(
          [x.reason_code ? NEW_UPLOAD_REASON.de[x.reason_code] : null, x.reason].filter(Boolean).join(" ") ||
            null,
        ),
        action: kyc,
      }),
      identity_verified: () => ({
        subject: "Ihre Identität ist bestätigt",
        paragraphs: ["Alle Ihre Dokumente sind geprüft, Ihre Identität ist bestätigt."],
        rows: [],
        action: dashboard,
      }),
      new_sign_in: (x, f) => ({
        subject: "Neue Anmeldung bei Ihrem Konto",
        paragraphs: [
          `Am ${f.dateTime(x.signed_in_at)} hat sich jemand mit einem Browser bei Ihrem Konto angemeldet, den wir noch nicht kannten${x.browser ? ` (${[x.browser, x.os].filter(Boolean).join(" auf ")})` : ""}${x.ip ? `, Adresse ${x.ip}` : ""}.`,
          "Waren Sie das nicht? Ändern Sie sofort Ihr Passwort und melden Sie unter „Sicherheit“ alle anderen Sitzungen ab.",
        ],
        rows: [],
        action: security,
      }),
      password_changed: (x, f) => ({
        subject: "Ihr Passwort wurde geändert",
        paragraphs: [
          `Das Passwort Ihres Kontos wurde am ${f.dateTime(x.changed_at)} geändert; andere Sitzungen wurden beendet.`,
          "Waren Sie das nicht? Setzen Sie Ihr Passwort sofort zurück und kontaktieren Sie uns.",
        ],
        rows: [],
        action: security,
      }),
      passkey_added: (x, f) => ({
        subject: "Ein Passkey wurde Ihrem Konto hinzugefügt",
        paragraphs: [
          `Am ${f.dateTime(x.at)} wurde Ihrem Konto der Passkey „${x.name}“ hinzugefügt. Mit ihm kann man sich ohne Passwort anmelden.`,
          "Waren Sie das nicht? Entfernen Sie ihn sofort unter „Sicherheit“, ändern Sie Ihr Passwort und kontaktieren Sie uns.",
        ],
        rows: [],
        action: security,
      }),
      passkey_removed: (x, f) => ({
        subject: "Ein Passkey wurde von Ihrem Konto entfernt",
        paragraphs: [
          `Am ${f.dateTime(x.at)} wurde der Passkey „${x.name}“ von Ihrem Konto entfernt; er meldet nicht mehr an.`,
          "Waren Sie das nicht? Ändern Sie sofort Ihr Passwort und kontaktieren Sie uns.",
        ],
        rows: [],
        action: security,
      }),
      email_changed: (x, f) => ({
        subject: "Die E-Mail-Adresse Ihres Kontos wurde geändert",
        paragraphs: [
          `Am ${f.dateTime(x.changed_at)} wurde die E-Mail-Adresse Ihres Kontos von ${x.old_email} zu ${x.new_email} geändert.`,
          "Waren Sie das nicht? Kontaktieren Sie uns sofort.",
        ],
        rows: [],
        action: security,
      }),
      deposit_funded: (x, f) => ({
        subject: `Geld eingegangen: Ihre Festgeldanlage ${applicationReference(x.application_id)} läuft`,
        paragraphs: [
          `Wir haben ${money(f, x)} mit Wertstellung ${f.date(x.value_date)} erhalten. Ihre Anlage ist aktiv und wird am ${f.date(x.maturity_date)} fällig.`,
          "Die Eingangsbestätigung liegt in Ihren Dokumenten.",
        ],
        rows: [...appRows(f, x), [L.valueDate, f.date(x.value_date)], [L.maturity, f.date(x.maturity_date)]],
        action: dashboard,
      }),
      deposit_maturity_reminder: (x, f) => ({
        subject: `Ihre Festgeldanlage ${applicationReference(x.application_id)} wird am ${f.date(x.maturity_date)} fällig`,
        paragraphs: [
          `Bei Fälligkeit führen wir Ihre Weisung aus: ${INSTRUCTION.de[x.instruction]}.`,
          ...(x.renew_min_rate
            ? [
                x.rate_today
                  ? `Ihr Mindestzins: ${f.percent(x.renew_min_rate)}. Heute gilt für diese Laufzeit ${f.percent(x.rate_today)}; ${Number(x.rate_today) >= Number(x.renew_min_rate) ? "bliebe es dabei, würde Ihre Anlage verlängert" : "bliebe es dabei, würde Ihre Anlage ausgezahlt"}. Maßgeblich ist der Zinssatz am Fälligkeitstag.`
                  : `Ihr Mindestzins: ${f.percent(x.renew_min_rate)}. Für diese Laufzeit gibt es heute kein Angebot; bliebe es dabei, würde Ihre Anlage ausgezahlt.`,
              ]
            : []),
          `Sie können die Weisung bis zum ${f.date(x.cutoff_date)} ändern.`,
        ],
        rows: [...appRows(f, x), [L.maturity, f.date(x.maturity_date)]],
        action: dashboard,
      }),
      deposit_payout_ordered: (x, f) => ({
        subject: `Zahlung beauftragt: ${PURPOSE.de[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Wir haben die Überweisung von ${f.money(x.payout_cents, x.currency)} auf Ihr Referenzkonto${x.reference_iban ? ` ${x.reference_iban}` : ""} beauftragt. Die Ausführung erwarten wir am ${f.date(x.expected_date)}.`,
          "Sobald die Bank die Zahlung gebucht hat, erhalten Sie eine Bestätigung.",
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Betrag", f.money(x.payout_cents, x.currency)],
          ["Erwartete Ausführung", f.date(x.expected_date)],
        ],
        action: dashboard,
      }),
      deposit_paid_out: (x, f) => ({
        subject: `Ihre Festgeldanlage ${applicationReference(x.application_id)} wurde ausgezahlt`,
        paragraphs: [
          `Wir haben ${f.money(x.payout_cents, x.currency)} auf Ihr Referenzkonto${x.reference_iban ? ` ${x.reference_iban}` : ""} überwiesen${x.booked_on ? `; die Bank hat die Zahlung am ${f.date(x.booked_on)} gebucht` : ""}. Die Abrechnung liegt in Ihren Dokumenten.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Anlagebetrag", f.money(x.principal_cents, x.currency)],
          ["Zinsen (brutto)", f.money(x.gross_interest_cents, x.currency)],
          ["Auszahlung", f.money(x.payout_cents, x.currency)],
          [L.maturity, f.date(x.maturity_date)],
          ...(x.booked_on ? [["Von der Bank gebucht am", f.date(x.booked_on)] as [string, string]] : []),
        ],
        action: { path: "/documents", label: L.documents },
      }),
      deposit_renewed: (x, f) => ({
        subject: `Ihre Festgeldanlage ${applicationReference(x.application_id)} wurde verlängert`,
        paragraphs: [
          `Ihre Anlage wurde mit ${f.money(x.new_amount_cents, x.currency)} zu ${f.percent(x.new_rate)} bis zum ${f.date(x.new_maturity_date)} wieder angelegt. Die Abrechnung liegt in Ihren Dokumenten.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Anlagebetrag", f.money(x.principal_cents, x.currency)],
          ["Zinsen (brutto)", f.money(x.gross_interest_cents, x.currency)],
          ["Auszahlung", f.money(x.payout_cents, x.currency)],
          ["Neuer Anlagebetrag", f.money(x.new_amount_cents, x.currency)],
          [L.maturity, f.date(x.maturity_date)],
          ["Neue Fälligkeit", f.date(x.new_maturity_date)],
        ],
        action: { path: "/documents", label: L.documents },
      }),
      deposit_closed_early: (x, f) => ({
        subject: `Ihre Festgeldanlage ${applicationReference(x.application_id)} wurde vorzeitig aufgelöst`,
        paragraphs: [
          `Wie gewünscht haben wir Ihre Anlage zum ${f.date(x.close_date)} aufgelöst und die Überweisung von ${f.money(x.payout_cents, x.currency)} auf Ihr Referenzkonto${x.reference_iban ? ` ${x.reference_iban}` : ""} beauftragt. Die Abrechnung liegt in Ihren Dokumenten.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Anlagebetrag", f.money(x.principal_cents, x.currency)],
          ["Volle Monate angelegt", String(x.months_held)],
          ["Zinsen (brutto)", f.money(x.gross_interest_cents, x.currency)],
          ["Auszahlung", f.money(x.payout_cents, x.currency)],
          ["Aufgelöst am", f.date(x.close_date)],
        ],
        action: { path: "/documents", label: L.documents },
      }),
      deposit_lapsed: (x, f) => ({
        subject: `Ihr Antrag ${applicationReference(x.application_id)} ist verfallen`,
        paragraphs: [
          `Bis zum ${f.date(x.deadline)} ist kein Geld eingegangen; der Antrag ist deshalb verfallen. Sie können jederzeit einen neuen Antrag stellen.`,
        ],
        rows: appRows(f, x),
        action: dashboard,
      }),
      deposit_payment_booked: (x, f) => ({
        subject: `Zahlung gebucht: ${PURPOSE.de[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Die Bank hat die Überweisung von ${f.money(x.payout_cents, x.currency)} auf Ihr Referenzkonto${x.reference_iban ? ` ${x.reference_iban}` : ""} am ${f.date(x.booked_on)} gebucht.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Betrag", f.money(x.payout_cents, x.currency)],
          ["Von der Bank gebucht am", f.date(x.booked_on)],
        ],
        action: dashboard,
      }),
      deposit_payout_returned: (x, f) => ({
        subject: `Zahlung zurückgekommen: ${PURPOSE.de[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Die Überweisung von ${f.money(x.payout_cents, x.currency)} auf das Konto${x.reference_iban ? ` ${x.reference_iban}` : ""} ist am ${f.date(x.returned_on)} von der Empfängerbank zurückgekommen${x.reason_code ? ` (${RETURN_REASON.de(x.reason_code)})` : ""}. Das Geld liegt wieder bei Ihrer Anlage; es ist nichts verloren.`,
          "Bitte bestätigen Sie uns Ihr Referenzkonto oder nennen Sie uns ein neues (Antwort auf diese Nachricht oder Kontaktformular). Danach überweisen wir den Betrag erneut und informieren Sie.",
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Betrag", f.money(x.payout_cents, x.currency)],
          ...(x.reason_code ? [[L.reason, RETURN_REASON.de(x.reason_code)] as [string, string]] : []),
        ],
        action: dashboard,
      }),
      deposit_payout_redirected: (x, f) => ({
        subject: `Zahlung an ein anderes Konto: ${PURPOSE.de[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Wir überweisen ${f.money(x.payout_cents, x.currency)} jetzt auf das Konto ${x.new_iban} statt auf ${x.old_iban}. Zwei Mitarbeitende haben die Änderung geprüft und freigegeben.`,
          "Wenn Sie diese Änderung nicht veranlasst haben, melden Sie sich bitte sofort bei uns.",
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Betrag", f.money(x.payout_cents, x.currency)],
          ["Bisheriges Konto", x.old_iban],
          ["Neues Konto", x.new_iban],
        ],
        action: dashboard,
      }),
      rate_alert_reached: (x, f) => ({
        subject: `Zinsalarm: ${L.months(x.term_months)} jetzt mit ${f.percent(x.best_rate)}`,
        paragraphs: [
          `Ein Angebot mit ${L.months(x.term_months)} Laufzeit bietet jetzt ${f.percent(x.best_rate)} und erreicht damit Ihren Zinsalarm von ${f.percent(x.alert_rate)}.`,
          "Wir melden uns erneut, wenn der Zinssatz unter Ihre Schwelle fällt und sie danach wieder erreicht.",
        ],
        rows: [
          [L.term, L.months(x.term_months)],
          [L.rate, f.percent(x.best_rate)],
          ["Ihr Zinsalarm", f.percent(x.alert_rate)],
        ],
        action: { path: "/packages", label: "Jetzt anlegen" },
      }),
      tax_statement_issued: (x, f) => taxStatementText("de", x, f),
    };
  }
  if (language === "fr") {
    return {
      application_received: (x, f) => ({
        subject: `Votre demande ${applicationReference(x.application_id)} a bien été reçue`,
        paragraphs: [
          `Merci${x.full_name ? `, ${x.full_name}` : ""}. Nous avons reçu votre demande de ${money(f, x)} et l'examinons.`,
          `La confirmation de votre demande, avec la fiche d'information du déposant (version ${x.info_sheet_version}) dont vous avez confirmé la réception, se trouve dans vos documents.`,
        ],
        rows: appRows(f, x),
        action: dashboard,
      }),
      application_approved: (x, f) => ({
        subject: `Votre demande ${applicationReference(x.application_id)} est acceptée`,
        paragraphs: [
          x.transfer
            ? "Votre demande est acceptée. Veuillez virer le montant sur le compte ci-dessous avec la référence indiquée ; la durée court à partir de la date de valeur."
            : "Votre demande est acceptée. Les coordonnées du virement figurent sur votre tableau de bord.",
          ...(x.transfer ? [VERIFY_HINT.fr] : []),
          `Vous pouvez vous rétracter sans motif jusqu'au ${f.date(x.withdrawal_deadline)}.`,
        ],
        rows: [...appRows(f, x), ...(x.transfer ? transferRows(f, x.transfer, x) : [])],
        action: dashboard,
      }),
      application_rejected: (x, f) => ({
        subject: `Votre demande ${applicationReference(x.application_id)} a été refusée`,
        paragraphs: [
          "Nous ne pouvons malheureusement pas accepter votre demande.",
          ...(x.reason ? [] : ["Notre service client répond volontiers à vos questions."]),
        ],
        rows: [...appRows(f, x), ...reasonRow(x.reason)],
        action: dashboard,
      }),
      application_withdrawn: (x, f) => ({
        subject: `Votre rétractation de la demande ${applicationReference(x.application_id)} a été reçue`,
        paragraphs: [
          `Nous avons reçu votre rétractation le ${f.dateTime(x.withdrawn_at)}. Le contrat est annulé ; tout montant déjà viré vous sera remboursé.`,
          "L'accusé de réception se trouve dans vos documents.",
        ],
        rows: appRows(f, x),
        action: dashboard,
      }),
      kyc_document_approved: (x) => ({
        subject: `Votre document a été accepté : ${doc[x.document_type]}`,
        paragraphs: [`Nous avons vérifié et accepté votre document (${doc[x.document_type]}).`],
        rows: [],
        action: kyc,
      }),
      kyc_document_rejected: (x) => ({
        subject: `Votre document a été refusé : ${doc[x.document_type]}`,
        paragraphs: [
          x.needed === false
            ? `Nous n'avons pas pu accepter votre document (${doc[x.document_type]}). Inutile d'en envoyer un autre : votre identité est vérifiée avec vos autres documents.`
            : `Nous n'avons pas pu accepter votre document (${doc[x.document_type]}). Veuillez en téléverser un autre.`,
        ],
        rows: reasonRow(x.reason),
        action: kyc,
      }),
      kyc_document_new_upload: (x) => ({
        subject: `Veuillez téléverser à nouveau votre document : ${doc[x.document_type]}`,
        paragraphs: [`Nous avons besoin d'une nouvelle copie de votre document (${doc[x.document_type]}).`],
        rows: reasonRow(
          [x.reason_code ? NEW_UPLOAD_REASON.fr[x.reason_code] : null, x.reason].filter(Boolean).join(" ") ||
            null,
        ),
        action: kyc,
      }),
      identity_verified: () => ({
        subject: "Votre identité est vérifiée",
        paragraphs: ["Tous vos documents ont été vérifiés : votre identité est confirmée."],
        rows: [],
        action: dashboard,
      }),
      new_sign_in: (x, f) => ({
        subject: "Nouvelle connexion à votre compte",
        paragraphs: [
          `Le ${f.dateTime(x.signed_in_at)}, quelqu'un s'est connecté à votre compte avec un navigateur que nous ne connaissions pas${x.browser ? ` (${[x.browser, x.os].filter(Boolean).join(" sur ")})` : ""}${x.ip ? `, adresse ${x.ip}` : ""}.`,
          "Ce n'était pas vous ? Changez immédiatement votre mot de passe et déconnectez les autres sessions dans « Sécurité ».",
        ],
        rows: [],
        action: security,
      }),
      password_changed: (x, f) => ({
        subject: "Votre mot de passe a été modifié",
        paragraphs: [
          `Le mot de passe de votre compte a été modifié le ${f.dateTime(x.changed_at)} ; les autres sessions ont été fermées.`,
          "Ce n'était pas vous ? Réinitialisez immédiatement votre mot de passe et contactez-nous.",
        ],
        rows: [],
        action: security,
      }),
      passkey_added: (x, f) => ({
        subject: "Une clé d'accès a été ajoutée à votre compte",
        paragraphs: [
          `Le ${f.dateTime(x.at)}, la clé d'accès « ${x.name} » a été ajoutée à votre compte. Elle permet de se connecter sans mot de passe.`,
          "Ce n'était pas vous ? Supprimez-la immédiatement dans « Sécurité », changez votre mot de passe et contactez-nous.",
        ],
        rows: [],
        action: security,
      }),
      passkey_removed: (x, f) => ({
        subject: "Une clé d'accès a été supprimée de votre compte",
        paragraphs: [
          `Le ${f.dateTime(x.at)}, la clé d'accès « ${x.name} » a été supprimée de votre compte ; elle ne permet plus de se connecter.`,
          "Ce n'était pas vous ? Changez immédiatement votre mot de passe et contactez-nous.",
        ],
        rows: [],
        action: security,
      }),
      email_changed: (x, f) => ({
        subject: "L'adresse e-mail de votre compte a été modifiée",
        paragraphs: [
          `Le ${f.dateTime(x.changed_at)}, l'adresse e-mail de votre compte est passée de ${x.old_email} à ${x.new_email}.`,
          "Ce n'était pas vous ? Contactez-nous immédiatement.",
        ],
        rows: [],
        action: security,
      }),
      deposit_funded: (x, f) => ({
        subject: `Fonds reçus : votre dépôt à terme ${applicationReference(x.application_id)} est actif`,
        paragraphs: [
          `Nous avons reçu ${money(f, x)}, date de valeur ${f.date(x.value_date)}. Votre dépôt est actif et arrive à échéance le ${f.date(x.maturity_date)}.`,
          "La confirmation de réception se trouve dans vos documents.",
        ],
        rows: [...appRows(f, x), [L.valueDate, f.date(x.value_date)], [L.maturity, f.date(x.maturity_date)]],
        action: dashboard,
      }),
      deposit_maturity_reminder: (x, f) => ({
        subject: `Votre dépôt à terme ${applicationReference(x.application_id)} arrive à échéance le ${f.date(x.maturity_date)}`,
        paragraphs: [
          `À l'échéance, nous exécuterons votre instruction : ${INSTRUCTION.fr[x.instruction]}.`,
          ...(x.renew_min_rate
            ? [
                x.rate_today
                  ? `Votre taux minimum : ${f.percent(x.renew_min_rate)}. Le taux de cette durée est aujourd'hui de ${f.percent(x.rate_today)} ; ${Number(x.rate_today) >= Number(x.renew_min_rate) ? "à ce taux, votre dépôt serait renouvelé" : "à ce taux, votre dépôt serait versé"}. Le taux du jour de l'échéance fait foi.`
                  : `Votre taux minimum : ${f.percent(x.renew_min_rate)}. Cette durée n'est pas proposée aujourd'hui ; si cela ne change pas, votre dépôt sera versé.`,
              ]
            : []),
          `Vous pouvez modifier cette instruction jusqu'au ${f.date(x.cutoff_date)}.`,
        ],
        rows: [...appRows(f, x), [L.maturity, f.date(x.maturity_date)]],
        action: dashboard,
      }),
      deposit_payout_ordered: (x, f) => ({
        subject: `Paiement ordonné : ${PURPOSE.fr[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Nous avons ordonné le virement de ${f.money(x.payout_cents, x.currency)} sur votre compte de référence${x.reference_iban ? ` ${x.reference_iban}` : ""}. Nous en attendons l'exécution le ${f.date(x.expected_date)}.`,
          "Vous recevrez une confirmation dès que la banque aura comptabilisé le paiement.",
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Montant", f.money(x.payout_cents, x.currency)],
          ["Exécution prévue", f.date(x.expected_date)],
        ],
        action: dashboard,
      }),
      deposit_paid_out: (x, f) => ({
        subject: `Votre dépôt à terme ${applicationReference(x.application_id)} a été versé`,
        paragraphs: [
          `Nous avons viré ${f.money(x.payout_cents, x.currency)} sur votre compte de référence${x.reference_iban ? ` ${x.reference_iban}` : ""}${x.booked_on ? ` ; la banque a comptabilisé le paiement le ${f.date(x.booked_on)}` : ""}. Le relevé se trouve dans vos documents.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Capital", f.money(x.principal_cents, x.currency)],
          ["Intérêts bruts", f.money(x.gross_interest_cents, x.currency)],
          ["Versement", f.money(x.payout_cents, x.currency)],
          [L.maturity, f.date(x.maturity_date)],
          ...(x.booked_on
            ? [["Comptabilisé par la banque le", f.date(x.booked_on)] as [string, string]]
            : []),
        ],
        action: { path: "/documents", label: L.documents },
      }),
      deposit_renewed: (x, f) => ({
        subject: `Votre dépôt à terme ${applicationReference(x.application_id)} a été renouvelé`,
        paragraphs: [
          `Votre dépôt a été replacé pour ${f.money(x.new_amount_cents, x.currency)} à ${f.percent(x.new_rate)} jusqu'au ${f.date(x.new_maturity_date)}. Le relevé se trouve dans vos documents.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Capital", f.money(x.principal_cents, x.currency)],
          ["Intérêts bruts", f.money(x.gross_interest_cents, x.currency)],
          ["Versement", f.money(x.payout_cents, x.currency)],
          ["Nouveau montant", f.money(x.new_amount_cents, x.currency)],
          [L.maturity, f.date(x.maturity_date)],
          ["Nouvelle échéance", f.date(x.new_maturity_date)],
        ],
        action: { path: "/documents", label: L.documents },
      }),
      deposit_closed_early: (x, f) => ({
        subject: `Votre dépôt à terme ${applicationReference(x.application_id)} a été clôturé par anticipation`,
        paragraphs: [
          `Comme demandé, nous avons clôturé votre dépôt au ${f.date(x.close_date)} et ordonné le virement de ${f.money(x.payout_cents, x.currency)} sur votre compte de référence${x.reference_iban ? ` ${x.reference_iban}` : ""}. Le relevé se trouve dans vos documents.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Capital", f.money(x.principal_cents, x.currency)],
          ["Mois entiers placés", String(x.months_held)],
          ["Intérêts bruts", f.money(x.gross_interest_cents, x.currency)],
          ["Versement", f.money(x.payout_cents, x.currency)],
          ["Clôturé le", f.date(x.close_date)],
        ],
        action: { path: "/documents", label: L.documents },
      }),
      deposit_lapsed: (x, f) => ({
        subject: `Votre demande ${applicationReference(x.application_id)} a expiré`,
        paragraphs: [
          `Aucun virement n'a été reçu avant le ${f.date(x.deadline)} ; la demande a donc expiré. Vous pouvez en faire une nouvelle à tout moment.`,
        ],
        rows: appRows(f, x),
        action: dashboard,
      }),
      deposit_payment_booked: (x, f) => ({
        subject: `Paiement comptabilisé : ${PURPOSE.fr[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `La banque a comptabilisé le virement de ${f.money(x.payout_cents, x.currency)} vers votre compte de référence${x.reference_iban ? ` ${x.reference_iban}` : ""} le ${f.date(x.booked_on)}.`,
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Montant", f.money(x.payout_cents, x.currency)],
          ["Comptabilisé par la banque le", f.date(x.booked_on)],
        ],
        action: dashboard,
      }),
      deposit_payout_returned: (x, f) => ({
        subject: `Paiement revenu : ${PURPOSE.fr[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Le virement de ${f.money(x.payout_cents, x.currency)} vers le compte${x.reference_iban ? ` ${x.reference_iban}` : ""} nous a été retourné par la banque destinataire le ${f.date(x.returned_on)}${x.reason_code ? ` (${RETURN_REASON.fr(x.reason_code)})` : ""}. L'argent est de nouveau sur votre dépôt ; rien n'est perdu.`,
          "Merci de nous confirmer votre compte de référence ou de nous en indiquer un nouveau (réponse à ce message ou formulaire de contact). Nous virerons ensuite le montant à nouveau et vous en informerons.",
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Montant", f.money(x.payout_cents, x.currency)],
          ...(x.reason_code ? [[L.reason, RETURN_REASON.fr(x.reason_code)] as [string, string]] : []),
        ],
        action: dashboard,
      }),
      deposit_payout_redirected: (x, f) => ({
        subject: `Paiement vers un autre compte : ${PURPOSE.fr[x.purpose]} ${applicationReference(x.application_id)}`,
        paragraphs: [
          `Nous virons désormais ${f.money(x.payout_cents, x.currency)} vers le compte ${x.new_iban} au lieu de ${x.old_iban}. Deux membres de notre équipe ont vérifié et validé ce changement.`,
          "Si vous n'êtes pas à l'origine de ce changement, contactez-nous immédiatement.",
        ],
        rows: [
          [L.reference, applicationReference(x.application_id)],
          ["Montant", f.money(x.payout_cents, x.currency)],
          ["Ancien compte", x.old_iban],
          ["Nouveau compte", x.new_iban],
        ],
        action: dashboard,
      }),
      rate_alert_reached: (x, f) => ({
        subject: `Alerte de taux : ${L.months(x.term_months)} à ${f.percent(x.best_rate)}`,
        paragraphs: [
          `Une offre sur ${L.months(x.term_months)} propose désormais ${f.percent(x.best_rate)} et atteint votre alerte de ${f.percent(x.alert_rate)}.`,
          "Nous vous préviendrons à nouveau si le taux repasse sous votre seuil puis l'atteint de nouveau.",
        ],
        rows: [
          [L.term, L.months(x.term_months)],
          [L.rate, f.percent(x.best_rate)],
          ["Votre alerte", f.percent(x.alert_rate)],
        ],
        action: { path: "/packages", label: "Placer maintenant" },
      }),
      tax_statement_issued: (x, f) => taxStatementText("fr", x, f),
    };
  }
  // English is the last language left: a language added to LANGUAGES without its texts fails here.
  language satisfies "en";
  return {
    application_received: (x, f) => ({
      subject: `We have received your application ${applicationReference(x.application_id)}`,
      paragraphs: [
        `Thank you${x.full_name ? `, ${x.full_name}` : ""}. We have received your application for ${money(f, x)} and are reviewing it.`,
        `The confirmation of your application, with the depositor information sheet (version ${x.info_sheet_version}) whose receipt you confirmed, is in your documents.`,
      ],
      rows: appRows(f, x),
      action: dashboard,
    }),
    application_approved: (x, f) => ({
      subject: `Your application ${applicationReference(x.application_id)} is approved`,
      paragraphs: [
        x.transfer
          ? "Your application is approved. Please transfer the amount to the account below, quoting the payment reference; the term starts on the value date."
          : "Your application is approved. The transfer details are on your dashboard.",
        ...(x.transfer ? [VERIFY_HINT.en] : []),
        `You may withdraw without giving reasons until ${f.date(x.withdrawal_deadline)}.`,
      ],
      rows: [...appRows(f, x), ...(x.transfer ? transferRows(f, x.transfer, x) : [])],
      action: dashboard,
    }),
    application_rejected: (x, f) => ({
      subject: `Your application ${applicationReference(x.application_id)} was declined`,
      paragraphs: [
        "Unfortunately we cannot accept your application.",
        ...(x.reason ? [] : ["Our customer service will gladly answer your questions."]),
      ],
      rows: [...appRows(f, x), ...reasonRow(x.reason)],
      action: dashboard,
    }),
    application_withdrawn: (x, f) => ({
      subject: `We have received your withdrawal from application ${applicationReference(x.application_id)}`,
      paragraphs: [
        `We received your withdrawal on ${f.dateTime(x.withdrawn_at)}. The contract is cancelled; any money already transferred will be returned to you.`,
        "The receipt is in your documents.",
      ],
      rows: appRows(f, x),
      action: dashboard,
    }),
    kyc_document_approved: (x) => ({
      subject: `Your document was accepted: ${doc[x.document_type]}`,
      paragraphs: [`We have checked and accepted your document (${doc[x.document_type]}).`],
      rows: [],
      action: kyc,
    }),
    kyc_document_rejected: (x) => ({
      subject: `Your document was declined: ${doc[x.document_type]}`,
      paragraphs: [
        x.needed === false
          ? `We could not accept your document (${doc[x.document_type]}). You need not send another: your identity is verified with your other documents.`
          : `We could not accept your document (${doc[x.document_type]}). Please upload another one.`,
      ],
      rows: reasonRow(x.reason),
      action: kyc,
    }),
    kyc_document_new_upload: (x) => ({
      subject: `Please upload your document again: ${doc[x.document_type]}`,
      paragraphs: [`We need a new copy of your document (${doc[x.document_type]}).`],
      rows: reasonRow(
        [x.reason_code ? NEW_UPLOAD_REASON.en[x.reason_code] : null, x.reason].filter(Boolean).join(" ") ||
          null,
      ),
      action: kyc,
    }),
    identity_verified: () => ({
      subject: "Your identity is verified",
      paragraphs: ["All your documents have been checked: your identity is verified."],
      rows: [],
      action: dashboard,
    }),
    new_sign_in: (x, f) => ({
      subject: "New sign-in to your account",
      paragraphs: [
        `On ${f.dateTime(x.signed_in_at)} someone signed in to your account from a browser we had not seen before${x.browser ? ` (${[x.browser, x.os].filter(Boolean).join(" on ")})` : ""}${x.ip ? `, address ${x.ip}` : ""}.`,
        "Was this not you? Change your password at once and sign out the other sessions under Security.",
      ],
      rows: [],
      action: security,
    }),
    password_changed: (x, f) => ({
      subject: "Your password was changed",
      paragraphs: [
        `The password of your account was changed on ${f.dateTime(x.changed_at)}; other sessions were signed out.`,
        "Was this not you? Reset your password at once and contact us.",
      ],
      rows: [],
      action: security,
    }),
    passkey_added: (x, f) => ({
      subject: "A passkey was added to your account",
      paragraphs: [
        `On ${f.dateTime(x.at)} the passkey "${x.name}" was added to your account. It signs in without the password.`,
        "Was this not you? Remove it at once under Security, change your password and contact us.",
      ],
      rows: [],
      action: security,
    }),
    passkey_removed: (x, f) => ({
      subject: "A passkey was removed from your account",
      paragraphs: [
        `On ${f.dateTime(x.at)} the passkey "${x.name}" was removed from your account; it no longer signs in.`,
        "Was this not you? Change your password at once and contact us.",
      ],
      rows: [],
      action: security,
    }),
    email_changed: (x, f) => ({
      subject: "The e-mail address of your account was changed",
      paragraphs: [
        `On ${f.dateTime(x.changed_at)} the e-mail address of your account was changed from ${x.old_email} to ${x.new_email}.`,
        "Was this not you? Contact us at once.",
      ],
      rows: [],
      action: security,
    }),
    deposit_funded: (x, f) => ({
      subject: `Funds received: your fixed-term deposit ${applicationReference(x.application_id)} is active`,
      paragraphs: [
        `We have received ${money(f, x)}, value date ${f.date(x.value_date)}. Your deposit is active and matures on ${f.date(x.maturity_date)}.`,
        "The funding confirmation is in your documents.",
      ],
      rows: [...appRows(f, x), [L.valueDate, f.date(x.value_date)], [L.maturity, f.date(x.maturity_date)]],
      action: dashboard,
    }),
    deposit_maturity_reminder: (x, f) => ({
      subject: `Your fixed-term deposit ${applicationReference(x.application_id)} matures on ${f.date(x.maturity_date)}`,
      paragraphs: [
        `At maturity we will follow your instruction: ${INSTRUCTION.en[x.instruction]}.`,
        ...(x.renew_min_rate
          ? [
              x.rate_today
                ? `Your minimum rate: ${f.percent(x.renew_min_rate)}. Today's rate for this term is ${f.percent(x.rate_today)}; ${Number(x.rate_today) >= Number(x.renew_min_rate) ? "at this rate your deposit would renew" : "at this rate your deposit would be paid out"}. The rate on the maturity date decides.`
                : `Your minimum rate: ${f.percent(x.renew_min_rate)}. This term is not offered today; if that stays so, your deposit will be paid out.`,
            ]
          : []),
        `You can change the instruction until ${f.date(x.cutoff_date)}.`,
      ],
      rows: [...appRows(f, x), [L.maturity, f.date(x.maturity_date)]],
      action: dashboard,
    }),
    deposit_payout_ordered: (x, f) => ({
      subject: `Payment ordered: ${PURPOSE.en[x.purpose]} ${applicationReference(x.application_id)}`,
      paragraphs: [
        `We have ordered the transfer of ${f.money(x.payout_cents, x.currency)} to your reference account${x.reference_iban ? ` ${x.reference_iban}` : ""}. We expect it to be executed on ${f.date(x.expected_date)}.`,
        "You will receive a confirmation as soon as the bank has booked the payment.",
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Amount", f.money(x.payout_cents, x.currency)],
        ["Expected execution", f.date(x.expected_date)],
      ],
      action: dashboard,
    }),
    deposit_paid_out: (x, f) => ({
      subject: `Your fixed-term deposit ${applicationReference(x.application_id)} has been paid out`,
      paragraphs: [
        `We have transferred ${f.money(x.payout_cents, x.currency)} to your reference account${x.reference_iban ? ` ${x.reference_iban}` : ""}${x.booked_on ? `; the bank booked the payment on ${f.date(x.booked_on)}` : ""}. The statement is in your documents.`,
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Principal", f.money(x.principal_cents, x.currency)],
        ["Gross interest", f.money(x.gross_interest_cents, x.currency)],
        ["Paid out", f.money(x.payout_cents, x.currency)],
        [L.maturity, f.date(x.maturity_date)],
        ...(x.booked_on ? [["Booked by the bank on", f.date(x.booked_on)] as [string, string]] : []),
      ],
      action: { path: "/documents", label: L.documents },
    }),
    deposit_renewed: (x, f) => ({
      subject: `Your fixed-term deposit ${applicationReference(x.application_id)} has been renewed`,
      paragraphs: [
        `Your deposit was renewed with ${f.money(x.new_amount_cents, x.currency)} at ${f.percent(x.new_rate)} until ${f.date(x.new_maturity_date)}. The statement is in your documents.`,
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Principal", f.money(x.principal_cents, x.currency)],
        ["Gross interest", f.money(x.gross_interest_cents, x.currency)],
        ["Paid out", f.money(x.payout_cents, x.currency)],
        ["New amount", f.money(x.new_amount_cents, x.currency)],
        [L.maturity, f.date(x.maturity_date)],
        ["New maturity date", f.date(x.new_maturity_date)],
      ],
      action: { path: "/documents", label: L.documents },
    }),
    deposit_closed_early: (x, f) => ({
      subject: `Your fixed-term deposit ${applicationReference(x.application_id)} has been closed early`,
      paragraphs: [
        `As you asked, we closed your deposit on ${f.date(x.close_date)} and ordered the transfer of ${f.money(x.payout_cents, x.currency)} to your reference account${x.reference_iban ? ` ${x.reference_iban}` : ""}. The statement is in your documents.`,
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Principal", f.money(x.principal_cents, x.currency)],
        ["Whole months held", String(x.months_held)],
        ["Gross interest", f.money(x.gross_interest_cents, x.currency)],
        ["Paid out", f.money(x.payout_cents, x.currency)],
        ["Closed on", f.date(x.close_date)],
      ],
      action: { path: "/documents", label: L.documents },
    }),
    deposit_lapsed: (x, f) => ({
      subject: `Your application ${applicationReference(x.application_id)} has lapsed`,
      paragraphs: [
        `No money arrived by ${f.date(x.deadline)}, so the application has lapsed. You can apply again at any time.`,
      ],
      rows: appRows(f, x),
      action: dashboard,
    }),
    deposit_payment_booked: (x, f) => ({
      subject: `Payment booked: ${PURPOSE.en[x.purpose]} ${applicationReference(x.application_id)}`,
      paragraphs: [
        `The bank booked the transfer of ${f.money(x.payout_cents, x.currency)} to your reference account${x.reference_iban ? ` ${x.reference_iban}` : ""} on ${f.date(x.booked_on)}.`,
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Amount", f.money(x.payout_cents, x.currency)],
        ["Booked by the bank on", f.date(x.booked_on)],
      ],
      action: dashboard,
    }),
    deposit_payout_returned: (x, f) => ({
      subject: `Payment returned: ${PURPOSE.en[x.purpose]} ${applicationReference(x.application_id)}`,
      paragraphs: [
        `The transfer of ${f.money(x.payout_cents, x.currency)} to the account${x.reference_iban ? ` ${x.reference_iban}` : ""} came back from the receiving bank on ${f.date(x.returned_on)}${x.reason_code ? ` (${RETURN_REASON.en(x.reason_code)})` : ""}. The money is back with your deposit; nothing is lost.`,
        "Please confirm your reference account or give us a new one (reply to this message or use the contact form). We will then send the amount again and tell you.",
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Amount", f.money(x.payout_cents, x.currency)],
        ...(x.reason_code ? [[L.reason, RETURN_REASON.en(x.reason_code)] as [string, string]] : []),
      ],
      action: dashboard,
    }),
    deposit_payout_redirected: (x, f) => ({
      subject: `Payment to another account: ${PURPOSE.en[x.purpose]} ${applicationReference(x.application_id)}`,
      paragraphs: [
        `We are now sending ${f.money(x.payout_cents, x.currency)} to the account ${x.new_iban} instead of ${x.old_iban}. Two members of our staff checked and released the change.`,
        "If you did not ask for this change, please contact us at once.",
      ],
      rows: [
        [L.reference, applicationReference(x.application_id)],
        ["Amount", f.money(x.payout_cents, x.currency)],
        ["Previous account", x.old_iban],
        ["New account", x.new_iban],
      ],
      action: dashboard,
    }),
    rate_alert_reached: (x, f) => ({
      subject: `Rate alert: ${L.months(x.term_months)} now at ${f.percent(x.best_rate)}`,
      paragraphs: [
        `An offer for ${L.months(x.term_months)} now pays ${f.percent(x.best_rate)}, reaching your rate alert of ${f.percent(x.alert_rate)}.`,
        "We will tell you again if the rate falls below your threshold and then reaches it once more.",
      ],
      rows: [
        [L.term, L.months(x.term_months)],
        [L.rate, f.percent(x.best_rate)],
        ["Your rate alert", f.percent(x.alert_rate)],
      ],
      action: { path: "/packages", label: "Apply now" },
    }),
    tax_statement_issued: (x, f) => taxStatementText("en", x, f),
  };
}

const CATALOGUES: Record<Language, Texts> = { en: texts("en"), de: texts("de"), fr: texts("fr") };

const PAYMENT_REFERENCE: Record<Language, string> = {
  en: "Payment reference",
  de: "Verwendungszweck",
  fr: "Référence du virement",
};

/** The text of one event in one language. */
/** The yearly interest statement (modules/tax-statements): information for the tax return, not tax advice. */
const TAX: Record<
  Language,
  {
    subject: (year: number) => string;
    intro: (year: number) => string;
    notAdvice: string;
    deposit: (reference: string, bank: string, country: string) => string;
    country: (country: string) => string;
    total: string;
    kapForeign: string;
    kapWithheld: string;
    fr2042: string;
    fr2778: string;
    fr3916: string;
    linesVary: string;
  }
> = {
  en: {
    subject: (y) => `Your interest statement for ${y}`,
    intro: (y) =>
      `The interest credited to your deposits in ${y} (by value date), per deposit, bank and bank country. No tax was withheld.`,
    notAdvice:
      "For your information only, not tax advice: the tax authority's forms and instructions decide what you declare.",
    deposit: (r, b, c) => `Deposit ${r}, ${b} (${c})`,
    country: (c) => `Interest from banks in ${c}`,
    total: "Total interest credited",
    kapForeign: "Germany, Anlage KAP: foreign capital income (interest, no tax withheld)",
    kapWithheld: "Germany, Anlage KAP: capital gains tax withheld",
    fr2042: "France, form 2042 box 2TR: interest income",
    fr2778: "France, form 2778-SD: interest from abroad, basis of the 12.8 % prepayment",
    fr3916: "France: accounts held abroad are declared on form 3916.",
    linesVary: "Line numbers change from year to year; check the form of the year.",
  },
  de: {
    subject: (y) => `Ihre Zinsbescheinigung für ${y}`,
    intro: (y) =>
      `Die Zinsen, die Ihren Anlagen ${y} gutgeschrieben wurden (nach Wertstellung), je Anlage, Bank und Land der Bank. Es wurde keine Steuer einbehalten.`,
    notAdvice:
      "Nur zu Ihrer Information, keine Steuerberatung: Was Sie erklären, richtet sich nach den Vordrucken und Anleitungen der Finanzverwaltung.",
    deposit: (r, b, c) => `Anlage ${r}, ${b} (${c})`,
    country: (c) => `Zinsen von Banken in ${c}`,
    total: "Gutgeschriebene Zinsen gesamt",
    kapForeign: "Deutschland, Anlage KAP: ausländische Kapitalerträge (Zinsen, ohne Steuerabzug)",
    kapWithheld: "Deutschland, Anlage KAP: einbehaltene Kapitalertragsteuer",
    fr2042: "Frankreich, Formular 2042 Feld 2TR: Zinserträge",
    fr2778: "Frankreich, Formular 2778-SD: Zinsen aus dem Ausland, Grundlage der Vorauszahlung von 12,8 %",
    fr3916: "Frankreich: Konten im Ausland werden mit Formular 3916 erklärt.",
    linesVary: "Zeilennummern ändern sich von Jahr zu Jahr; maßgeblich ist der Vordruck des Jahres.",
  },
  fr: {
    subject: (y) => `Votre relevé d'intérêts ${y}`,
    intro: (y) =>
      `Les intérêts crédités sur vos dépôts en ${y} (par date de valeur), par dépôt, banque et pays de la banque. Aucun impôt n'a été retenu.`,
    notAdvice:
      "À titre d'information uniquement, pas un conseil fiscal : les formulaires et notices de l'administration fiscale font foi.",
    deposit: (r, b, c) => `Dépôt ${r}, ${b} (${c})`,
    country: (c) => `Intérêts de banques en ${c}`,
    total: "Total des intérêts crédités",
    kapForeign: "Allemagne, Anlage KAP : revenus de capitaux étrangers (intérêts, sans retenue)",
    kapWithheld: "Allemagne, Anlage KAP : impôt sur les revenus du capital retenu",
    fr2042: "France, formulaire 2042 case 2TR : produits de placement à revenu fixe",
    fr2778: "France, formulaire 2778-SD : intérêts de source étrangère, base du prélèvement de 12,8 %",
    fr3916: "France : les comptes détenus à l'étranger se déclarent sur le formulaire 3916.",
    linesVary:
      "Les numéros de ligne et de case peuvent changer d'une année à l'autre ; vérifiez le formulaire de l'année.",
  },
};

function taxStatementText(
  language: Language,
  x: EventFacts["tax_statement_issued"],
  f: Formatter,
): EventText {
  const T = TAX[language];
  const money = (cents: number) => f.money(cents, x.currency);
  const rows: EventText["rows"] = [
    ...x.deposits.map((d): [string, string] => [
      T.deposit(d.reference, d.bank_name, d.country),
      money(d.interest_cents),
    ]),
    ...x.countries.map((c): [string, string] => [T.country(c.country), money(c.interest_cents)]),
    [T.total, money(x.total_interest_cents)],
  ];
  const paragraphs = [T.intro(x.year), T.notAdvice];
  if (x.residence !== "FR") {
    rows.push([T.kapForeign, money(x.foreign_interest_cents.DE)], [T.kapWithheld, money(0)]);
  }
  if (x.residence !== "DE") {
    rows.push([T.fr2042, money(x.total_interest_cents)], [T.fr2778, money(x.foreign_interest_cents.FR)]);
    paragraphs.push(T.fr3916);
  }
  paragraphs.push(T.linesVary);
  return {
    subject: T.subject(x.year),
    paragraphs,
    rows,
    action: { path: "/documents", label: LABEL[language].documents },
  };
}

export function eventText<K extends EventType>(type: K, facts: EventFacts[K], language: Language): EventText {
  const render = CATALOGUES[language][type] as (facts: EventFacts[K], f: Formatter) => EventText;
  const text = render(facts, formatterFor(language));
  // Deposit events name the deposit by its payment reference as well as by the application.
  const reference = (facts as { deposit_reference?: unknown }).deposit_reference;
  if (typeof reference === "string" && reference !== "") {
    const printed = isValidCreditorReference(reference) ? formatCreditorReference(reference) : reference;
    text.rows.splice(1, 0, [PAYMENT_REFERENCE[language], printed]);
  }
  return text;
}

/** The inbox message: the paragraphs and the figures as plain text. */
export function inboxMessage(text: EventText, language: Language): string {
  // French sets a narrow no-break space before the colon.
  const colon = language === "fr" ? "\u202f:" : ":";
  const rows = text.rows.map(([label, value]) => `${label}${colon} ${value}`).join("\n");
  return [...text.paragraphs, ...(rows ? [rows] : [])].join("\n\n").slice(0, 5000);
}
