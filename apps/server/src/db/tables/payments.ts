// Table types of the payments area; its migrations are numbered 0160-0169.
import type { PaymentOrderSourceCode, PaymentOrderStatusCode } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, Timestamp } from "../columns.ts";
import type { DateColumn, NullableDateColumn } from "./deposits.ts";

/** The domain's lists (the database checks the same ones). */
type PaymentOrderSource = PaymentOrderSourceCode;
type PaymentOrderStatus = PaymentOrderStatusCode;

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
  status: ColumnType<"open" | "returned", "open" | "returned" | undefined, "open" | "returned">;
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
}
