import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { listActiveJson, PACKAGES_CACHE_TTL_MS, packagesVersion } from "./packages.service.ts";

/**
 * The data the live pages are rendered from (`app.liveData`, plugins/live-pages.ts): the active
 * packages as the API answers them. Registered at the root, before the web-app plugin that reads it.
 */
export default fp(
  async function liveDataPlugin(app: FastifyInstance) {
    app.decorate("liveData", {
      packages: (language) => listActiveJson(app.db, language),
      freshForMs: PACKAGES_CACHE_TTL_MS,
      version: () => packagesVersion(app.db),
    });
  },
  { name: "live-data", dependencies: ["db"] },
);
