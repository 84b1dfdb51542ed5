import type { AppModule } from "../../lib/module.ts";
import { documentsRoutes } from "./documents.routes.ts";

/** The saver's documents. */
export const documentsModule: AppModule = async (app) => {
  await app.register(documentsRoutes);
};
