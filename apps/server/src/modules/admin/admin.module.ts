import type { AppModule } from "../../lib/module.ts";
import { adminRoutes } from "./admin.routes.ts";

/** The back office's users and analytics. */
export const adminModule: AppModule = async (app) => {
  await app.register(adminRoutes);
};
