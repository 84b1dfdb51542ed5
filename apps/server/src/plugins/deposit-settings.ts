import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AdjustableClock, type Clock, systemClock } from "../lib/clock.ts";

/** The configured PARTNER_BANK_* account: the seed and fallback receiving account of the partner banks (modules/banks). */
export interface PartnerBankAccount {
  holder: string;
  iban: string;
  bic: string;
  name: string | null;
}

export interface DepositSettings {
  defaultBank: PartnerBankAccount;
  /** Set when CLOCK_CONTROL allows moving the clock (tests and demonstrations, never production). */
  adjustableClock: AdjustableClock | null;
  /** How old the sanctions list in force may be for an approval (SANCTIONS_LIST_MAX_AGE_DAYS). */
  sanctionsListMaxAgeDays: number;
}

declare module "fastify" {
  interface FastifyInstance {
    clock: Clock;
    depositSettings: DepositSettings;
  }
}

/** The clock and the deposit settings every module reads (the clock is injected; tests pass their own). */
export default fp(
  async function depositSettingsPlugin(
    app: FastifyInstance,
    opts: {
      defaultBank: PartnerBankAccount;
      clockControl: boolean;
      clock?: Clock | undefined;
      sanctionsListMaxAgeDays: number;
    },
  ) {
    const adjustable = opts.clockControl ? new AdjustableClock() : null;
    app.decorate("clock", opts.clock ?? adjustable ?? systemClock);
    app.decorate("depositSettings", {
      defaultBank: opts.defaultBank,
      adjustableClock: adjustable,
      sanctionsListMaxAgeDays: opts.sanctionsListMaxAgeDays,
    });
  },
  { name: "deposit-settings" },
);
