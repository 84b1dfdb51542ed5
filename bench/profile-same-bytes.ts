/**
 * The route beside its own bytes, function by function: records one answer of a route of the compiled
 * server, starts the server again with a bare Fastify server in the same process replaying that answer
 * (bench/same-bytes-preload.mjs), drives both with wrk in alternating rounds under one CPU profile, and
 * prints for each the CPU time per request (the profile's busy samples in its rounds) and, function by
 * function, where the route spends more than its bytes. One process: the heap, timers and collector are
 * shared, so what differs is the route's own path (docs/decisions.md "Hot paths, ninth pass").
 * Run `npm run build` first; wrk is installed with apt-get when missing.
 *
 *   npm run bench:same-bytes -- /api/packages
 *   npm run bench:same-bytes -- /api/calculate POST '{"amount":10000,"duration_months":12,"interest_rate":3.5,"currency":"EUR"}'
 *   PROFILE_AUTH=1 npm run bench:same-bytes -- /api/auth/me      (registers a user, sends its bearer token)
 *
 * SAME_BYTES_MODE=heap: allocations instead of CPU time (V8's sampling heap profiler, freed objects
 * included): bytes allocated per request on each path, and function by function where the route allocates
 * more than its bytes.
 * SAME_BYTES_MODE=threads: no profiler; each path's CPU time per request from /proc, per thread (the
 * JavaScript thread and the rest: the collector's and compiler's helpers, libuv's pool) and split into user
 * and kernel time.
 *
 * BENCH_ROUNDS (default 6) rounds of BENCH_DURATION (2 s) per server, BENCH_CONNECTIONS (50),
 * PROFILE_TOP (rows, 30). The embedded database unless DATABASE_URL is set.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CpuProfile, frameLabel, type ProfileNode, selfTimeByNode } from "./cpu-profile.ts";
import {
  freePort,
  haveWrk,
  loadAverage,
  recordAnswer,
  registeredBearer,
  repoRoot,
  startServer,
  tempDir,
  type WrkTarget,
  wrkRound,
} from "./lib.ts";

interface Window {
  from: number;
  to: number;
  requests: number;
}

const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 6));
const seconds = Math.max(1, Number(process.env.BENCH_DURATION ?? 2));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const top = Number(process.env.PROFILE_TOP ?? 30);

/** The compiled server on the embedded database (unless DATABASE_URL), trusting one proxy hop. */
const start = (port: number, env: Record<string, string>, nodeArgs: string[]) =>
  startServer({ TRUST_PROXY: "1", DATA_DIR: tempDir("festgeld-same-bytes-data-"), ...env }, port, nodeArgs);

async function bearer(port: number): Promise<Record<string, string>> {
  return process.env.PROFILE_AUTH ? registeredBearer(`http://127.0.0.1:${port}`, "same-bytes") : {};
}

/** Self time per function (name and place) of the samples inside the windows. */
function selfTime(profile: CpuProfile, windows: Window[]): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const inWindows = (at: number) => windows.some((w) => at >= w.from && at <= w.to);
  for (const [id, us] of selfTimeByNode(profile, inWindows)) {
    const node = byId.get(id);
    if (!node) continue;
    const key = frameLabel(node);
    self.set(key, (self.get(key) ?? 0) + us);
  }
  return self;
}

interface HeapNode {
  callFrame: ProfileNode["callFrame"];
  selfSize: number;
  children: HeapNode[];
}

/** Bytes allocated per function (name and place) in a sampling heap profile. */
function addAllocations(into: Map<string, number>, node: HeapNode) {
  if (node.selfSize) {
    const key = frameLabel({ id: 0, callFrame: node.callFrame });
    into.set(key, (into.get(key) ?? 0) + node.selfSize);
  }
  for (const child of node.children) addAllocations(into, child);
}

async function main() {
  const [route, method = "GET", body] = process.argv.slice(2);
  if (!route?.startsWith("/")) {
    console.log("usage: tsx bench/profile-same-bytes.ts <path> [GET|POST] [json body]");
    process.exit(2);
  }
  if (!haveWrk()) throw new Error("wrk is needed (Debian's package wrk)");
  const verb = method === "POST" ? "POST" : "GET";
  console.log(`load average at the start: ${loadAverage()}`);

  // The route's answer, from a first start of the server.
  const recordPort = await freePort();
  const first = await start(recordPort, {}, []);
  const firstHeaders = { accept: "text/html", "accept-encoding": "br, gzip", ...(await bearer(recordPort)) };
  const answer = await recordAnswer({
    url: `http://127.0.0.1:${recordPort}${route}`,
    method: verb,
    ...(body ? { body } : {}),
    headers: firstHeaders,
  });
  await first.stop();
  const answerFile = path.join(tempDir("festgeld-same-bytes-"), "answer.json");
  writeFileSync(answerFile, JSON.stringify({ method: verb, ...answer }));
  console.log(
    `${verb} ${route}: ${answer.status}, ${Buffer.from(answer.body, "base64").length} bytes of body`,
  );

  // The server again, profiled, with the replay beside it in the same process.
  const port = await freePort();
  const replayPort = await freePort();
  const profileDir = tempDir("festgeld-same-bytes-profile-");
  const mode = process.env.SAME_BYTES_MODE ?? "profile";
  const heap = mode === "heap";
  const threads = mode === "threads";
  const server = await start(
    port,
    { SAME_BYTES_PORT: String(replayPort), SAME_BYTES_FILE: answerFile, SAME_BYTES_MODE: mode },
    [
      ...(mode === "profile"
        ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "--cpu-prof-interval=100"]
        : []),
      "--import",
      path.join(repoRoot, "bench/same-bytes-preload.mjs"),
    ],
  );
  const headers = { accept: "text/html", "accept-encoding": "br, gzip", ...(await bearer(port)) };
  const targets: Record<"route" | "bytes", WrkTarget> = {
    route: { url: `http://127.0.0.1:${port}${route}`, method: verb, ...(body ? { body } : {}), headers },
    bytes: { url: `http://127.0.0.1:${replayPort}/replay`, method: verb, ...(body ? { body } : {}), headers },
  };
  await wrkRound(targets.route, 1, connections); // warm-up, not counted
  await wrkRound(targets.bytes, 1, connections);
  const windows: Record<"route" | "bytes", Window[]> = { route: [], bytes: [] };
  const allocated = { route: new Map<string, number>(), bytes: new Map<string, number>() };
  const threadMs = { route: new Map<string, number>(), bytes: new Map<string, number>() };
  const pid = server.child.pid as number;
  const heapCall = async (what: "start" | "stop") =>
    (await fetch(`http://127.0.0.1:${replayPort}/heap/${what}`, { method: "POST" })).json() as Promise<{
      head: HeapNode;
    }>;
  const now = () => Number(process.hrtime.bigint() / 1000n); // the clock V8's profile uses on Linux
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 ? (["bytes", "route"] as const) : (["route", "bytes"] as const)) {
      if (heap) await heapCall("start");
      const before = threads ? threadTimes(pid) : null;
      const from = now();
      const result = await wrkRound(targets[which], seconds, connections);
      windows[which].push({ from, to: now(), requests: result.requests });
      if (heap) addAllocations(allocated[which], (await heapCall("stop")).head);
      if (before) {
        for (const [key, ms] of threadTimes(pid))
          threadMs[which].set(key, (threadMs[which].get(key) ?? 0) + ms - (before.get(key) ?? 0));
      }
      if (result.non2xx > 0) console.log(`${which}: ${result.non2xx} answers not 2xx or 3xx`);
    }
  }
  await server.stop();
  console.log(`load average at the end: ${loadAverage()}`);
  if (heap) return printAllocations(windows, allocated);
  if (threads) return printThreads(windows, threadMs);

  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written under ${profileDir}`);
  const profile = JSON.parse(readFileSync(path.join(profileDir, file), "utf8")) as CpuProfile;
  const perRequest = (which: "route" | "bytes") => {
    const requests = windows[which].reduce((sum, w) => sum + w.requests, 0);
    const self = selfTime(profile, windows[which]);
    const busy = [...self].filter(([k]) => !k.startsWith("(idle)")).reduce((sum, [, us]) => sum + us, 0);
    const rate = requests / windows[which].reduce((sum, w) => sum + (w.to - w.from) / 1e6, 0);
    return {
      requests,
      rate,
      busy: busy / requests,
      self,
      perUs: (key: string) => (self.get(key) ?? 0) / requests,
    };
  };
  const r = perRequest("route");
  const b = perRequest("bytes");
  console.log(
    `\nroute: ${Math.round(r.rate)} req/s, ${r.busy.toFixed(1)} µs of CPU per request` +
      `\nsame bytes: ${Math.round(b.rate)} req/s, ${b.busy.toFixed(1)} µs of CPU per request` +
      `\nroute / same bytes: ${(r.busy / b.busy).toFixed(2)}\n`,
  );
  const keys = new Set([...r.self.keys(), ...b.self.keys()].filter((k) => !k.startsWith("(idle)")));
  const rows = [...keys]
    .map((key) => ({ key, route: r.perUs(key), bytes: b.perUs(key) }))
    .sort((x, y) => y.route - y.bytes - (x.route - x.bytes));
  console.log("µs per request: route, same bytes, difference, function (the route's extra first)");
  for (const row of rows.slice(0, top)) {
    const cells = [row.route, row.bytes, row.route - row.bytes].map((v) => v.toFixed(2).padStart(7));
    console.log(`${cells.join(" ")}   ${row.key}`);
  }
}

/** CPU milliseconds so far of the process's JavaScript thread and of its other threads, user and kernel. */
function threadTimes(pid: number): Map<string, number> {
  const times = new Map<string, number>();
  const tickMs = 1000 / 100; // Linux's USER_HZ
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    } catch {
      continue; // a thread that ended in between
    }
    // After the command name in brackets: utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const thread = tid === String(pid) ? "JavaScript thread" : "other threads";
    for (const [kind, field] of [
      ["user", 11],
      ["kernel", 12],
    ] as const) {
      const key = `${thread}, ${kind}`;
      times.set(key, (times.get(key) ?? 0) + Number(fields[field]) * tickMs);
    }
  }
  return times;
}

function printThreads(
  windows: Record<"route" | "bytes", Window[]>,
  threadMs: Record<"route" | "bytes", Map<string, number>>,
) {
  const requests = (which: "route" | "bytes") => windows[which].reduce((sum, w) => sum + w.requests, 0);
  const per = (which: "route" | "bytes", key: string) =>
    ((threadMs[which].get(key) ?? 0) * 1000) / requests(which);
  const total = (which: "route" | "bytes") =>
    [...threadMs[which].keys()].reduce((sum, k) => sum + per(which, k), 0);
  console.log("\nµs of CPU per request: route, same bytes, route / same bytes");
  for (const key of [...threadMs.route.keys()]) {
    const [r, b] = [per("route", key), per("bytes", key)];
    console.log(
      `${r.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(7)} ${(b > 0 ? r / b : 0).toFixed(2).padStart(6)}   ${key}`,
    );
  }
  const [r, b] = [total("route"), total("bytes")];
  console.log(
    `${r.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(7)} ${(r / b).toFixed(2).padStart(6)}   all`,
  );
}

function printAllocations(
  windows: Record<"route" | "bytes", Window[]>,
  allocated: Record<"route" | "bytes", Map<string, number>>,
) {
  const requests = (which: "route" | "bytes") => windows[which].reduce((sum, w) => sum + w.requests, 0);
  const per = (which: "route" | "bytes", key?: string) =>
    (key === undefined
      ? [...allocated[which].values()].reduce((sum, v) => sum + v, 0)
      : (allocated[which].get(key) ?? 0)) / requests(which);
  console.log(
    `\nroute: ${Math.round(per("route"))} bytes allocated per request (${requests("route")} requests)` +
      `\nsame bytes: ${Math.round(per("bytes"))} bytes allocated per request (${requests("bytes")} requests)\n`,
  );
  const keys = new Set([...allocated.route.keys(), ...allocated.bytes.keys()]);
  const rows = [...keys]
    .map((key) => ({ key, route: per("route", key), bytes: per("bytes", key) }))
    .sort((x, y) => y.route - y.bytes - (x.route - x.bytes));
  console.log("bytes per request: route, same bytes, difference, function (the route's extra first)");
  for (const row of rows.slice(0, top)) {
    const cells = [row.route, row.bytes, row.route - row.bytes].map((v) => v.toFixed(0).padStart(7));
    console.log(`${cells.join(" ")}   ${row.key}`);
  }
}

await main();
