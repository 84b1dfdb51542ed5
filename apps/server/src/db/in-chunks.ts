/**
 * Writes rows in statements of at most `size` rows: PostgreSQL takes at most 65,535 bind parameters
 * per statement, so a multi-row insert of a large batch goes in chunks (size times the parameters per
 * row stays below that).
 */
export async function inChunks<T>(rows: readonly T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}
