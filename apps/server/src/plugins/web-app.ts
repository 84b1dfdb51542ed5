import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { ErrorResponse } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html is revalidated.
 * Unknown non-API paths get index.html (the client router decides); unknown /api paths a JSON 404.
 */
export default fp(
  async function webAppPlugin(app: FastifyInstance, opts: { distDir: string }) {
    const indexFile = path.join(opts.distDir, "index.html");
    const hasWeb = fs.existsSync(indexFile);
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

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split("?")[0] ?? "/";
      const isApi = pathname === "/api" || pathname.startsWith("/api/");
      if (!isApi && hasWeb && (request.method === "GET" || request.method === "HEAD")) {
        return reply
          .header("Cache-Control", "no-cache")
          .type("text/html; charset=utf-8")
          .sendFile("index.html");
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
