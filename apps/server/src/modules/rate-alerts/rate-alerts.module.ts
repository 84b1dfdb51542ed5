import type { AppModule } from "../../lib/module.ts";
import { rateAlertsRoutes } from "./rate-alerts.routes.ts";
import { rateAlertsOnPackageChange } from "./rate-alerts.service.ts";

/**
 * Rate alerts: the saver's alerts (`/me/rate-alerts`), told once per crossing when staff create or change
 * a package so that the best rate for a term reaches an alert's rate (subscribed to the package events).
 */
export const rateAlertsModule: AppModule = async (app) => {
  await app.register(rateAlertsRoutes);
  app.events.subscribe("package", rateAlertsOnPackageChange(app.messages));
};
