/**
 * API throughput: the compiled server's hot paths (a prerendered page, a page rendered with live data,
 * packages, calculate, me) against a bare Fastify route returning a constant JSON body, driven by
 * autocannon in the same run with the same connections. Each route is measured in alternating rounds
 * (bare route of the same method, the same bytes replayed, the route; BENCH_ROUNDS times), so a machine
 * whose speed drifts moves all three alike. Prints requests per second and p99 latency, each route's
 * ratio to the bare route, its ratio to "the same bytes" (a bare Fastify route answering exactly the
 * status, headers and body the platform answered: what sending them costs without any of the platform's
 * work), the CPU time per request, and the server's start-up time and resident memory.
 *
 *   npm run bench:api                       (embedded database, and the PostgreSQL server when reachable)
 *   BENCH_DURATION=12 BENCH_ROUNDS=3 BENCH_CONNECTIONS=50 npm run bench:api   (seconds per route, all rounds)
 *   BENCH_ROUTES=calculate,me BENCH_DATABASES=embedded npm run bench:api      (only routes whose name holds
 *     one of the words; only the embedded database, or `server` for only the PostgreSQL server)
 */

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
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

const duration = Number(process.env.BENCH_DURATION ?? 12);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const routeWords = (process.env.BENCH_ROUTES ?? "").split(",").filter(Boolean);
const databases = process.env.BENCH_DATABASES ?? "embedded,server";

let clientCounter = 0;

/** One route's rounds added up. */
interface Tally {
  requests: number;
  seconds: number;
  /** The highest p99 latency of the rounds. */
  p99: number;
  non2xx: number;
  cpuMs: number | null;
  /** The machine's load average (1 minute) after the last round: other work skews the figures. */
  load: string;
}

const emptyTally = (): Tally => ({ requests: 0, seconds: 0, p99: 0, non2xx: 0, cpuMs: 0, load: "-" });
const rps = (t: Tally) => (t.seconds > 0 ? t.requests / t.seconds : 0);
/** CPU time the serving process spent per answered request, in microseconds. */
const cpuUs = (t: Tally) =>
  t.cpuMs !== null && t.requests > 0 ? Math.round((t.cpuMs * 1000) / t.requests) : null;

interface Target {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  headers?: Record<string, string>;
  /** The process answering, for its CPU time per request. */
  pid?: number | undefined;
}

/** One round of `seconds` against the target, added to its tally. */
async function drive(target: Target, seconds: number, tally: Tally): Promise<void> {
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon({
    url: target.url,
    method: target.method ?? "GET",
    body: target.body,
    headers: { "content-type": "application/json", ...(target.headers ?? {}) },
    connections,
    duration: seconds,
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
  const cpuAfter = cpuMs(target.pid);
  tally.requests += result.requests.total;
  tally.seconds += result.duration;
  tally.p99 = Math.max(tally.p99, result.latency.p99);
  tally.non2xx += result.non2xx;
  tally.cpuMs =
    tally.cpuMs !== null && cpuBefore !== null && cpuAfter !== null
      ? tally.cpuMs + cpuAfter - cpuBefore
      : null;
  tally.load = (os.loadavg()[0] ?? 0).toFixed(1);
}

/** A bare Fastify process (bench/bare-server.ts), replaying recorded answers when given them. */
async function bareServer(replayFile?: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bare-server.ts"], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), ...(replayFile ? { REPLAY_FILE: replayFile } : {}) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve) => child.stdout?.once("data", () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid,
    close: async () => void child.kill("SIGTERM"),
  };
}

/** The route's answer as sent (status, headers, undecoded body), for the bare server to replay. */
function record(target: Target): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const url = new URL(target.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: target.method ?? "GET",
        headers: {
          "content-type": "application/json",
          ...(target.headers ?? {}),
          "x-forwarded-for": "10.255.255.254",
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // Node writes these itself; the rest goes out exactly as the platform sent it.
            if (["date", "connection", "keep-alive", "content-length", "transfer-encoding"].includes(name))
              continue;
            if (typeof value === "string") headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks).toString("base64") });
        });
      },
    );
    req.on("error", reject);
    req.end(target.body);
  });
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
const ratio = (a: Tally, b: Tally) => (rps(b) > 0 ? (rps(a) / rps(b)).toFixed(2) : "-");
const cpuRatio = (bare: Tally, route: Tally) => {
  const b = cpuUs(bare);
  const r = cpuUs(route);
  return b && r ? (b / r).toFixed(2) : "-";
};
const CALCULATE_BODY = JSON.stringify({
  amount: 10000,
  duration_months: 12,
  interest_rate: 3.5,
  currency: "EUR",
});

async function runAgainst(label: string, env: Record<string, string>) {
  // A first start creates the database; the restart on that data is what a deploy or a crash costs.
  const first = await startServer({ ...env, TRUST_PROXY: "1" });
  const firstMb = residentMb(first.child.pid);
  await first.stop();
  const server = await startServer({ ...env, TRUST_PROXY: "1" });
  const readyMb = residentMb(server.child.pid);
  let bare: Awaited<ReturnType<typeof bareServer>> | null = null;
  try {
    const base = server.url;
    const bearer = await token(base);
    // Warm up caches and JIT on every path before measuring.
    for (let i = 0; i < 200; i++) await fetch(`${base}/api/packages`);
    // What a browser sends for a page: it accepts brotli, and the server sends the precompressed file.
    const page = { accept: "text/html", "accept-encoding": "br, gzip" };
    const cases: Array<{ route: string; target: Target }> = [
      { route: "GET /en (prerendered page)", target: { url: `${base}/en`, headers: page } },
      { route: "GET /de/packages (live page)", target: { url: `${base}/de/packages`, headers: page } },
      { route: "GET /api/packages", target: { url: `${base}/api/packages` } },
      {
        route: "POST /api/calculate",
        target: { url: `${base}/api/calculate`, method: "POST", body: CALCULATE_BODY },
      },
    ];
    if (bearer)
      cases.push({
        route: "GET /api/auth/me",
        target: { url: `${base}/api/auth/me`, headers: { authorization: `Bearer ${bearer}` } },
      });
    const recorded = [];
    for (const c of cases) recorded.push({ method: c.target.method ?? "GET", ...(await record(c.target)) });
    const replayFile = path.join(tempDir("festgeld-bench-replay-"), "answers.json");
    writeFileSync(replayFile, JSON.stringify(recorded));
    bare = await bareServer(replayFile);
    const bareGet: Target = { url: `${bare.base}/bare`, pid: bare.pid };
    const barePost: Target = {
      url: `${bare.base}/bare`,
      method: "POST",
      body: CALCULATE_BODY,
      pid: bare.pid,
    };
    const bareTallies = { GET: emptyTally(), POST: emptyTally() };
    const measured: Array<{ name: string; method: "GET" | "POST"; bare: Tally; same: Tally; route: Tally }> =
      [];
    const seconds = Math.max(1, Math.round(duration / rounds));
    for (const [n, c] of cases.entries()) {
      if (routeWords.length > 0 && !routeWords.some((w) => c.route.includes(w))) continue;
      const method = c.target.method ?? "GET";
      const m = { name: c.route, method, bare: emptyTally(), same: emptyTally(), route: emptyTally() };
      const same: Target = { ...c.target, url: `${bare.base}/replay/${n}`, pid: bare.pid };
      for (let r = 0; r < rounds; r++) {
        await drive(method === "POST" ? barePost : bareGet, seconds, m.bare);
        await drive(same, seconds, m.same);
        await drive({ ...c.target, pid: server.child.pid }, seconds, m.route);
      }
      for (const key of ["requests", "seconds", "non2xx"] as const) bareTallies[method][key] += m.bare[key];
      bareTallies[method].p99 = Math.max(bareTallies[method].p99, m.bare.p99);
      const cpu = bareTallies[method].cpuMs;
      bareTallies[method].cpuMs = cpu !== null && m.bare.cpuMs !== null ? cpu + m.bare.cpuMs : null;
      bareTallies[method].load = m.bare.load;
      measured.push(m);
    }
    const rows: Array<Record<string, string | number>> = [];
    const row = (route: string, t: Tally, cells: Record<string, string>) =>
      rows.push({
        database: label,
        route,
        "req/s": Math.round(rps(t)),
        "p99 ms": t.p99,
        ...cells,
        "non-2xx": t.non2xx,
        "CPU µs/req": cpuUs(t) ?? "-",
        load: t.load,
      });
    // (A bare route is left out when BENCH_ROUTES measured no route of its method.)
    if (bareTallies.GET.requests > 0)
      row("bare Fastify (constant JSON)", bareTallies.GET, {
        ratio: "1.00",
        "same bytes": "",
        "ratio to same bytes": "",
        "CPU ratio": "1.00",
      });
    if (bareTallies.POST.requests > 0)
      row("bare Fastify POST (JSON body parsed)", bareTallies.POST, {
        ratio: ratio(bareTallies.POST, bareTallies.GET),
        "same bytes": "",
        "ratio to same bytes": "",
        "CPU ratio": "1.00",
      });
    for (const m of measured) {
      row(m.name, m.route, {
        // To the bare route of the same method, measured in the rounds beside this route's.
        ratio: ratio(m.route, m.bare),
        // A bare route sending this route's very answer: the ceiling for these bytes on this machine.
        "same bytes": ratio(m.same, m.bare),
        "ratio to same bytes": ratio(m.route, m.same),
        // CPU time per request of the bare route of the same method over this route's: like the ratio of
        // requests per second, but not moved by waiting for a core.
        "CPU ratio": cpuRatio(m.bare, m.route),
      });
    }
    if (!bearer)
      rows.push({
        database: label,
        route: "GET /api/auth/me",
        "req/s": "-",
        ratio: "registration unavailable",
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
    await bare?.close();
    await server.stop();
  }
}

console.log(
  `autocannon: ${connections} connections, ${duration} s per route in ${rounds} rounds alternating with the bare ` +
    `route and the same bytes, pipelining 1; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")} on ${os.cpus().length} cores\n`,
);
const rows = databases.includes("embedded")
  ? await runAgainst("embedded (PGlite)", { DATA_DIR: tempDir("festgeld-bench-") })
  : [];
if (!databases.includes("server")) {
  // only the embedded database asked for
} else if (await pgAvailable()) {
  const db = await createPgDatabase();
  try {
    rows.push(
      ...(await runAgainst("PostgreSQL server", {
        DATABASE_URL: db.url,
        DATA_DIR: tempDir("festgeld-bench-"),
      })),
    );
  } finally {
    await db.drop();
  }
} else {
  console.log("PostgreSQL server not reachable: measured the embedded database only.");
}
table(rows);
console.log("\nStart-up of the compiled server (time until /api/ready answers) and its resident memory:");
table(startup);
