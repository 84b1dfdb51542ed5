import type { AppModule } from "../../lib/module.ts";
import { contactRoutes } from "./contact.routes.ts";

/** The contact form. */
export const contactModule: AppModule = async (app) => {
  await app.register(contactRoutes);
};
