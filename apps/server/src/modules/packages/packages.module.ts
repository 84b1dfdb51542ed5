import type { AppModule } from "../../lib/module.ts";
import { packagesRoutes } from "./packages.routes.ts";
import { packagesAdminRoutes } from "./packages-admin.routes.ts";

/** The packages on offer, and their upkeep in the back office. */
export const packagesModule: AppModule = async (app) => {
  await app.register(packagesRoutes);
  await app.register(packagesAdminRoutes);
};
