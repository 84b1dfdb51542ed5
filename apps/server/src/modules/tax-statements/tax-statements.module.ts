import type { AppModule } from "../../lib/module.ts";
import { taxStatementsRoutes } from "./tax-statements.routes.ts";
import { scheduleYearlyRun, TAX_STATEMENT_JOB, yearlyRun } from "./tax-statements.service.ts";

/**
 * The yearly interest statement for tax: a postbox PDF per saver each January for the year before
 * (a scheduled job on the injected clock), and the staff action that issues it for any year.
 */
export const taxStatementsModule: AppModule = async (app, opts) => {
  await app.register(taxStatementsRoutes);
  app.jobs.handle({ [TAX_STATEMENT_JOB]: yearlyRun(app.messages) });
  // The process that runs the jobs keeps the next January's run scheduled (once per year, by its key).
  if (opts.backgroundJobs) {
    app.addHook("onReady", async () => {
      await scheduleYearlyRun(app.db, app.clock.now());
    });
  }
};
