/**
 * Reading a V8 CPU profile (`node --cpu-prof`), shared by bench/profile-route.ts and
 * bench/profile-same-bytes.ts: its shape, where a script lives, a function's label and each node's self time.
 */
import path from "node:path";
import { repoRoot } from "./lib.ts";

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
}

/** Where a script lives, short: a package name for node_modules, a repository path for ours. */
export function place(url: string): string {
  if (!url) return "(native)";
  const clean = url.replace(/^file:\/\//, "");
  const nm = clean.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = clean.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
  }
  if (clean.startsWith("node:")) return clean;
  return path.relative(repoRoot, clean) || clean;
}

/** A function as the tables name it: its name, its script's place and line. */
export function frameLabel(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${(functionName || "(anonymous)").slice(0, 60)} ${place(url)}${url ? `:${lineNumber + 1}` : ""}`;
}

/**
 * Self time in microseconds per profile node, of the samples `keep` accepts by the instant each was
 * taken (microseconds of the monotonic clock V8 and process.hrtime share on Linux).
 */
export function selfTimeByNode(profile: CpuProfile, keep: (at: number) => boolean = () => true) {
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (keep(at)) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  return selfUs;
}
