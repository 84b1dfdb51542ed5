import type { AppModule } from "../../lib/module.ts";
import { reopenOnCancelledReturn } from "./bank-exceptions.service.ts";
import { paymentsRoutes } from "./payments.routes.ts";

/**
 * Payments: the orders of every euro that leaves a partner bank account, the SEPA credit-transfer
 * files staff send to the bank, and the unmatched credits staff may send back. Orders are created
 * by the deposits module (through payments.service.ts) and confirmed by the statement import; each
 * change is published on the `payment` channel (payment-events.ts).
 */
export const paymentsModule: AppModule = async (app, { config }) => {
  await app.register(paymentsRoutes, {
    fileSettings: { initiatingParty: config.operator.name, debtorAddress: config.operator.address },
  });
  // A credit's return order cancelled puts the credit back into the exception queue.
  app.events.subscribe("payment", reopenOnCancelledReturn);
};
