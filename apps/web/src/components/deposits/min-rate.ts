import type { MaturityInstruction } from "@festgeld/domain";
import { parseDecimal } from "../../lib/decimal.ts";

/**
 * The instruction and, for "renew only at a minimum rate", the rate as typed in the saver's language,
 * turned into the contract's fields (the threshold only with that instruction; an empty or unreadable
 * rate is left out or NaN so that the contract's own check names the problem).
 */
export function instructionFields(
  instruction: MaturityInstruction,
  minRate: string | undefined,
  language: string,
): { maturity_instruction: MaturityInstruction; renew_min_rate?: number } {
  if (instruction !== "renew_if_rate_at_least") return { maturity_instruction: instruction };
  const text = (minRate ?? "").trim();
  if (!text) return { maturity_instruction: instruction };
  return { maturity_instruction: instruction, renew_min_rate: parseDecimal(text, language) ?? Number.NaN };
}
