/**
 * CPU profile of one route under load: starts the compiled server with `node --cpu-prof` on the
 * embedded database (or DATABASE_URL), drives the route with autocannon as bench:api does (each request
 * from its own client address), stops the server and prints where its CPU time went: self time by
 * function and by file (node_modules packages grouped), largest first. Run `npm run build` first.
 *
 *   npm run bench:profile -- /api/calculate POST '{"amount":10000,"duration_months":12,"interest_rate":3.5,"currency":"EUR"}'
 *   npm run bench:profile -- /en
 *   PROFILE_AUTH=1 npm run bench:profile -- /api/auth/me     (registers a user, sends its bearer token)
 *   npx tsx bench/profile-route.ts --read <file.cpuprofile>        (only summarise a profile)
 *
 * BENCH_DURATION (default 10 s), BENCH_CONNECTIONS (50), PROFILE_TOP (rows per table, 30).
 */

import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { type CpuProfile, frameLabel, place, selfTimeByNode } from "./cpu-profile.ts";
import { freePort, registeredBearer, repoRoot, table, tempDir } from "./lib.ts";

const top = Number(process.env.PROFILE_TOP ?? 30);

/**
 * Sums self time by function and by file. `window`: only the samples taken between these two instants
 * (microseconds of the monotonic clock V8 and process.hrtime share on Linux), i.e. under load, not the
 * start-up.
 */
export function summarise(file: string, window?: { from: number; to: number }, requests?: number) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = selfTimeByNode(profile, (at) => !window || (at >= window.from && at <= window.to));
  let total = 0;
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const node = byId.get(id);
    if (!node) continue;
    total += us;
    const fn = frameLabel(node);
    const where = place(node.callFrame.url);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    byFile.set(where, (byFile.get(where) ?? 0) + us);
  }
  // Inclusive time: a function's own samples and those of everything it called (counted once per
  // stack, so recursion does not count twice).
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node?.callFrame.url) continue;
      const key = frameLabel(node);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + us);
    }
  }
  const rows = (m: Map<string, number>, label: string) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => ({
        [label]: k,
        "self ms": Math.round(us / 1000),
        "%": ((us / total) * 100).toFixed(1),
      }));
  const idle = [...byFunction.entries()].find(([k]) => k.startsWith("(idle)"))?.[1] ?? 0;
  const busyMs = (total - idle) / 1000;
  console.log(
    `\n${file}: ${Math.round(total / 1000)} ms sampled, ${((1 - idle / total) * 100).toFixed(0)} % busy` +
      (requests ? `, ${((busyMs * 1000) / requests).toFixed(1)} µs of CPU per request` : "") +
      "\n",
  );
  table(rows(byFunction, "function"));
  console.log("");
  table(rows(inclusive, "function, with what it calls"));
  console.log("");
  table(rows(byFile, "file"));
}

async function profileRoute(route: string, method: "GET" | "POST", body?: string) {
  const port = await freePort();
  const profileDir = tempDir("festgeld-profile-");
  const child: ChildProcess = spawn(
    process.execPath,
    [
      "--cpu-prof",
      `--cpu-prof-dir=${profileDir}`,
      // PROFILE_NODE_FLAGS: more V8 flags, e.g. --no-turbo-inlining to charge inlined functions to themselves.
      ...(process.env.PROFILE_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
      "apps/server/dist/server.js",
    ],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: "production",
        LOG_LEVEL: "warn",
        HOST: "127.0.0.1",
        PORT: String(port),
        TRUST_PROXY: "1",
        DATA_DIR: process.env.DATA_DIR ?? tempDir("festgeld-profile-data-"),
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (Date.now() > deadline) throw new Error("server not ready");
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "text/html",
    "accept-encoding": "br, gzip",
  };
  if (process.env.PROFILE_AUTH) Object.assign(headers, await registeredBearer(base, "profile"));
  let counter = 0;
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const from = now();
  const result = await autocannon({
    url: `${base}${route}`,
    method,
    body,
    headers,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    duration: Number(process.env.BENCH_DURATION ?? 10),
    requests: [
      {
        setupRequest: (req: { headers?: Record<string, string> }) => {
          const a = ++counter;
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
  const to = now();
  console.log(`${method} ${route}: ${Math.round(result.requests.average)} req/s, non-2xx ${result.non2xx}`);
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile written under ${profileDir}`);
  summarise(path.join(profileDir, file), { from, to }, result.requests.total);
}

const [first, second, third] = process.argv.slice(2);
if (first === "--read" && second) summarise(second);
else if (first) await profileRoute(first, second === "POST" ? "POST" : "GET", third);
else
  console.log("usage: tsx bench/profile-route.ts <path> [GET|POST] [json body] | --read <file.cpuprofile>");
