import type { AppModule } from "../../lib/module.ts";
import { laddersRoutes } from "./ladders.routes.ts";

/**
 * Deposit ladders (`/ladders`): one application per rung, linked by the ladder; each rung renews into
 * the ladder's longest term at maturity (the maturity job reads that term from the deposit).
 */
export const laddersModule: AppModule = async (app) => {
  await app.register(laddersRoutes);
};
