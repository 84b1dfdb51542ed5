import { type Kysely, type RawBuilder, sql, type Transaction } from "kysely";
import type { DB } from "./schema.ts";

type Db = Kysely<DB> | Transaction<DB>;

/** A column of a bulk insert: its SQL type, and how a row's value is written for it. */
export type BulkColumn<R> = readonly [name: string, type: string, value: (row: R) => unknown];

/** Rows per statement: each column travels as one array parameter, so only memory bounds a chunk. */
const BULK_CHUNK = 10_000;

/** An array parameter's element as the driver writes it: dates as ISO text, big integers as digits. */
function element(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value ?? null;
}

/**
 * Inserts many rows with one statement per chunk of `insert ... select from unnest(...)`: one array
 * parameter per column instead of one parameter per value, far below PostgreSQL's 65,535 and with
 * nothing to compile per row (docs/decisions.md "Statement import at scale"). Rows go in in the order
 * given (identity columns ascend in it). `conflict` names the unique columns whose duplicates are
 * left out; `returning` the columns answered for each row inserted.
 */
export async function insertMany<R, O = Record<string, unknown>>(
  db: Db,
  table: string,
  columns: ReadonlyArray<BulkColumn<R>>,
  rows: readonly R[],
  options: { conflict?: readonly string[]; returning?: readonly string[] } = {},
): Promise<O[]> {
  const out: O[] = [];
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(", "));
  const conflict = options.conflict
    ? sql.raw(` on conflict (${options.conflict.map((c) => `"${c}"`).join(", ")}) do nothing`)
    : sql.raw("");
  const returning = options.returning
    ? sql.raw(` returning ${options.returning.map((c) => `"${c}"`).join(", ")}`)
    : sql.raw("");
  for (let i = 0; i < rows.length; i += BULK_CHUNK) {
    const chunk = rows.slice(i, i + BULK_CHUNK);
    const arrays: RawBuilder<unknown>[] = columns.map(
      ([, type, value]) => sql`${chunk.map((row) => element(value(row)))}::${sql.raw(type)}[]`,
    );
    const { rows: inserted } = await sql<O>`
      insert into ${sql.raw(`"${table}"`)} (${names})
      select ${names} from unnest(${sql.join(arrays)}) with ordinality as v (${names}, ord)
      order by ord${conflict}${returning}
    `.execute(db);
    out.push(...inserted);
  }
  return out;
}
