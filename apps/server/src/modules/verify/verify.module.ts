import type { AppModule } from "../../lib/module.ts";
import { verifyRoutes } from "./verify.routes.ts";

/** The public check of transfer details (`/verify-transfer`): is an IBAN one of the partner accounts? */
export const verifyModule: AppModule = async (app) => {
  await app.register(verifyRoutes);
};
