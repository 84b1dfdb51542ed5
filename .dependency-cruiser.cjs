/**
 * The server's import rules (docs/decisions.md "Import rules checked by dependency-cruiser"), run by
 * `npm run lint`. Biome lints each file; this reads the imports between them.
 */
const SERVER = "^apps/server/src/";

/** @type {import("dependency-cruiser").IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-file-cycle",
      comment: "No two server files import each other, even through others.",
      severity: "error",
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      comment:
        "No two server folders (modules/<name>, plugins, db, lib, config, ops, cli) import each other, even through a third.",
      severity: "error",
      scope: "folder",
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: "no-other-module-repository",
      comment:
        "A module reaches another through its service (or a small port it exports), never through its repository.",
      severity: "error",
      from: { path: `${SERVER}modules/([^/]+)/` },
      to: { path: `${SERVER}modules/([^/]+)/[^/]*\\.repository\\.ts$`, pathNot: `${SERVER}modules/$1/` },
    },
    {
      name: "no-repository-outside-modules",
      comment: "Only a module's own files read its repository (plugins, lib, db, config, ops and cli too).",
      severity: "error",
      from: { path: SERVER, pathNot: `${SERVER}modules/` },
      to: { path: `${SERVER}modules/[^/]+/[^/]*\\.repository\\.ts$` },
    },
    {
      name: "plugins-not-modules",
      comment: "App plugins decorate the instance; they never import a module.",
      severity: "error",
      from: { path: `${SERVER}(plugins|lib|db|config)/` },
      to: { path: `${SERVER}(modules|ops|cli)/` },
    },
  ],
  options: {
    includeOnly: SERVER,
    tsConfig: { fileName: "apps/server/tsconfig.json" },
    metrics: true,
  },
};
