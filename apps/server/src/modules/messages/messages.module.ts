import type { AppModule } from "../../lib/module.ts";
import { messagesRoutes } from "./messages.routes.ts";
import { NOTIFY_JOB, type NotifyInput } from "./messages.service.ts";

/**
 * The saver's inbox, postbox documents and message preferences; and the job that tells an event
 * queued for later (`notifyLater`, a maturity batch) with the facts fixed when it was queued. The
 * queue hands it the claimed jobs as batches, told set-based (`notifyMany`, docs/decisions.md
 * "Maturity at scale").
 */
export const messagesModule: AppModule = async (app) => {
  await app.register(messagesRoutes);
  app.jobs.handleBatch({
    [NOTIFY_JOB]: async (trx, jobs) => {
      await app.messages.notifyMany(
        trx,
        jobs.map((job) => job.payload as unknown as NotifyInput),
      );
    },
  });
};
