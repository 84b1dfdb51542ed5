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
});
