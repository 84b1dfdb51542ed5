import type { AppModule } from "../../lib/module.ts";
import { banksRoutes } from "./banks.routes.ts";
import { seedMissingAccounts } from "./banks.service.ts";

/**
 * The partner banks. At start-up a seeded bank without a receiving account of its own gets the
 * configured PARTNER_BANK_* account (docs/decisions.md "Partner banks as data").
 */
export const banksModule: AppModule = async (app) => {
  try {
    await seedMissingAccounts(app.db, app.depositSettings.defaultBank);
  } catch (error) {
    // An app built on a database that was never migrated (the OpenAPI dump) has no banks to seed.
    if ((error as { code?: unknown }).code !== UNDEFINED_TABLE) throw error;
  }
  await app.register(banksRoutes);
};

/** PostgreSQL's "relation does not exist". */
const UNDEFINED_TABLE = "42P01";
