import type { AppModule } from "../../lib/module.ts";
import { auditRoutes } from "./audit.routes.ts";

/** The back office's audit log. */
export const auditModule: AppModule = async (app) => {
  await app.register(auditRoutes);
};
