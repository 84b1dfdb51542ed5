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
    "0000-01-01",
    "2027-02-30",
    "9999-12-31",
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
    fc.constantFrom(
      "limit",
      "offset",
      "lang",
      "role",
      "kyc_status",
      "status",
      "search",
      "date",
      "maturity_from",
      "maturity_to",
      ...POLLUTION_KEYS,
    ),
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

/** The row count of every table, in one statement (a query per table made most of this file's time). */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string; n: number }>`${sql.join(
    tables.map((table) => sql`select ${sql.lit(table)} as name, count(*)::int as n from ${sql.table(table)}`),
    sql` union all `,
  )}`.execute(t.app.db);
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.name] = Number(row.n);
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

    // What the tables held before each operation and identity: the counts after the one before.
    let before = await rowCounts();
    for (const op of operations) {
      for (const identity of identities) {
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
        const after = await rowCounts();
        if (accepted === 0 && JSON.stringify(after) !== JSON.stringify(before)) {
          failures.push(
            `${identity.name} ${op.method} ${op.path}: rejected requests changed row counts ${JSON.stringify(before)} -> ${JSON.stringify(after)}`,
          );
        }
        before = after;
      }
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    // Every operation three times over RUNS cases: minutes on a busy machine.
  }, 900_000);
});

/** Dates no saver or clerk means: before/after CALENDAR_YEARS, impossible days, other notations. */
const HOSTILE_DATES = [
  "0000-01-01",
  "0001-01-01",
  "1899-12-31",
  "2200-01-01",
  "9999-12-31",
  "2027-02-30",
  "2023-02-29",
  "2024-13-01",
  "2024-00-10",
  "2024-1-1",
  "+02024-01-01",
  "2024-02-29T00:00:00Z",
  "",
];

type DateField = { operation: string; method: string; path: string; in: "query" | "body"; field: string[] };

/** Every place the published contract takes a date (format "date"), found in the OpenAPI document. */
function dateFields(doc: {
  paths: Record<
    string,
    Record<string, { operationId: string; parameters?: unknown[]; requestBody?: unknown }>
  >;
  components?: { schemas?: Record<string, unknown> };
}): DateField[] {
  type Node = Record<string, unknown>;
  const resolve = (node: unknown): Node => {
    const ref = (node as Node | undefined)?.$ref;
    if (typeof ref === "string") return resolve(doc.components?.schemas?.[ref.split("/").pop() ?? ""]);
    return (node ?? {}) as Node;
  };
  const found: DateField[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const add = (where: "query" | "body", field: string[]) =>
        found.push({ operation: op.operationId, method: method.toUpperCase(), path, in: where, field });
      for (const p of (op.parameters ?? []) as Array<{ name: string; in: string; schema?: unknown }>) {
        if (p.in === "query" && resolve(p.schema).format === "date") add("query", [p.name]);
      }
      const walk = (node: unknown, at: string[]) => {
        const n = resolve(node);
        if (n.format === "date") add("body", at);
        for (const [k, v] of Object.entries((n.properties ?? {}) as Node)) walk(v, [...at, k]);
        for (const k of ["anyOf", "oneOf", "allOf"]) for (const c of (n[k] ?? []) as unknown[]) walk(c, at);
      };
      const body = (op.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)
        ?.content;
      if (body?.["application/json"]) walk(body["application/json"].schema, []);
    }
  }
  return found;
}

/**
 * A request per operation that is valid but for the date put into it, so that the date is the only
 * problem the answer can name. A new operation taking a date fails the test until it is listed here.
 */
const VALID_EXCEPT_DATE: Record<
  string,
  { as: "user" | "admin" | "anonymous"; body?: Record<string, unknown>; query?: Record<string, string> }
> = {
  adminDepositsList: { as: "admin" },
  ledgerTrialBalance: { as: "admin" },
  ledgerReconciliation: { as: "admin", query: { account: "DE89370400440532013000" } },
  ledgerHoldingsStatement: { as: "user", body: {} },
  adminDepositsFund: { as: "admin", body: { amount: 1000, payer_iban: "DE89370400440532013000" } },
  adminBanksUpdate: { as: "admin", body: { country_rating: { rating: "AAA", source: "S&P" } } },
  adminBanksCreate: {
    as: "admin",
    body: {
      name: "Drittbank AG",
      slug: "drittbank-dates",
      country: "AT",
      city: "Wien",
      bic: "DRTBATWWXXX",
      supervisor: "FMA",
      register_entry: "FN 000000x (fictional)",
      scheme: { name: "Einlagensicherung AUSTRIA Ges.m.b.H." },
      info_sheet: { en: "Protected.", de: "Geschützt.", fr: "Protégé." },
      country_rating: { rating: "AA+", source: "Fictional rating" },
      account: { holder: "Drittbank AG", iban: "AT611904300234573201", bic: "DRTBATWWXXX" },
    },
  },
  kycProfilePut: {
    as: "user",
    body: {
      place_of_birth: "Berlin",
      nationality: "DE",
      address: { street: "Hauptstr. 1", postcode: "10115", city: "Berlin", country: "DE" },
      tax_residency: "DE",
      tax_id: "86095742719",
      is_pep: false,
    },
  },
  identWebhook: {
    as: "anonymous",
    body: {
      reference: "00000000-0000-4000-8000-000000000000",
      provider_reference: "x",
      method: "eid",
      result: "verified",
    },
  },
};

function withValue(body: Record<string, unknown>, field: string[], value: string): Record<string, unknown> {
  const [head, ...rest] = field;
  if (head === undefined) return body;
  const inner = (body[head] ?? {}) as Record<string, unknown>;
  return { ...body, [head]: rest.length === 0 ? value : withValue(inner, rest, value) };
}

describe("dates in every operation that takes one", () => {
  it("answers 400 invalid_date for impossible days and years outside the sane range, and changes nothing", async () => {
    const doc = (await t.app.inject("/api/openapi.json")).json() as Parameters<typeof dateFields>[0] & {
      servers: Array<{ url: string }>;
    };
    const base = doc.servers[0]?.url ?? "";
    const fields = dateFields(doc);
    // Identities of its own: the fuzz above ends sessions (logout, password change) as it goes.
    const byName: Record<string, Record<string, string>> = {
      anonymous: {},
      admin: (await createAdmin(t.app)).headers,
    };
    expect(fields.map((f) => f.operation).sort()).toEqual(
      expect.arrayContaining(["ledgerHoldingsStatement"]),
    );
    const failures: string[] = [];
    // A saver of their own per request: some operations are limited per account (holdings statements).
    const userRequests =
      fields.filter((f) => VALID_EXCEPT_DATE[f.operation]?.as === "user").length * HOSTILE_DATES.length;
    const savers: Array<Record<string, string>> = [];
    for (let i = 0; i < userRequests; i++) savers.push((await createUser(t.app)).headers);
    const before = await rowCounts();
    for (const f of fields) {
      const setup = VALID_EXCEPT_DATE[f.operation];
      if (!setup) {
        failures.push(
          `${f.operation} takes a date (${f.field.join(".")}) but has no entry in VALID_EXCEPT_DATE`,
        );
        continue;
      }
      for (const date of HOSTILE_DATES) {
        const url = `${base}${f.path}`.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000001");
        const res = await t.app.inject({
          method: f.method as "GET",
          url,
          headers: setup.as === "user" ? (savers.pop() ?? {}) : (byName[setup.as] ?? {}),
          query: { ...setup.query, ...(f.in === "query" ? { [f.field[0] ?? ""]: date } : {}) },
          ...(f.in === "body" ? { payload: withValue(setup.body ?? {}, f.field, date) } : {}),
        });
        const code = res.statusCode < 500 ? (res.json() as { code?: string }).code : undefined;
        if (res.statusCode !== 400 || code !== "invalid_date")
          failures.push(
            `${f.operation} ${f.field.join(".")}=${JSON.stringify(date)} -> ${res.statusCode} ${code}`,
          );
      }
    }
    expect(failures).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });
});
