// Table types of the partner banks; their migrations are numbered 0180-0189.
import type { Language } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../columns.ts";
import type { NullableDateColumn } from "./deposits.ts";

/** A text per language (description, depositor information sheet). */
export type LocalizedText = Record<Language, string>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface BanksTable {
  id: Generated<string>;
  slug: string;
  name: string;
  country: string;
  city: Nullable<string>;
  bic: string;
  lei: Nullable<string>;
  supervisor: string;
  register_entry: string;
  description: Json<LocalizedText>;
  scheme_name: string;
  scheme_coverage_cents: ColumnType<bigint, bigint | number | undefined, bigint | number>;
  scheme_website: Nullable<string>;
  scheme_contact: Nullable<string>;
  scheme_repayment_days: Generated<number>;
  info_sheet: Json<LocalizedText>;
  country_rating: Nullable<string>;
  country_rating_source: Nullable<string>;
  country_rating_date: NullableDateColumn;
  /** Empty only for a seeded bank until start-up gives it the configured PARTNER_BANK_* account. */
  account_holder: Nullable<string>;
  account_iban: Nullable<string>;
  account_bic: Nullable<string>;
  logo_key: Nullable<string>;
  logo_type: Nullable<"image/png" | "image/jpeg" | "image/webp">;
  logo_updated_at: NullableTimestamp;
  status: ColumnType<"active" | "paused", "active" | "paused" | undefined, "active" | "paused">;
  partner_since: Nullable<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface BankTables {
  banks: BanksTable;
}
