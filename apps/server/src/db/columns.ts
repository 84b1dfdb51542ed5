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
 * contract's edge to the database"). int8 arrives as a JS bigint (database.ts), exact at any size; the
 * repositories hand it on as Money (moneyFromDb) or bigint cents.
 */
export type Cents = ColumnType<bigint, bigint | number | string, bigint | number | string>;
export type NullableCents = ColumnType<bigint | null, bigint | number | null, bigint | number | null>;

/**
 * Any other int8 column (an identity key, a running total): a JS bigint as well, since the drivers read
 * every int8 as one (database.ts). A count is read as `count(*)::int` (db/aggregates.repository.ts) instead.
 */
export type Int8 = ColumnType<bigint, bigint | number, bigint | number>;
export type GeneratedInt8 = ColumnType<bigint, bigint | number | undefined, bigint | number>;
