/**
 * JSON text of database rows for a "does not contain" check: int8 columns arrive as bigint (db/database.ts),
 * which JSON.stringify refuses, so they are written as their digits.
 */
export function jsonText(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
}
