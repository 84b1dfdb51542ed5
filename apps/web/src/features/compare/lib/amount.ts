import { parseDecimal } from "../../../lib/decimal.ts";

/**
 * The amount typed in the saver's language ("10.000" is ten thousand in German); a non-numeric (or
 * negative) entry counts as 0; the field keeps what was typed.
 */
export function amountFromInput(text: string, language = "en"): number {
  const value = parseDecimal(text, language);
  return value !== null && value >= 0 ? value : 0;
}
