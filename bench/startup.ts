/**
 * Start-up figures of the compiled server on the embedded database: first start on an empty data
 * directory, then a restart on that data, each until GET /api/ready answers; resident memory once
 * ready and its peak (VmHWM); the time from SIGTERM to exit. Targets: restart under 1 s, memory
 * after start under 300 MB. Run with `npm run bench:startup` (builds first when out of date).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { freePort, repoRoot, tempDir } from "./lib.ts";

const compiled = path.join(repoRoot, "apps/server/dist/server.js");
if (!existsSync(compiled)) {
  console.error("apps/server/dist/server.js is missing: run `npm run build` first");
  process.exit(1);
}

/** CPU time (user + system) the process has used, in ms: a figure that a busy machine distorts less than wall time. */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  // Fields 14 and 15 of /proc/<pid>/stat (utime, stime), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rssMb: kb("VmRSS") / 1024, peakMb: kb("VmHWM") / 1024 };
}

async function run(dataDir: string, label: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [compiled], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  let readyMs = 0;
  let cpuMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${label}: server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/ready`)).ok) {
        readyMs = performance.now() - started;
        cpuMs = cpuMsOf(child.pid as number);
        break;
      }
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${label}: not ready after 120 s`);
    await new Promise((r) => setTimeout(r, 20));
  }
  // A few requests, as a first visitor would make, before reading the memory.
  for (const url of ["/api/packages", "/", "/api/health"])
    await (await fetch(`http://127.0.0.1:${port}${url}`)).text();
  const memory = memoryOf(child.pid as number);
  const stopping = performance.now();
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.kill("SIGTERM");
  const code = await exited;
  const stopMs = performance.now() - stopping;
  return { label, readyMs, cpuMs, ...memory, stopMs, code };
}

const dataDir = tempDir("festgeld-startup-");
const [load1] = readFileSync("/proc/loadavg", "utf8").split(" ");
console.log(
  `load average ${load1} on ${(await import("node:os")).availableParallelism()} cores (wall times stretch with it)`,
);
try {
  const rows = [
    await run(dataDir, "first start (empty DATA_DIR)"),
    await run(dataDir, "restart (existing data)"),
  ];
  for (const r of rows) {
    console.log(
      `${r.label.padEnd(30)} ready ${Math.round(r.readyMs).toString().padStart(6)} ms (CPU ${r.cpuMs} ms)   ` +
        `RSS ${r.rssMb.toFixed(0).padStart(4)} MB (peak ${r.peakMb.toFixed(0)} MB)   ` +
        `SIGTERM -> exit ${Math.round(r.stopMs)} ms (code ${r.code})`,
    );
  }
  const restart = rows[1];
  if (restart) {
    console.log(
      `targets: restart < 1000 ms: ${restart.readyMs < 1000 ? "met" : "MISSED"}; ` +
        `RSS after start < 300 MB: ${restart.rssMb < 300 ? "met" : "MISSED"} (first start ${rows[0]?.rssMb.toFixed(0)} MB)`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
