// Builds what is out of date: the web app (Vite, into apps/web/dist) and the server (esbuild, into
// apps/server/dist: server.js and the command-line tools, with the SQL migrations and data files
// they read beside them). Plain JavaScript, so that it runs with `node` alone.
//
//   node tools/build.mjs            build what changed since the last build
//   node tools/build.mjs --force    build both
//   node tools/build.mjs --check    exit 1 when something is out of date, build nothing
//   node tools/build.mjs --only server   (or web) just that one, when out of date
//
// `npm start` builds with a log file (`buildStale({ log })`): the console gets one line per target
// and the tools' own output (about a thousand lines for the web app) goes to the file, whose last
// lines are printed when a build fails.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { stripVTControlCharacters } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const at = (...parts) => path.join(root, ...parts);

const SKIP = new Set([
  "node_modules",
  "dist",
  "dist-ssr",
  "test-results",
  "playwright-report",
  "e2e",
  ".tmp",
  "coverage",
]);

/** Newest modification time (ms) of the files under `entries` (files or directories); 0 when none exist. */
function newest(entries) {
  let latest = 0;
  const pending = [...entries];
  while (pending.length > 0) {
    const current = pending.pop();
    let stat;
    try {
      stat = fs.statSync(current);
    } catch {
      continue;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(current)) if (!SKIP.has(name)) pending.push(path.join(current, name));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  }
  return latest;
}

function readStamp(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return null;
  }
}

const brandFile = process.env.BRAND_FILE ? path.resolve(process.env.BRAND_FILE) : "";

export const targets = {
  web: {
    stamp: at("apps/web/dist/.build-stamp.json"),
    inputs: () =>
      [
        at("apps/web"),
        at("packages/domain/src"),
        at("packages/domain/package.json"),
        at("package-lock.json"),
        brandFile,
      ].filter(Boolean),
    // The brand is compiled into the web app and the sitemap's links use PUBLIC_URL: either changed
    // needs another build.
    key: () => ({ brandFile, publicUrl: process.env.PUBLIC_URL ?? "" }),
    build: (log) => {
      const output = log ? fs.openSync(log, "a") : undefined;
      try {
        const result = spawnSync("npm", ["run", "build", "--workspace", "@festgeld/web"], {
          cwd: root,
          stdio: output === undefined ? "inherit" : ["ignore", output, output],
          env: process.env,
        });
        if (result.status !== 0) throw new Error("web build failed");
      } finally {
        if (output !== undefined) fs.closeSync(output);
      }
    },
  },
  server: {
    stamp: at("apps/server/dist/.build-stamp.json"),
    inputs: () => [
      at("apps/server/src"),
      at("apps/server/package.json"),
      at("packages/domain/src"),
      at("packages/domain/package.json"),
      at("package-lock.json"),
      fileURLToPath(import.meta.url),
    ],
    key: () => ({}),
    build: buildServer,
  },
};

/** Why `name` needs a build, or null when it is up to date. */
export function staleReason(name) {
  const target = targets[name];
  const stamp = readStamp(target.stamp);
  if (!stamp) return "not built yet";
  if (JSON.stringify(stamp.key) !== JSON.stringify(target.key())) return "settings changed";
  if (newest(target.inputs()) > stamp.builtFrom) return "sources changed";
  return null;
}

function writeStamp(name, builtFrom) {
  const target = targets[name];
  fs.mkdirSync(path.dirname(target.stamp), { recursive: true });
  fs.writeFileSync(target.stamp, `${JSON.stringify({ builtFrom, key: target.key() })}\n`);
}

// The server is one bundle with the npm packages it uses compiled in: Node resolves and reads each
// module file of an ESM graph on its own, and a start spent more time finding a few thousand files
// in node_modules than running them (docs/decisions.md "Start-up loads only what serving needs").
// These stay in node_modules: native code and WASM (PGlite, Argon2), files read beside the code
// (swagger-ui's assets, pdfkit's font metrics), pino's worker transports, the optional pg-native,
// and what is loaded only on first use or when configured (e-mail layout, PDFs, QR codes, passkeys, S3,
// archives, Redis).
const KEEP_EXTERNAL = [
  "@electric-sql/pglite",
  "@node-rs/argon2",
  "pino",
  "thread-stream",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "pdfkit",
  "@aws-sdk/client-s3",
  "@react-email/*",
  "react",
  "react-dom",
  "@simplewebauthn/server",
  "qrcode",
  "pg-native",
  "tar",
  "ioredis",
];

async function buildServer(log) {
  const { build } = await import("esbuild");
  const serverDir = at("apps/server");
  const outdir = path.join(serverDir, "dist");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      server: path.join(serverDir, "src/server.ts"),
      migrate: path.join(serverDir, "src/cli/migrate.ts"),
      "admin-create": path.join(serverDir, "src/cli/admin-create.ts"),
      backup: path.join(serverDir, "src/cli/backup.ts"),
      restore: path.join(serverDir, "src/cli/restore.ts"),
      "rotate-key": path.join(serverDir, "src/cli/rotate-key.ts"),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    sourcemap: true,
    external: KEEP_EXTERNAL,
    // Bundled CommonJS packages call require(); an ES module has none, so each file makes one.
    banner: {
      js: "import { createRequire as __festgeldRequire } from 'node:module'; const require = __festgeldRequire(import.meta.url);",
    },
    // With a log file, esbuild's warnings go there; its errors come back in the thrown error.
    logLevel: log ? "silent" : "warning",
    legalComments: "none",
  }).then(
    async (result) => {
      if (log && result.warnings.length > 0)
        fs.appendFileSync(log, await esbuildText(result.warnings, "warning"));
    },
    async (error) => {
      if (log && Array.isArray(error?.errors))
        fs.appendFileSync(log, await esbuildText(error.errors, "error"));
      throw error;
    },
  );
  // Files the server reads at run time, next to the code that reads them.
  fs.cpSync(path.join(serverDir, "src/db/migrations"), path.join(outdir, "migrations"), { recursive: true });
  fs.copyFileSync(
    path.join(serverDir, "src/modules/auth/common-passwords.txt"),
    path.join(outdir, "common-passwords.txt"),
  );
}

async function esbuildText(messages, kind) {
  const { formatMessages } = await import("esbuild");
  return (await formatMessages(messages, { kind, color: false })).join("");
}

/** The last `count` lines of `file`, without ANSI colours: where a failed tool says why. */
export function lastLines(file, count = 40) {
  let text;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
  const lines = stripVTControlCharacters(text).trimEnd().split("\n");
  return lines.slice(-count).join("\n");
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Builds every out-of-date target (or all with `force`); returns the names built. With `log` (a file
 * path) the tools' output goes to that file, started afresh, and a failure prints its last lines.
 */
export async function buildStale({ force = false, quiet = false, only = undefined, log = undefined } = {}) {
  const built = [];
  for (const name of only ? [only] : Object.keys(targets)) {
    if (!targets[name]) throw new Error(`unknown build target ${name}`);
    const reason = force ? "forced" : staleReason(name);
    if (!reason) {
      if (!quiet) console.log(`${name}: up to date`);
      continue;
    }
    if (log && built.length === 0) {
      fs.mkdirSync(path.dirname(log), { recursive: true });
      fs.writeFileSync(log, "");
    }
    console.log(
      `${name}: building (${reason})${log ? `, details in ${path.relative(process.cwd(), log) || log}` : ""}`,
    );
    const startedFrom = Date.now();
    const started = performance.now();
    try {
      await targets[name].build(log);
    } catch (error) {
      if (log) {
        const tail = lastLines(log);
        if (tail) console.error(`${tail}\n(last lines of ${log})`);
      }
      throw error;
    }
    // Sources saved during the build count as newer than it: the next run builds again.
    writeStamp(name, startedFrom);
    console.log(`${name}: built in ${seconds(performance.now() - started)}`);
    built.push(name);
  }
  return built;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const args = new Set(argv);
  const only = args.has("--only") ? argv[argv.indexOf("--only") + 1] : undefined;
  if (args.has("--check")) {
    const stale = Object.keys(targets)
      .map((name) => [name, staleReason(name)])
      .filter(([, reason]) => reason);
    for (const [name, reason] of stale) console.log(`${name}: ${reason}`);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  try {
    await buildStale({ force: args.has("--force"), only });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
