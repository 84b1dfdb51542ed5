import type { ColumnType } from "kysely";

/**
 * Column types shared by every table (db/schema.ts and db/tables/*): numeric columns (rates, scores) arrive
 * as strings (exact); timestamps as Date. Money is never numeric: it is `Cents`.
 */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type Numeric = ColumnType<string, string | number, string | number>;

/**
 * Money: integer cents in a bigint column (docs/decisions.md "One money type: integer cents from the
 * contract's edge to the database"). int8 arrives as a JS number (database.ts), exact up to 9e15 cents.
 */
export type Cents = ColumnType<number, number | bigint | string, number | bigint | string>;
