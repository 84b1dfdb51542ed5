import { createRequire } from "node:module";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import type { OperationDefinition } from "../../packages/domain/src/contract/operation.ts";
import { operations } from "../../packages/domain/src/contract/operations/index.ts";

/** The brand configuration: BRAND_FILE overrides the fictional demonstration brand. */
const brandFile = process.env.BRAND_FILE
  ? path.resolve(process.env.BRAND_FILE)
  : path.resolve(import.meta.dirname, "src/content/brand/demo-brand.ts");

const apiTarget = process.env.API_URL ?? "http://127.0.0.1:3000";

/**
 * React Router's package exports only its development build (checks and warnings meant for authors); its
 * production build ships beside it. A production bundle takes that one (docs/decisions.md "Hydration
 * cost of the public pages").
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve("react-router/package.json")),
  "dist/production/index.mjs",
);

/**
 * The browser calls the API through the operation table (docs/decisions.md "One operation table"), but
 * needs only each entry's method and path at run time, not its zod schemas. TypeScript reads the real
 * table for the types; the bundle gets this module, written from the same table at build time.
 */
function operationRoutes(): Plugin {
  const id = "\0festgeld-operation-routes";
  return {
    name: "festgeld-operation-routes",
    enforce: "pre",
    resolveId: (source) => (source === "@festgeld/domain/operations" ? id : null),
    load(module) {
      if (module !== id) return null;
      const routes = Object.fromEntries(
        (Object.values(operations) as OperationDefinition[]).map((o) => [
          o.id,
          { id: o.id, method: o.method, path: o.path, ...(o.paged ? { paged: true } : {}) },
        ]),
      );
      return `export const operations = ${JSON.stringify(routes)};`;
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    operationRoutes(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each text file; the server sends the one the client accepts
    // (see docs/decisions.md, "Precompressed web app").
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/,
      threshold: 512,
      deleteOriginalAssets: false,
    }),
  ],
  resolve: {
    alias: [
      { find: "@brand", replacement: brandFile },
      { find: /^@\//, replacement: `${path.resolve(import.meta.dirname, "src")}/` },
      ...(mode === "production" ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    target: "es2022",
    // WEB_SOURCEMAP=1 writes source maps, for reading a CPU profile of the browser in source terms.
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    // No inline modulepreload polyfill: the strict CSP allows only our own script files.
    modulePreload: { polyfill: false },
    // bench/web-budget.ts reads it to measure what the home route loads first.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget },
  },
}));
