import type { KycDocumentType, KycNewUploadReason, MaturityInstruction } from "@festgeld/domain";

/** Amounts are decimal strings in the currency's units ("10000.00"), never floats. */
interface Money {
  amount: string;
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
  amount: string;
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
      coverage_eur: number;
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
    };
  deposit_paid_out: Money &
    DepositReference & {
      application_id: string;
      maturity_date: string;
      principal: string;
      gross_interest: string;
      /** What was transferred to the reference IBAN. */
      payout: string;
      reference_iban: string | null;
    };
  deposit_renewed: Money &
    DepositReference & {
      application_id: string;
      maturity_date: string;
      principal: string;
      gross_interest: string;
      /** Paid out now (the interest when only the principal is renewed; 0.00 when everything is). */
      payout: string;
      new_amount: string;
      new_rate: string;
      new_maturity_date: string;
    };
  /** Closed before maturity where the package allows it: principal and the rule's interest paid out. */
  deposit_closed_early: Money &
    DepositReference & {
      application_id: string;
      close_date: string;
      months_held: number;
      principal: string;
      gross_interest: string;
      payout: string;
      reference_iban: string | null;
    };
  /** No money arrived within 14 days of approval. */
  deposit_lapsed: Money & DepositReference & { application_id: string; deadline: string };
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
  "deposit_paid_out",
  "deposit_renewed",
  "deposit_closed_early",
  "deposit_lapsed",
] as const satisfies readonly EventType[];

/** An event of one type with its facts (a discriminated union over the types). */
export type MessageEvent = { [K in EventType]: { type: K; facts: EventFacts[K] } }[EventType];
