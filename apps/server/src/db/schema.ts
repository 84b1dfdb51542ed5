import type { InterestPayout, Language } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, NullableTimestamp, Numeric, Timestamp } from "./columns.ts";
import type { AccountTables } from "./tables/accounts.ts";
import type { BackOfficeTables } from "./tables/back-office.ts";
import type { BankTables } from "./tables/banks.ts";
import type { ContentTables } from "./tables/content.ts";
import type { DepositTables } from "./tables/deposits.ts";
import type { IdentityTables } from "./tables/identity.ts";
import type { InvestTables } from "./tables/invest.ts";
import type { KycTables } from "./tables/kyc.ts";
import type { LedgerTables } from "./tables/ledger.ts";
import type { MessagesTables } from "./tables/messages.ts";
import type { NewsletterTables } from "./tables/newsletter.ts";
import type { PaymentTables } from "./tables/payments.ts";
import type { ToolsTables } from "./tables/tools.ts";

/**
 * Table types for Kysely, kept by hand beside the SQL migrations (each module adds its tables here).
 * Column types are in db/columns.ts.
 */

export interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string;
  full_name: string;
  role: Generated<"user" | "admin">;
  kyc_status: Generated<"not_started" | "pending" | "approved" | "rejected">;
  /** 0080_messages.sql: the language of e-mails and documents. */
  language: Generated<Language>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** 0070: when the current address was confirmed; null until then. */
  email_verified_at: NullableTimestamp;
  /** Set when the saver closed the account (migration 0090). */
  closed_at: NullableTimestamp;
  /** When the records kept after closure are deleted. */
  erase_after: NullableTimestamp;
  /** 0073: locked by staff; no sign-in and no session until unlocked. */
  locked_at: NullableTimestamp;
  /**
   * 0260: opened by a registration with an address that already had an account: the address is the
   * owner's, never this account's (docs/decisions.md "Registration answers the same for a known address").
   */
  registration_shadow: Generated<boolean>;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
  idle_expires_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  user_agent: string | null;
  ip: string | null;
}

/** A package's feature list in every language. */
export type PackageFeatures = Record<Language, string[]>;

export interface PackagesTable {
  id: Generated<string>;
  duration_months: number;
  interest_rate: Numeric;
  /** The smallest and largest principal (migration 0200: cents). */
  min_amount_cents: Cents;
  max_amount_cents: Cents;
  currency: Generated<string>;
  features: ColumnType<PackageFeatures, string, string>;
  is_active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  early_closure: ColumnType<
    "not_allowed" | "no_interest" | "pro_rata",
    "not_allowed" | "no_interest" | "pro_rata" | undefined,
    "not_allowed" | "no_interest" | "pro_rata"
  >;
  /** The partner bank that takes this package's deposits (migration 0180). */
  bank_id: string;
  /** When it pays interest (migration 0300). */
  interest_payout: ColumnType<InterestPayout, InterestPayout | undefined, InterestPayout>;
}

export interface SchemaMigrationsTable {
  version: string;
  applied_at: Timestamp;
}

interface CoreTables {
  users: UsersTable;
  sessions: SessionsTable;
  packages: PackagesTable;
  schema_migrations: SchemaMigrationsTable;
}

/** All tables. Each area keeps its own table types in db/tables/<area>.ts beside its migrations. */
export interface DB
  extends CoreTables,
    AccountTables,
    InvestTables,
    KycTables,
    BackOfficeTables,
    ContentTables,
    NewsletterTables,
    DepositTables,
    MessagesTables,
    IdentityTables,
    LedgerTables,
    ToolsTables,
    PaymentTables,
    BankTables {}
