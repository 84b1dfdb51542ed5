import type { IncomingMessage, ServerResponse } from "node:http";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

/**
 * The headers helmet sets for these options, worked out once. They do not depend on the request
 * (no CSP nonces), and @fastify/helmet would rebuild helmet's whole middleware on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * Security headers. The web app runs under a strict Content-Security-Policy: only its own scripts,
 * styles, images and API; no inline script, no third-party origin. HSTS is sent only when the request
 * arrived over TLS (directly or, with TRUST_PROXY, through a proxy), never on plain local HTTP.
 * CORS (@fastify/cors) is closed by default: no Access-Control-* headers unless CORS_ORIGINS lists an origin.
 */
export default fp(
  async function securityPlugin(
    app: FastifyInstance,
    opts: { corsOrigins: string[]; inlineScriptHashes?: string[] },
  ) {
    const securityHeaders = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The web app's own inline scripts, by hash (docs/decisions.md "Prerendered public pages").
          scriptSrc: ["'self'", ...(opts.inlineScriptHashes ?? []).map((hash) => `'sha256-${hash}'`)],
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
    securityHeaders["Permissions-Policy"] = "camera=(), microphone=(), geolocation=(), payment=()";
    // Names in lower case, as Fastify stores and sends them: its reply.header lowers each name on every
    // call, which costs nothing for a name already lower (the same bytes on the wire).
    const headers = Object.fromEntries(
      Object.entries(securityHeaders).map(([name, value]) => [name.toLowerCase(), value]),
    );
    app.addHook("onRequest", (request, reply, done) => {
      reply.headers(headers);
      if (request.protocol === "https") {
        reply.header("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
      }
      done();
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
