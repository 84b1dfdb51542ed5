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
 * BENCH_ROUNDS (default 6) rounds of BENCH_DURATION (2 s) per server, BENCH_CONNECTIONS (50),
 * PROFILE_TOP (rows, 30). The embedded database unless DATABASE_URL is set.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type CpuProfile, frameLabel, selfTimeByNode } from "./cpu-profile.ts";
import {
  freePort,
  haveWrk,
  loadAverage,
  recordAnswer,
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
  if (!process.env.PROFILE_AUTH) return {};
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `same-bytes-${Date.now()}@example.test`,
      password: "bench-Passphrase-4711",
      full_name: "Profile User",
    }),
  });
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
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
  const server = await start(port, { SAME_BYTES_PORT: String(replayPort), SAME_BYTES_FILE: answerFile }, [
    "--cpu-prof",
    `--cpu-prof-dir=${profileDir}`,
    "--cpu-prof-interval=100",
    "--import",
    path.join(repoRoot, "bench/same-bytes-preload.mjs"),
  ]);
  const headers = { accept: "text/html", "accept-encoding": "br, gzip", ...(await bearer(port)) };
  const targets: Record<"route" | "bytes", WrkTarget> = {
    route: { url: `http://127.0.0.1:${port}${route}`, method: verb, ...(body ? { body } : {}), headers },
    bytes: { url: `http://127.0.0.1:${replayPort}/replay`, method: verb, ...(body ? { body } : {}), headers },
  };
  await wrkRound(targets.route, 1, connections); // warm-up, not counted
  await wrkRound(targets.bytes, 1, connections);
  const windows: Record<"route" | "bytes", Window[]> = { route: [], bytes: [] };
  const now = () => Number(process.hrtime.bigint() / 1000n); // the clock V8's profile uses on Linux
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 ? (["bytes", "route"] as const) : (["route", "bytes"] as const)) {
      const from = now();
      const result = await wrkRound(targets[which], seconds, connections);
      windows[which].push({ from, to: now(), requests: result.requests });
      if (result.non2xx > 0) console.log(`${which}: ${result.non2xx} answers not 2xx or 3xx`);
    }
  }
  await server.stop();
  console.log(`load average at the end: ${loadAverage()}`);

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

await main();
