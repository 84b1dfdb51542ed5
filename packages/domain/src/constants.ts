/** Languages offered by the interface; the first one is the default and the fallback. */
export const LANGUAGES = ["en", "de", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: Language; name: string; flag: string }> = [
  { code: "en", name: "English", flag: "🇬🇧" },
  { code: "de", name: "Deutsch", flag: "🇩🇪" },
  { code: "fr", name: "Français", flag: "🇫🇷" },
];

/** Local-storage keys named by SPEC.md section 9. */
export const STORAGE_KEYS = {
  token: "token",
  darkMode: "darkMode",
  language: "user_language",
} as const;

export const CURRENCIES = ["EUR", "USD", "GBP"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Terms the calculator offers (SPEC.md section 9). */
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

/** The package highlighted as most popular (SPEC.md section 9). */
export const MOST_POPULAR_DURATION = 12;

/** Field limits of the contact form: the server's schema and the form's maxLength use the same numbers. */
export const CONTACT_LIMITS = {
  nameMax: 120,
  subjectMax: 200,
  messageMax: 5000,
} as const;
