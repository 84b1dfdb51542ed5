/**
 * API throughput: the compiled server's hot paths (a prerendered page, a page rendered with live data,
 * packages, calculate, me) against a bare Fastify route returning a constant JSON body, in the same run
 * with the same connections. Each route is measured in alternating rounds (bare route of the same method,
 * the same bytes replayed, the route, and every other round the reverse order; BENCH_ROUNDS times, ten by
 * default, of BENCH_DURATION seconds, two by default), so a machine whose speed drifts moves all three alike:
 * on this project's virtual machine a bare server's CPU time per request moves by up to a factor of two from one
 * second to the next (docs/decisions.md "Hot paths, eighth pass"), and many short rounds pair better than a few
 * long ones. "The same bytes" is a bare Fastify route answering exactly the
 * status, headers and body the platform answered: what sending them costs without any of the platform's
 * work. For each route it prints, per client, the median and spread (min-max over the rounds) of requests
 * per second and of the serving process's CPU time per request, for the route, the same bytes and the
 * bare route, and the route's CPU per request as a multiple of the same bytes' (median and spread of the
 * per-round multiples: 1.00 is the ceiling); then the server's start-up time and resident memory.
 *
 * The load clients: wrk (one thread, a C client: little of the second core goes to the client; installed
 * with apt-get when missing and possible) and autocannon (Node). BENCH_CLIENTS=wrk,autocannon picks them,
 * default wrk (autocannon where wrk is not available).
 *
 *   npm run bench:api                       (embedded database, and the PostgreSQL server when reachable)
 *   BENCH_DURATION=2 BENCH_ROUNDS=10 BENCH_CONNECTIONS=50 npm run bench:api   (seconds per round, rounds)
 *   BENCH_ROUTES=calculate,me BENCH_DATABASES=embedded npm run bench:api      (only routes whose name holds
 *     one of the words; only the embedded database, or `server` for only the PostgreSQL server)
 *   BENCH_COMPARE_ENTRY=/path/to/other/apps/server/dist/server.js npm run bench:api   (another build measured
 *     in the same rounds, right after this one: a before/after in one run)
 */

import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import {
  bodyNumber,
  cpuMs,
  createPgDatabase,
  freePort,
  haveWrk,
  loadAverage,
  median,
  pgAvailable,
  recordAnswer,
  repoRoot,
  residentMb,
  startServer,
  table,
  tempDir,
  wrkRound,
} from "./lib.ts";

/** Seconds of each round (one client, one target). */
const roundSeconds = Math.max(1, Number(process.env.BENCH_DURATION ?? 2));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 10));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const routeWords = (process.env.BENCH_ROUTES ?? "").split(",").filter(Boolean);
const databases = process.env.BENCH_DATABASES ?? "embedded,server";

type Client = "wrk" | "autocannon";

const clients: Client[] = (() => {
  const asked = (process.env.BENCH_CLIENTS ?? "wrk").split(",").filter(Boolean) as Client[];
  const usable = asked.filter((c) => c !== "wrk" || haveWrk());
  return usable.length > 0 ? usable : ["autocannon"];
})();

let clientCounter = 0;

/** One round against one target. */
interface Round {
  requests: number;
  seconds: number;
  p99: number;
  non2xx: number;
  /** CPU time of the serving process over the round, in milliseconds (null where /proc is unreadable). */
  cpuMs: number | null;
}

/** Requests per second of a round. */
const rps = (r: Round) => (r.seconds > 0 ? r.requests / r.seconds : 0);
/** CPU time the serving process spent per answered request, in microseconds. */
const cpuUs = (r: Round) => (r.cpuMs !== null && r.requests > 0 ? (r.cpuMs * 1000) / r.requests : null);

interface Target {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  /** A body of its own for each request (`WrkTarget.bodyEach`). */
  bodyEach?: string | undefined;
  headers?: Record<string, string>;
  /** The process answering, for its CPU time per request. */
  pid?: number | undefined;
}

/** Each request from its own client address (the server trusts X-Forwarded-For here), so per-IP rate
 * limits (calculate: 120/min) measure the route, not the limiter's 429 answers. */
const nextAddress = () => {
  clientCounter++;
  const a = clientCounter;
  return `10.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
};

async function autocannonRound(target: Target, seconds: number) {
  const result = await autocannon({
    url: target.url,
    method: target.method ?? "GET",
    body: target.body,
    headers: { "content-type": "application/json", ...(target.headers ?? {}) },
    connections,
    duration: seconds,
    pipelining: 1,
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => ({
          ...req,
          headers: { ...(req.headers ?? {}), "x-forwarded-for": nextAddress() },
          ...(target.bodyEach
            ? { body: target.bodyEach.replace("%d", String(bodyNumber(clientCounter))) }
            : {}),
        }),
      },
    ],
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
}

async function drive(client: Client, target: Target, seconds: number): Promise<Round> {
  const cpuBefore = cpuMs(target.pid);
  const result =
    client === "wrk" ? await wrkRound(target, seconds, connections) : await autocannonRound(target, seconds);
  const cpuAfter = cpuMs(target.pid);
  return { ...result, cpuMs: cpuBefore !== null && cpuAfter !== null ? cpuAfter - cpuBefore : null };
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

/** "median (min-max)" of the rounds' values, rounded to `digits`. */
function spread(values: Array<number | null>, digits = 0): string {
  const known = values.filter((v): v is number => v !== null);
  if (known.length === 0) return "-";
  const f = (v: number) => v.toFixed(digits);
  return `${f(median(known))} (${f(Math.min(...known))}-${f(Math.max(...known))})`;
}
/** Per round, the route's CPU per request as a multiple of the other target's in the same round. */
const cpuMultiples = (route: Round[], other: Round[]) =>
  route.map((r, i) => {
    const a = cpuUs(r);
    const b = other[i] ? cpuUs(other[i]) : null;
    return a !== null && b ? a / b : null;
  });

const CALCULATE_BODY = JSON.stringify({
  amount: 10000,
  duration_months: 12,
  interest_rate: 3.5,
  currency: "EUR",
});

const CALCULATE_BODY_EACH = CALCULATE_BODY.replace("10000", "%d");

/** The measured routes of a running server (registers a saver for `me`), warmed up. */
async function casesOf(base: string): Promise<Array<{ route: string; target: Target }>> {
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
    {
      // Every request a calculation not asked for before: the pipeline answers each (no replay).
      route: "POST /api/calculate, a new body each time",
      target: {
        url: `${base}/api/calculate`,
        method: "POST",
        body: CALCULATE_BODY,
        bodyEach: CALCULATE_BODY_EACH,
      },
    },
  ];
  if (bearer)
    cases.push({
      route: "GET /api/auth/me",
      target: { url: `${base}/api/auth/me`, headers: { authorization: `Bearer ${bearer}` } },
    });
  return cases;
}

/**
 * BENCH_COMPARE_ENTRY: another build's server.js, started beside this one on a database of its own and
 * measured in the same rounds right after it (a before/after in one run, the machine's drift shared).
 */
const compareEntry = process.env.BENCH_COMPARE_ENTRY;

async function runAgainst(label: string, env: Record<string, string>, compareEnv?: Record<string, string>) {
  // A first start creates the database; the restart on that data is what a deploy or a crash costs.
  const first = await startServer({ ...env, TRUST_PROXY: "1" });
  const firstMb = residentMb(first.child.pid);
  await first.stop();
  const server = await startServer({ ...env, TRUST_PROXY: "1" });
  const readyMb = residentMb(server.child.pid);
  const other =
    compareEntry && compareEnv
      ? await startServer({ ...compareEnv, TRUST_PROXY: "1", BENCH_SERVER_ENTRY: compareEntry })
      : null;
  let bare: Awaited<ReturnType<typeof bareServer>> | null = null;
  try {
    const cases = await casesOf(server.url);
    const otherCases = other ? await casesOf(other.url) : [];
    const recorded = [];
    for (const c of cases)
      recorded.push({ method: c.target.method ?? "GET", ...(await recordAnswer(c.target)) });
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
    const rows: Array<Record<string, string | number>> = [];
    for (const [n, c] of cases.entries()) {
      if (routeWords.length > 0 && !routeWords.some((w) => c.route.includes(w))) continue;
      const method = c.target.method ?? "GET";
      const same: Target = { ...c.target, url: `${bare.base}/replay/${n}`, pid: bare.pid };
      for (const client of clients) {
        const runs = { bare: [] as Round[], same: [] as Round[], route: [] as Round[], other: [] as Round[] };
        const otherCase = otherCases.find((o) => o.route === c.route);
        const loadBefore = loadAverage();
        const steps: Array<[Round[], Target]> = [
          [runs.bare, method === "POST" ? { ...barePost, bodyEach: c.target.bodyEach } : bareGet],
          [runs.same, same],
          [runs.route, { ...c.target, pid: server.child.pid }],
        ];
        if (other && otherCase) steps.push([runs.other, { ...otherCase.target, pid: other.child.pid }]);
        for (let r = 0; r < rounds; r++) {
          // Every other round in the reverse order, so that no target always follows the same one.
          for (const [list, target] of r % 2 === 0 ? steps : [...steps].reverse())
            list.push(await drive(client, target, roundSeconds));
        }
        const load = `${loadBefore} -> ${loadAverage()}`;
        const line = (what: string, list: Round[], multiple: string) =>
          rows.push({
            database: label,
            client,
            route: `${c.route}: ${what}`,
            "req/s median (min-max)": spread(list.map(rps)),
            "CPU µs/req median (min-max)": spread(list.map(cpuUs)),
            "CPU x same bytes": multiple,
            "p99 ms": Math.max(...list.map((r) => r.p99)),
            "non-2xx": list.reduce((sum, r) => sum + r.non2xx, 0),
            load,
          });
        line("route", runs.route, spread(cpuMultiples(runs.route, runs.same), 2));
        if (runs.other.length > 0)
          line(
            "route, BENCH_COMPARE_ENTRY build",
            runs.other,
            spread(cpuMultiples(runs.other, runs.same), 2),
          );
        line("same bytes", runs.same, "1.00");
        line(
          method === "POST" ? "bare POST" : "bare GET",
          runs.bare,
          `(${spread(cpuMultiples(runs.route, runs.bare), 2)} route x bare)`,
        );
      }
    }
    if (!cases.some((c) => c.route.includes("/api/auth/me")))
      rows.push({ database: label, route: "GET /api/auth/me: registration unavailable" });
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
    await other?.stop();
  }
}

console.log(
  `${clients.join(" and ")}: ${connections} connections, ${rounds} rounds of ${roundSeconds} s per route ` +
    "alternating the bare route of the same method, the same bytes (a bare route replaying the route's " +
    "answer) and the route; medians and (min-max) over the rounds. CPU µs/req: CPU time of the serving " +
    "process per answered request (from /proc: waiting for a core does not count). CPU x same bytes: the " +
    "route's CPU per request over the same bytes' in the same round (1.00 = the ceiling its bytes allow).\n" +
    `Load average at the start: ${loadAverage()} on ${os.cpus().length} cores ` +
    "(other work on the machine moves every figure: compare within one run)\n",
);
const rows = databases.includes("embedded")
  ? await runAgainst(
      "embedded (PGlite)",
      { DATA_DIR: tempDir("festgeld-bench-") },
      { DATA_DIR: tempDir("festgeld-bench-") },
    )
  : [];
if (!databases.includes("server")) {
  // only the embedded database asked for
} else if (await pgAvailable()) {
  const db = await createPgDatabase();
  const otherDb = compareEntry ? await createPgDatabase() : null;
  try {
    rows.push(
      ...(await runAgainst(
        "PostgreSQL server",
        { DATABASE_URL: db.url, DATA_DIR: tempDir("festgeld-bench-") },
        otherDb ? { DATABASE_URL: otherDb.url, DATA_DIR: tempDir("festgeld-bench-") } : undefined,
      )),
    );
  } finally {
    await db.drop();
    await otherDb?.drop();
  }
} else {
  console.log("PostgreSQL server not reachable: measured the embedded database only.");
}
table(rows);
console.log(`\nLoad average at the end: ${loadAverage()}`);
console.log("\nStart-up of the compiled server (time until /api/ready answers) and its resident memory:");
table(startup);
