import type { AppModule } from "../../lib/module.ts";
import { messagesRoutes } from "./messages.routes.ts";

/** The saver's inbox, postbox documents and message preferences. */
export const messagesModule: AppModule = async (app) => {
  await app.register(messagesRoutes);
};
