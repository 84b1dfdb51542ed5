import type { AppModule } from "../../lib/module.ts";
import { docsRoutes } from "./docs.routes.ts";

/** The published OpenAPI document. */
export const docsModule: AppModule = async (app) => {
  await app.register(docsRoutes);
};
