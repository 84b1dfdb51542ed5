/**
 * Languages offered by the interface and the server's texts; the first one is the default and the
 * fallback. The one list both apps read: adding a language is an entry here and in LANGUAGE_DETAILS,
 * plus its catalogues (docs/decisions.md "One list of languages").
 */
export const LANGUAGES = ["en", "de", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * What each language needs besides its catalogues: its own name (the language menu), the locale that
 * numbers, amounts and dates are formatted in, and the country whose flag stands beside its name.
 */
export const LANGUAGE_DETAILS: Readonly<Record<Language, { name: string; locale: string; flag: string }>> = {
  en: { name: "English", locale: "en-GB", flag: "GB" },
  de: { name: "Deutsch", locale: "de-DE", flag: "DE" },
  fr: { name: "Français", locale: "fr-FR", flag: "FR" },
};

export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: Language; name: string }> = LANGUAGES.map((code) => ({
  code,
  name: LANGUAGE_DETAILS[code].name,
}));

/** A value for every language, e.g. counts starting at zero: `perLanguage(() => 0)`. */
export function perLanguage<T>(value: (language: Language) => T): Record<Language, T> {
  return Object.fromEntries(LANGUAGES.map((language) => [language, value(language)])) as Record<Language, T>;
}

/** Whether a value (a stored setting, a query parameter) is one of the languages. */
export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.includes(value as Language);
}

/** Local-storage keys named by the specification. */
export const STORAGE_KEYS = {
  token: "token",
  darkMode: "darkMode",
  language: "user_language",
  /**
   * The signed-in reader's name, kept beside the token and removed with it: what the signed-in
   * pages' first frame shows before the app has started (apps/web/public/signed-in-frame.js).
   */
  sessionFrame: "session_frame",
} as const;

/** The currencies a package may be offered in (the money module's `Currency` is any ISO 4217 code). */
export const CURRENCIES = ["EUR", "USD", "GBP"] as const;
export type ProductCurrency = (typeof CURRENCIES)[number];

/** Terms the calculator offers. */
export const DURATIONS_MONTHS = [3, 6, 12, 24, 36] as const;
export type DurationMonths = (typeof DURATIONS_MONTHS)[number];

export const LIMITS = {
  /** Smallest amount the calculator and the application form accept, in euro. */
  minAmount: 1000,
  /** A sane upper bound for any amount (ten million), far above every package maximum. */
  maxAmount: 10_000_000,
  minRate: 0,
  maxRate: 20,
  passwordMinLength: 6,
  /** Long enough for any passphrase, short enough that hashing it costs nothing unusual. */
  passwordMaxLength: 128,
  kycMaxFileBytes: 5_242_880,
  compareMaxPackages: 4,
  comparePreselected: 3,
  popularPosts: 3,
  pageSizeDefault: 50,
  pageSizeMax: 200,
  withdrawalDays: 14,
  /** Days after approval within which the money must arrive, or the deposit lapses. */
  fundingDays: 14,
  /** The maturity instruction may be changed until this many days before maturity. */
  instructionCutoffDays: 5,
  /** The saver is reminded of the coming maturity this many days before it. */
  maturityReminderDays: 14,
} as const;

export const TIMINGS_MS = {
  toastDismiss: 5000,
  contactReset: 3000,
  profileReload: 1500,
} as const;

export const ROLES = ["user", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const KYC_STATUSES = ["not_started", "pending", "approved", "rejected"] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

export const APPLICATION_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** A deposit's life after approval. */
export const DEPOSIT_STATUSES = [
  "awaiting_funds",
  "active",
  "matured",
  /** Matured (or closed) and the payout is ordered; paid_out once the bank has booked it. */
  "payout_pending",
  "paid_out",
  "renewed",
  "lapsed",
  "withdrawn",
  "closed_early",
] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Ledger entries of a deposit; amounts are positive, the kind gives the direction. */
export const LEDGER_KINDS = [
  "principal_received",
  "interest_credited",
  "payout",
  "carried_to_renewal",
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A package's rule for closing a deposit before maturity. */
export const EARLY_CLOSURE_RULES = ["not_allowed", "no_interest", "pro_rata"] as const;
export type EarlyClosureRule = (typeof EARLY_CLOSURE_RULES)[number];

/**
 * When a package pays its interest: all of it at maturity with the principal, or one payment a month to the
 * saver's reference account (docs/decisions.md "A deposit's plan").
 */
export const INTEREST_PAYOUTS = ["at_maturity", "monthly"] as const;
export type InterestPayout = (typeof INTEREST_PAYOUTS)[number];

/** The package highlighted as most popular. */
export const MOST_POPULAR_DURATION = 12;

/**
 * What happens at maturity (beyond the specification): pay principal and interest out to the reference
 * account, renew the principal and pay out the interest, renew principal and interest together, or
 * renew principal and interest only if that term's rate is then at least the saver's threshold
 * (`renew_min_rate`), else pay out (docs/decisions.md "Renewal rule").
 */
export const MATURITY_INSTRUCTIONS = [
  "payout",
  "renew_principal",
  "renew_all",
  "renew_if_rate_at_least",
] as const;
export type MaturityInstruction = (typeof MATURITY_INSTRUCTIONS)[number];

/**
 * The operator's business time zone (CET/CEST, the zone of the desk hours): calendar days for the
 * withdrawal period and the maturity date are counted in it.
 */
export const BUSINESS_TIME_ZONE = "Europe/Berlin";

/** A telephone number as people type it: digits, an optional leading +, spaces, (), -, / and dots. */
export const PHONE_PATTERN = /^\+?[0-9(][0-9 ()./-]*$/;
export const PHONE_LIMITS = { minDigits: 6, maxDigits: 20, maxLength: 32 } as const;

/**
 * KYC document types; the selfie shows the user holding the identity document.
 * An identity card is two files: id_card is its front, id_card_back its back.
 */
export const KYC_DOCUMENT_TYPES = ["id_card", "id_card_back", "passport", "utility_bill", "selfie"] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

/** Status of one document type as the user sees it; not_uploaded when no document of that type exists. */
export const KYC_DOCUMENT_STATUSES = ["not_uploaded", "pending", "approved", "rejected"] as const;
export type KycDocumentStatus = (typeof KYC_DOCUMENT_STATUSES)[number];

/** File types accepted per document type, decided on the server by magic bytes. */
export const KYC_CONTENT_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;
export type KycContentType = (typeof KYC_CONTENT_TYPES)[number];
export const KYC_ALLOWED_CONTENT_TYPES: Readonly<Record<KycDocumentType, readonly KycContentType[]>> = {
  id_card: KYC_CONTENT_TYPES,
  id_card_back: KYC_CONTENT_TYPES,
  passport: KYC_CONTENT_TYPES,
  utility_bill: KYC_CONTENT_TYPES,
  selfie: ["image/jpeg", "image/png"],
};

/** Reasons staff give when asking a user to upload a document again. */
export const KYC_NEW_UPLOAD_REASONS = [
  "blurry",
  "expired",
  "name_mismatch",
  "too_old",
  "incomplete",
  "other",
] as const;
export type KycNewUploadReason = (typeof KYC_NEW_UPLOAD_REASONS)[number];

/** Admin actions recorded in the audit log. */
export const AUDIT_ACTIONS = [
  "application.decided",
  "deposit.funded",
  "bank_statement.imported",
  "payment.ordered",
  "payment.submitted",
  "payment.booked",
  "payment.returned",
  "payment.cancelled",
  "payment.held",
  "payment.released",
  "payment_file.created",
  "bank_exception.requested",
  "bank_exception.released",
  "bank_exception.resolved",
  "bank_exception.reopened",
  "kyc.document_reviewed",
  "kyc.document_viewed",
  "identity.profile_reviewed",
  "identity.note_added",
  "notification.sent",
  "newsletter.sent",
  "sanctions.hit_decided",
  "sanctions.list_loaded",
  "package.created",
  "package.updated",
  "bank.created",
  "bank.updated",
  "user.locked",
  "user.unlocked",
  "user.sessions_revoked",
  "user.password_reset_sent",
  "user.verification_sent",
  "user.role_changed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Field limits of the contact form: the server's schema and the form's maxLength use the same numbers. */
export const CONTACT_LIMITS = {
  nameMax: 120,
  subjectMax: 200,
  messageMax: 5000,
} as const;

/**
 * What an inbox message is about, for the inbox filter: a step of an application or deposit, the
 * identity check, the account's security (sign-ins, password, passkeys, address), or an announcement
 * staff sent. Here, not beside the notifications' schemas, so that the inbox page's code does not carry
 * the schema library (docs/decisions.md "The signed-in pages measured cold").
 */
export const INBOX_KINDS = ["deposit", "identity", "security", "announcement"] as const;
