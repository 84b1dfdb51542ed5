import type { AppModule } from "../../lib/module.ts";
import { depositBatchJobHandlers, depositJobHandlers } from "./deposit-jobs.ts";
import { depositMessages, depositMessagesLater } from "./deposit-messages.ts";
import { depositPaymentEvents, depositPaymentEventsMany } from "./deposit-payouts.ts";
import { depositsRoutes } from "./deposits.routes.ts";
import { depositsAdminRoutes } from "./deposits-admin.routes.ts";

/**
 * Deposits: the saver's and the back office's routes; the lapse, maturity reminder and maturity
 * jobs (docs/decisions.md "Jobs"); and the saver's messages on the deposit lifecycle (funds received,
 * maturity reminder, payout, renewal, lapse), subscribed to this app's deposit events and sent
 * inside the transaction that records each event.
 */
export const depositsModule: AppModule = async (app) => {
  await app.register(depositsRoutes);
  await app.register(depositsAdminRoutes);
  app.jobs.handle(depositJobHandlers(app.events));
  app.jobs.handleBatch(depositBatchJobHandlers(app.events));
  // One event: told in its transaction. A batch (maturity): queued, told afterwards by the job queue.
  app.events.subscribe("deposit", depositMessages(app.messages), depositMessagesLater(app.messages));
  // The bank's booking or return of a deposit's payment order moves the deposit (deposit-payouts.ts).
  app.events.subscribe("payment", depositPaymentEvents(app.events), depositPaymentEventsMany(app.events));
};
