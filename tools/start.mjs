// `npm start` (and db:migrate, admin:create, backup, restore, rotate-key): builds what is out of date when the build tools are
// installed, then runs the compiled program in this same process, so that a signal sent to it (or
// forwarded by npm) reaches the server itself. A process manager can run `node apps/server/dist/server.js`.
//
//   node tools/start.mjs [server | migrate | admin-create | backup | restore | rotate-key] [arguments of that program]
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const programs = new Set(["server", "migrate", "admin-create", "backup", "restore", "rotate-key"]);
const program = programs.has(process.argv[2] ?? "") ? process.argv.splice(2, 1)[0] : "server";
const compiled = path.join(root, "apps/server/dist", `${program}.js`);

// A production-only install (npm ci --omit=dev) has no build tools: it runs the build it was given.
const canBuild =
  existsSync(path.join(root, "apps/server/src")) &&
  existsSync(path.join(root, "node_modules/esbuild")) &&
  existsSync(path.join(root, "node_modules/vite"));

if (canBuild) {
  const { buildStale } = await import("./build.mjs");
  try {
    // One line per target here; the tools' own output goes to build.log (README "Commands").
    await buildStale({ quiet: true, log: path.join(root, "build.log") });
  } catch (error) {
    console.error(`Build failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
} else if (!existsSync(compiled)) {
  console.error(
    `${path.relative(root, compiled)} is missing and the build tools are not installed: run \`npm install\` and \`npm run build\` first.`,
  );
  process.exit(1);
}

await import(pathToFileURL(compiled).href);
