import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MATURITY_INSTRUCTIONS } from "../constants.ts";
import { decideRenewal, renewalTermMonths } from "./renewal.ts";

describe("renewalTermMonths", () => {
  it("renews a ladder rung into the ladder's longest term, any other deposit into its own", () => {
    expect(renewalTermMonths({ termMonths: 6, ladderTermMonths: 24 })).toBe(24);
    expect(renewalTermMonths({ termMonths: 12, ladderTermMonths: null })).toBe(12);
  });
});

describe("decideRenewal", () => {
  const base = { termMonths: 12, minRateBasisPoints: null, offeredRateBasisPoints: 300n } as const;

  it("pays out when asked to, and when the term is no longer offered", () => {
    expect(decideRenewal({ ...base, instruction: "payout" })).toEqual({
      action: "payout",
      reason: "instructed",
    });
    expect(decideRenewal({ ...base, instruction: "renew_all", offeredRateBasisPoints: null })).toEqual({
      action: "payout",
      reason: "not_offered",
    });
  });

  it("renews the principal or everything as instructed", () => {
    expect(decideRenewal({ ...base, instruction: "renew_principal" })).toEqual({
      action: "renew",
      termMonths: 12,
      carry: "principal",
    });
    expect(decideRenewal({ ...base, instruction: "renew_all" })).toMatchObject({ carry: "all" });
  });

  it("renews under the rule at or above the threshold, pays out below it", () => {
    const rule = { ...base, instruction: "renew_if_rate_at_least" } as const;
    expect(decideRenewal({ ...rule, minRateBasisPoints: 300n })).toEqual({
      action: "renew",
      termMonths: 12,
      carry: "all",
    });
    expect(decideRenewal({ ...rule, minRateBasisPoints: 301n })).toEqual({
      action: "payout",
      reason: "below_threshold",
    });
    expect(decideRenewal({ ...rule, minRateBasisPoints: null })).toMatchObject({ action: "payout" });
  });

  it("renews under the rule exactly when the offer is at least the threshold (property)", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2000n }), fc.bigInt({ min: 0n, max: 2000n }), (offer, min) => {
        const decision = decideRenewal({
          instruction: "renew_if_rate_at_least",
          termMonths: 6,
          minRateBasisPoints: min,
          offeredRateBasisPoints: offer,
        });
        expect(decision.action === "renew").toBe(offer >= min);
      }),
    );
  });

  it("never renews without an offer, whatever the instruction (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...MATURITY_INSTRUCTIONS), (instruction) => {
        expect(
          decideRenewal({ instruction, termMonths: 6, minRateBasisPoints: 0n, offeredRateBasisPoints: null })
            .action,
        ).toBe("payout");
      }),
    );
  });
});
