/**
 * The route beside its own bytes in instructions: the compiled server runs under valgrind's callgrind,
 * with a bare Fastify server in the same process replaying the route's recorded answer
 * (bench/same-bytes-preload.mjs), and each measured round sends a fixed number of requests to one of the
 * two. Callgrind counts the instructions the process executed in user space, which the machine's other
 * work does not change (unlike CPU time: docs/decisions.md "Hot paths, eighth pass" and "Hot paths, tenth
 * pass"); the kernel's work (the socket calls both paths make alike) is not in the count. Every round
 * starts after a full collection; the JavaScript thread's instructions are counted (the collector's and
 * compiler's helper threads run when they run, and after the forced collection more than they would).
 *
 *   npm run bench:instructions                       (packages, the prerendered /en, me, calculate)
 *   npm run bench:instructions -- /api/packages
 *
 * BENCH_REQUESTS (default 3000) per round, BENCH_ROUNDS (3) per path, alternating, after BENCH_WARMUP (30)
 * seconds of each path uncounted and two uncounted rounds of each under callgrind (the counts still fall
 * over the first rounds once counting has begun). The embedded database.
 * Needs valgrind (Debian's package, installed with apt-get when missing) and wrk.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  freePort,
  haveDebianCommand,
  haveWrk,
  loadAverage,
  median,
  recordAnswer,
  registeredBearer,
  repoRoot,
  requestOptions,
  startServer,
  tempDir,
  type WrkTarget,
  wrkRound,
} from "./lib.ts";

const requests = Math.max(100, Number(process.env.BENCH_REQUESTS ?? 3000));
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const warmup = Math.max(2, Number(process.env.BENCH_WARMUP ?? 30));

interface Route {
  label: string;
  path: string;
  method: "GET" | "POST";
  body?: string;
  signedIn?: boolean;
}
const ROUTES: Route[] = [
  { label: "GET /api/packages", path: "/api/packages", method: "GET" },
  { label: "prerendered /en", path: "/en", method: "GET" },
  { label: "GET /api/auth/me", path: "/api/auth/me", method: "GET", signedIn: true },
  {
    label: "POST /api/calculate",
    path: "/api/calculate",
    method: "POST",
    body: '{"amount":10000,"duration_months":12,"interest_rate":3.5,"currency":"EUR"}',
  },
];

/** Sends callgrind_control a command for the process (vgdb finds it by the HOST the server was given). */
function control(pid: number, ...args: string[]) {
  const result = spawnSync("callgrind_control", [...args, String(pid)], {
    env: { ...process.env, HOST: "127.0.0.1" },
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`callgrind_control ${args.join(" ")}: ${result.stderr}`);
}

/** Instructions of the JavaScript thread (callgrind's thread 1) in the dump written for `label`. */
function dumped(dir: string, label: string): number {
  for (const file of readdirSync(dir)) {
    if (!/^callgrind\.out\.\d+-0*1$/.test(file)) continue;
    const text = readFileSync(path.join(dir, file), "utf8");
    if (text.includes(`desc: Trigger: dump ${label}\n`))
      return Number(/^totals: (\d+)/m.exec(text)?.[1] ?? 0);
  }
  throw new Error(`no dump ${label} under ${dir}`);
}

/**
 * Exactly `requests` requests over four kept-alive connections, each from another client address (the
 * server trusts one proxy hop), so calculate's per-address limit answers none of them. The client's own
 * cost is not in the count (only the server runs under callgrind); wrk has no request count.
 */
let address = 0;
async function fixedRound(target: WrkTarget): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  let next = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      address++;
      const from = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
      const req = http.request({ ...requestOptions(target, from), agent }, (res) => {
        if ((res.statusCode ?? 500) >= 400) reject(new Error(`${target.url}: ${res.statusCode}`));
        res.resume();
        res.on("end", () => resolve());
      });
      req.on("error", reject);
      req.end(target.body);
    });
  const worker = async () => {
    while (next < requests) {
      next++;
      await one();
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  agent.destroy();
  return requests;
}

async function measure(route: Route) {
  const start = (
    port: number,
    env: Record<string, string>,
    nodeArgs: string[] = [],
    wrapper: string[] = [],
  ) =>
    startServer(
      { TRUST_PROXY: "1", DATA_DIR: tempDir("festgeld-instructions-data-"), ...env },
      port,
      nodeArgs,
      wrapper,
    );
  const headersFor = async (port: number) => ({
    accept: "text/html",
    "accept-encoding": "br, gzip",
    ...(route.signedIn ? await registeredBearer(`http://127.0.0.1:${port}`, "instructions") : {}),
  });

  // The route's answer, from a first start of the server (no valgrind).
  const recordPort = await freePort();
  const first = await start(recordPort, {});
  const answer = await recordAnswer({
    url: `http://127.0.0.1:${recordPort}${route.path}`,
    method: route.method,
    ...(route.body ? { body: route.body } : {}),
    headers: await headersFor(recordPort),
  });
  await first.stop();
  const answerFile = path.join(tempDir("festgeld-instructions-"), "answer.json");
  writeFileSync(answerFile, JSON.stringify({ method: route.method, ...answer }));

  const outDir = tempDir("festgeld-callgrind-");
  const port = await freePort();
  const replayPort = await freePort();
  const server = await start(
    port,
    { SAME_BYTES_PORT: String(replayPort), SAME_BYTES_FILE: answerFile },
    ["--expose-gc", "--import", path.join(repoRoot, "bench/same-bytes-preload.mjs")],
    [
      "valgrind",
      "--tool=callgrind",
      "--instr-atstart=no",
      "--separate-threads=yes",
      `--callgrind-out-file=${outDir}/callgrind.out`,
      `--log-file=${outDir}/valgrind.log`,
    ],
  );
  const pid = server.child.pid as number;
  const headers = await headersFor(port);
  const body = route.body ? { body: route.body } : {};
  const targets: Record<"route" | "bytes", WrkTarget> = {
    route: { url: `http://127.0.0.1:${port}${route.path}`, method: route.method, ...body, headers },
    bytes: { url: `http://127.0.0.1:${replayPort}/replay`, method: route.method, ...body, headers },
  };
  // Warm-up without counting (BENCH_WARMUP seconds per path, alternating): the JIT compiles both paths as
  // it would in a long-running process. Under valgrind its compiler threads run one at a time with the
  // rest, so a short warm-up leaves the route's code still being optimised in the first rounds.
  for (let half = 0; half < 2; half++) {
    for (const which of ["route", "bytes"] as const) await wrkRound(targets[which], warmup / 2, 10);
  }
  control(pid, "--instr=on");
  for (let round = 0; round < 2; round++) {
    for (const which of ["route", "bytes"] as const) await fixedRound(targets[which]);
  }

  const perRequest: Record<"route" | "bytes", number[]> = { route: [], bytes: [] };
  for (let round = 0; round < rounds; round++) {
    for (const which of round % 2 ? (["bytes", "route"] as const) : (["route", "bytes"] as const)) {
      await fetch(`http://127.0.0.1:${replayPort}/gc`, { method: "POST" });
      control(pid, "--zero");
      const made = await fixedRound(targets[which]);
      const label = `${which}${round}`;
      control(pid, "--dump", label);
      perRequest[which].push(dumped(outDir, label) / made);
    }
  }
  await server.stop();
  const k = (n: number) => `${(n / 1000).toFixed(1)}k`;
  const row = (which: "route" | "bytes") =>
    `${k(median(perRequest[which]))} (rounds ${perRequest[which].map(k).join(", ")})`;
  const ratios = perRequest.route.map((r, i) => r / (perRequest.bytes[i] ?? r));
  console.log(
    `\n${route.label}: ${answer.status}, ${Buffer.from(answer.body, "base64").length} bytes of body` +
      `\n  route:      ${row("route")} instructions per request, JavaScript thread` +
      `\n  same bytes: ${row("bytes")}` +
      `\n  route / same bytes: ${median(ratios).toFixed(2)} (rounds ${ratios.map((r) => r.toFixed(2)).join(", ")})`,
  );
}

if (!haveWrk()) throw new Error("wrk is needed (Debian's package wrk)");
if (!haveDebianCommand("valgrind")) throw new Error("valgrind is needed (Debian's package valgrind)");
console.log(`load average at the start: ${loadAverage()} (instructions do not depend on it)`);
const only = process.argv[2];
for (const route of ROUTES.filter((r) => !only || r.path === only)) await measure(route);
console.log(`\nload average at the end: ${loadAverage()}`);
