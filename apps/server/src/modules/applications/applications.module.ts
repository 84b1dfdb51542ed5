import type { AppModule } from "../../lib/module.ts";
import { applicationsRoutes } from "./applications.routes.ts";
import { applicationsAdminRoutes } from "./applications-admin.routes.ts";

/** Applications for a deposit: the saver's side and the back office's decision. */
export const applicationsModule: AppModule = async (app) => {
  await app.register(applicationsRoutes);
  await app.register(applicationsAdminRoutes);
};
