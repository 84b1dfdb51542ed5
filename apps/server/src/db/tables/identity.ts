// Table types of the identity area (personal data, sanctions, ident providers, closure); migrations 0090-0099.
import type { ColumnType, Generated } from "kysely";
import type { NullableTimestamp, Numeric, Timestamp } from "../columns.ts";

type DateColumn = ColumnType<string, string, string>;
type Json<T> = ColumnType<T, string, string>;

export interface KycProfilesTable {
  user_id: string;
  date_of_birth: DateColumn;
  place_of_birth: string;
  nationality: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  tax_residency: string;
  tax_id: string;
  is_pep: boolean;
  pep_details: string | null;
  review_status: ColumnType<"pending" | "approved" | "rejected", string | undefined, string>;
  review_reason: string | null;
  reviewed_by: string | null;
  reviewed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface KycProfileVersionsTable {
  id: Generated<string>;
  user_id: string;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface SanctionsListsTable {
  id: Generated<string>;
  source: Generated<string>;
  version: string;
  sha256: string;
  entry_count: number;
  name_count: number;
  loaded_by: string;
  loaded_at: Timestamp;
  /** 0120: when the operator last loaded this list (first load or the same file again). */
  checked_at: Timestamp;
  /** 0240: the list's own generationDate; its age counts from here. */
  generated_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** 0250: the demonstration list (invented names), loaded outside production only. */
  demonstration: Generated<boolean>;
}

/** 0120: one screening of every saver against a list, in batches of the job queue. */
export interface SanctionsScreeningRunsTable {
  id: Generated<string>;
  list_id: string;
  started_by: string;
  started_at: Timestamp;
  status: ColumnType<"running" | "done" | "superseded", "running" | "done" | "superseded" | undefined>;
  total: number;
  screened: Generated<number>;
  new_hits: Generated<number>;
  cursor: string | null;
  finished_at: NullableTimestamp;
}

export interface SanctionsEntriesTable {
  id: Generated<string>;
  list_id: string;
  reference: string;
  names: Json<string[]>;
  birthdates: Json<string[]>;
}

export type ScreeningTrigger =
  | "profile"
  | "verification"
  | "list_load"
  | "name_change"
  | "ident"
  | "approval";

export interface SanctionsScreeningsTable {
  id: Generated<string>;
  user_id: string;
  list_id: string;
  trigger: ScreeningTrigger;
  screened_name: string;
  screened_date_of_birth: ColumnType<string | null, string | null, string | null>;
  hit_count: number;
  created_at: Timestamp;
}

export interface SanctionsHitsTable {
  id: Generated<string>;
  screening_id: string;
  user_id: string;
  entry_id: string;
  entry_reference: string;
  screened_name: string;
  matched_name: string;
  score: Numeric;
  date_of_birth_match: boolean | null;
  status: ColumnType<"open" | "cleared" | "confirmed", string | undefined, string>;
  reason: string | null;
  decided_by: string | null;
  decided_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface IdentSessionsTable {
  id: Generated<string>;
  user_id: string;
  provider: string;
  created_at: Timestamp;
}

export interface IdentVerificationsTable {
  id: Generated<string>;
  session_id: string;
  user_id: string;
  provider: string;
  method: "manual" | "video_ident" | "eid";
  provider_reference: string;
  result: "verified" | "failed";
  first_name: string | null;
  last_name: string | null;
  date_of_birth: ColumnType<string | null, string | null, string | null>;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface StaffNotesTable {
  id: Generated<string>;
  user_id: string;
  author_id: string;
  text: string;
  created_at: Timestamp;
}

export interface IdentityTables {
  kyc_profiles: KycProfilesTable;
  kyc_profile_versions: KycProfileVersionsTable;
  sanctions_lists: SanctionsListsTable;
  sanctions_screening_runs: SanctionsScreeningRunsTable;
  sanctions_entries: SanctionsEntriesTable;
  sanctions_screenings: SanctionsScreeningsTable;
  sanctions_hits: SanctionsHitsTable;
  ident_sessions: IdentSessionsTable;
  ident_verifications: IdentVerificationsTable;
  staff_notes: StaffNotesTable;
}
