// Table types of the deposits area; its migrations are numbered 0060-0069.
import type { DepositStatus, EarlyClosureRule, InterestPayout, MaturityInstruction } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, GeneratedInt8, NullableTimestamp, Timestamp } from "../columns.ts";

/** A date column: 'YYYY-MM-DD' strings both ways (the pg and PGlite date parsers are set to keep text). */
export type DateColumn = ColumnType<string, string, string>;
export type NullableDateColumn = ColumnType<string | null, string | null | undefined, string | null>;

export interface DepositsTable {
  id: Generated<string>;
  application_id: string;
  user_id: string | null;
  package_id: string;
  previous_deposit_id: string | null;
  reference: string;
  status: ColumnType<DepositStatus, DepositStatus | undefined, DepositStatus>;
  amount_cents: Cents;
  currency: string;
  interest_rate: ColumnType<string, string | number, string | number>;
  duration_months: number;
  maturity_instruction: MaturityInstruction;
  /** The renewal rule's threshold; the ladder's longest term for a rung (migration 0190). */
  renew_min_rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  ladder_term_months: ColumnType<number | null, number | null | undefined, number | null>;
  payer_iban: string;
  bank_holder: string;
  bank_iban: string;
  bank_bic: string;
  bank_name: string | null;
  early_closure: ColumnType<EarlyClosureRule, EarlyClosureRule | undefined, EarlyClosureRule>;
  /** Copied from the package at creation (migration 0300). */
  interest_payout: ColumnType<InterestPayout, InterestPayout | undefined, InterestPayout>;
  approved_at: Timestamp;
  funding_deadline: NullableTimestamp;
  funded_at: NullableTimestamp;
  value_date: NullableDateColumn;
  maturity_date: NullableDateColumn;
  matured_at: NullableTimestamp;
  paid_out_at: NullableTimestamp;
  renewed_at: NullableTimestamp;
  lapsed_at: NullableTimestamp;
  withdrawn_at: NullableTimestamp;
  closed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface DepositEventsTable {
  id: GeneratedInt8;
  deposit_id: string;
  type: string;
  at: Timestamp;
  actor_id: string | null;
  details: ColumnType<Record<string, unknown>, string | undefined, string>;
}

export interface BankStatementsTable {
  id: Generated<string>;
  message_id: string;
  statement_id: string;
  content_sha256: string;
  format: string;
  account_iban: string | null;
  credits: number;
  matched: number;
  result: ColumnType<unknown, string, string>;
  imported_at: Timestamp;
  imported_by: string | null;
  /** 0160: the reader's content fingerprint (null for statements imported before). */
  fingerprint: string | null;
  entries: Generated<number>;
}

export type JobState = "pending" | "running" | "done" | "failed" | "cancelled";

export interface JobsTable {
  id: GeneratedInt8;
  name: string;
  key: string;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  state: ColumnType<JobState, JobState | undefined, JobState>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  locked_by: string | null;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

/** One monthly interest payment of a deposit, once per month of its term (migration 0300). */
export interface DepositInterestPaymentsTable {
  deposit_id: string;
  month: number;
  due_date: DateColumn;
  amount_cents: Cents;
  payment_order_id: string | null;
  created_at: Timestamp;
}

export interface DepositTables {
  deposits: DepositsTable;
  deposit_interest_payments: DepositInterestPaymentsTable;
  deposit_events: DepositEventsTable;
  bank_statements: BankStatementsTable;
  jobs: JobsTable;
}
