import type { AppModule } from "../../lib/module.ts";
import { accountSecurityRoutes } from "./account-security.routes.ts";
import { authRoutes } from "./auth.routes.ts";
import { passkeyRoutes } from "./passkey.routes.ts";
import { staffToolsRoutes } from "./staff-tools.routes.ts";

/** Accounts and sign-in: registration, sessions, account security, passkeys, staff tools. */
export const authModule: AppModule = async (app) => {
  await app.register(authRoutes);
  await app.register(accountSecurityRoutes);
  await app.register(passkeyRoutes);
  await app.register(staffToolsRoutes);
};
