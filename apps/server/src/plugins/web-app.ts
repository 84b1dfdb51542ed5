import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { ErrorResponse } from "@festgeld/domain";
import { LANGUAGES, type Language } from "@festgeld/domain/constants";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type LiveData, livePages } from "./live-pages.ts";

/** The route patterns the build wrote to routes.json ("/blog/:id"), as matchers; null when absent. */
function loadRoutes(distDir: string): ((pathname: string) => boolean) | null {
  const file = path.join(distDir, "routes.json");
  if (!fs.existsSync(file)) return null;
  const patterns = (JSON.parse(fs.readFileSync(file, "utf8")) as string[]).map((pattern) => {
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
  return (pathname) => patterns.some((pattern) => pattern.test(pathname));
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

const LANGUAGE_PREFIX = new RegExp(`^/(${LANGUAGES.join("|")})(?=/|$)`);

/**
 * Serves the built web app. Hashed assets are cached for a year; pages are revalidated.
 * A language-prefixed address gets its prerendered page (docs/decisions.md "Prerendered public pages");
 * an address of a client-side route (routes.json) gets index.html and the client router decides; any
 * other address gets the not-found page with 404, and an unknown /api path a JSON 404.
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, opts: { distDir: string; liveData?: LiveData }) {
    const indexFile = path.join(opts.distDir, "index.html");
    const hasWeb = fs.existsSync(indexFile);
    const isAppRoute = hasWeb ? loadRoutes(opts.distDir) : null;
    const prerendered = hasWeb ? loadPrerendered(opts.distDir) : new Set<string>();
    const hasNotFoundPage = fs.existsSync(path.join(opts.distDir, "404.html"));
    const live =
      hasWeb && opts.liveData
        ? livePages({ distDir: opts.distDir, data: opts.liveData, log: app.log })
        : null;
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each text file; send the one the client accepts.
        preCompressed: true,
        setHeaders(res, filePath) {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            res.header("Cache-Control", "public, max-age=31536000, immutable");
          } else {
            res.header("Cache-Control", "no-cache");
          }
        },
      });
    } else {
      app.log.warn({ distDir: opts.distDir }, "web app not built; run `npm run build` to serve it");
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
        const page = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
        reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8");
        if (LANGUAGE_PREFIX.test(page)) {
          if (live?.has(page) && prerendered.has(page)) {
            const rendered = await live.get(page, page.slice(1, 3) as Language);
            if (rendered) {
              reply.header("Vary", "Accept-Encoding");
              const accepted = String(request.headers["accept-encoding"] ?? "");
              if (/\bbr\b/.test(accepted)) return reply.header("Content-Encoding", "br").send(rendered.br);
              if (/\bgzip\b/.test(accepted))
                return reply.header("Content-Encoding", "gzip").send(rendered.gzip);
              return reply.send(rendered.html);
            }
          }
          if (prerendered.has(page)) return reply.sendFile(`${page.slice(1)}/index.html`);
        } else if (!isAppRoute || isAppRoute(page)) {
          return reply.sendFile("index.html");
        }
        if (hasNotFoundPage) return reply.code(404).sendFile("404.html");
        return reply.code(404).sendFile("index.html");
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
