import fc from "fast-check";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";

/**
 * Hostile input: for every operation in the OpenAPI document, send generated malformed bodies,
 * queries, headers and paths, without a token, as a user and as an admin. Every answer must be below
 * 500, every error must carry the {detail, code} shape, and rejected requests must not change the
 * database. HOSTILE_RUNS sets the cases per operation and identity (default 12 to keep CI short).
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

const POLLUTION_KEYS = ["__proto__", "constructor", "prototype", "role", "kycStatus", "id", "is_admin"];
const oddStrings = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "../../etc/passwd",
    "%2e%2e%2f",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "\u202e\u0645\u0631\u062d\u0628\u0627",
    "𝕳𝖊𝖑𝖑𝖔",
    "NaN",
    "-1",
    "1e309",
    "9".repeat(400),
    "a".repeat(10_000),
  ),
);
const scalar = fc.oneof(oddStrings, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const deep = fc.integer({ min: 50, max: 2000 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
});
const jsonBody = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(
    fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 12 })),
    fc.oneof(scalar, fc.jsonValue({ maxDepth: 2 })),
    {
      maxKeys: 8,
    },
  ),
  deep,
  fc.array(scalar, { maxLength: 50 }),
);
const rawBody = fc.oneof(
  jsonBody.map((v) => ({ payload: JSON.stringify(v) ?? "null", type: "application/json" })),
  // Prototype-pollution keys must arrive literally, which JSON.stringify of an object cannot produce.
  fc.constant({
    payload: '{"__proto__":{"role":"admin","polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    type: "application/json",
  }),
  oddStrings.map((s) => ({ payload: s, type: "application/json" })),
  oddStrings.map((s) => ({
    payload: s,
    type:
      fc.sample(
        fc.constantFrom(
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=x",
          "application/xml",
          "\u0000/\u0001",
        ),
        1,
      )[0] ?? "text/plain",
  })),
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom("limit", "offset", "lang", "role", "kyc_status", "status", "search", ...POLLUTION_KEYS),
    fc.string({ maxLength: 8 }),
  ),
  oddStrings,
  {
    maxKeys: 5,
  },
);
const pathParam = fc.oneof(
  fc.uuid(),
  oddStrings.filter((s) => s.length > 0 && s.length < 300),
);
const headers = fc.record(
  {
    "accept-language": oddStrings.filter((s) => /^[\x20-\x7e]*$/.test(s)),
    accept: fc.constantFrom("*/*", "text/html", "application/json;q=0", "garbage"),
  },
  { requiredKeys: [] },
);

let t: TestApp;
let identities: Array<{ name: string; headers: Record<string, string> }>;
let tables: string[];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(
      t.app.db,
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await createUser(t.app);
  const admin = await createAdmin(t.app);
  identities = [
    { name: "anonymous", headers: {} },
    { name: "user", headers: user.headers },
    { name: "admin", headers: admin.headers },
  ];
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name <> 'schema_migrations'`.execute(
    t.app.db,
  );
  tables = rows.map((r) => r.table_name);
});
afterAll(() => t.close());

describe("hostile input against every documented operation", () => {
  it("never answers 5xx, always answers errors in shape, and rejected requests change nothing", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json() as {
      servers: Array<{ url: string }>;
      paths: Record<string, Record<string, unknown>>;
    };
    const base = doc.servers[0]?.url ?? "";
    const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
      Object.keys(methods)
        .filter((m) => ["get", "post", "put", "patch", "delete"].includes(m))
        .map((m) => ({ path: p, method: m.toUpperCase() })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(3);
    const failures: string[] = [];

    for (const op of operations) {
      for (const identity of identities) {
        const before = await rowCounts();
        let accepted = 0;
        await fc.assert(
          fc.asyncProperty(pathParam, query, headers, rawBody, async (param, q, h, body) => {
            const url = `${base}${op.path}`.replace(/\{[^}]+\}/g, () => encodeURIComponent(param));
            const res = await t.app.inject({
              method: op.method as "GET",
              url,
              query: q,
              headers: {
                ...h,
                ...identity.headers,
                ...(op.method === "GET" || op.method === "DELETE" ? {} : { "content-type": body.type }),
              },
              ...(op.method === "GET" || op.method === "DELETE" ? {} : { payload: body.payload }),
            });
            const label = `${identity.name} ${op.method} ${op.path} -> ${res.statusCode}`;
            if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 200)}`);
            if (res.statusCode < 400) {
              accepted++;
              return;
            }
            let parsed: unknown;
            try {
              parsed = res.json();
            } catch {
              failures.push(`${label}: not JSON: ${res.body.slice(0, 100)}`);
              return;
            }
            const shape = parsed as { detail?: unknown; code?: unknown };
            if (typeof shape.detail !== "string" || typeof shape.code !== "string")
              failures.push(`${label}: bad error shape ${res.body.slice(0, 100)}`);
            if (/at .+\.(ts|js):\d+/.test(res.body)) failures.push(`${label}: stack trace leaked`);
          }),
          { numRuns: RUNS, seed: 4711 },
        );
        if (accepted === 0) {
          const after = await rowCounts();
          if (JSON.stringify(after) !== JSON.stringify(before)) {
            failures.push(
              `${identity.name} ${op.method} ${op.path}: rejected requests changed row counts ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });
});
