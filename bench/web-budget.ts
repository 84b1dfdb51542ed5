/**
 * Web budget: builds the web app, prints the gzip size of the JavaScript and CSS that the home route
 * loads first (entry, the app it starts after the first paint, their static imports, the home page chunk
 * and the English catalogues it needs),
 * and fails above 150 KB of JavaScript. Then runs Lighthouse (mobile emulation with its simulated slow
 * 4G, Debian Chromium) on every prerendered page in the three languages and prints the four category
 * scores and the largest contentful paint; it fails below performance 95, accessibility 100 or SEO 100,
 * or above 1.5 s of LCP. Then the signed-in pages (a saver's dashboard with deposits, identity check and
 * inbox; the back office's overview) on the PostgreSQL server, signed in with a session in the browser's
 * storage: it fails below performance 90 or accessibility 100, above 2.5 s of LCP, or when a page
 * fell back to the sign-in page.
 *
 * The pages are measured on the compiled server's own port (plain HTTP/1.1). WEB_FRONT=tls measures them
 * through HAProxy instead, as production serves them (deploy/haproxy.cfg's TLS bind, HTTP/2 by ALPN, a
 * self-signed certificate made for the run): Lighthouse's estimate then pays the TLS handshake and loads one
 * file after another on the one connection (docs/decisions.md "Pages through the TLS front").
 *
 *   npm run bench:web                 (SKIP_LIGHTHOUSE=1 for the size budget only;
 *                                      ROUTES=/en,/de/packages for some pages only;
 *                                      SKIP_SIGNED_IN=1 without, ONLY_SIGNED_IN=1 only the signed-in pages)
 */
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { LANGUAGES } from "@festgeld/domain";
import {
  createPgDatabase,
  loadAverage,
  pgAvailable,
  repoRoot,
  settleLoad,
  startServer,
  startTlsFront,
  type TlsFront,
  table,
  tempDir,
} from "./lib.ts";
import { seedSignedIn, sendMessages } from "./signed-in-pages.ts";

const JS_BUDGET_KB = 150;
const LIGHTHOUSE_BUDGET = { performance: 95, accessibility: 100, seo: 100, lcpMs: 1500 };
/** Signed-in pages load the app and their data after sign-in: performance >= 90 (no SEO: they are not indexed). */
const SIGNED_IN_BUDGET = { performance: 90, accessibility: 100, seo: null, lcpMs: 2500 };

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
// The home route's own lazy chunk and the catalogues the first paint needs in the default language, and
// React's renderer, which the app's start imports (boot.tsx, app-root.tsx) rather than a static import.
for (const key of [
  "src/boot.tsx",
  "src/app-root.tsx",
  "../../node_modules/react-dom/client.js",
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

/** One Lighthouse run (mobile emulation) of `url`: its row in the table and whether it missed `budget`. */
async function audit(
  lighthouse: typeof import("lighthouse").default,
  port: number,
  url: string,
  label: string,
  budget: { performance: number; accessibility: number; seo: number | null; lcpMs: number },
  keepStorage = false,
) {
  const run = () =>
    lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      formFactor: "mobile",
      // A signed-in page needs the session the browser holds (localStorage), which Lighthouse would clear.
      disableStorageReset: keepStorage,
      // LH_CPU_PROFILE=1 records V8's sampling profiler in the trace (with LH_ARTIFACTS_DIR: which
      // functions each long task ran, read by bench/trace-tasks.mjs).
      // LH_TRACE_CATEGORIES adds trace categories of its own (e.g. "fonts": what a long layout spent on fonts).
      ...(process.env.LH_CPU_PROFILE || process.env.LH_TRACE_CATEGORIES
        ? {
            additionalTraceCategories: [
              process.env.LH_CPU_PROFILE ? "disabled-by-default-v8.cpu_profiler" : "",
              process.env.LH_TRACE_CATEGORIES ?? "",
            ]
              .filter(Boolean)
              .join(","),
          }
        : {}),
      // LH_ARTIFACTS_DIR keeps each page's trace and network log (Lighthouse's own artifacts), for
      // recomputing its Lantern estimate request by request (bench/lantern-graph.mjs).
      ...(process.env.LH_ARTIFACTS_DIR
        ? (() => {
            const dir = path.join(
              process.env.LH_ARTIFACTS_DIR,
              label.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home",
            );
            return { gatherMode: dir, auditMode: dir };
          })()
        : {}),
    });
  let result = await run();
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART) and scores the page 0: that measured
  // nothing, so the page is measured again (twice at most); a failure that stays is reported as a miss.
  for (let attempt = 1; attempt <= 2 && result?.lhr.runtimeError; attempt++) {
    console.log(`${label}: Lighthouse failed (${result.lhr.runtimeError.code}), measuring again`);
    result = await run();
  }
  const c = result?.lhr.categories ?? {};
  const score = (k: string) => Math.round(((c[k]?.score ?? 0) as number) * 100);
  const audits = result?.lhr.audits ?? {};
  const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
  const lcp = metric("largest-contentful-paint");
  if (process.env.LH_REPORT_DIR && result) {
    // The whole report of each page (Lighthouse's JSON), for reading what the table sums up.
    mkdirSync(process.env.LH_REPORT_DIR, { recursive: true });
    const name = label.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home";
    writeFileSync(path.join(process.env.LH_REPORT_DIR, `${name}.json`), JSON.stringify(result.lhr));
  }
  if (process.env.LH_DETAILS) {
    // What limits the page: the LCP element, its phases, render-blocking requests, the main-thread work
    // and its long tasks.
    for (const id of [
      "largest-contentful-paint-element",
      "render-blocking-resources",
      "bootup-time",
      "long-tasks",
      "network-requests",
      "layout-shifts",
    ]) {
      const details = audits[id]?.details as { items?: unknown[] } | undefined;
      console.log(
        `${label} ${id}: ${JSON.stringify(details?.items ?? audits[id]?.displayValue ?? null).slice(0, 1500)}`,
      );
    }
  }
  const finalUrl = result?.lhr.finalDisplayedUrl ?? url;
  const misses = [
    score("performance") < budget.performance ? "performance" : "",
    score("accessibility") < budget.accessibility ? "accessibility" : "",
    budget.seo !== null && score("seo") < budget.seo ? "seo" : "",
    lcp > budget.lcpMs ? "lcp" : "",
    // A signed-in page that fell back to the sign-in page measured the wrong page.
    new URL(finalUrl).pathname !== new URL(url).pathname ? `redirected to ${new URL(finalUrl).pathname}` : "",
  ].filter(Boolean);
  return {
    missed: misses.length > 0,
    row: {
      route: label,
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
    } as Record<string, string | number>,
  };
}

const chromeFlags = [
  "--headless=new",
  // The TLS front's certificate is self-signed, made for the run.
  "--ignore-certificate-errors",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** The server trusts the front's X-Forwarded-For and -Proto (as production behind one proxy). */
const behindFront: Record<string, string> = process.env.WEB_FRONT === "tls" ? { TRUST_PROXY: "1" } : {};

/** With WEB_FRONT=tls the TLS front before `backend` (none without haproxy or openssl). */
async function frontOf(backend: string): Promise<TlsFront | null> {
  return process.env.WEB_FRONT === "tls" ? startTlsFront(backend) : null;
}

if (!process.env.SKIP_LIGHTHOUSE && !process.env.ONLY_SIGNED_IN) {
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const server = await startServer({ DATA_DIR: tempDir("festgeld-lh-"), ...behindFront });
  const front = await frontOf(server.url);
  const site = front?.url ?? server.url;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags,
  });
  try {
    await settleLoad();
    const loadBefore = loadAverage();
    const scores: Array<Record<string, string | number>> = [];
    const routes = process.env.ROUTES ? process.env.ROUTES.split(",") : prerenderedRoutes();
    for (const route of routes) {
      const { missed, row } = await audit(
        lighthouse,
        chrome.port,
        `${site}${route}`,
        route,
        LIGHTHOUSE_BUDGET,
      );
      if (missed) failed = true;
      scores.push(row);
    }
    console.log(
      `\nLighthouse (mobile emulation, ${site}); budget: performance >= ${LIGHTHOUSE_BUDGET.performance}, accessibility ${LIGHTHOUSE_BUDGET.accessibility}, SEO ${LIGHTHOUSE_BUDGET.seo}, LCP <= ${LIGHTHOUSE_BUDGET.lcpMs} ms; load average ${loadBefore} -> ${loadAverage()}`,
    );
    table(scores);
  } finally {
    await chrome.kill();
    await front?.stop();
    await server.stop();
  }
}

// The signed-in pages (a saver's dashboard with deposits, identity check and inbox; the back office's
// overview), signed in through a session in the browser's storage, on the PostgreSQL server.
if (!process.env.SKIP_LIGHTHOUSE && !process.env.ROUTES && !process.env.SKIP_SIGNED_IN) {
  if (!(await pgAvailable())) {
    console.log("\nSigned-in pages skipped: no PostgreSQL server at DATABASE_URL");
  } else {
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const { default: puppeteer } = await import("puppeteer-core");
    const { url, drop } = await createPgDatabase("festgeld_bench_web");
    const dataDir = tempDir("festgeld-lh-signed-in-");
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let front: TlsFront | null = null;
    let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined;
    try {
      const tokens = await seedSignedIn(url, dataDir);
      server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir, ...behindFront });
      await sendMessages(server.url, tokens.adminToken);
      front = await frontOf(server.url);
      const site = front?.url ?? server.url;
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
        chromeFlags,
      });
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const signIn = async (token: string) => {
        const page = await browser.newPage();
        // A file of the site, not a page: nothing of the app's code is loading when the cache is cleared.
        await page.goto(`${site}/robots.txt`);
        // What a returning reader's browser holds: the token, the language, and the name and role the app
        // keeps for the signed-in pages' first frame (lib/storage.ts), read from the session as the app reads it.
        await page.evaluate(async (value) => {
          localStorage.setItem("token", value);
          localStorage.setItem("user_language", "en");
          const me = await fetch("/api/auth/me", { headers: { Authorization: `Bearer ${value}` } });
          if (!me.ok) throw new Error(`GET /api/auth/me answered ${me.status}`);
          const user = (await me.json()) as { full_name: string; role: string };
          localStorage.setItem("session_frame", JSON.stringify({ name: user.full_name, role: user.role }));
        }, token);
        // Lighthouse keeps the browser's cache along with its storage here: the home page's visit
        // would leave whatever of the app's code it had loaded before the page closed. Every page is
        // measured with an empty cache, as the public pages are.
        const cdp = await page.createCDPSession();
        await cdp.send("Network.clearBrowserCache");
        await cdp.detach();
        await page.close();
      };
      await settleLoad();
      const loadBefore = loadAverage();
      const scores: Array<Record<string, string | number>> = [];
      const pages: Array<[string, string]> = [
        ["saver", "/dashboard"],
        ["saver", "/kyc"],
        ["saver", "/inbox"],
        ["admin", "/admin"],
      ];
      // SIGNED_IN_ROUTES=/dashboard,/admin measures those only; SIGNED_IN_RUNS=5 measures each that often.
      const only = process.env.SIGNED_IN_ROUTES?.split(",");
      const runs = Math.max(1, Math.trunc(Number(process.env.SIGNED_IN_RUNS ?? 1)) || 1);
      const measured = pages
        .filter(([, route]) => !only || only.includes(route))
        .flatMap((entry) => Array.from({ length: runs }, () => entry));
      for (const [index, [who, route]] of measured.entries()) {
        await signIn(who === "admin" ? tokens.adminToken : tokens.saverToken);
        const { missed, row } = await audit(
          lighthouse,
          chrome.port,
          `${site}${route}`,
          // With several runs, each keeps its own artifacts (LH_ARTIFACTS_DIR).
          runs > 1 ? `${route} (${who}) ${1 + (index % runs)}` : `${route} (${who})`,
          SIGNED_IN_BUDGET,
          true,
        );
        if (missed) failed = true;
        scores.push(row);
      }
      await browser.disconnect();
      console.log(
        `\nSigned-in pages, Lighthouse (mobile emulation, ${site}); budget: performance >= ${SIGNED_IN_BUDGET.performance}, accessibility ${SIGNED_IN_BUDGET.accessibility}, LCP <= ${SIGNED_IN_BUDGET.lcpMs} ms (SEO not counted: these pages are not indexed); load average ${loadBefore} -> ${loadAverage()}`,
      );
      table(scores);
    } finally {
      await chrome?.kill();
      await front?.stop();
      await server?.stop();
      await drop();
    }
  }
}

if (failed) {
  console.error("FAIL: a budget above was missed");
  process.exit(1);
}
