/** A non-numeric (or negative) entry counts as 0; the field keeps what was typed. */
export function amountFromInput(text: string): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  return trimmed !== "" && Number.isFinite(value) && value >= 0 ? value : 0;
}
