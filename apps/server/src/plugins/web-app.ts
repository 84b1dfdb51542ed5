import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { ErrorResponse } from "@festgeld/domain";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "@festgeld/domain/constants";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { requestLanguage } from "../lib/language.ts";
import { ALWAYS_CURRENT, replayWhile } from "./answer-replay.ts";
import { type HtmlVariants, htmlEtag, livePages } from "./live-pages.ts";

/**
 * The route patterns the build wrote to routes.json ("/blog/:id"): a matcher, and the routes written
 * out in full ("/de/register"); null when absent.
 */
function loadRoutes(
  distDir: string,
): { matches: (pathname: string) => boolean; literal: ReadonlySet<string> } | null {
  const file = path.join(distDir, "routes.json");
  if (!fs.existsSync(file)) return null;
  const listed = JSON.parse(fs.readFileSync(file, "utf8")) as string[];
  const patterns = listed.map((pattern) => {
    const source = pattern
      .split("/")
      .map((segment) => {
        if (segment.startsWith(":")) return "[^/]+";
        if (segment === "*") return ".*";
        return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("/");
    return new RegExp(`^${source}$`);
  });
  return {
    matches: (pathname) => patterns.some((pattern) => pattern.test(pathname)),
    literal: new Set(listed.filter((pattern) => !pattern.includes(":") && !pattern.includes("*"))),
  };
}

/** Every prerendered page, by address ("/de/packages"): the directories under en/, de/ and fr/ holding an index.html. */
function loadPrerendered(distDir: string): Set<string> {
  const pages = new Set<string>();
  for (const language of LANGUAGES) {
    const root = path.join(distDir, language);
    if (!fs.existsSync(root)) continue;
    for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || entry.name !== "index.html") continue;
      const relative = path.relative(distDir, entry.parentPath).split(path.sep).join("/");
      pages.add(`/${relative}`);
    }
  }
  return pages;
}

/**
 * The signed-in pages that have a shell of their own, with the page's first frame (dist/signed-in/<page>.html,
 * apps/web/scripts/prerender.ts; docs/decisions.md "A signed-in page's first frame before the app"), by
 * address ("/dashboard").
 */
function loadFrames(distDir: string): Set<string> {
  const folder = path.join(distDir, "signed-in");
  if (!fs.existsSync(folder)) return new Set();
  return new Set(
    fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".html"))
      .map((name) => `/${name.slice(0, -".html".length)}`),
  );
}

const LANGUAGE_PREFIX = new RegExp(`^/(${LANGUAGES.join("|")})(?=/|$)`);

/**
 * The pages are read from disk once, with the .br and .gz copies the build wrote beside them, and then
 * sent from memory: a page is a few kilobytes, all of them together a few megabytes, and a file read
 * per request cost more than the rest of the answer.
 */
function htmlCache(distDir: string) {
  const pages = new Map<string, HtmlVariants>();
  return (file: string): HtmlVariants => {
    let page = pages.get(file);
    if (!page) {
      const full = path.join(distDir, file);
      const html = fs.readFileSync(full);
      const copy = (suffix: string, make: () => Buffer) =>
        fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : make();
      page = {
        html,
        br: copy(".br", () => brotliCompressSync(html)),
        gzip: copy(".gz", () => gzipSync(html)),
        etag: htmlEtag(html),
      };
      pages.set(file, page);
    }
    return page;
  };
}

/**
 * The SHA-256 hashes (base64) of the classic scripts the pages carry inline (the root address's language
 * redirect and the theme, before the first paint), for the Content-Security-Policy. The build inlines them
 * as they are and names them in `inline-scripts.json` (apps/web/scripts/prerender.ts), so the list is
 * written once (docs/decisions.md "Prerendered public pages", "Light, dark or the system's theme").
 */
export function inlineScriptHashes(distDir: string): string[] {
  const list = path.join(distDir, "inline-scripts.json");
  if (!fs.existsSync(list)) return [];
  const names = JSON.parse(fs.readFileSync(list, "utf8")) as string[];
  return names.map((name) =>
    createHash("sha256")
      .update(fs.readFileSync(path.join(distDir, name)))
      .digest("base64"),
  );
}

/** The headers of one page's answers, worked out once per page rather than header by header per request. */
interface PageAnswers {
  /** Sent with every answer, the 304 included. */
  common: Record<string, string>;
  br: Record<string, string>;
  gzip: Record<string, string>;
}

function pageAnswers(page: HtmlVariants, language?: Language): PageAnswers {
  const common: Record<string, string> = {
    "cache-control": "no-cache",
    vary: language ? "Accept-Encoding, Accept-Language" : "Accept-Encoding",
    etag: page.etag,
    "content-type": "text/html; charset=utf-8",
    ...(language ? { "content-language": language } : {}),
  };
  return {
    common,
    br: { ...common, "content-encoding": "br" },
    gzip: { ...common, "content-encoding": "gzip" },
  };
}

/** The answers of each page, kept as long as the page itself (a live page's rendering is replaced when its data changes). */
const answersOf = new WeakMap<
  HtmlVariants,
  { plain?: PageAnswers; byLanguage?: Map<Language, PageAnswers> }
>();

function answersFor(page: HtmlVariants, language?: Language): PageAnswers {
  let entry = answersOf.get(page);
  if (!entry) {
    entry = {};
    answersOf.set(page, entry);
  }
  if (!language) {
    entry.plain ??= pageAnswers(page);
    return entry.plain;
  }
  entry.byLanguage ??= new Map();
  let answers = entry.byLanguage.get(language);
  if (!answers) {
    answers = pageAnswers(page, language);
    entry.byLanguage.set(language, answers);
  }
  return answers;
}

const ACCEPTS_BR = /\bbr\b/;
const ACCEPTS_GZIP = /\bgzip\b/;

/**
 * Sends a page in the encoding the client accepts; a matching If-None-Match gets 304. `language`:
 * the page was chosen by the Accept-Language header (the root address), which caches must key on.
 * The body is one of the page's ready buffers and its headers one ready object per encoding: no
 * serialisation, compression or header building per request.
 */
function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlVariants,
  status = 200,
  language?: Language,
) {
  const answers = answersFor(page, language);
  if (status === 200 && request.headers["if-none-match"] === page.etag) {
    return reply.code(304).headers(answers.common).send();
  }
  reply.code(status);
  const accepted = request.headers["accept-encoding"];
  if (accepted) {
    if (ACCEPTS_BR.test(accepted)) return reply.headers(answers.br).send(page.br);
    if (ACCEPTS_GZIP.test(accepted)) return reply.headers(answers.gzip).send(page.gzip);
  }
  return reply.headers(answers.common).send(page.html);
}

/** Addresses the router takes literally (no `:` parameter or `*` wildcard in them). */
const PLAIN_ADDRESS = /^\/[A-Za-z0-9/_.-]*$/;

/**
 * Serves the built web app. Hashed assets are cached for a year; pages are revalidated.
 * A language-prefixed address gets its prerendered page (docs/decisions.md "Prerendered public pages");
 * an address of a client-side route (routes.json) gets index.html, or a signed-in page's own shell with its
 * first frame, and the client router decides; any
 * other address gets the not-found page with 404, and an unknown /api path a JSON 404. Pages with live
 * data are rendered from `app.liveData` when a module has decorated it (registered before this plugin).
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, opts: { distDir: string }) {
    const indexFile = path.join(opts.distDir, "index.html");
    const hasWeb = fs.existsSync(indexFile);
    const routes = hasWeb ? loadRoutes(opts.distDir) : null;
    const prerendered = hasWeb ? loadPrerendered(opts.distDir) : new Set<string>();
    const frames = hasWeb ? loadFrames(opts.distDir) : new Set<string>();
    const hasNotFoundPage = fs.existsSync(path.join(opts.distDir, "404.html"));
    const live =
      hasWeb && app.liveData ? livePages({ distDir: opts.distDir, data: app.liveData, log: app.log }) : null;
    if (live) {
      // The live pages rendered once the server is up, behind whatever it is asked meanwhile, and again
      // whenever their data has changed, here or in another process (as often as the data is re-read).
      let warming: { stop(): void } | null = null;
      app.addHook("onReady", async () => {
        warming = live.keepWarm(LANGUAGES);
      });
      app.addHook("onClose", async () => {
        warming?.stop();
      });
    }
    if (hasWeb) {
      // Hashed assets: one wildcard route. Registering a route per file (wildcard: false) put some
      // thousand routes into the router at every start, a good part of a restart's time
      // (docs/decisions.md "Start-up loads only what serving needs").
      await app.register(fastifyStatic, {
        root: path.join(opts.distDir, "assets"),
        prefix: "/assets/",
        wildcard: true,
        index: false,
        // The build writes .br and .gz beside each text file; send the one the client accepts.
        preCompressed: true,
        setHeaders(res) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        },
      });
      // The few files at the top (favicon, robots.txt, sitemap.xml, the language redirect): a route
      // each, so that any other address reaches the not-found handler below without a file lookup.
      // The pages are served from memory by that handler; the compressed copies are found beside
      // the file they belong to.
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        decorateReply: false,
        globIgnore: [
          "assets/**",
          "en/**",
          "de/**",
          "fr/**",
          "signed-in/**",
          ".vite/**",
          "**/*.br",
          "**/*.gz",
          "routes.json",
          "live-pages.json",
          "inline-scripts.json",
        ],
        setHeaders(res) {
          res.header("Cache-Control", "no-cache");
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, "web app not built; run `npm run build` to serve it");
    }

    const html = htmlCache(opts.distDir);

    /**
     * A page with live data rendered from its data's current version, or the build's copy: replayed
     * before the pipeline while that version holds, or always for the build's pages
     * (plugins/answer-replay.ts). The version is the one of the read the rendering awaits (`get` begins
     * or finds it before its first wait), so that a change during the rendering ends the replay at once.
     * A page whose rendering failed is not replayed: its next visit tries again.
     */
    const livePage = async (reply: FastifyReply, page: string, language: Language) => {
      if (!live?.has(page)) {
        replayWhile(reply, ALWAYS_CURRENT);
        return null;
      }
      const data = app.liveData;
      const rendering = live.get(page, language);
      const version = data?.version();
      const rendered = await rendering;
      if (rendered && data && version !== undefined) replayWhile(reply, () => data.version() === version);
      return rendered;
    };

    /** The root address: the home page in the visitor's language (docs/decisions.md "The root address"). */
    const rootPage = async (request: FastifyRequest, reply: FastifyReply) => {
      const wanted = requestLanguage(request);
      const language = prerendered.has(`/${wanted}`) ? wanted : DEFAULT_LANGUAGE;
      if (!prerendered.has(`/${language}`)) return otherPage(request, reply, "/");
      const rendered = await livePage(reply, `/${language}`, language);
      return sendHtml(request, reply, rendered ?? html(`${language}/index.html`), 200, language);
    };
    /** A language-prefixed page ("/de/packages"): rendered with live data, or the build's copy. */
    const prefixedPage = async (request: FastifyRequest, reply: FastifyReply, page: string) => {
      const rendered = await livePage(reply, page, page.slice(1, 3) as Language);
      return sendHtml(request, reply, rendered ?? html(`${page.slice(1)}/index.html`));
    };

    /**
     * Any other address: the shell for a client route, else the not-found page. Under a language
     * prefix only a route written out in full (/de/register) gets the shell: a prefixed pattern such as
     * /de/blog/:id names prerendered pages, and an address of it that was not prerendered is unknown.
     */
    const otherPage = (request: FastifyRequest, reply: FastifyReply, page: string) => {
      const clientRoute = LANGUAGE_PREFIX.test(page)
        ? (routes?.literal.has(page) ?? false)
        : !routes || routes.matches(page);
      if (clientRoute) {
        return sendHtml(request, reply, html(frames.has(page) ? `signed-in${page}.html` : "index.html"));
      }
      return sendHtml(request, reply, html(hasNotFoundPage ? "404.html" : "index.html"), 404);
    };

    // Each prerendered page is a route of its own, so that the router finds it at once and no lookup
    // falls through to the not-found handler; a static page's answer is the same ready buffer every
    // time (docs/decisions.md "Hot paths"). HEAD comes with each GET. Addresses the router would read
    // as patterns (none today) stay with the not-found handler below, which serves them alike.
    if (hasWeb) {
      // A page's answer depends on its address, the request's headers and the build or the live data
      // alone: replayed before the pipeline (plugins/answer-replay.ts).
      const replayed = { config: { replay: true } };
      if (LANGUAGES.some((language) => prerendered.has(`/${language}`))) app.get("/", replayed, rootPage);
      for (const page of prerendered) {
        if (!PLAIN_ADDRESS.test(page)) continue;
        if (live?.has(page)) {
          app.get(page, replayed, (request, reply) => prefixedPage(request, reply, page));
        } else {
          const file = `${page.slice(1)}/index.html`;
          // Synchronous: no promise per request (the reply is sent, nothing returned).
          app.get(page, replayed, (request, reply) => {
            replayWhile(reply, ALWAYS_CURRENT);
            sendHtml(request, reply, html(file));
          });
        }
      }
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
        const page = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
        // The root address: the home page in the visitor's language, no redirect in between;
        // lang-redirect.js then shows its own address, or the stored language's.
        if (page === "/") return rootPage(request, reply);
        if (LANGUAGE_PREFIX.test(page) && prerendered.has(page)) return prefixedPage(request, reply, page);
        return otherPage(request, reply, page);
      }
      const body: ErrorResponse = {
        detail: `No route for ${request.method} ${pathname.slice(0, 200)}`,
        code: "route_not_found",
      };
      return reply.status(404).send(body);
    });
  },
  { name: "web-app" },
);
