/**
 * An estimate of the interest left after tax on a deposit, for the two tax regimes the platform's savers
 * mostly live under (docs/decisions.md "Net return estimate"). It is an estimate for display, never a
 * figure the platform books: the partner bank withholds the real tax.
 *
 * Germany: flat tax on capital income (Abgeltungsteuer) 25 % plus 5.5 % solidarity surcharge on it
 * (26.375 % in all); with church tax at 8 % or 9 % the flat tax is reduced to 25 / (1 + k/4) % so that the
 * church tax is deductible (section 32d (1) EStG), and the church tax is k of the reduced flat tax.
 * The saver's unused saver's allowance (Sparer-Pauschbetrag: 1,000 EUR, 2,000 EUR for a couple assessed
 * jointly) is taken off the interest first.
 * France: the single flat levy (prélèvement forfaitaire unique) of 30 %: 12.8 % income tax and 17.2 %
 * social charges, with no allowance.
 *
 * Amounts in integer cents (BigInt), each tax component rounded half-up to the cent.
 */
import { divideHalfUp } from "./interest.ts";

export const TAX_RESIDENCES = ["de", "fr", "other"] as const;
export type TaxResidence = (typeof TAX_RESIDENCES)[number];
export const CHURCH_TAX_RATES = [0, 8, 9] as const;
export type ChurchTaxRate = (typeof CHURCH_TAX_RATES)[number];
/** The largest saver's allowance a German resident can have (a couple assessed jointly), in cents. */
export const MAX_SAVERS_ALLOWANCE_CENTS = 200_000n;

export interface NetReturnInput {
  grossInterestCents: bigint;
  residence: TaxResidence;
  /** Germany only: church tax rate in percent, 0 when the saver pays none. */
  churchTaxRate?: ChurchTaxRate;
  /** Germany only: the part of the saver's allowance not yet used, in cents (0 to 200,000). */
  allowanceCents?: bigint;
}

export interface TaxLine {
  kind: "income_tax" | "solidarity_surcharge" | "church_tax" | "social_charges";
  cents: bigint;
}

export interface NetReturnEstimate {
  grossInterestCents: bigint;
  /** The part of the interest the estimate taxes (after the allowance). */
  taxableCents: bigint;
  lines: TaxLine[];
  taxCents: bigint;
  netInterestCents: bigint;
}

/** Applies a rate given as numerator / denominator to an amount of cents, rounding half-up. */
function part(cents: bigint, numerator: bigint, denominator: bigint): bigint {
  return divideHalfUp(cents * numerator, denominator);
}

export function estimateNetReturn(input: NetReturnInput): NetReturnEstimate {
  const gross = input.grossInterestCents;
  if (gross < 0n) throw new RangeError("gross interest must not be negative");
  let taxable = gross;
  const lines: TaxLine[] = [];

  if (input.residence === "de") {
    const allowance = input.allowanceCents ?? 0n;
    if (allowance < 0n || allowance > MAX_SAVERS_ALLOWANCE_CENTS) {
      throw new RangeError("allowance must be between 0 and 2,000 EUR");
    }
    const church = BigInt(input.churchTaxRate ?? 0);
    taxable = gross > allowance ? gross - allowance : 0n;
    // Flat tax 25 % without church tax; 25 / (1 + k/4) % = 100 / (400 + k) with church tax k.
    const flatTax = church === 0n ? part(taxable, 25n, 100n) : part(taxable, 100n, 400n + church);
    lines.push({ kind: "income_tax", cents: flatTax });
    lines.push({ kind: "solidarity_surcharge", cents: part(flatTax, 55n, 1000n) });
    if (church > 0n) lines.push({ kind: "church_tax", cents: part(flatTax, church, 100n) });
  } else if (input.residence === "fr") {
    lines.push({ kind: "income_tax", cents: part(taxable, 128n, 1000n) });
    lines.push({ kind: "social_charges", cents: part(taxable, 172n, 1000n) });
  } else {
    taxable = 0n;
  }

  const taxCents = lines.reduce((sum, line) => sum + line.cents, 0n);
  return {
    grossInterestCents: gross,
    taxableCents: taxable,
    lines,
    taxCents,
    netInterestCents: gross - taxCents,
  };
}
