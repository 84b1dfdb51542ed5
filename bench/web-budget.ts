/**
 * Web budget: builds the web app, prints the gzip size of the JavaScript and CSS that the home route
 * loads first (entry, the app it starts after the first paint, their static imports, the home page chunk
 * and the English catalogues it needs),
 * and fails above 150 KB of JavaScript. Then runs Lighthouse (mobile emulation with its simulated slow
 * 4G, Debian Chromium) on every prerendered page in the three languages and prints the four category
 * scores and the largest contentful paint; it fails below performance 95, accessibility 100 or SEO 100,
 * or above 1.5 s of LCP.
 *
 *   npm run bench:web                 (SKIP_LIGHTHOUSE=1 for the size budget only;
 *                                      ROUTES=/en,/de/packages for some pages only)
 */
import { execSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { LANGUAGES } from "@festgeld/domain";
import { repoRoot, startServer, table, tempDir } from "./lib.ts";

const JS_BUDGET_KB = 150;
const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100, seo: 100, lcpMs: 1500 };

/** Every prerendered page of the build, by address (/en, /de/packages ...). */
function prerenderedRoutes(): string[] {
  const routes: string[] = [];
  for (const language of LANGUAGES) {
    const root = path.join(dist, language);
    if (!existsSync(root)) continue;
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name === "index.html") {
        routes.push(`/${path.relative(dist, entry.parentPath).split(path.sep).join("/")}`);
      }
    }
  }
  return routes.sort();
}
const dist = path.join(repoRoot, "apps/web/dist");

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

// A fresh build of the web app, recorded as built, so that starting the server below does not build it again.
execSync("node tools/build.mjs --only web --force", { cwd: repoRoot, stdio: "ignore" });
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
  string,
  ManifestChunk
>;

const files = new Set<string>();
function collect(key: string) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) collect(imp);
}
collect("index.html");
// The home route's own lazy chunk and the catalogues the first paint needs in the default language.
for (const key of [
  "src/boot.tsx",
  "src/features/home/home-page.tsx",
  "src/locales/en/common.json",
  "src/locales/en/errors.json",
  "src/locales/en/marketing.json",
]) {
  collect(key);
}

const rows = [...files].sort().map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  return {
    file,
    kind: file.endsWith(".css") ? "css" : "js",
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
  };
});
const sum = (kind: string, key: "raw" | "gzip") =>
  rows.filter((r) => r.kind === kind).reduce((a, r) => a + r[key], 0);
const kb = (n: number) => (n / 1024).toFixed(1);
table(rows.map((r) => ({ file: r.file, "raw KB": kb(r.raw), "gzip KB": kb(r.gzip) })));
const jsGzip = sum("js", "gzip");
console.log(
  `\nHome route first load: JavaScript ${kb(jsGzip)} KB gzip (budget ${JS_BUDGET_KB} KB), CSS ${kb(sum("css", "gzip"))} KB gzip`,
);
const allChunks = Object.values(manifest).map((c) => c.file);
const recharts = allChunks.filter((f) => /recharts|chart/i.test(f));
if (recharts.length) console.log(`Chart chunks (must not be in the list above): ${recharts.join(", ")}`);

let failed = jsGzip / 1024 > JS_BUDGET_KB;
if (failed) console.error(`FAIL: home route JavaScript exceeds ${JS_BUDGET_KB} KB gzip`);

if (!process.env.SKIP_LIGHTHOUSE) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const server = await startServer({ DATA_DIR: tempDir("festgeld-lh-") });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const scores: Array<Record<string, string | number>> = [];
    const routes = process.env.ROUTES ? process.env.ROUTES.split(",") : prerenderedRoutes();
    for (const route of routes) {
      const result = await lighthouse(`${server.url}${route}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        formFactor: "mobile",
      });
      const c = result?.lhr.categories ?? {};
      const score = (k: string) => Math.round(((c[k]?.score ?? 0) as number) * 100);
      const audits = result?.lhr.audits ?? {};
      const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
      const lcp = metric("largest-contentful-paint");
      if (process.env.LH_DETAILS) {
        // What limits the page: the LCP element, its phases, render-blocking requests and the main-thread work.
        for (const id of [
          "largest-contentful-paint-element",
          "render-blocking-resources",
          "bootup-time",
          "network-requests",
        ]) {
          const details = audits[id]?.details as { items?: unknown[] } | undefined;
          console.log(
            `${route} ${id}: ${JSON.stringify(details?.items ?? audits[id]?.displayValue ?? null).slice(0, 1500)}`,
          );
        }
      }
      const misses = [
        score("performance") < LIGHTHOUSE_BUDGET.performance ? "performance" : "",
        score("accessibility") < LIGHTHOUSE_BUDGET.accessibility ? "accessibility" : "",
        score("seo") < LIGHTHOUSE_BUDGET.seo ? "seo" : "",
        lcp > LIGHTHOUSE_BUDGET.lcpMs ? "lcp" : "",
      ].filter(Boolean);
      if (misses.length) failed = true;
      scores.push({
        route,
        performance: score("performance"),
        accessibility: score("accessibility"),
        "best-practices": score("best-practices"),
        seo: score("seo"),
        "FCP ms": metric("first-contentful-paint"),
        "LCP ms": lcp,
        "TBT ms": metric("total-blocking-time"),
        CLS: (audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3),
        "SI ms": metric("speed-index"),
        budget: misses.length ? `MISSED: ${misses.join(", ")}` : "ok",
      });
    }
    console.log(
      `\nLighthouse (mobile emulation); budget: performance >= ${LIGHTHOUSE_BUDGET.performance}, accessibility ${LIGHTHOUSE_BUDGET.accessibility}, SEO ${LIGHTHOUSE_BUDGET.seo}, LCP <= ${LIGHTHOUSE_BUDGET.lcpMs} ms`,
    );
    table(scores);
  } finally {
    await chrome.kill();
    await server.stop();
  }
}
if (failed) {
  console.error("FAIL: a budget above was missed");
  process.exit(1);
}
