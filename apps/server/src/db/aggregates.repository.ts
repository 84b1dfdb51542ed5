import { type RawBuilder, sql } from "kysely";

/**
 * `count(*)` as a JS number: PostgreSQL counts in int8, which both drivers read as a bigint (database.ts),
 * so the count is cast to int4 where it is read; no table here holds two billion rows.
 */
export function countRows(): RawBuilder<number> {
  return sql<number>`count(*)::int`;
}

/**
 * The sum of an int8 cents column as int8 again (PostgreSQL sums int8 into numeric, which the drivers
 * read as text), so it arrives as a bigint like the column itself; 0 over no rows.
 */
export function sumCents(column: string): RawBuilder<bigint> {
  return sql<bigint>`coalesce(sum(${sql.ref(column)}), 0)::int8`;
}
