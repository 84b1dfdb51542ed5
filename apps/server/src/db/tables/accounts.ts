import type { ColumnType, Generated } from "kysely";
import type { Timestamp } from "../schema.ts";

// Table types of the accounts (issue 3) area; its migrations are numbered 0010-0019.

export type AccountEventType =
  | "registered"
  | "login_succeeded"
  | "login_failed"
  | "logout"
  | "password_changed"
  | "profile_updated"
  | "admin_created";

export interface AccountEventsTable {
  id: Generated<number>;
  user_id: string | null;
  event: AccountEventType;
  ip: string | null;
  user_agent: string | null;
  detail: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  created_at: Timestamp;
}

export interface AccountTables {
  account_events: AccountEventsTable;
}
