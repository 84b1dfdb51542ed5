import type { AppModule } from "../../lib/module.ts";
import { identityRoutes } from "./identity.routes.ts";
import { scheduleRetention } from "./retention.job.ts";
import { sanctionsJobHandlers } from "./sanctions.service.ts";

/**
 * Personal data, ident providers, sanctions screening (its batches are jobs) and data rights; with background work on, the
 * retention job deletes the records of closed accounts once their retention period has ended.
 */
export const identityModule: AppModule = async (app, { config, backgroundJobs }) => {
  await app.register(identityRoutes, { identSecrets: config.IDENT_WEBHOOK_SECRETS });
  // Screening of savers against a newly loaded list, in resumable batches.
  app.jobs.handle(sanctionsJobHandlers);
  if (backgroundJobs) scheduleRetention(app);
};
