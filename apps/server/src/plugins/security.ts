import cors from "@fastify/cors";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers. The web app runs under a strict Content-Security-Policy: only its own scripts,
 * styles, images and API; no inline script, no third-party origin. HSTS is sent only when the request
 * arrived over TLS (directly or, with TRUST_PROXY, through a proxy), never on plain local HTTP.
 * CORS (@fastify/cors) is closed by default: no Access-Control-* headers unless CORS_ORIGINS lists an origin.
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

    // Closed unless CORS_ORIGINS lists origins: then only those, with the headers the API reads and
    // the paging total exposed to their scripts. No credentials: sessions are bearer tokens.
    if (opts.corsOrigins.length > 0) {
      await app.register(cors, {
        origin: opts.corsOrigins,
        methods: ["GET", "POST", "PATCH", "PUT", "DELETE"],
        allowedHeaders: ["Authorization", "Content-Type", "Accept-Language", "X-Request-Id"],
        exposedHeaders: ["X-Total-Count", "X-Request-Id", "Retry-After"],
        maxAge: 600,
        strictPreflight: true,
      });
    }
  },
  { name: "security" },
);
