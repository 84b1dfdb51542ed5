/**
 * Load and durability: 200 concurrent clients for 60 seconds mix reads (packages, calculator) with
 * application submissions; every acknowledged (201) submission is recorded. Half-way through, the
 * server is killed with SIGKILL and started again on the same data. At the end every acknowledged
 * application must be in the database, and no request may have had a 5xx before the kill.
 * Runs on the embedded database and, when reachable, on the PostgreSQL server.
 *
 *   npm run bench:load                     (LOAD_CLIENTS=200 LOAD_SECONDS=60 by default)
 */
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import {
  createPgDatabase,
  freePort,
  pgAvailable,
  type RunningServer,
  startServer,
  table,
  tempDir,
} from "./lib.ts";

const CLIENTS = Number(process.env.LOAD_CLIENTS ?? 200);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);

interface Stats {
  requests: number;
  acknowledged: string[];
  status: Record<string, number>;
  fiveXxBeforeKill: number;
  fiveXxAfterRestart: number;
  networkErrors: number;
}

function ibanFor(i: number) {
  // A valid German IBAN (DE + check digits + 18 digits), computed with the mod-97 rule.
  const bban = `37040044${String(532013000 + (i % 1000)).padStart(10, "0")}`;
  const numeric = `${bban}131400`; // D=13, E=14, then "00"
  const check = 98 - Number(BigInt(numeric) % 97n);
  return `DE${String(check).padStart(2, "0")}${bban}`;
}

async function run(label: string, env: Record<string, string>, verify: (ids: string[]) => Promise<number>) {
  const port = await freePort();
  let server: RunningServer = await startServer({ ...env, TRUST_PROXY: "1" }, port);
  const base = server.url;
  const packages = (await (await fetch(`${base}/api/packages`)).json()) as Array<{
    id: string;
    duration_months: number;
    min_amount: number;
  }>;
  const chosen = packages.find((p) => p.duration_months === 12) ?? packages[0];
  if (!chosen) throw new Error("no packages");
  const pkg = chosen;

  const stats: Stats = {
    requests: 0,
    acknowledged: [],
    status: {},
    fiveXxBeforeKill: 0,
    fiveXxAfterRestart: 0,
    networkErrors: 0,
  };
  let phase: "before" | "down" | "after" = "before";
  const end = Date.now() + SECONDS * 1000;

  async function client(n: number) {
    const ip = `10.${(n >> 8) & 255}.${n & 255}.${1 + (n % 250)}`;
    let i = 0;
    while (Date.now() < end) {
      i++;
      const roll = (n * 7919 + i * 104729) % 10;
      let res: Response;
      try {
        if (roll < 4) {
          res = await fetch(`${base}/api/packages`, { headers: { "x-forwarded-for": ip } });
        } else if (roll < 7) {
          res = await fetch(`${base}/api/calculate`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": ip },
            body: JSON.stringify({
              amount: 1000 + i,
              duration_months: 12,
              interest_rate: 3.5,
              currency: "EUR",
            }),
          });
        } else {
          res = await fetch(`${base}/api/applications`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": ip },
            body: JSON.stringify({
              full_name: `Load Client ${n}`,
              email: `load-${n}-${i}@example.test`,
              phone: "+49 30 1234567",
              amount: pkg.min_amount + i,
              package_id: pkg.id,
              message: "",
              reference_iban: ibanFor(n),
              maturity_instruction: "payout",
              info_sheet_acknowledged: true,
            }),
          });
          if (res.status === 201) {
            const body = (await res.json()) as { id?: string };
            if (body.id) stats.acknowledged.push(body.id);
          }
        }
        stats.requests++;
        stats.status[res.status] = (stats.status[res.status] ?? 0) + 1;
        if (res.status >= 500) {
          if (phase === "before") stats.fiveXxBeforeKill++;
          else stats.fiveXxAfterRestart++;
        }
        if (!res.bodyUsed) await res.arrayBuffer();
      } catch {
        stats.networkErrors++;
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  }

  const clients = Array.from({ length: CLIENTS }, (_, n) => client(n));
  await new Promise((r) => setTimeout(r, (SECONDS * 1000) / 2));
  const acknowledgedAtKill = stats.acknowledged.length;
  phase = "down";
  await server.stop("SIGKILL");
  const killedAt = Date.now();
  server = await startServer({ ...env, TRUST_PROXY: "1" }, port);
  const downtimeMs = Date.now() - killedAt;
  phase = "after";
  await Promise.all(clients);
  await server.stop("SIGTERM");

  const found = await verify(stats.acknowledged);
  return {
    database: label,
    requests: stats.requests,
    "201 acknowledged": stats.acknowledged.length,
    "ack at kill": acknowledgedAtKill,
    "found after restart": found,
    missing: stats.acknowledged.length - found,
    "5xx before kill": stats.fiveXxBeforeKill,
    "5xx after restart": stats.fiveXxAfterRestart,
    "network errors": stats.networkErrors,
    "restart ms": downtimeMs,
    statuses: Object.entries(stats.status)
      .map(([k, v]) => `${k}:${v}`)
      .join(" "),
  };
}

const results: Array<Record<string, string | number>> = [];
const dataDir = tempDir("festgeld-load-");
results.push(
  await run("embedded (PGlite)", { DATA_DIR: dataDir }, async (ids) => {
    const db = await PGlite.create(`${dataDir}/pgdata`);
    const unique = [...new Set(ids)];
    let found = 0;
    for (let i = 0; i < unique.length; i += 1000) {
      const { rows } = await db.query<{ n: number }>(
        "select count(*)::int as n from applications where id = any($1::uuid[])",
        [unique.slice(i, i + 1000)],
      );
      found += Number(rows[0]?.n ?? 0);
    }
    await db.close();
    return found;
  }),
);
if (await pgAvailable()) {
  const pgdb = await createPgDatabase("festgeld_load");
  try {
    results.push(
      await run(
        "PostgreSQL server",
        { DATABASE_URL: pgdb.url, DATA_DIR: tempDir("festgeld-load-") },
        async (ids) => {
          const client = new pg.Client({ connectionString: pgdb.url });
          await client.connect();
          const { rows } = await client.query(
            "select count(*)::int as n from applications where id = any($1::uuid[])",
            [[...new Set(ids)]],
          );
          await client.end();
          return Number(rows[0]?.n ?? 0);
        },
      ),
    );
  } finally {
    await pgdb.drop();
  }
}
console.log(`\n${CLIENTS} clients, ${SECONDS} s, SIGKILL at ${SECONDS / 2} s, restart on the same data\n`);
table(results);
const bad = results.some((r) => Number(r.missing) !== 0 || Number(r["5xx before kill"]) !== 0);
if (bad) {
  console.error("\nFAIL: an acknowledged application was lost or a request got a 5xx before the kill");
  process.exit(1);
}
console.log("\nOK: every acknowledged application survived the kill; no 5xx before it");
