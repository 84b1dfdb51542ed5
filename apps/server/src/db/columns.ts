import type { ColumnType } from "kysely";

/**
 * Column types shared by every table (db/schema.ts and db/tables/*): numeric columns arrive as
 * strings (exact); timestamps as Date.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type Numeric = ColumnType<string, string | number, string | number>;
