/**
 * The long tasks of a Lighthouse trace and what ran in them: for each task of the page's main thread
 * longer than the threshold (12.5 ms by default: four times that, Lighthouse's simulated slow phone,
 * is its 50 ms long task), its start and length as observed, the blocking time the simulation gives it
 * (four times its length less 50 ms, counted when it starts after the first contentful paint), the
 * trace events it spent longest in, and the functions V8's sampling profiler found in it, by self time.
 *
 *   ONLY_SIGNED_IN=1 LH_CPU_PROFILE=1 LH_ARTIFACTS_DIR=/tmp/lh npm run bench:web
 *   node bench/trace-tasks.mjs /tmp/lh/dashboard_saver/defaultPass.trace.json [threshold ms]
 *
 * The observed times are this machine's; Lighthouse's estimate reorders the tasks in its simulation, so
 * the sum printed last approximates its total blocking time rather than repeating it.
 */
import { readFileSync } from "node:fs";

const [file, threshold = "12.5"] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bench/trace-tasks.mjs <trace.json> [threshold ms]");
  process.exit(2);
}
const minMs = Number(threshold);
const raw = JSON.parse(readFileSync(file, "utf8"));
const events = raw.traceEvents ?? raw;

// The page's main thread: the renderer main thread that ran the most tasks.
const busy = new Map();
for (const e of events) {
  if (e.name === "RunTask" && e.ph === "X")
    busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
}
const mainThread = events
  .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
  .map((e) => `${e.pid}:${e.tid}`)
  .sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
if (!mainThread) throw new Error("no renderer main thread in the trace");
const [pid, tid] = mainThread.split(":").map(Number);
const navigations = events.filter((e) => e.name === "navigationStart" && e.pid === pid);
const start = (
  navigations.find((e) => /^https?:/.test(e.args?.data?.documentLoaderURL ?? "")) ?? navigations[0]
)?.ts;
if (start === undefined) throw new Error("no navigation in the trace");
const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid && e.ts > start);
const fcpAt = fcp ? (fcp.ts - start) / 1000 : 0;

// V8's samples (LH_CPU_PROFILE=1): nodes and sample times from the profile's chunks.
const nodes = new Map();
const samples = [];
let clock = 0;
for (const e of events) {
  if (e.pid !== pid) continue;
  if (e.name === "Profile") clock = e.args.data.startTime;
  if (e.name === "ProfileChunk") {
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id, i) => {
      clock += deltas[i] ?? 0;
      samples.push([clock, id]);
    });
  }
}
samples.sort((a, b) => a[0] - b[0]);
const nameOf = (id) => {
  const frame = nodes.get(id)?.callFrame;
  if (!frame) return "?";
  const script = (frame.url ?? "").split("/").pop();
  return `${frame.functionName || "(anonymous)"}${script ? ` ${script}:${frame.lineNumber + 1}` : ""}`;
};

const tasks = events
  .filter((e) => e.pid === pid && e.tid === tid && e.name === "RunTask" && e.ph === "X" && e.ts >= start)
  .filter((e) => e.dur >= minMs * 1000)
  .sort((a, b) => a.ts - b.ts);
const threadEvents = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur > 1000);
let blocking = 0;
console.log(`first contentful paint observed at ${fcpAt.toFixed(0)} ms; tasks of ${minMs} ms or more:`);
for (const task of tasks) {
  const at = (task.ts - start) / 1000;
  const length = task.dur / 1000;
  const simulated = Math.max(0, 4 * length - 50);
  if (at >= fcpAt) blocking += simulated;
  const inside = new Map();
  for (const e of threadEvents) {
    if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur || e.name === "RunTask") continue;
    inside.set(e.name, Math.max(inside.get(e.name) ?? 0, e.dur / 1000));
  }
  const longest = [...inside]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)}`)
    .join(", ");
  const self = new Map();
  let count = 0;
  for (const [ts, id] of samples) {
    if (ts < task.ts || ts > task.ts + task.dur) continue;
    count++;
    self.set(nameOf(id), (self.get(nameOf(id)) ?? 0) + 1);
  }
  console.log(
    `\n${at >= fcpAt ? "after" : "before"} paint ${at.toFixed(0)} ms: ${length.toFixed(1)} ms (simulated blocking ${simulated.toFixed(0)} ms): ${longest}`,
  );
  for (const [name, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${String(Math.round((100 * n) / count)).padStart(3)} % ${name}`);
  }
}
console.log(`\nsum of simulated blocking after the paint: ${blocking.toFixed(0)} ms`);
