import type { AppModule } from "../../lib/module.ts";
import { notificationsRoutes } from "./notifications.routes.ts";

/** Notifications to all users (the outbox worker is run by the mailer plugin). */
export const notificationsModule: AppModule = async (app) => {
  await app.register(notificationsRoutes);
};
