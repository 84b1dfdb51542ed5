import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../lib/errors.ts";

/**
 * Attempt limits for sign-in, registration and password changes, counted per client address and per
 * account. A route's rate limit is one limit per request, so each limit here is its own counter
 * (`createRateLimit` of plugins/rate-limit.ts): memory by default, Redis with REDIS_URL, so that several
 * server processes share the counts.
 */
export interface AttemptLimitOptions {
  /** Names the counter; keys of different limits never collide. */
  name: string;
  max: number;
  windowMs: number;
  /** What is counted (an address, a hashed e-mail, a user id); null skips the check. */
  key: (request: FastifyRequest) => string | null;
}

export type AttemptLimitHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Limits of the same name share one counter wherever they are registered (the in-memory store is
 * per limit, so each name is made once per server).
 */
const limitsByServer = new WeakMap<object, Map<string, AttemptLimitHook>>();

export function attemptLimit(app: FastifyInstance, options: AttemptLimitOptions): AttemptLimitHook {
  const made = limitsByServer.get(app.server) ?? new Map<string, AttemptLimitHook>();
  limitsByServer.set(app.server, made);
  const existing = made.get(options.name);
  if (existing) return existing;
  const hook = makeAttemptLimit(app, options);
  made.set(options.name, hook);
  return hook;
}

function makeAttemptLimit(app: FastifyInstance, options: AttemptLimitOptions): AttemptLimitHook {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.windowMs,
    keyGenerator: (request) => `${options.name}:${options.key(request)}`,
    // Room for many accounts in a window before the in-memory counter forgets early ones (ignored by Redis).
    cache: 50_000,
  } as Parameters<FastifyInstance["createRateLimit"]>[0]);

  return async (request, reply) => {
    if (options.key(request) === null) return;
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(request);
    } catch (error) {
      // The shared counter store is unreachable. Sign-in is refused rather than left unlimited.
      request.log.error({ err: error }, "rate-limit store unavailable");
      throw new AppError(503, "service_unavailable", "The service is temporarily unavailable");
    }
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      reply.header("Retry-After", String(seconds));
      throw new AppError(429, "rate_limited", `Too many attempts. Please try again in ${seconds} seconds.`);
    }
  };
}

/**
 * The one counter of every place a session holder types the current password (password and e-mail
 * change, closing the account, passkey registration, two-factor off, new recovery codes): a stolen
 * session gets AUTH_RATE_LIMIT_PER_ACCOUNT guesses per window in all, not that many per place
 * (docs/decisions.md "One counter for every password check").
 */
export function passwordCheckLimit(app: FastifyInstance): AttemptLimitHook {
  return attemptLimit(app, {
    name: "password-user",
    max: app.authSettings.attempts.perAccount,
    windowMs: app.authSettings.attempts.windowMs,
    key: (request) => request.user?.id ?? null,
  });
}

/** A counter per client address (`addressKey`) of AUTH_RATE_LIMIT_PER_IP attempts per window. */
export function perAddressLimit(app: FastifyInstance, name: string): AttemptLimitHook {
  return attemptLimit(app, {
    name,
    max: app.authSettings.attempts.perIp,
    windowMs: app.authSettings.attempts.windowMs,
    key: (request) => addressKey(request.ip),
  });
}

/** Runs the hooks one after the other (a route's preHandler takes one). */
export function allOf(...hooks: AttemptLimitHook[]): AttemptLimitHook {
  return async (request, reply) => {
    for (const hook of hooks) await hook(request, reply);
  };
}

/** An e-mail as a counter key: hashed, so the counter store holds no readable address. */
export function accountKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
}

/**
 * The client address as a counter key. IPv6 clients are counted per /64, the block one household or
 * machine usually gets, so that rotating addresses within it does not reset the count.
 */
export function addressKey(ip: string): string {
  if (ip.startsWith("::ffff:") && ip.includes(".")) return ip.slice(7);
  if (!ip.includes(":")) return ip;
  const address = ip.split("%")[0] ?? ip;
  const [head = "", tail] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? headGroups
      : [
          ...headGroups,
          ...Array(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill("0"),
          ...tailGroups,
        ];
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().padStart(4, "0"))
    .join(":")}::/64`;
}
