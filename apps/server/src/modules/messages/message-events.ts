import {
  BOOKS_CURRENCY,
  isNegative,
  type KycDocumentType,
  type KycNewUploadReason,
  type MaturityInstruction,
  moneyFromDecimalText,
  moneyFromJsonNumber,
  moneyToJsonCents,
} from "@festgeld/domain";

/**
 * Amounts are integer cents (a `*_cents` name), never floats or decimal text: the texts format them for the
 * reader's language (message-format.ts).
 */
interface Money {
  amount_cents: number;
  currency: string;
}

/** The deposit's payment reference (RF creditor reference), shown with every deposit event. */
interface DepositReference {
  deposit_reference?: string;
}

/** The partner bank account a saver transfers to, with the reference that identifies the deposit. */
export interface TransferFacts {
  account_holder: string;
  iban: string;
  bic: string;
  /** Payment reference (e.g. an ISO 11649 "RF.." creditor reference). */
  reference: string;
  amount_cents: number;
  currency: string;
  /** Calendar date the money must arrive by (YYYY-MM-DD). */
  deadline: string;
  /** EPC069-12 "GiroCode" payload, drawn as a QR code in the PDF when given. */
  epc_qr_payload?: string | null;
}

/**
 * Every event that reaches a saver, with the facts its inbox message, e-mail and document show. An
 * event is told once per (account, event key); the key names the thing it is about (an application,
 * a document, a deposit) and the step.
 */
export interface EventFacts {
  application_received: Money & {
    application_id: string;
    rate: string;
    term_months: number;
    received_at: string;
    /** The depositor information sheet the saver acknowledged, and when. */
    info_sheet_version: string;
    /** null: sent without the acknowledgement, which the saver still has to give */
    info_sheet_acknowledged_at: string | null;
    /**
     * The partner bank of the package and its deposit guarantee scheme: the information sheet in the
     * postbox is that bank's own. Absent in confirmations made before banks were data (the operator's
     * configured scheme applies).
     */
    bank?: {
      name: string;
      scheme_name: string;
      scheme_contact: string | null;
      scheme_website: string | null;
      coverage_cents: number;
      repayment_days: number;
    };
    full_name: string;
    reference_iban: string | null;
    maturity_instruction: MaturityInstruction | null;
  };
  application_approved: Money & {
    application_id: string;
    rate: string;
    term_months: number;
    approved_at: string;
    /** End of the 14-day right of withdrawal. */
    withdrawal_deadline: string;
    /** Where to send the money, once the deposit lifecycle provides it. */
    transfer?: TransferFacts | null;
  };
  application_rejected: Money & { application_id: string; reason: string | null };
  application_withdrawn: Money & { application_id: string; withdrawn_at: string };
  kyc_document_approved: { document_type: KycDocumentType };
  /** `needed: false` when the identity stands without it (another identity document is accepted). */
  kyc_document_rejected: { document_type: KycDocumentType; reason: string | null; needed?: boolean };
  kyc_document_new_upload: {
    document_type: KycDocumentType;
    reason_code: KycNewUploadReason | null;
    reason: string | null;
  };
  identity_verified: Record<string, never>;
  password_changed: { changed_at: string };
  /** A sign-in from a browser the account had not used before. */
  new_sign_in: { signed_in_at: string; browser: string | null; os: string | null; ip: string | null };
  /** A passkey was added to or removed from the account (modules/auth/passkey.service.ts). */
  passkey_added: { name: string; at: string };
  passkey_removed: { name: string; at: string };
  /** Sent to the new address (as the account) and to the old one (by address). */
  email_changed: { old_email: string; new_email: string; changed_at: string };
  /** Funds received: the term runs from the value date. */
  deposit_funded: Money &
    DepositReference & {
      application_id: string;
      rate: string;
      term_months: number;
      value_date: string;
      maturity_date: string;
    };
  /** 14 days ahead: what will happen, and until when the instruction can be changed. */
  deposit_maturity_reminder: Money &
    DepositReference & {
      application_id: string;
      maturity_date: string;
      cutoff_date: string;
      instruction: MaturityInstruction;
      /** The renewal rule's threshold, and the rate in force for the renewal term today (percent). */
      renew_min_rate?: string | null;
      rate_today?: string | null;
    };
  /** A payment order for money leaving the deposit: when the saver may expect it. */
  deposit_payout_ordered: Money &
    DepositReference & {
      application_id: string;
      /** What is paid: principal and interest at maturity, interest, refund, early closure. */
      purpose:
        | "maturity_payout"
        | "renewal_interest"
        | "monthly_interest"
        | "withdrawal_refund"
        | "early_closure";
      payout_cents: number;
      expected_date: string;
      reference_iban: string | null;
    };
  deposit_paid_out: Money &
    DepositReference & {
      application_id: string;
      maturity_date: string;
      /** The date the bank booked the payment. */
      booked_on?: string;
      principal_cents: number;
      gross_interest_cents: number;
      /** What was transferred to the reference IBAN. */
      payout_cents: number;
      reference_iban: string | null;
    };
  deposit_renewed: Money &
    DepositReference & {
      application_id: string;
      maturity_date: string;
      principal_cents: number;
      gross_interest_cents: number;
      /** Paid out now (the interest when only the principal is renewed; 0 when everything is). */
      payout_cents: number;
      new_amount_cents: number;
      new_rate: string;
      new_maturity_date: string;
    };
  /** Closed before maturity where the package allows it: principal and the rule's interest paid out. */
  deposit_closed_early: Money &
    DepositReference & {
      application_id: string;
      close_date: string;
      months_held: number;
      principal_cents: number;
      gross_interest_cents: number;
      payout_cents: number;
      reference_iban: string | null;
    };
  /**
   * The bank booked money leaving a deposit that does not end it as paid out at maturity: the refund
   * after a withdrawal, an early closure's payout, the interest of a principal-only renewal.
   */
  deposit_payment_booked: Money &
    DepositReference & {
      application_id: string;
      purpose: "renewal_interest" | "withdrawal_refund" | "early_closure";
      payout_cents: number;
      booked_on: string;
      reference_iban: string | null;
    };
  /**
   * The bank booked a monthly interest payment (docs/decisions.md "Monthly interest"): which month of how
   * many, and, from the deposit's plan, the interest paid up to it and the term's total.
   */
  deposit_interest_paid: Money &
    DepositReference & {
      application_id: string;
      month: number;
      months: number;
      interest_cents: number;
      due_date: string;
      booked_on: string;
      paid_to_date_cents: number;
      total_interest_cents: number;
      reference_iban: string | null;
    };
  /** The payee's bank sent a payment back: what happened and what the saver should do. */
  deposit_payout_returned: Money &
    DepositReference & {
      application_id: string;
      purpose: EventFacts["deposit_payout_ordered"]["purpose"];
      payout_cents: number;
      /** The ISO 20022 return reason code the bank gave (AC04 ...), if any. */
      reason_code: string | null;
      returned_on: string;
      /** The (masked) IBAN the payment was sent to. */
      reference_iban: string | null;
    };
  /** Staff (two of them) sent a payment to another IBAN than before (both masked). */
  deposit_payout_redirected: Money &
    DepositReference & {
      application_id: string;
      purpose: EventFacts["deposit_payout_ordered"]["purpose"];
      payout_cents: number;
      old_iban: string;
      new_iban: string;
    };
  /** No money arrived within 14 days of approval. */
  deposit_lapsed: Money & DepositReference & { application_id: string; deadline: string };
  /** The best active rate for a term rose to the saver's alert rate (modules/rate-alerts). */
  rate_alert_reached: { term_months: number; alert_rate: string; best_rate: string; package_id: string };
  /** The yearly interest statement for tax is in the postbox (modules/tax-statements). */
  tax_statement_issued: TaxStatementFacts;
}

/** The figures of a yearly interest statement: amounts are integer euro cents. */
export interface TaxStatementFacts {
  year: number;
  total_interest_cents: number;
  currency: string;
  /** One line per deposit: its reference, its bank and the bank's country, the interest credited. */
  deposits: Array<{ reference: string; bank_name: string; country: string; interest_cents: number }>;
  /** The interest per bank country (ISO 3166 code). */
  countries: Array<{ country: string; interest_cents: number }>;
  /** Interest from banks outside Germany and outside France: the "foreign" figure of each country's forms. */
  foreign_interest_cents: { DE: number; FR: number };
  /** The saver's tax residence (ISO 3166) from the personal data, when given: decides which forms are named. */
  residence: string | null;
}

export type EventType = keyof EventFacts;

export const EVENT_TYPES = [
  "application_received",
  "application_approved",
  "application_rejected",
  "application_withdrawn",
  "kyc_document_approved",
  "kyc_document_rejected",
  "kyc_document_new_upload",
  "identity_verified",
  "password_changed",
  "new_sign_in",
  "passkey_added",
  "passkey_removed",
  "email_changed",
  "deposit_funded",
  "deposit_maturity_reminder",
  "deposit_payout_ordered",
  "deposit_paid_out",
  "deposit_renewed",
  "deposit_closed_early",
  "deposit_lapsed",
  "deposit_payment_booked",
  "deposit_interest_paid",
  "deposit_payout_returned",
  "deposit_payout_redirected",
  "rate_alert_reached",
  "tax_statement_issued",
] as const satisfies readonly EventType[];

/** An event of one type with its facts (a discriminated union over the types). */
export type MessageEvent = { [K in EventType]: { type: K; facts: EventFacts[K] } }[EventType];

/** The amounts of facts stored before migration 0200, by their old names: decimal euro text. */
const LEGACY_DECIMAL_AMOUNTS = new Set([
  "amount",
  "payout",
  "principal",
  "gross_interest",
  "new_amount",
  "total_interest",
  "interest",
]);

const legacyCents = (euros: unknown) => {
  const amount =
    typeof euros === "string"
      ? moneyFromDecimalText(euros, BOOKS_CURRENCY)
      : typeof euros === "number"
        ? moneyFromJsonNumber(euros, BOOKS_CURRENCY)
        : null;
  return amount === null || isNegative(amount) ? 0 : moneyToJsonCents(amount);
};

/**
 * The facts of an e-mail queued before migration 0200 (amounts as decimal euro text under names without
 * `_cents`, the guarantee as whole euros), read in cents: the outbox may send such a row after the upgrade.
 * Facts written since pass unchanged.
 */
export function storedFactsInCents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(storedFactsInCents);
  if (value === null || typeof value !== "object") return value;
  const facts: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (LEGACY_DECIMAL_AMOUNTS.has(key) && typeof field === "string")
      facts[`${key}_cents`] = legacyCents(field);
    else if (key === "coverage_eur") facts.coverage_cents = legacyCents(field);
    else if (key === "foreign_interest" && field && typeof field === "object") {
      facts.foreign_interest_cents = Object.fromEntries(
        Object.entries(field).map(([country, euros]) => [country, legacyCents(euros)]),
      );
    } else facts[key] = storedFactsInCents(field);
  }
  return facts;
}
