/**
 * Soak: the compiled server under mixed traffic for a long time (default 30 minutes), to see whether its
 * cost per request or its memory drifts. The traffic, driven by autocannon over SOAK_CONNECTIONS
 * connections, each request from one of many client addresses (X-Forwarded-For, TRUST_PROXY=1):
 * prerendered pages in three languages, a page rendered with live data, the root address, the packages
 * list, calculate, signed-in requests (me, the saver's applications, notifications) of several sessions,
 * and malformed requests (a GET with a JSON body, calculate with broken JSON, with a refused character,
 * with an invalid amount, an unknown route, a bad bearer token).
 *
 * Every minute it prints the requests answered, requests per second, the server's CPU time per request
 * (from /proc: waiting for a core does not count), its resident memory, its JavaScript heap and the
 * garbage collector's share of its CPU time (from its own metrics port), the answers by status class and
 * the load average. At the end: the drift verdict, the slope of CPU per request and of resident memory
 * over the minutes after the first (a least-squares line), given per 10 minutes and as a share of the
 * mean, and any answer of 500 or above.
 *
 *   npm run bench:soak                              (30 minutes on the embedded database)
 *   SOAK_MINUTES=3 npm run bench:soak               (shorter)
 *   SOAK_DATABASE=server npm run bench:soak         (the PostgreSQL server, DATABASE_URL or the local one;
 *                                                    its CPU is then partly the database server's, not counted)
 *   SOAK_CONNECTIONS=20 (default) SOAK_RATE=2000 (requests per second at most; default as fast as it goes)
 */

import os from "node:os";
import autocannon from "autocannon";
import {
  cpuMs,
  createPgDatabase,
  freePort,
  loadAverage,
  pgAvailable,
  residentMb,
  startServer,
  table,
  tempDir,
} from "./lib.ts";

const minutes = Math.max(1, Math.round(Number(process.env.SOAK_MINUTES ?? 30)));
const connections = Number(process.env.SOAK_CONNECTIONS ?? 20);
const rate = process.env.SOAK_RATE ? Number(process.env.SOAK_RATE) : undefined;
const onServer = process.env.SOAK_DATABASE === "server";
/** Distinct client addresses the traffic comes from (calculate allows 120 a minute per address). */
const ADDRESSES = 50_000;
const SESSIONS = 20;

const CALCULATE = JSON.stringify({ amount: 10000, duration_months: 12, interest_rate: 3.5, currency: "EUR" });
const page = { accept: "text/html", "accept-encoding": "br, gzip", "accept-language": "de-DE,de;q=0.9" };
const json = { "content-type": "application/json" };

type Step = { method: "GET" | "POST"; path: string; headers?: Record<string, string>; body?: string };

/** One connection's round of requests, in order; the share of each kind is its count here. */
function mix(tokens: string[]): Step[] {
  const bearer = (n: number) => ({ authorization: `Bearer ${tokens[n % tokens.length]}` });
  return [
    { method: "GET", path: "/en", headers: page },
    { method: "GET", path: "/api/packages" },
    { method: "POST", path: "/api/calculate", headers: json, body: CALCULATE },
    { method: "GET", path: "/api/auth/me", headers: bearer(0) },
    { method: "GET", path: "/de/packages", headers: page },
    { method: "GET", path: "/api/packages", headers: { "accept-language": "fr" } },
    { method: "GET", path: "/fr", headers: page },
    { method: "POST", path: "/api/calculate", headers: json, body: CALCULATE },
    { method: "GET", path: "/api/applications/me", headers: bearer(1) },
    { method: "GET", path: "/", headers: page },
    { method: "GET", path: "/api/auth/me", headers: bearer(2) },
    { method: "GET", path: "/de/calculator", headers: page },
    { method: "GET", path: "/api/notifications", headers: bearer(3) },
    // Malformed: a GET with a JSON body, broken JSON, a NUL character, an amount out of range, an
    // unknown route, a token no session has.
    { method: "GET", path: "/api/packages", headers: json, body: '{"unexpected":"body"}' },
    { method: "POST", path: "/api/calculate", headers: json, body: '{"amount": 100' },
    {
      method: "POST",
      path: "/api/calculate",
      headers: json,
      body: JSON.stringify({ amount: 1000, duration_months: 12, interest_rate: 3, currency: "EUR\u0000" }),
    },
    {
      method: "POST",
      path: "/api/calculate",
      headers: json,
      body: JSON.stringify({ amount: -5, duration_months: 12, interest_rate: 3, currency: "EUR" }),
    },
    { method: "GET", path: "/api/no-such-route" },
    {
      method: "GET",
      path: "/api/auth/me",
      headers: { authorization: "Bearer not-a-session-token-of-anyone" },
    },
  ];
}

async function register(base: string, n: number): Promise<string> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `172.16.0.${n + 1}` },
    body: JSON.stringify({
      email: `soak-${Date.now()}-${n}@example.test`,
      password: "soak-Passphrase-4711",
      full_name: `Soak Saver ${n}`,
    }),
  });
  if (!res.ok) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A Prometheus sample (no labels) from the metrics port's text. */
function sample(text: string, name: string): number | null {
  const match = new RegExp(`^${name} ([0-9.e+-]+)$`, "m").exec(text);
  return match ? Number(match[1]) : null;
}
/** The sum of a metric's samples over all its label sets. */
function sampleSum(text: string, name: string): number | null {
  const re = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, "gm");
  let total: number | null = null;
  for (const m of text.matchAll(re)) total = (total ?? 0) + Number(m[1]);
  return total;
}

/** Least-squares slope of y over x. */
function slope(xs: number[], ys: number[]): number {
  const n = xs.length;
  if (n < 2) return 0;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += ((xs[i] as number) - mx) * ((ys[i] as number) - my);
    den += ((xs[i] as number) - mx) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

const db = onServer ? ((await pgAvailable()) ? await createPgDatabase("festgeld_soak") : null) : null;
if (onServer && !db) throw new Error("PostgreSQL server not reachable (DATABASE_URL)");
const metricsPort = await freePort();
const server = await startServer({
  DATA_DIR: tempDir("festgeld-soak-"),
  TRUST_PROXY: "1",
  METRICS_PORT: String(metricsPort),
  ...(db ? { DATABASE_URL: db.url } : {}),
});
const metrics = async () => {
  try {
    return await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  } catch {
    return "";
  }
};

try {
  const tokens: string[] = [];
  for (let n = 0; n < SESSIONS; n++) tokens.push(await register(server.url, n));
  const steps = mix(tokens);
  console.log(
    `Soak: ${minutes} minute(s) of mixed traffic (${steps.length} kinds of request in turn, ` +
      `${ADDRESSES.toLocaleString("en")} client addresses, ${SESSIONS} sessions) on the compiled server, ` +
      `${db ? "PostgreSQL server" : "embedded database (PGlite)"}; autocannon, ${connections} connections` +
      `${rate ? `, at most ${rate} requests/s` : ""}. Load average at the start: ${loadAverage()} on ` +
      `${os.cpus().length} cores (other work on the machine moves every figure).\n`,
  );
  let address = 0;
  const rows: Array<Record<string, string | number>> = [];
  const perMinute: Array<{ minute: number; cpuUs: number; rssMb: number }> = [];
  let serverErrors = 0;
  let before = {
    cpu: cpuMs(server.child.pid),
    gc: sampleSum(await metrics(), "nodejs_gc_duration_seconds_sum"),
  };
  for (let minute = 1; minute <= minutes; minute++) {
    const result = await autocannon({
      url: server.url,
      connections,
      duration: 60,
      ...(rate ? { overallRate: rate } : {}),
      requests: steps.map((step) => ({
        ...step,
        setupRequest: (req: { headers?: Record<string, string> }) => {
          address = (address + 1) % ADDRESSES;
          return {
            ...req,
            headers: {
              ...(req.headers ?? {}),
              "x-forwarded-for": `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
            },
          };
        },
      })),
    });
    const text = await metrics();
    const after = { cpu: cpuMs(server.child.pid), gc: sampleSum(text, "nodejs_gc_duration_seconds_sum") };
    const answered = result.requests.total;
    const cpu = before.cpu !== null && after.cpu !== null ? after.cpu - before.cpu : null;
    const gcMs = before.gc !== null && after.gc !== null ? (after.gc - before.gc) * 1000 : null;
    const cpuUs = cpu !== null && answered > 0 ? (cpu * 1000) / answered : null;
    const rssMb = residentMb(server.child.pid);
    const byClass: Record<string, number> = {};
    for (const [code, stat] of Object.entries(
      (result as unknown as { statusCodeStats: Record<string, { count: number }> }).statusCodeStats ?? {},
    )) {
      const cls = `${code[0]}xx`;
      byClass[cls] = (byClass[cls] ?? 0) + stat.count;
    }
    serverErrors += byClass["5xx"] ?? 0;
    if (cpuUs !== null && rssMb !== null) perMinute.push({ minute, cpuUs, rssMb });
    const heap = sample(text, "nodejs_heap_size_used_bytes");
    const row = {
      minute,
      requests: answered,
      "req/s": Math.round(answered / result.duration),
      "CPU µs/req": cpuUs === null ? "-" : Math.round(cpuUs),
      "GC % of CPU": gcMs !== null && cpu ? ((gcMs / cpu) * 100).toFixed(1) : "-",
      "RSS MB": rssMb ?? "-",
      "heap MB": heap === null ? "-" : Math.round(heap / 1048576),
      "2xx": byClass["2xx"] ?? 0,
      "4xx": byClass["4xx"] ?? 0,
      "5xx": byClass["5xx"] ?? 0,
      errors: result.errors + result.timeouts,
      load: loadAverage(),
    };
    rows.push(row);
    console.log(
      Object.entries(row)
        .map(([k, v]) => `${k} ${v}`)
        .join("  "),
    );
    before = after;
  }
  console.log("");
  table(rows);

  // The first minute warms up (JIT, caches, the limiter's first generation): the line is fitted after it.
  const steady = perMinute.length > 2 ? perMinute.slice(1) : perMinute;
  const xs = steady.map((p) => p.minute);
  const mean = (ys: number[]) => ys.reduce((a, b) => a + b, 0) / Math.max(1, ys.length);
  const cpuSlope = slope(
    xs,
    steady.map((p) => p.cpuUs),
  );
  const rssSlope = slope(
    xs,
    steady.map((p) => p.rssMb),
  );
  const cpuMean = mean(steady.map((p) => p.cpuUs));
  const rssMean = mean(steady.map((p) => p.rssMb));
  const span = Math.max(1, xs.length - 1);
  const cpuDrift = (cpuSlope * span) / cpuMean;
  const rssDrift = rssSlope * span;
  // Only growth is drift: a cost that falls after the first minute is the warm-up ending.
  const cpuVerdict =
    cpuDrift > 0.1 ? "DRIFTS upwards" : cpuDrift < -0.1 ? "falls (warm-up still ending)" : "steady";
  const rssVerdict = rssDrift > Math.max(32, rssMean * 0.1) ? "DRIFTS upwards" : "steady";
  console.log(
    `\nDrift over minutes ${xs[0]}-${xs[xs.length - 1]} (least-squares line${xs.length < 4 ? "; few minutes, a rough verdict" : ""}):\n` +
      `  CPU per request: ${(cpuSlope * 10).toFixed(1)} µs per 10 minutes on a mean of ${cpuMean.toFixed(0)} µs, ` +
      `${(cpuDrift * 100).toFixed(1)} % over the run: ${cpuVerdict} (threshold: 10 % growth)\n` +
      `  resident memory: ${(rssSlope * 10).toFixed(1)} MB per 10 minutes on a mean of ${rssMean.toFixed(0)} MB, ` +
      `${rssDrift.toFixed(0)} MB over the run: ${rssVerdict} (threshold: growth above 32 MB or 10 %)\n` +
      `  answers of 500 or above: ${serverErrors}${serverErrors > 0 ? " (FAILED)" : ""}\n` +
      `Load average at the end: ${loadAverage()}`,
  );
  if (serverErrors > 0) process.exitCode = 1;
} finally {
  await server.stop();
  await db?.drop();
}
