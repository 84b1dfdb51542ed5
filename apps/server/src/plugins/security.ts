import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers. The web app runs under a strict Content-Security-Policy: only its own scripts,
 * styles, images and API; no inline script, no third-party origin. HSTS is sent only when the request
 * arrived over TLS (directly or, with TRUST_PROXY, through a proxy), never on plain local HTTP.
 * CORS is closed by default: no Access-Control-* headers unless CORS_ORIGINS lists an origin.
 */
export default fp(
  async function securityPlugin(app: FastifyInstance, opts: { corsOrigins: string[] }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'"],
          imgSrc: ["'self'", "data:"],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          manifestSrc: ["'self'"],
          workerSrc: ["'self'"],
        },
      },
      hsts: false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    });

    app.addHook("onSend", async (request, reply, payload) => {
      if (request.protocol === "https") {
        reply.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
      }
      reply.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
      reply.removeHeader("X-Powered-By");
      return payload;
    });

    if (opts.corsOrigins.length > 0) {
      const allowed = new Set(opts.corsOrigins);
      app.addHook("onRequest", async (request, reply) => {
        const origin = request.headers.origin;
        if (!origin || !allowed.has(origin)) return;
        reply.header("Access-Control-Allow-Origin", origin);
        reply.header("Vary", "Origin");
        if (request.method === "OPTIONS") {
          reply.header("Access-Control-Allow-Methods", "GET,POST,PATCH,PUT,DELETE");
          reply.header("Access-Control-Allow-Headers", "Authorization,Content-Type,Accept-Language");
          reply.header("Access-Control-Max-Age", "600");
          return reply.status(204).send();
        }
      });
    }
  },
  { name: "security" },
);
