import type { AppModule } from "../../lib/module.ts";
import { messagesRoutes } from "./messages.routes.ts";
import { NOTIFY_JOB, type NotifyInput } from "./messages.service.ts";

/**
 * The saver's inbox, postbox documents and message preferences; and the job that tells an event
 * queued for later (`notifyLater`, a maturity batch) with the facts fixed when it was queued.
 */
export const messagesModule: AppModule = async (app) => {
  await app.register(messagesRoutes);
  app.jobs.handle({
    [NOTIFY_JOB]: async (trx, job) => {
      await app.messages.notify(trx, job.payload as unknown as NotifyInput);
    },
  });
};
