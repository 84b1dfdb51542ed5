import type { AppModule } from "../../lib/module.ts";
import { ledgerRoutes } from "./ledger.routes.ts";
import { businessDate } from "./ledger.service.ts";
import {
  postDepositEvent,
  postDepositEvents,
  postPaymentEvent,
  postPaymentEvents,
} from "./ledger-postings.ts";
import { RECONCILIATION_JOB, reconciliationJob, scheduleReconciliation } from "./reconciliation.service.ts";

/**
 * The books (docs/decisions.md "The journal"): posts every money movement of the deposit and payment
 * events into the double-entry journal, in the transaction that records the event; the trial
 * balance, the reconciliation with the partner banks' statements and its daily job; the saver's
 * statement of holdings.
 */
export const ledgerModule: AppModule = async (app, options) => {
  await app.register(ledgerRoutes);
  app.events.subscribe("deposit", postDepositEvent, postDepositEvents);
  app.events.subscribe("payment", postPaymentEvent, postPaymentEvents);
  app.jobs.handle({ [RECONCILIATION_JOB]: reconciliationJob });
  if (options.backgroundJobs) {
    // The first run: today's reconciliation (it schedules each next day's itself).
    app.addHook("onReady", async () => {
      await scheduleReconciliation(app.db, businessDate(app.clock.now()));
    });
  }
};
