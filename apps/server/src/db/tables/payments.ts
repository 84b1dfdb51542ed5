// Table types of the payments area; its migrations are numbered 0160-0169.
import type { PaymentOrderSourceCode, PaymentOrderStatusCode } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, NullableTimestamp, Timestamp } from "../columns.ts";
import type { DateColumn, NullableDateColumn } from "./deposits.ts";

/** The domain's lists (the database checks the same ones). */
type PaymentOrderSource = PaymentOrderSourceCode;
type PaymentOrderStatus = PaymentOrderStatusCode;
export type UnmatchedCreditStatus = "open" | "returned" | "assigned" | "written_off";

export interface PaymentFilesTable {
  id: Generated<string>;
  message_id: string;
  debtor_iban: string;
  requested_date: DateColumn;
  order_count: number;
  control_sum_cents: Cents;
  xml: string;
  created_at: Timestamp;
  created_by: string | null;
}

export interface UnmatchedCreditsTable {
  id: Generated<string>;
  bank_statement_id: string;
  entry_key: string;
  account_iban: string;
  amount_cents: Cents;
  currency: string;
  booking_date: DateColumn;
  value_date: NullableDateColumn;
  payer_name: string | null;
  payer_iban: string | null;
  remittance: string | null;
  reason: string;
  deposit_id: string | null;
  status: ColumnType<UnmatchedCreditStatus, UnmatchedCreditStatus | undefined, UnmatchedCreditStatus>;
  created_at: Timestamp;
}

export type BankExceptionKind = "credit" | "debit" | "return" | "reversal" | "refused";
export type BankExceptionStatus = "open" | "pending_release" | "resolved";
export type BankExceptionAction =
  | "return_to_payer"
  | "assign_to_deposit"
  | "bank_fee"
  | "write_off"
  | "handled_outside";

/** A statement entry left to staff (migration 0220). */
export interface BankExceptionsTable {
  id: Generated<string>;
  bank_statement_id: string;
  entry_key: string;
  account_iban: string;
  kind: BankExceptionKind;
  direction: "credit" | "debit" | null;
  reason: string;
  amount_cents: Cents | null;
  amount_text: string | null;
  currency: string | null;
  booking_date: NullableDateColumn;
  value_date: NullableDateColumn;
  counterparty_name: string | null;
  counterparty_iban: string | null;
  remittance: string | null;
  end_to_end_id: string | null;
  deposit_id: string | null;
  payment_order_id: string | null;
  unmatched_credit_id: string | null;
  status: ColumnType<BankExceptionStatus, BankExceptionStatus | undefined, BankExceptionStatus>;
  action: BankExceptionAction | null;
  action_reason: string | null;
  action_deposit_id: string | null;
  action_by: string | null;
  action_at: NullableTimestamp;
  released_by: string | null;
  released_at: NullableTimestamp;
  return_order_id: string | null;
  created_at: Timestamp;
}

export interface PaymentOrdersTable {
  id: Generated<string>;
  source: PaymentOrderSource;
  status: ColumnType<PaymentOrderStatus, PaymentOrderStatus | undefined, PaymentOrderStatus>;
  deposit_id: string | null;
  user_id: string | null;
  unmatched_credit_id: string | null;
  replaces_order_id: string | null;
  debtor_name: string;
  debtor_iban: string;
  debtor_bic: string;
  creditor_name: string;
  creditor_iban: string;
  creditor_street: string | null;
  creditor_building: string | null;
  creditor_postcode: string | null;
  creditor_town: string | null;
  creditor_country: string | null;
  amount_cents: Cents;
  principal_cents: Cents;
  interest_cents: Cents;
  end_to_end_id: string;
  remittance: string;
  requested_date: DateColumn;
  file_id: string | null;
  returns_statement_entry: string | null;
  booking_date: NullableDateColumn;
  return_reason: string | null;
  cancel_reason: string | null;
  created_at: Timestamp;
  created_by: string | null;
  updated_at: Timestamp;
  /** Why a held order cannot go into a file (migration 0230). */
  hold_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who asked for the release of an order awaiting release; who released it, when. */
  requested_by: ColumnType<string | null, string | null | undefined, string | null>;
  released_by: ColumnType<string | null, string | null | undefined, string | null>;
  released_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A held order corrected to another IBAN: the IBAN it had. */
  previous_creditor_iban: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface PaymentTables {
  payment_files: PaymentFilesTable;
  unmatched_credits: UnmatchedCreditsTable;
  payment_orders: PaymentOrdersTable;
  bank_exceptions: BankExceptionsTable;
}
