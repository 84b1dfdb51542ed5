/**
 * API throughput: the compiled server's hot paths (a prerendered page, a page rendered with live data,
 * packages, calculate, me) against a bare Fastify route returning a constant JSON body, driven by
 * autocannon in the same run with the same connections and duration. Prints requests per second and p99
 * latency, each route's ratio to the bare route, and the server's start-up time and resident memory.
 *
 *   npm run bench:api                       (embedded database, and the PostgreSQL server when reachable)
 *   BENCH_DURATION=20 BENCH_CONNECTIONS=50 npm run bench:api
 */

import { spawn } from "node:child_process";
import os from "node:os";
import autocannon from "autocannon";
import {
  cpuMs,
  createPgDatabase,
  freePort,
  pgAvailable,
  repoRoot,
  residentMb,
  startServer,
  table,
  tempDir,
} from "./lib.ts";

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

let clientCounter = 0;

interface Result {
  rps: number;
  p99: number;
  non2xx: number;
  /** The machine's load average (1 minute) at the end of the run: other work skews the figures. */
  load: string;
  /** CPU time the serving process spent per answered request, in microseconds. */
  cpuUs: number | null;
}

async function drive(opts: {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** The process answering, for its CPU time per request. */
  pid?: number | undefined;
}): Promise<Result> {
  const cpuBefore = cpuMs(opts.pid);
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? "GET",
    body: opts.body,
    headers: { "content-type": "application/json", ...(opts.headers ?? {}) },
    connections,
    duration,
    pipelining: 1,
    // Each request from its own client address (the server trusts X-Forwarded-For here), so per-IP
    // rate limits (calculate: 120/min) measure the route, not the limiter's 429 answers.
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          clientCounter++;
          const a = clientCounter;
          return {
            ...req,
            headers: {
              ...(req.headers ?? {}),
              "x-forwarded-for": `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`,
            },
          };
        },
      },
    ],
  });
  const cpuAfter = cpuMs(opts.pid);
  const answered = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    load: (os.loadavg()[0] ?? 0).toFixed(1),
    cpuUs:
      cpuBefore !== null && cpuAfter !== null && answered > 0
        ? Math.round(((cpuAfter - cpuBefore) * 1000) / answered)
        : null,
  };
}

/** The bare route runs in its own process, like the API server, so neither shares autocannon's event loop. */
async function bareServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return {
    url: `http://127.0.0.1:${port}/bare`,
    pid: child.pid,
    close: async () => void child.kill("SIGTERM"),
  };
}

async function token(base: string): Promise<string | null> {
  const email = `bench-${Date.now()}@example.test`;
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bench-Passphrase-4711", full_name: "Bench User" }),
  });
  if (!res.ok) return null;
  return ((await res.json()) as { access_token: string }).access_token;
}

const startup: Array<Record<string, string | number>> = [];
const cpuRatio = (bare: Result, route: Result) =>
  bare.cpuUs && route.cpuUs ? (bare.cpuUs / route.cpuUs).toFixed(2) : "-";
const CALCULATE_BODY = JSON.stringify({
  amount: 10000,
  duration_months: 12,
  interest_rate: 3.5,
  currency: "EUR",
});

async function runAgainst(
  label: string,
  env: Record<string, string>,
  bare: { url: string; pid: number | undefined },
) {
  // A first start creates the database; the restart on that data is what a deploy or a crash costs.
  const first = await startServer({ ...env, TRUST_PROXY: "1" });
  const firstMb = residentMb(first.child.pid);
  await first.stop();
  const server = await startServer({ ...env, TRUST_PROXY: "1" });
  const readyMb = residentMb(server.child.pid);
  try {
    const base = server.url;
    const bearer = await token(base);
    // Warm up caches and JIT on every path before measuring.
    for (let i = 0; i < 200; i++) await fetch(`${base}/api/packages`);
    const rows: Array<Record<string, string | number>> = [];
    const bareResult = await drive({ url: bare.url, pid: bare.pid });
    rows.push({
      database: label,
      route: "bare Fastify (constant JSON)",
      "req/s": bareResult.rps,
      "p99 ms": bareResult.p99,
      ratio: "1.00",
      "to bare POST": "",
      "non-2xx": bareResult.non2xx,
      "CPU µs/req": bareResult.cpuUs ?? "-",
      "CPU ratio": "1.00",
      load: bareResult.load,
    });
    // The same with a JSON body read and parsed: what a POST costs before any route runs.
    const barePost = await drive({ url: bare.url, method: "POST", body: CALCULATE_BODY, pid: bare.pid });
    rows.push({
      database: label,
      route: "bare Fastify POST (JSON body parsed)",
      "req/s": barePost.rps,
      "p99 ms": barePost.p99,
      ratio: (barePost.rps / bareResult.rps).toFixed(2),
      "to bare POST": "1.00",
      "non-2xx": barePost.non2xx,
      "CPU µs/req": barePost.cpuUs ?? "-",
      "CPU ratio": cpuRatio(bareResult, barePost),
      load: barePost.load,
    });
    // What a browser sends for a page: it accepts brotli, and the server sends the precompressed file.
    const page = { accept: "text/html", "accept-encoding": "br, gzip" };
    const cases: Array<{ route: string; opts: Parameters<typeof drive>[0] }> = [
      { route: "GET /en (prerendered page)", opts: { url: `${base}/en`, headers: page } },
      { route: "GET /de/packages (live page)", opts: { url: `${base}/de/packages`, headers: page } },
      { route: "GET /api/packages", opts: { url: `${base}/api/packages` } },
      {
        route: "POST /api/calculate",
        opts: {
          url: `${base}/api/calculate`,
          method: "POST",
          body: CALCULATE_BODY,
        },
      },
    ];
    if (bearer)
      cases.push({
        route: "GET /api/auth/me",
        opts: { url: `${base}/api/auth/me`, headers: { authorization: `Bearer ${bearer}` } },
      });
    for (const c of cases) {
      const r = await drive({ ...c.opts, pid: server.child.pid });
      rows.push({
        database: label,
        route: c.route,
        "req/s": r.rps,
        "p99 ms": r.p99,
        ratio: (r.rps / bareResult.rps).toFixed(2),
        "to bare POST": c.opts.method === "POST" ? (r.rps / barePost.rps).toFixed(2) : "",
        "non-2xx": r.non2xx,
        "CPU µs/req": r.cpuUs ?? "-",
        // CPU time per request of the bare route of the same method over this route's: like the ratio of
        // requests per second, but not moved by waiting for a core.
        "CPU ratio": cpuRatio(c.opts.method === "POST" ? barePost : bareResult, r),
        load: r.load,
      });
    }
    if (!bearer)
      rows.push({
        database: label,
        route: "GET /api/auth/me",
        "req/s": "-",
        "p99 ms": "-",
        ratio: "registration unavailable",
        "to bare POST": "",
        "non-2xx": "-",
        "CPU µs/req": "-",
        "CPU ratio": "-",
        load: "-",
      });
    startup.push({
      database: label,
      "first start ms": first.readyMs,
      "restart ms": server.readyMs,
      "RSS after first start MB": firstMb ?? "-",
      "RSS after restart MB": readyMb ?? "-",
      "RSS after the run MB": residentMb(server.child.pid) ?? "-",
    });
    return rows;
  } finally {
    await server.stop();
  }
}

const bare = await bareServer();
console.log(
  `autocannon: ${connections} connections, ${duration} s per route, pipelining 1; ` +
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores\n`,
);
const rows = await runAgainst("embedded (PGlite)", { DATA_DIR: tempDir("festgeld-bench-") }, bare);
if (await pgAvailable()) {
  const db = await createPgDatabase();
  try {
    rows.push(
      ...(await runAgainst(
        "PostgreSQL server",
        { DATABASE_URL: db.url, DATA_DIR: tempDir("festgeld-bench-") },
        bare,
      )),
    );
  } finally {
    await db.drop();
  }
} else {
  console.log("PostgreSQL server not reachable: measured the embedded database only.");
}
await bare.close();
table(rows);
console.log("\nStart-up of the compiled server (time until /api/ready answers) and its resident memory:");
table(startup);
