// Table types of the journal (double-entry books) and the reconciliation; migrations 0170-0179.
import type { LedgerKind } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, GeneratedInt8, Int8, Timestamp } from "../columns.ts";
import type { DateColumn, NullableDateColumn } from "./deposits.ts";

export type LedgerAccountType =
  | "cash"
  | "interest_expense"
  | "suspense"
  | "in_transit"
  | "deposit"
  | "bank_fees"
  | "write_off";

/** 0170_ledger.sql: accounts are data, named by their address. */
export interface LedgerAccountsTable {
  address: string;
  type: LedgerAccountType;
  bank_iban: string;
  deposit_id: string | null;
  created_at: Generated<Date>;
}

/** 0170_ledger.sql: append-only; balanced (two or more lines summing to zero) at commit. */
export interface LedgerEntriesTable {
  id: GeneratedInt8;
  kind: string;
  reference: string;
  effective_date: DateColumn;
  created_at: Timestamp;
  deposit_id: string | null;
  payment_order_id: string | null;
  statement_id: string | null;
  statement_entry_key: string | null;
  reverses_entry_id: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** 0170_ledger.sql: signed cents, positive = debit, negative = credit; append-only. */
export interface LedgerLinesTable {
  id: GeneratedInt8;
  entry_id: Int8;
  account: string;
  amount_cents: Cents;
}

export interface LedgerBankStatementsTable {
  statement_id: string;
  account_iban: string;
  closing_balance_cents: ColumnType<bigint | null, bigint | number | null, never>;
  closing_date: NullableDateColumn;
  opening_balance_cents: ColumnType<bigint | null, bigint | number | null, never>;
  imported_at: Timestamp;
}

export interface LedgerBankStatementEntriesTable {
  statement_id: string;
  entry_key: string;
  account_iban: string;
  direction: "credit" | "debit";
  amount_cents: Cents;
  booking_date: DateColumn;
  value_date: NullableDateColumn;
  reversal: boolean;
  end_to_end_id: string | null;
  outcome: string;
}

export type ReconciliationStatus = "consistent" | "difference" | "no_statement";

export interface LedgerReconciliationRunsTable {
  id: GeneratedInt8;
  account_iban: string;
  date: DateColumn;
  book_balance_cents: Cents;
  bank_balance_cents: ColumnType<bigint | null, bigint | number | null, never>;
  status: ReconciliationStatus;
  differences: ColumnType<unknown, string, never>;
  run_at: Timestamp;
}

/**
 * 0210: the per-deposit ledger, a view derived from the journal (read only). One row per movement of a
 * deposit's money as the saver sees it: principal received, interest credited, carried to a renewal,
 * and the payout once the bank booked it (docs/decisions.md "The per-deposit ledger and the journal").
 */
export interface DepositLedgerView {
  /** The journal entry the row derives from. */
  id: ColumnType<bigint, never, never>;
  deposit_id: ColumnType<string, never, never>;
  kind: ColumnType<LedgerKind, never, never>;
  amount_cents: ColumnType<bigint, never, never>;
  value_date: ColumnType<string, never, never>;
  /** manual | statement | renewal | maturity | monthly_interest | early_closure | withdrawal */
  source: ColumnType<string, never, never>;
  bank_statement_id: ColumnType<string | null, never, never>;
  booked_at: ColumnType<Date, never, never>;
  booked_by: ColumnType<string | null, never, never>;
}

export interface LedgerTables {
  deposit_ledger: DepositLedgerView;
  ledger_accounts: LedgerAccountsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_lines: LedgerLinesTable;
  ledger_bank_statements: LedgerBankStatementsTable;
  ledger_bank_statement_entries: LedgerBankStatementEntriesTable;
  ledger_reconciliation_runs: LedgerReconciliationRunsTable;
}
