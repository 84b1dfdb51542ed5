import type { MaturityInstruction } from "../constants.ts";

/**
 * The renewal decision at maturity (docs/decisions.md "Renewal rule" and "Deposit ladder"), pure so
 * that the maturity job only carries it out.
 */

/**
 * The term a renewal runs for: a ladder rung renews into the ladder's longest term, any other deposit
 * into its own term.
 */
export function renewalTermMonths(deposit: { termMonths: number; ladderTermMonths: number | null }): number {
  return deposit.ladderTermMonths ?? deposit.termMonths;
}

export type RenewalDecision =
  | { action: "renew"; termMonths: number; carry: "principal" | "all" }
  | {
      action: "payout";
      /** Why a renewal instruction ends in a payout; null when the saver asked for the payout. */
      reason: "instructed" | "not_offered" | "below_threshold";
    };

/**
 * Renew or pay out. `offeredRateBasisPoints` is the rate in force today for `termMonths` (the renewal
 * term), null when no package offers that term any more. `renew_if_rate_at_least` renews principal
 * and interest when that rate is at least the threshold (equal counts), and pays out otherwise.
 */
export function decideRenewal(input: {
  instruction: MaturityInstruction;
  /** The saver's threshold for `renew_if_rate_at_least`, in basis points (ignored otherwise). */
  minRateBasisPoints: bigint | null;
  termMonths: number;
  offeredRateBasisPoints: bigint | null;
}): RenewalDecision {
  if (input.instruction === "payout") return { action: "payout", reason: "instructed" };
  if (input.offeredRateBasisPoints === null) return { action: "payout", reason: "not_offered" };
  if (input.instruction === "renew_if_rate_at_least") {
    // A rule without its threshold cannot be met: the money is paid out rather than locked in blind.
    if (input.minRateBasisPoints === null || input.offeredRateBasisPoints < input.minRateBasisPoints) {
      return { action: "payout", reason: "below_threshold" };
    }
    return { action: "renew", termMonths: input.termMonths, carry: "all" };
  }
  return {
    action: "renew",
    termMonths: input.termMonths,
    carry: input.instruction === "renew_all" ? "all" : "principal",
  };
}
