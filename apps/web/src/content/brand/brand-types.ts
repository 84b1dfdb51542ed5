import type { Language } from "@festgeld/domain/constants";

/**
 * The operator's identity and marketing figures. Every page reads them from the
 * active brand file: the fictional demonstration brand by default, or the file named by BRAND_FILE at
 * build time. Nothing here may be a real company, bank or licence unless it is the operator's own.
 */

/** A short text the operator words itself, in every interface language. */
export type Localized = Record<Language, string>;

export interface PostalAddress {
  /** Street and number as written locally, e.g. "Musterstraße 1". */
  street: string;
  postalCode: string;
  city: string;
  /** ISO 3166-1 alpha-2 code; the country's name is shown through Intl in the reader's language. */
  countryCode: string;
}

export interface Representative {
  name: string;
  role: Localized;
}

export interface TeamMember extends Representative {
  bio: Localized;
}

/** A public authority that supervises or registers the operator. */
export interface Regulator {
  /** Stable id, e.g. "bafin". */
  id: string;
  /** Country whose authority it is (ISO 3166-1 alpha-2). */
  countryCode: string;
  /** Official name, e.g. "Bundesanstalt für Finanzdienstleistungsaufsicht". */
  name: string;
  shortName: string;
  /** A supervisor oversees the operator; a register only records it (e.g. ORIAS). */
  kind: "supervisor" | "register";
  address: string[];
  website: string;
  /** What it supervises or registers for this operator. */
  scope: Localized;
  /** The operator's licence or registration number at this authority. */
  licenceNumber: string;
}

/** The statutory deposit guarantee scheme that protects deposits at the partner banks. */
export interface DepositGuaranteeScheme {
  name: string;
  shortName: string;
  address: string[];
  phone: string;
  email: string;
  website: string;
  /** Protection per depositor per bank, euro. */
  coverageEur: number;
  /** Working days within which the scheme repays. */
  reimbursementWorkingDays: number;
  /** Temporary high balances (property sale, inheritance, insurance payout...) beyond the limit. */
  temporaryHighBalance: { maxEur: number; months: number };
}

export interface Testimonial {
  name: string;
  city: string;
  /** Shown as "illustrative" when true: sample content, not a real customer. */
  illustrative: boolean;
  rating: 1 | 2 | 3 | 4 | 5;
  quote: Localized;
}

export interface Award {
  title: Localized;
  issuer: string;
  year: number;
  illustrative: boolean;
}

export interface Rating {
  score: number;
  outOf: number;
  /** Number of reviews behind the score (shown as "10,000+"). */
  count: number;
}

/**
 * Marketing figures. Where the product texts keep two readings of one claim, both are kept here and
 * each page shows its own (docs/decisions.md "Both readings of the conflicting marketing claims").
 */
export interface BrandFigures {
  /** Founding year of the platform (home, about stats). */
  foundedYear: number;
  /** "7+ years" (about stats). */
  yearsInBusiness: number;
  /** The other reading: the founders' roots in deposit banking, "since 2009" (about story). */
  rootsSinceYear: number;
  /** "15 years" of experience (about story). */
  experienceYears: number;
  /** "500M+" euro of deposits placed. */
  assetsEur: number;
  /** "50K+" investors (home) / "50,000+ customers" (about). */
  customers: number;
  /** "15+" EU countries. */
  countries: number;
  /** Highest package rate quoted on the home page, percent p.a. */
  maxRate: number;
  /** The blog's headline rate "up to 4.05%", percent p.a. */
  headlineMaxRate: number;
  /** The blog's range of rates, percent p.a. */
  rateRange: { min: number; max: number };
  /** Deposit protection per depositor per bank, euro. */
  depositProtectionEur: number;
  /** Customer rating on the home page hero: 5.0 from 10,000+. */
  ratingPrimary: Rating;
  /**
   * The specification's second reading (4.8/5 from over 5,000 investors), kept in the brand's figures;
   * the home page shows the primary reading everywhere, so one page never states two ratings.
   */
  ratingSecondary: Rating;
  /** Terms named in the marketing feature text. */
  marketingTermsMonths: number[];
  /** Terms named in the blog. */
  blogTermsMonths: number[];
  /** Smallest investment named in the FAQ, euro. */
  minimumInvestmentEur: number;
  /** Minimum deposit stated in the terms and conditions, euro. */
  termsMinimumDepositEur: number;
  /** Smallest and largest package maximum, euro. */
  packageMaximumsEur: { min: number; max: number };
  /** Applications are processed within this many hours. */
  processingHours: number;
  /** Statutory withdrawal right, days. */
  withdrawalDays: number;
  /** Payout at maturity within this many working days. */
  payoutWorkingDays: number;
}

export interface SupportHours {
  /** ISO weekdays the desk is staffed, 1 = Monday ... 7 = Sunday. */
  firstDay: number;
  lastDay: number;
  opens: string;
  closes: string;
  /** The time zone as readers of each language write it, e.g. "CET" / "MEZ". */
  timeZoneLabel: Localized;
}

export interface Brand {
  /** True for the fictional default: footer and legal pages then say so visibly. */
  demonstration: boolean;
  /** Legal name with legal form, e.g. "Festgeld Demo GmbH". */
  name: string;
  shortName: string;
  legalForm: Localized;
  /** The business-banking brand this offering is a partner offering of. */
  partnerOf: string;
  website: string;
  /** Managing directors (authorised representatives). */
  representatives: Representative[];
  /** Chair of the supervisory board, when there is one. */
  supervisoryBoardChair: string | null;
  /** Leadership team on the about page (four people); shown with initials, never photos. */
  team: TeamMember[];
  registeredOffice: PostalAddress;
  parisOffice: PostalAddress;
  /** Main phone (header widget, call button). */
  phone: string;
  /** Paris office phone. */
  parisPhone: string;
  /** Digits only, international format without "+", for wa.me links. */
  whatsappNumber: string;
  supportHours: SupportHours;
  /** Round-the-clock service claim of the specification ("24/7 support"). */
  support247: boolean;
  /** The three department addresses of the contact page. */
  emails: { info: string; support: string; compliance: string };
  dataProtectionOfficer: { name: string; email: string };
  tradeRegister: { court: string; number: string };
  vatId: string;
  regulators: Regulator[];
  depositGuaranteeScheme: DepositGuaranteeScheme;
  /** Competent out-of-court dispute body for consumer complaints. */
  ombudsman: { name: string; website: string };
  figures: BrandFigures;
  testimonials: Testimonial[];
  awards: Award[];
  /** Outlets that have reported on the operator. */
  media: Array<{ name: string; illustrative: boolean }>;
}
