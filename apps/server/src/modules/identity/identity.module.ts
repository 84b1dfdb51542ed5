import type { AppModule } from "../../lib/module.ts";
import { identityRoutes } from "./identity.routes.ts";
import { retentionJobHandlers, scheduleRetention } from "./retention.job.ts";
import { sanctionsJobHandlers, screenUser } from "./sanctions.service.ts";

/**
 * Personal data, ident providers, sanctions screening (its batches are jobs) and data rights; the
 * retention job (on the job queue, started with background work) deletes the records of closed accounts
 * once their retention period has ended.
 */
export const identityModule: AppModule = async (app, { config, backgroundJobs }) => {
  await app.register(identityRoutes, {
    identSecrets: config.IDENT_WEBHOOK_SECRETS,
    production: config.NODE_ENV === "production",
  });
  // Screening of savers against a newly loaded list, in resumable batches.
  app.jobs.handle(sanctionsJobHandlers);
  // Each change of the account name is screened when it is made (docs/decisions.md "Screening covers every
  // name that identifies the saver").
  app.events.subscribe("account", async (event, trx) => {
    if (event.kind === "renamed") await screenUser(trx, event.userId, "name_change");
  });
  // The retention job runs on the job queue like every other job: the first run at start (a run missed
  // while no server ran happens now), each run scheduling the next.
  app.jobs.handle(retentionJobHandlers(app));
  if (backgroundJobs) {
    app.addHook("onReady", async () => {
      await scheduleRetention(app.db, app.clock.now());
    });
  }
};
