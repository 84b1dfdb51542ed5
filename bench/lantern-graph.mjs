/**
 * Lighthouse's Lantern estimate of a page's largest contentful paint, recomputed from the artifacts a
 * run kept (LH_ARTIFACTS_DIR=... npm run bench:web), with every request and main-thread task of its
 * graph and the simulated start and end of each: what the estimate waited for.
 *
 *   node bench/lantern-graph.mjs /tmp/lh-artifacts/dashboard_saver [optimistic|pessimistic]
 *
 * Run from the repository's root after `npm run bench:install` (Lighthouse lives in bench/node_modules).
 */
import { LanternLargestContentfulPaint } from "lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js";
import { defaultSettings } from "lighthouse/core/config/constants.js";
import { loadArtifacts } from "lighthouse/core/lib/asset-saver.js";

const [dir, which = "pessimistic"] = process.argv.slice(2);
if (!dir) {
  console.error("usage: node bench/lantern-graph.mjs <artifacts directory> [optimistic|pessimistic]");
  process.exit(2);
}
const artifacts = await loadArtifacts(dir);
const settings = { ...defaultSettings };
const result = await LanternLargestContentfulPaint.request(
  {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  },
  { computedCache: new Map(), settings },
);
const ms = (n) => String(Math.round(n)).padStart(5);
console.log(
  `LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(result.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(result.pessimisticEstimate.timeInMs)}); the ${which} graph:`,
);
const estimate = which === "optimistic" ? result.optimisticEstimate : result.pessimisticEstimate;
const path = (url) => url.replace(/^https?:\/\/[^/]+/, "").slice(0, 80);
for (const [node, timing] of [...estimate.nodeTimings.entries()].sort(
  (a, b) => a[1].startTime - b[1].startTime,
)) {
  if (node.type === "network") {
    const { request } = node;
    console.log(
      `${ms(timing.startTime)} ${ms(timing.endTime)} request ${String(request.transferSize).padStart(6)} B ${path(request.url)}`,
    );
  } else {
    const names = [...new Set(node.childEvents.map((event) => event.name))]
      .filter((name) =>
        /Layout|Paint$|FunctionCall|TimerFire|EvaluateScript|RunMicrotasks|ParseHTML|FireAnimationFrame/.test(
          name,
        ),
      )
      .join(",");
    const scripts = [...node.getEvaluateScriptURLs()].map(path).join(",");
    console.log(
      `${ms(timing.startTime)} ${ms(timing.endTime)} task ${ms(timing.endTime - timing.startTime)} ms ${names} ${scripts}`,
    );
  }
}
