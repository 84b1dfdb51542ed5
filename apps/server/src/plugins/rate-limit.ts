import rateLimit from "@fastify/rate-limit";
import type { ErrorResponse } from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Rate limiting, off by default and switched on per route with `config.rateLimit`. Counters live in
 * memory (one process) unless REDIS_URL is set, then in Redis so that several processes share them.
 */
export default fp(
  async function rateLimitPlugin(app: FastifyInstance, opts: { redis?: unknown }) {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis as never } : {}),
      errorResponseBuilder: (_request, context) => {
        const body: ErrorResponse & { statusCode: number } = {
          statusCode: context.statusCode,
          detail: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
          code: "rate_limited",
        };
        return body;
      },
    });
  },
  { name: "rate-limit" },
);
