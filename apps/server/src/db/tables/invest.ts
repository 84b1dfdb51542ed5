// Table types of the investing area; its migrations are numbered 0020-0029.
import type { ApplicationStatus, Language, MaturityInstruction } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, NullableTimestamp, Numeric, Timestamp } from "../columns.ts";

export interface ApplicationsTable {
  id: Generated<string>;
  user_id: string | null;
  package_id: string;
  full_name: string;
  email: string;
  phone: string;
  /** The principal applied for (migration 0200: cents). */
  amount_cents: Cents;
  currency: string;
  interest_rate: Numeric;
  duration_months: number;
  message: string | null;
  reference_iban: string | null;
  maturity_instruction: MaturityInstruction | null;
  /** The renewal rule's threshold (migration 0190). */
  renew_min_rate: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  /** The deposit ladder this application is a rung of, and that ladder's longest term (migration 0190). */
  ladder_id: ColumnType<string | null, string | null | undefined, string | null>;
  ladder_term_months: ColumnType<number | null, number | null | undefined, number | null>;
  info_sheet_acknowledged_at: NullableTimestamp;
  language: ColumnType<Language, Language | undefined, Language>;
  status: ColumnType<ApplicationStatus, ApplicationStatus | undefined, ApplicationStatus>;
  decided_at: NullableTimestamp;
  decided_by: string | null;
  admin_notes: string | null;
  withdrawn_at: NullableTimestamp;
  rejection_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface InvestTables {
  applications: ApplicationsTable;
}
