import type { AppModule } from "../../lib/module.ts";
import { kycRoutes } from "./kyc.routes.ts";

/** Identity documents: upload and review. */
export const kycModule: AppModule = async (app) => {
  await app.register(kycRoutes);
};
