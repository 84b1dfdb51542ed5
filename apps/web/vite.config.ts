import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";
import { LANGUAGES } from "../../packages/domain/src/constants.ts";
import type { OperationDefinition } from "../../packages/domain/src/contract/operation.ts";
import { operations } from "../../packages/domain/src/contract/operations/index.ts";
import { COUNTRY_CODES } from "../../packages/domain/src/identity/countries.ts";
import { PAGE_NAMESPACES } from "./src/lib/page-namespaces.ts";

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

/**
 * The catalogues a direct visit to a signed-in page needs before its first render (the app's own,
 * "common" and "errors", and the page's, lib/page-namespaces.ts), one file per page and language
 * written at build time: `virtual:page-catalogues` maps "en:/dashboard" to a loader of a module whose
 * default export holds each namespace's catalogue. Four to nine requests were one each, beside the
 * app's code on a slow phone's few connections (docs/decisions.md "Fewer requests before the
 * dashboard's first paint"). The catalogues' own modules stay: the app loads every other namespace,
 * and every namespace after a change of language, from them (lib/i18n.ts).
 */
const PAGE_CATALOGUES_INDEX = "\0festgeld-page-catalogues";
function pageCatalogues(): Plugin {
  const index = PAGE_CATALOGUES_INDEX;
  const prefix = "virtual:page-catalogue/";
  const locales = path.resolve(import.meta.dirname, "src/locales");
  const namespacesOf = (page: string) => [
    ...new Set(["common", "errors", ...PAGE_NAMESPACES[page as keyof typeof PAGE_NAMESPACES]]),
  ];
  return {
    name: "festgeld-page-catalogues",
    enforce: "pre",
    resolveId(source) {
      if (source === "virtual:page-catalogues") return index;
      if (source.startsWith(prefix)) return `\0${source}`;
      return null;
    },
    load(id) {
      if (id === index) {
        const entries = LANGUAGES.flatMap((language) =>
          Object.keys(PAGE_NAMESPACES).map(
            (page) =>
              `${JSON.stringify(`${language}:${page}`)}: () => import(${JSON.stringify(`${prefix}${language}${page}`)})`,
          ),
        );
        return `export const pageCatalogues = {\n${entries.join(",\n")}\n};`;
      }
      if (!id.startsWith(`\0${prefix}`)) return null;
      const [language = "", ...rest] = id.slice(prefix.length + 1).split("/");
      const catalogues: Record<string, unknown> = {};
      for (const namespace of namespacesOf(`/${rest.join("/")}`)) {
        const file = path.join(locales, language, `${namespace}.json`);
        this.addWatchFile(file);
        catalogues[namespace] = JSON.parse(readFileSync(file, "utf8"));
      }
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(catalogues))});`;
    },
  };
}

/**
 * The countries of the identity form's lists, named and sorted in each language at build time:
 * `virtual:country-names` holds, per language, [code, name] pairs in that language's order. The browser's
 * first `Intl.DisplayNames` and `Intl.Collator` cost one long task (90 to 170 ms on a fast machine, four
 * times that on a slow phone) in the identity page's first render (docs/decisions.md "Formatting without
 * Intl on the signed-in pages"). The names are Node's ICU's, as the server's (payments/postal-address.ts).
 */
function countryNames(): Plugin {
  const id = "\0festgeld-country-names";
  return {
    name: "festgeld-country-names",
    enforce: "pre",
    resolveId: (source) => (source === "virtual:country-names" ? id : null),
    load(module) {
      if (module !== id) return null;
      const table = Object.fromEntries(
        LANGUAGES.map((language) => {
          // By language ("en", not "en-GB"), as the form named them in the browser and the server reads them.
          const names = new Intl.DisplayNames([language], { type: "region" });
          const collator = new Intl.Collator(language);
          const pairs = COUNTRY_CODES.map((code) => [code, names.of(code) ?? code] as const);
          return [language, pairs.sort((a, b) => collator.compare(a[1], b[1]))];
        }),
      );
      return `export const countryNames = JSON.parse(${JSON.stringify(JSON.stringify(table))});`;
    },
  };
}

/**
 * zod's index of its locales, which its classic API re-exports whole (`z.locales`), resolved to the app's
 * module that re-exports English alone (src/lib/zod-locales.ts).
 */
function zodEnglishOnly(): Plugin {
  const english = path.resolve(import.meta.dirname, "src/lib/zod-locales.ts");
  return {
    name: "festgeld-zod-english-only",
    enforce: "pre",
    resolveId: (source, importer) =>
      source === "../locales/index.js" && importer && /[\\/]node_modules[\\/]zod[\\/]/.test(importer)
        ? english
        : null,
  };
}

/** The modules of the `libs` chunk (codeSplitting below). */
const SMALL_LIBRARY_MODULES = [
  /node_modules\/react\/(index\.js|cjs\/react\.production\.js)$/,
  /node_modules\/react-dom\/(index\.js|cjs\/react-dom\.production\.js)$/,
];

/**
 * react-query's client and its caches, which only the app's shell makes (lib/query-client.ts): with the
 * shell instead of a 3 KB file of their own, one request less on every start of the app.
 */
const SHELL_LIBRARY_MODULES =
  /node_modules\/@tanstack\/query-core\/build\/modern\/(queryClient|queryCache|mutationCache)\.js$/;

/**
 * The size of each file of the bundle as written, for ordering a dynamic import's module preloads
 * (build.modulePreload.resolveDependencies below): captured before Vite writes the preload lists.
 */
const chunkSizes = new Map<string, number>();
function chunkSizesOf(): Plugin {
  return {
    name: "festgeld-chunk-sizes",
    apply: "build",
    generateBundle: {
      order: "pre",
      handler(_options, bundle) {
        chunkSizes.clear();
        for (const [file, output] of Object.entries(bundle)) {
          chunkSizes.set(file, output.type === "chunk" ? output.code.length : 0);
        }
      },
    },
  };
}

/**
 * The modules every address runs before it shows anything: the app's shell (app-root.tsx and what it
 * imports, with the pages' shared building blocks the home page uses), apart from what the entry itself
 * imports and the libraries. Found from the module graph once it is built (appShell below).
 */
const shellModules = new Set<string>();

/**
 * What a direct visit to a signed-in page runs before the app's shell (app/signed-in-start.ts with the
 * pages' list and their catalogue lists), and the frame the signed-in pages render in (the saver page's
 * layout, the sign-in guard, the after-paint hook): one chunk each instead of a request per small module
 * on the way to a signed-in page's first paint (docs/decisions.md "The dashboard's first load"). Found
 * with the shell's.
 */
const startModules = new Set<string>();
const signedInModules = new Set<string>();
/**
 * The form library with the small modules no file loads without it, and the smallest building blocks
 * the pages share, found with the shell's: a few files instead of a file per block (docs/decisions.md
 * "Fewer, larger files for the pages' parts").
 */
const formModules = new Set<string>();
const FORM_COMPANION_MAX_BYTES = 8000;
const partModules = new Set<string>();
const PART_MAX_BYTES = 3000;

/**
 * Puts the app's own shell modules in one chunk. Left to itself the bundler cut them into a dozen small
 * chunks (a toast, a flag, a section...), because main.tsx also starts the signed-in pages, which can
 * arrive without the shell: every such chunk cost its own request and its own compression context, about
 * 4 KB of gzip on the home route's first load (docs/decisions.md "One chunk for the app's shell"). The
 * shell is loaded on every address anyway.
 */
function appShell(): Plugin {
  return {
    name: "festgeld-app-shell",
    apply: "build",
    buildEnd() {
      const closure = (roots: string[]) => {
        const seen = new Set<string>();
        const pending = [...roots];
        while (pending.length > 0) {
          const id = pending.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          for (const dep of this.getModuleInfo(id)?.importedIds ?? []) pending.push(dep);
        }
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const rooted = (file: string) => closure(ids.filter((id) => id.endsWith(file)));
      // What the entry imports stays in the entry's chunk (a prerendered page paints before the shell
      // loads); virtual modules (Vite's preload helper) and libraries stay where the bundler puts them,
      // so that boot.tsx still evaluates React's renderer before the app.
      const entry = closure(ids.filter((id) => this.getModuleInfo(id)?.isEntry));
      // Nor what main.tsx starts a signed-in page with (app/signed-in-start.ts): it must run before the
      // shell has arrived, to ask for the page's parts beside it.
      const start = rooted("/src/app/signed-in-start.ts");
      const own = (id: string) =>
        !entry.has(id) && !start.has(id) && !id.startsWith("\0") && !id.includes("node_modules");
      const app = rooted("/src/app-root.tsx");
      const home = rooted("/src/features/home/home-page.tsx");
      shellModules.clear();
      for (const id of app) if (own(id) || SHELL_LIBRARY_MODULES.test(id)) shellModules.add(id);
      for (const id of home) {
        if (own(id) && /[\\/]src[\\/](components|lib)[\\/]/.test(id)) shellModules.add(id);
      }
      // Neither group takes a module the app or the home page imports (language-path.ts, shared by the
      // shell and the start, stays a chunk of its own), so no public page loads them.
      const mine = (id: string) =>
        !entry.has(id) &&
        !app.has(id) &&
        !home.has(id) &&
        (!id.startsWith("\0") || id === PAGE_CATALOGUES_INDEX) &&
        !id.includes("node_modules");
      startModules.clear();
      for (const id of start) if (mine(id)) startModules.add(id);
      // The frame every signed-in page shows its content in (the saver page's layout, the sign-in guard
      // and what it reports with), the hook their later parts wait for the first paint with, and the
      // dates they write (lib/format-date.ts, kept out of the shell: no public page's first load writes
      // a date; the public pages that do, the banks' and the blog's, load this chunk as they hydrate).
      signedInModules.clear();
      for (const id of closure(
        ids.filter((id) =>
          /\/src\/(components\/layout\/saver-page\.tsx|lib\/use-after-paint\.ts|lib\/format-date\.ts)$/.test(
            id,
          ),
        ),
      )) {
        if (mine(id) && !startModules.has(id)) signedInModules.add(id);
      }
      // Which of the app's files (the entry and each module loaded with import()) load each module.
      const entries = new Set(
        ids.filter(
          (id) =>
            this.getModuleInfo(id)?.isEntry || (this.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
        ),
      );
      const reachedBy = new Map<string, Set<string>>();
      for (const root of entries) {
        for (const id of closure([root])) {
          const by = reachedBy.get(id) ?? new Set<string>();
          by.add(root);
          reachedBy.set(id, by);
        }
      }
      const inGroup = (id: string) =>
        app.has(id) ||
        entry.has(id) ||
        shellModules.has(id) ||
        startModules.has(id) ||
        signedInModules.has(id);
      // A shared building block: a small module of ours (a field, a table's head, a number's parsing)
      // that two or more of those files load, and that is not in a group already.
      const buildingBlock = (id: string, maxBytes: number) =>
        /\/(apps\/web\/src\/(components|lib)|packages\/domain\/src)\//.test(id) &&
        !id.includes("node_modules") &&
        (reachedBy.get(id)?.size ?? 0) >= 2 &&
        (this.getModuleInfo(id)?.code?.length ?? Infinity) <= maxBytes &&
        !entries.has(id) &&
        !inGroup(id);
      // Keeps in `group` only the modules whose imports are all loaded before it or in it: a member that
      // needed the schemas' library or a page's module would bring that to every page loading the group.
      const selfContained = (group: Set<string>, fixed: (id: string) => boolean) => {
        for (let changed = true; changed; ) {
          changed = false;
          for (const id of group) {
            const imports = this.getModuleInfo(id)?.importedIds ?? [];
            if (
              !fixed(id) &&
              !imports.every((dep) => inGroup(dep) || group.has(dep) || partModules.has(dep))
            ) {
              group.delete(id);
              changed = true;
            }
          }
        }
      };
      // The smallest blocks in one file, each otherwise a file of a few hundred bytes that a page asked
      // for beside five to ten others (docs/decisions.md "Fewer, larger files for the pages' parts"),
      // but not the blocks of the back office's first screen (its page, its shell, its overview), which
      // keep the bundler's cut: in the group they brought the saver pages' blocks to its first paint.
      const backOfficeStart = (root: string) =>
        /\/src\/(app\/admin-page|components\/admin\/admin-shell|features\/admin-overview\/overview-tab)\.tsx$/.test(
          root,
        );
      partModules.clear();
      for (const id of ids) {
        if (buildingBlock(id, PART_MAX_BYTES) && ![...(reachedBy.get(id) ?? [])].some(backOfficeStart)) {
          partModules.add(id);
        }
      }
      selfContained(partModules, () => false);
      // The form library with the blocks no file loads without it (the form's field, the submit
      // button, the dashboard's form parts), which may use the small blocks above.
      const formLibrary = ids.find((id) => /node_modules\/react-hook-form\//.test(id));
      const withForms = (formLibrary && reachedBy.get(formLibrary)) || new Set<string>();
      formModules.clear();
      for (const id of ids) {
        const companion =
          buildingBlock(id, FORM_COMPANION_MAX_BYTES) &&
          !partModules.has(id) &&
          [...(reachedBy.get(id) ?? [])].every((root) => withForms.has(root));
        if (id === formLibrary || /\/src\/lib\/forms\.ts$/.test(id) || companion) formModules.add(id);
      }
      selfContained(formModules, (id) => id === formLibrary);
      if (process.env.WEB_CHUNK_GROUPS === "1") {
        console.log({
          start: [...startModules],
          signedIn: [...signedInModules],
          forms: [...formModules],
          parts: [...partModules],
        });
      }
    },
  };
}

export default defineConfig(({ mode }) => ({
  plugins: [
    operationRoutes(),
    pageCatalogues(),
    countryNames(),
    zodEnglishOnly(),
    appShell(),
    chunkSizesOf(),
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
      // zod with its eval probe off, for the strict Content-Security-Policy (src/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/lib/zod.ts") },
    ],
  },
  build: {
    target: "es2022",
    // WEB_SOURCEMAP=1 writes source maps, for reading a CPU profile of the browser in source terms.
    sourcemap: process.env.WEB_SOURCEMAP === "1",
    // No inline modulepreload polyfill: the strict CSP allows only our own script files.
    modulePreload: {
      polyfill: false,
      // The largest files first: a dynamic import's preloads leave in this order, and on a slow phone's
      // six connections the small ones asked for first held them while React's renderer (57 KB) waited
      // (docs/decisions.md "Fewer requests before the dashboard's first paint").
      resolveDependencies: (_file, deps) =>
        deps
          .map((dep, index) => ({ dep, index, size: chunkSizes.get(dep) ?? 0 }))
          .sort((a, b) => b.size - a.size || a.index - b.index)
          .map(({ dep }) => dep),
    },
    // bench/web-budget.ts reads it to measure what the home route loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The small library modules every start of the app runs (React's and its DOM package's
              // entries): one request instead of two beside the three large files on a slow phone's six
              // connections (docs/decisions.md "Fewer requests before the dashboard's first paint").
              // React's renderer stays a file of its own.
              name: "libs",
              test: (id: string) => SMALL_LIBRARY_MODULES.some((pattern) => pattern.test(id)),
              includeDependenciesRecursively: false,
            },
            {
              name: "app-shell",
              test: (id: string) => shellModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: "signed-in-start",
              test: (id: string) => startModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: "signed-in",
              test: (id: string) => signedInModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: "forms",
              test: (id: string) => formModules.has(id),
              includeDependenciesRecursively: false,
            },
            {
              name: "parts",
              test: (id: string) => partModules.has(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { "/api": apiTarget },
  },
}));
