import { vi } from "vitest";

// The files of vitest.config.ts's DATABASE_INDEPENDENT list run only on the embedded database pass:
// opening a database in one of them is an error, so that the list cannot hide a test from PostgreSQL.
vi.mock("../../src/db/database.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/db/database.ts")>();
  const refuse = (): never => {
    throw new Error(
      "this test file is listed as database-independent (vitest.config.ts DATABASE_INDEPENDENT) but opens a database: take it off the list",
    );
  };
  return { ...actual, openDatabase: refuse, openPGlite: refuse, openPostgres: refuse };
});
