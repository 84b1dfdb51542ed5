import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export const repoRoot = path.resolve(import.meta.dirname, "..");
export const PG_ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export function tempDir(prefix: string) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildProcess;
  /** Milliseconds from spawning the process until /api/ready answered. */
  readyMs: number;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

let built: Promise<unknown> | null = null;

/** The resident memory of a process in MB (Linux /proc), or null where that cannot be read. */
export function residentMb(pid: number | undefined): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * CPU time (user + system, milliseconds) a process has used so far (Linux /proc), or null where that
 * cannot be read. Per request, it is steadier than requests per second on a machine shared with other
 * work: waiting for a core does not count.
 */
export function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The fields after the command name (which may hold spaces) in brackets: utime and stime are the 14th and 15th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/**
 * Starts the compiled server as production runs it (`node apps/server/dist/server.js`, after building
 * what is out of date, as `npm start` does) and waits for /api/ready.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  /** Node options before the entry (e.g. a CPU profile, a module to load first), beside BENCH_SERVER_NODE_FLAGS. */
  nodeArgs: string[] = [],
  /** A command the server runs under (e.g. valgrind and its options), node and its arguments after it. */
  wrapper: string[] = [],
): Promise<RunningServer> {
  built ??= import(pathToFileURL(path.join(repoRoot, "tools/build.mjs")).href).then(
    (m: { buildStale: (o: { quiet: boolean }) => Promise<unknown> }) => m.buildStale({ quiet: true }),
  );
  await built;
  const p = port ?? (await freePort());
  const spawned = performance.now();
  // BENCH_SERVER_ENTRY: another build of the server to measure (e.g. one of an earlier commit).
  // (`env` may name its own, for a second build beside the first.)
  const entry = env.BENCH_SERVER_ENTRY ?? process.env.BENCH_SERVER_ENTRY ?? "apps/server/dist/server.js";
  // BENCH_SERVER_NODE_FLAGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to see
  // where a benchmark's mix of requests spends its time (written when the server exits).
  const nodeFlags = process.env.BENCH_SERVER_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];
  const command = [...wrapper, process.execPath, ...nodeFlags, ...nodeArgs, entry];
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(p),
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${p}`;
  // Generous: a first start on a busy machine (other jobs sharing the cores) can take a minute or more.
  await waitUntilReady("server", child, url, 180);
  return {
    url,
    port: p,
    child,
    readyMs: Math.round(performance.now() - spawned),
    stop: (signal = "SIGTERM") => stopChild(child, signal),
  };
}

/** Waits until `url`/api/ready answers 200 through `child`; kills it and throws after `seconds` or if it exits. */
async function waitUntilReady(
  name: string,
  child: ChildProcess,
  url: string,
  seconds: number,
): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`${name} not ready on ${url} within ${seconds} s`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Sends `signal` to `child` and resolves once it has exited (at once if it already has). */
function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM"): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

export async function pgAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A fresh database on the PostgreSQL server; returns its URL and a drop function. */
export async function createPgDatabase(
  prefix = "festgeld_bench",
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function table(rows: Array<Record<string, string | number>>) {
  const cols = Object.keys(rows[0] ?? {});
  const widths = cols.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ");
  console.log(line(cols));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(cols.map((c) => String(r[c]))));
}

/** The machine's load average (1, 5 and 15 minutes), for printing beside a figure. */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");
}

/**
 * Waits until the machine's one-minute load average is below `limit` (BENCH_SETTLE_LOAD, default 1.0 on
 * any number of cores) or `maxSeconds` have passed, and says how long it waited: a benchmark that builds
 * first, or runs right after another, otherwise measures the tail of that work (its tasks traced 2 to 3
 * times longer at a load of 2.5 than at 0.5 on two cores, docs/decisions.md "The contract's schemas with
 * a form's first check"). BENCH_SETTLE_LOAD=0 does not wait.
 */
export async function settleLoad(maxSeconds = 120): Promise<void> {
  const limit = Number(process.env.BENCH_SETTLE_LOAD ?? 1);
  if (!(limit > 0)) return;
  const start = Date.now();
  while (os.loadavg()[0] >= limit && Date.now() - start < maxSeconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  const waited = Math.round((Date.now() - start) / 1000);
  const reached = os.loadavg()[0] < limit ? "below" : "still above";
  console.log(`Waited ${waited} s for the load average to settle (${reached} ${limit}): ${loadAverage()}`);
}

/** The median of `values` (the mean of the middle two for an even count; 0 for none). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** `command` on the PATH, or installed with apt-get (Debian's package `pkg`) when that is possible. */
export function haveDebianCommand(command: string, pkg = command): boolean {
  const found = () => spawnSync(command, ["--version"], { stdio: "ignore" }).error === undefined;
  if (found()) return true;
  console.log(`${command} not found: installing Debian's package ${pkg} (apt-get) ...`);
  const root = process.getuid?.() === 0 ? [] : ["sudo", "-n"];
  const run = (args: string[]) => {
    const [cmd, ...rest] = [...root, ...args] as [string, ...string[]];
    return spawnSync(cmd, rest, { stdio: "ignore" }).status === 0;
  };
  if (!run(["apt-get", "update", "-qq"]) || !run(["apt-get", "install", "-y", "-qq", pkg])) {
    console.log(`could not install ${pkg} (apt-get failed or needs root)`);
    return false;
  }
  return found();
}

/** wrk on the PATH, or installed with apt-get (Debian's package `wrk`) when that is possible. */
export const haveWrk = (): boolean => haveDebianCommand("wrk");

export interface WrkTarget {
  url: string;
  method?: "GET" | "POST";
  body?: string;
  /**
   * A body of its own for each request: this text with its `%d` replaced by an amount that differs from
   * request to request (10,000 to 499,999), instead of `body` every time.
   */
  bodyEach?: string;
  headers?: Record<string, string>;
}

/** The body of the n-th request of a target with `bodyEach` (the same numbers as the wrk script's). */
export const bodyNumber = (n: number) => 10_000 + (n % 490_000);

export interface WrkResult {
  requests: number;
  seconds: number;
  /** 99th percentile latency, milliseconds. */
  p99: number;
  non2xx: number;
}

const lua = (text: string) => JSON.stringify(text); // a JSON string is a valid Lua string literal here
/** Client addresses of the next wrk round: each round's after the previous round's. */
let wrkAddresses = 8_000_000;

/**
 * One round of wrk (one thread, a C client): the same method, headers and body, and a new
 * X-Forwarded-For per request, so per-address rate limits (calculate: 120/min) measure the route,
 * not the limiter's 429 answers (the server must trust one proxy hop).
 */
export function wrkRound(target: WrkTarget, seconds: number, connections: number): Promise<WrkResult> {
  const headers = { "content-type": "application/json", ...(target.headers ?? {}) };
  // wrk counts the addresses itself, in its own process.
  wrkAddresses = (wrkAddresses + 1_000_000) % 16_000_000;
  const script = [
    `wrk.method = ${lua(target.method ?? "GET")}`,
    target.body ? `wrk.body = ${lua(target.body)}` : "",
    ...Object.entries(headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
    `local n = ${wrkAddresses}`,
    "request = function()",
    "  n = n + 1",
    `  wrk.headers["x-forwarded-for"] = string.format("10.%d.%d.%d", math.floor(n / 65536) % 256, math.floor(n / 256) % 256, n % 256)`,
    target.bodyEach ? `  wrk.body = string.format(${lua(target.bodyEach)}, 10000 + n % 490000)` : "",
    "  return wrk.format()",
    "end",
    "done = function(summary, latency, requests)",
    `  io.write(string.format("\\nRESULT %d %d %d %d\\n", summary.requests, summary.duration, latency:percentile(99), summary.errors.status))`,
    "end",
  ].join("\n");
  const file = path.join(tempDir("festgeld-bench-wrk-"), "script.lua");
  writeFileSync(file, script);
  return new Promise((resolve, reject) => {
    const child = spawn("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "-s", file, target.url], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk;
    });
    child.on("error", reject);
    child.on("exit", () => {
      const m = /RESULT (\d+) (\d+) (\d+) (\d+)/.exec(out);
      if (!m) return reject(new Error(`wrk printed no result:\n${out}`));
      resolve({
        requests: Number(m[1]),
        seconds: Number(m[2]) / 1e6,
        p99: Math.round(Number(m[3]) / 1000),
        non2xx: Number(m[4]),
      });
    });
  });
}

/** Registers a new saver on the server at `baseUrl` and returns the Authorization header of its session. */
export async function registeredBearer(baseUrl: string, who: string): Promise<{ authorization: string }> {
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `${who}-${Date.now()}@example.test`,
      password: "bench-Passphrase-4711",
      full_name: "Bench User",
    }),
  });
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

/** Node's request options for one request of `target` from the client address `from` (X-Forwarded-For). */
export function requestOptions(target: WrkTarget, from: string): http.RequestOptions {
  const url = new URL(target.url);
  return {
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: target.method ?? "GET",
    headers: { "content-type": "application/json", ...(target.headers ?? {}), "x-forwarded-for": from },
  };
}

/** The route's answer as sent (status, headers, undecoded body), for the bare server to replay. */
export function recordAnswer(
  target: WrkTarget,
): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(requestOptions(target, "10.255.255.254"), (res) => {
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
    });
    req.on("error", reject);
    req.end(target.body);
  });
}

export interface TlsFront {
  /** https://127.0.0.1:<port>, answered over HTTP/2 (or HTTP/1.1 to a client that asks for it). */
  url: string;
  stop: () => Promise<void>;
}

/**
 * HAProxy in front of `backend` (http://host:port) as production puts it: deploy/haproxy.cfg with its TLS
 * bind (HTTP/2 and HTTP/1.1 by ALPN), a self-signed certificate for 127.0.0.1 made by openssl for this run.
 * Null, with the reason printed, when haproxy or openssl is missing (Debian's packages `haproxy`, `openssl`).
 */
export async function startTlsFront(backend: string): Promise<TlsFront | null> {
  // A command that is not installed fails to spawn (haproxy -v, openssl version: both print their version).
  const missing = [
    ["haproxy", "-v"],
    ["openssl", "version"],
  ]
    .filter(
      ([cmd, arg]) => spawnSync(cmd as string, [arg as string], { stdio: "ignore" }).error !== undefined,
    )
    .map(([cmd]) => cmd);
  if (missing.length > 0) {
    console.log(`No TLS front: ${missing.join(" and ")} not found (Debian's packages of that name)`);
    return null;
  }
  const dir = tempDir("festgeld-tls-");
  const key = path.join(dir, "key.pem");
  const cert = path.join(dir, "cert.pem");
  const made = spawnSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  if (made.status !== 0) throw new Error("openssl could not make the certificate");
  const pem = path.join(dir, "site.pem");
  writeFileSync(pem, readFileSync(cert, "utf8") + readFileSync(key, "utf8"));
  const [plain, tls] = [await freePort(), await freePort()];
  const address = new URL(backend).host;
  const child = spawn("haproxy", ["-db", "-f", path.join(repoRoot, "deploy/haproxy.cfg")], {
    env: {
      ...process.env,
      HAPROXY_BIND: `127.0.0.1:${plain}`,
      HAPROXY_TLS_BIND: `127.0.0.1:${tls}`,
      HAPROXY_TLS_CERT: pem,
      // One process behind both of the file's backend entries.
      APP1_ADDR: address,
      APP2_ADDR: address,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Its plain port answers once it passes requests on to the server.
  await waitUntilReady("haproxy", child, `http://127.0.0.1:${plain}`, 30);
  return { url: `https://127.0.0.1:${tls}`, stop: () => stopChild(child) };
}
