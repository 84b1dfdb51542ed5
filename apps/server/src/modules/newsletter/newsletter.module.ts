import type { AppModule } from "../../lib/module.ts";
import { newsletterRoutes } from "./newsletter.routes.ts";
import { newsletterJobHandlers } from "./newsletter.service.ts";

/** Newsletter sign-up with double opt-in; its job deletes requests not confirmed within 30 days. */
export const newsletterModule: AppModule = async (app) => {
  await app.register(newsletterRoutes);
  app.jobs.handle(newsletterJobHandlers);
};
