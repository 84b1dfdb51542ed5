import type { AppModule } from "../../lib/module.ts";
import { healthRoutes } from "./health.routes.ts";

/** Liveness and readiness. */
export const healthModule: AppModule = async (app) => {
  await app.register(healthRoutes);
};
