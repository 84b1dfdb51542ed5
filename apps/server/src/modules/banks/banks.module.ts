import type { AppModule } from "../../lib/module.ts";
import { banksRoutes } from "./banks.routes.ts";
import { seedMissingAccounts } from "./banks.service.ts";

/**
 * The partner banks. At start-up a seeded bank without a receiving account of its own gets the
 * configured PARTNER_BANK_* account (docs/decisions.md "Partner banks as data").
 */
export const banksModule: AppModule = async (app) => {
  await seedMissingAccounts(app.db, app.depositSettings.defaultBank);
  await app.register(banksRoutes);
};
