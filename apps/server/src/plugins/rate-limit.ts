import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import rateLimit, { normalizeIP } from "@fastify/rate-limit";
import type { ErrorResponse } from "@festgeld/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { TrustProxy } from "../config/env.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * Set by the memory limiter on a route limited per client address: counts one request of the raw
     * request's client against the route's limit, as the route's own hook does (plugins/answer-replay.ts).
     */
    addressLimit?: AddressLimit;
  }
}

/**
 * Counts one request of `raw`'s client address against a route's limit, in the counter the route's hook
 * counts in; returns the three x-ratelimit-* values while the address is within its limit, null when
 * this request is over it (the pipeline then answers the 429).
 */
export type AddressLimit = (raw: IncomingMessage) => [limit: string, remaining: string, reset: string] | null;

/**
 * Rate limiting, off by default and switched on per route with `config.rateLimit` ({ max, timeWindow,
 * keyGenerator? }). Each client address (or the route's own key) may make `max` requests in a window of
 * `timeWindow` that starts with its first request. Allowed answers carry x-ratelimit-limit,
 * x-ratelimit-remaining and x-ratelimit-reset (seconds until the window ends); the request over the limit
 * gets 429 `rate_limited` with the same three headers and retry-after.
 *
 * With REDIS_URL, counters live in Redis so that several processes share them (@fastify/rate-limit and
 * its Redis store). In one process they live in memory, counted by this plugin's own limiter: the same
 * rules, headers and answers as @fastify/rate-limit's memory store, at a fraction of its per-request cost
 * (a callback hook and one map lookup instead of promises, a per-request read of the route's options
 * and an IPv6 check of every address), with memory bounded by what the windows need
 * (docs/decisions.md "Hot paths").
 */

/** Keys one generation of a route's counters holds before it is retired early (see WindowCounter). */
export const MAX_KEYS_PER_GENERATION = 50_000;

export interface RateLimitRule {
  max: number;
  timeWindow: number | string;
  keyGenerator?: (request: FastifyRequest) => string;
}

interface Entry {
  count: number;
  /** When this key's window started (its first request in the window), in ms. */
  start: number;
}

/**
 * The counters of one route: for each key, the requests in its current window. Entries live in two
 * maps, the generation being filled and the one before it; every `windowMs` (checked on use, no timer)
 * the older is dropped and a new one begun. An entry touched in the older generation moves to the new
 * one, so an entry is dropped only after its window has ended: memory holds the keys of at most the
 * last two windows. A generation that reaches `maxKeys` is retired at once (a flood from ever new
 * addresses): then the keys of the generation before it lose their count early, as an LRU bound would
 * forget them, and memory stays below twice `maxKeys` entries.
 */
export class WindowCounter {
  private current = new Map<string, Entry>();
  private previous = new Map<string, Entry>();
  private generationStart: number;

  constructor(
    readonly windowMs: number,
    private readonly maxKeys = MAX_KEYS_PER_GENERATION,
    now = Date.now(),
  ) {
    this.generationStart = now;
  }

  /** Counts one request of `key`; returns its count in the window and the ms until the window ends. */
  hit(key: string, now: number): { count: number; ttl: number } {
    if (now - this.generationStart >= this.windowMs || this.current.size >= this.maxKeys) {
      this.previous = this.current;
      this.current = new Map();
      this.generationStart = now;
    }
    let entry = this.current.get(key);
    if (entry === undefined) {
      entry = this.previous.get(key);
      if (entry !== undefined) {
        this.previous.delete(key);
        this.current.set(key, entry);
      }
    }
    if (entry === undefined) {
      entry = { count: 1, start: now };
      this.current.set(key, entry);
      return { count: 1, ttl: this.windowMs };
    }
    if (entry.start + this.windowMs <= now) {
      entry.count = 1;
      entry.start = now;
      return { count: 1, ttl: this.windowMs };
    }
    entry.count += 1;
    return { count: entry.count, ttl: this.windowMs - (now - entry.start) };
  }

  /** Keys held (both generations). */
  get size(): number {
    return this.current.size + this.previous.size;
  }
}

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  second: 1000,
  m: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
};

/** A window as the routes write it: milliseconds, or "1 minute", "10 minutes", "1 hour", "30s". */
export function windowMs(timeWindow: number | string): number {
  if (typeof timeWindow === "number") return Math.trunc(timeWindow);
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(timeWindow);
  const name = (match?.[2] ?? "").toLowerCase();
  const unit = UNIT_MS[name] ?? (name.endsWith("s") ? UNIT_MS[name.slice(0, -1)] : undefined);
  if (!match || unit === undefined) throw new Error(`Unknown rate-limit window: ${timeWindow}`);
  return Math.round(Number(match[1]) * unit);
}

/**
 * The client address of a raw request, as Fastify's `request.ip` gives it for the same trustProxy
 * setting (the same library, @fastify/proxy-addr, with the same trust): so a request counted before the
 * pipeline (plugins/answer-replay.ts) and one counted by the route's hook count for the same address.
 */
export function clientAddressOf(trustProxy: TrustProxy): (raw: IncomingMessage) => string {
  if (trustProxy === false) return (raw) => raw.socket.remoteAddress ?? "";
  const trust = typeof trustProxy === "function" ? trustProxy : proxyAddr.compile(trustProxy);
  return (raw) => {
    const addresses = proxyAddr.all(raw, trust);
    return addresses[addresses.length - 1] ?? "";
  };
}

/** A client address as @fastify/rate-limit keys it (IPv6 by its /64), IPv4 without the IPv6 parse. */
function addressKey(ip: string): string {
  return ip.includes(":") ? normalizeIP(ip, 64) : ip.toLowerCase();
}

function tooMany(ttl: number): ErrorResponse & { statusCode: number } {
  return {
    statusCode: 429,
    detail: `Too many requests. Please try again in ${Math.ceil(ttl / 1000)} seconds.`,
    code: "rate_limited",
  };
}

function memoryLimiter(app: FastifyInstance, maxKeys: number, addressOf: (raw: IncomingMessage) => string) {
  const requestKey = (request: FastifyRequest) => addressKey(addressOf(request.raw));
  // Limits checked by a module's own hook (sign-in attempts: auth.rate-limit.ts), with the same result
  // as @fastify/rate-limit's createRateLimit; `cache` bounds the keys of a generation.
  const createRateLimit = (options: {
    max: number;
    timeWindow: number | string;
    keyGenerator?: (request: FastifyRequest) => string | Promise<string>;
    cache?: number;
  }) => {
    const window = windowMs(options.timeWindow);
    const max = Math.trunc(options.max);
    const counter = new WindowCounter(window, options.cache ?? maxKeys);
    const keyOf = options.keyGenerator ?? requestKey;
    return async (request: FastifyRequest) => {
      const key = await keyOf(request);
      const { count, ttl } = counter.hit(key, Date.now());
      return {
        isAllowed: false as const,
        key,
        max,
        timeWindow: window,
        remaining: Math.max(0, max - count),
        ttl,
        ttlInSeconds: Math.ceil(ttl / 1000),
        isExceeded: count > max,
        isBanned: false,
      };
    };
  };
  app.decorate("createRateLimit", createRateLimit as unknown as FastifyInstance["createRateLimit"]);
  app.addHook("onRoute", (route) => {
    const rule = (route.config as { rateLimit?: RateLimitRule | false } | undefined)?.rateLimit;
    if (rule === undefined || rule === null || rule === false) return;
    if (typeof rule !== "object") throw new Error(`Unknown rate-limit configuration on ${route.url}`);
    const window = windowMs(rule.timeWindow);
    if (!Number.isFinite(window) || window <= 0) throw new Error(`Bad rate-limit window on ${route.url}`);
    const max = Math.trunc(rule.max);
    const maxText = String(max);
    const keyOf = rule.keyGenerator ?? requestKey;
    const counter = new WindowCounter(window, maxKeys);
    if (rule.keyGenerator === undefined) {
      const addressLimit: AddressLimit = (raw) => {
        const { count, ttl } = counter.hit(addressKey(addressOf(raw)), Date.now());
        return count <= max ? [maxText, String(max - count), String(Math.ceil(ttl / 1000))] : null;
      };
      route.config = { ...(route.config ?? {}), addressLimit } as typeof route.config;
    }
    const hook = (request: FastifyRequest, reply: FastifyReply, done: (error?: unknown) => void) => {
      const { count, ttl } = counter.hit(keyOf(request), Date.now());
      const reset = String(Math.ceil(ttl / 1000));
      if (count <= max) {
        reply.header("x-ratelimit-limit", maxText);
        reply.header("x-ratelimit-remaining", String(max - count));
        reply.header("x-ratelimit-reset", reset);
        return done();
      }
      reply.header("x-ratelimit-limit", maxText);
      reply.header("x-ratelimit-remaining", "0");
      reply.header("x-ratelimit-reset", reset);
      reply.header("retry-after", reset);
      done(tooMany(ttl));
    };
    // After the route's own hooks so far (authentication first), as @fastify/rate-limit adds it.
    route.onRequest = [...[route.onRequest ?? []].flat(), hook] as typeof route.onRequest;
  });
}

export default fp(
  async function rateLimitPlugin(
    app: FastifyInstance,
    opts: { redis?: unknown; maxKeys?: number; trustProxy?: TrustProxy },
  ) {
    if (!opts.redis) {
      memoryLimiter(app, opts.maxKeys ?? MAX_KEYS_PER_GENERATION, clientAddressOf(opts.trustProxy ?? false));
      return;
    }
    await app.register(rateLimit, {
      global: false,
      redis: opts.redis as never,
      errorResponseBuilder: (_request, context) => tooMany(context.ttl),
    });
  },
  { name: "rate-limit" },
);
