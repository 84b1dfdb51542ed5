// Table types of the saver tools (ladders, rate alerts); its migrations are numbered 0190-0199.
import type { ColumnType, Generated } from "kysely";
import type { Cents, NullableTimestamp, Numeric, Timestamp } from "../columns.ts";

export interface LaddersTable {
  id: Generated<string>;
  user_id: string;
  total_cents: Cents;
  currency: ColumnType<string, string | undefined, string>;
  longest_term_months: number;
  created_at: ColumnType<Date, Date | undefined, Date>;
}

export interface RateAlertsTable {
  id: Generated<string>;
  user_id: string;
  term_months: number;
  rate: Numeric;
  armed: boolean;
  fired_count: ColumnType<number, number | undefined, number>;
  last_fired_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface ToolsTables {
  ladders: LaddersTable;
  rate_alerts: RateAlertsTable;
}
