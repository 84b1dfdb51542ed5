import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { migrate } from "../src/db/migrate.ts";
import { createTestDatabase } from "./helpers/app.ts";

describe("migrations", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it("applies once; running again changes nothing and does not duplicate the seeded packages", async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    expect(await migrate(database)).toEqual([]);
    const { count } = await database.db
      .selectFrom("packages")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(5);
  });

  it("0180 moves existing packages, the admin's own included, to the brand's banks by term", async () => {
    const { database, drop } = await createTestDatabase();
    cleanups.push(drop);
    const db = database.db;
    // Back to the state before 0180, with packages staff added meanwhile (one withdrawn).
    for (const statement of [
      "alter table packages drop column bank_id",
      "drop table banks",
      "delete from schema_migrations where version = '0180_banks'",
      `insert into packages (duration_months, interest_rate, min_amount, max_amount, features, is_active)
       values (24, 4.10, 10000, 500000, '{"en": ["x"], "de": ["x"], "fr": ["x"]}', true),
              (6, 2.90, 1000, 50000, '{"en": ["y"], "de": ["y"], "fr": ["y"]}', false)`,
    ]) {
      await sql.raw(statement).execute(db);
    }
    expect(await migrate(database)).toEqual(["0180_banks"]);
    const rows = await db
      .selectFrom("packages")
      .innerJoin("banks", "banks.id", "packages.bank_id")
      .select(["packages.duration_months", "banks.slug"])
      .orderBy("packages.duration_months")
      .execute();
    expect(rows).toHaveLength(7);
    for (const row of rows) {
      expect(row.slug, `${row.duration_months} months`).toBe(
        row.duration_months >= 24 ? "beispiel-sparbank" : "demo-partnerbank",
      );
    }
    // Running again changes nothing.
    expect(await migrate(database)).toEqual([]);
  });
});
