import { ADMIN_SEARCH_COUNT_BOUND, type User } from "@festgeld/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin } from "./helpers/factories.ts";

// docs/decisions.md "A broad search counts up to a bound": a search that matches more accounts than
// ADMIN_SEARCH_COUNT_BOUND answers the bound as its total, says so, and pages only within it.
describe("GET /api/admin/users?search= past the count bound", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  const broad = ADMIN_SEARCH_COUNT_BOUND + 25;
  const base = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.app);
    // Account n is n minutes younger than the first: the newest has the highest number.
    await sql`
      insert into users (email, password_hash, full_name, created_at, updated_at)
      select 'saver' || n || '@broad.test', 'x', 'Saver ' || n,
             ${new Date(base).toISOString()}::timestamptz + make_interval(mins => n),
             ${new Date(base).toISOString()}::timestamptz
      from generate_series(1, ${broad}) as n
    `.execute(t.app.db);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/users${query}`,
      headers: admin.headers,
    });
    expect(res.statusCode, query).toBe(200);
    return {
      emails: (res.json() as User[]).map((u) => u.email),
      total: Number(res.headers["x-total-count"]),
      capped: res.headers["x-total-count-capped"],
    };
  };

  it("counts a broad search up to the bound and says there are more", async () => {
    const first = await list("?search=broad.test&limit=3");
    expect(first).toEqual({
      emails: [`saver${broad}@broad.test`, `saver${broad - 1}@broad.test`, `saver${broad - 2}@broad.test`],
      total: ADMIN_SEARCH_COUNT_BOUND,
      capped: "true",
    });
  });

  it("pages up to the bound in the list's order, and no further", async () => {
    const last = await list(`?search=broad.test&limit=50&offset=${ADMIN_SEARCH_COUNT_BOUND - 2}`);
    // The bound-th newest match is account broad - bound + 1; a page never crosses the bound.
    expect(last.emails).toEqual([
      `saver${broad - ADMIN_SEARCH_COUNT_BOUND + 2}@broad.test`,
      `saver${broad - ADMIN_SEARCH_COUNT_BOUND + 1}@broad.test`,
    ]);
    expect(last.capped).toBe("true");
    const beyond = await list(`?search=broad.test&offset=${ADMIN_SEARCH_COUNT_BOUND}`);
    expect(beyond).toEqual({ emails: [], total: ADMIN_SEARCH_COUNT_BOUND, capped: "true" });
  });

  it("counts exactly, without the header, at or below the bound and without a search", async () => {
    expect(await list("?search=saver424@&limit=5")).toEqual({
      emails: ["saver424@broad.test"],
      total: 1,
      capped: undefined,
    });
    // saver1@, saver1x@, saver1xx@ and saver1000@ to saver1025@: every number in range starting with 1.
    const ones = await list("?search=saver1&limit=1");
    expect(ones.capped).toBeUndefined();
    expect(ones.total).toBe(1 + 10 + 100 + (broad - 1000 + 1));
    const all = await list("?limit=1");
    expect(all.total).toBe(broad + 1);
    expect(all.capped).toBeUndefined();
  });
});
