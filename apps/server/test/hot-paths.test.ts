import {
  basisPointsToPercent,
  type CalculateRequest,
  CURRENCIES,
  calculateRequestSchema,
  calculateResponseSchema,
  DURATIONS_MONTHS,
  userSchema,
} from "@festgeld/domain";
import fc from "fast-check";
import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { trustProxySetting } from "../src/config/env.ts";
import { compiledJson } from "../src/lib/compiled-serializer.ts";
import { calculate } from "../src/modules/calculator/calculator.service.ts";
import { isPlainCalculateRequest } from "../src/modules/calculator/calculator.validation.ts";
import { clientAddressOf, WindowCounter, windowMs } from "../src/plugins/rate-limit.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { eurosOf } from "./helpers/money.ts";

/**
 * The hot routes answer as before, with less work per request (docs/decisions.md "Hot paths"):
 * serialisers compiled from the contract, authentication hooks only on the routes that need them,
 * metrics recorded per route, the session cache.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the calculator's body check before zod", () => {
  it("passes only bodies the contract's schema accepts unchanged, and the bodies a form sends", () => {
    const near = fc.record(
      {
        amount: fc.oneof(
          fc.integer({ min: 0, max: 20_000_000_00 }).map((cents) => eurosOf(cents)),
          fc.double({ min: -1, max: 20_000_000 }),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, "10000", null),
        ),
        duration_months: fc.oneof(
          fc.constantFrom(...DURATIONS_MONTHS),
          fc.integer({ min: -1, max: 40 }),
          fc.constant("12"),
        ),
        interest_rate: fc.oneof(
          fc
            .integer({ min: -100, max: 2500 })
            .map((basisPoints) => basisPointsToPercent(BigInt(basisPoints))),
          fc.double({ min: -1, max: 25 }),
        ),
        currency: fc.oneof(fc.constantFrom(...CURRENCIES), fc.string({ maxLength: 4 })),
        extra: fc.anything(),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(near, fc.anything()), (body) => {
        if (!isPlainCalculateRequest(body)) return;
        const parsed = calculateRequestSchema.safeParse(body);
        expect(parsed.success).toBe(true);
        expect(parsed.data).toStrictEqual(body);
      }),
      { numRuns: 3000 },
    );
    // As JSON.parse writes them: plain objects (others go to zod, which the property above covers).
    const valid = fc.record(
      {
        amount: fc.integer({ min: 1000_00, max: 10_000_000_00 }).map((cents) => eurosOf(cents)),
        duration_months: fc.constantFrom(...DURATIONS_MONTHS),
        interest_rate: fc
          .integer({ min: 0, max: 2000 })
          .map((basisPoints) => basisPointsToPercent(BigInt(basisPoints))),
        currency: fc.constantFrom(...CURRENCIES),
      },
      { noNullPrototype: true },
    );
    fc.assert(
      fc.property(valid, (body) => {
        expect(isPlainCalculateRequest(body)).toBe(true);
      }),
      {
        numRuns: 500,
      },
    );
  });
});

describe("serialisers compiled from the contract", () => {
  it("write the calculator's answer exactly as the zod serialiser, for any valid input", () => {
    const fast = compiledJson(calculateResponseSchema);
    const input = fc.record({
      amount: fc.integer({ min: 100_00, max: 10_000_000_00 }).map((cents) => eurosOf(cents)),
      duration_months: fc.constantFrom(...DURATIONS_MONTHS),
      interest_rate: fc
        .integer({ min: 0, max: 2000 })
        .map((basisPoints) => basisPointsToPercent(BigInt(basisPoints))),
      currency: fc.constantFrom(...CURRENCIES),
    });
    fc.assert(
      fc.property(input, (request) => {
        const answer = calculate(request as CalculateRequest);
        expect(fast(answer)).toBe(JSON.stringify(calculateResponseSchema.encode(answer)));
      }),
      { numRuns: 500 },
    );
  });

  it("write a user exactly as the zod serialiser, whatever the name holds", () => {
    const fast = compiledJson(userSchema);
    const user = fc.record({
      id: fc.uuid({ version: 4 }),
      email: fc.emailAddress(),
      full_name: fc.string({ unit: "grapheme", maxLength: 60 }),
      role: fc.constantFrom("user" as const, "admin" as const),
      kycStatus: fc.constantFrom(
        "not_started" as const,
        "pending" as const,
        "approved" as const,
        "rejected" as const,
      ),
      created_at: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    });
    fc.assert(
      fc.property(user, (value) => {
        expect(fast(value)).toBe(JSON.stringify(userSchema.encode(value)));
      }),
      { numRuns: 300 },
    );
  });
});

describe("POST /api/calculate on its hot path", () => {
  const body = { amount: 10_000, duration_months: 12, interest_rate: 3.5, currency: "EUR" };

  it("answers the contract's fields, and a translated-code 400 for bad input", async () => {
    const ok = await t.app.inject({ method: "POST", url: "/api/calculate", payload: body });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(ok.body).toBe(
      '{"principal":10000,"total_interest":350,"monthly_interest":29.17,"total_amount":10350,"duration_months":12,"interest_rate":3.5,"currency":"EUR"}',
    );
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/calculate",
      payload: { ...body, amount: 10.001 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "validation_failed" });
    expect(bad.json().fields[0].path).toBe("body.amount");
  });

  it("still answers 429 after 120 requests a minute from one address, with the limit's headers", async () => {
    const remoteAddress = "203.0.113.41";
    const send = () => t.app.inject({ method: "POST", url: "/api/calculate", payload: body, remoteAddress });
    for (let i = 0; i < 120; i++) {
      const res = await send();
      expect(res.statusCode).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("120");
      expect(res.headers["x-ratelimit-remaining"]).toBe(String(119 - i));
    }
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: "Too many requests, please try again later",
      code: "rate_limited",
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(limited.headers["x-ratelimit-remaining"]).toBe("0");
    expect(limited.headers["content-security-policy"]).toBeDefined();
  });

  it("refuses NUL characters before validation, naming the field", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/calculate",
      payload: { ...body, currency: "EU\u0000R" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "invalid_characters", fields: [{ path: "body.currency" }] });
  });
});

describe("the client address a limit counts", () => {
  it("is Fastify's request.ip for every trustProxy setting, so that a replay and the pipeline count alike", async () => {
    const settings = [
      trustProxySetting(false),
      trustProxySetting(1),
      trustProxySetting(2),
      trustProxySetting(["127.0.0.1", "10.0.0.0/8"]),
    ];
    const forwarded = [
      undefined,
      "203.0.113.5",
      "198.51.100.1, 203.0.113.5",
      "2001:db8::1, 10.1.2.3",
      "garbage, , 203.0.113.9",
    ];
    for (const trustProxy of settings) {
      const app = Fastify({ trustProxy });
      const ours = clientAddressOf(trustProxy);
      app.get("/", async (request) => ({ fastify: request.ip, ours: ours(request.raw) }));
      for (const from of ["127.0.0.1", "10.9.8.7", "192.0.2.1"])
        for (const chain of forwarded) {
          const res = await app.inject({
            url: "/",
            remoteAddress: from,
            headers: chain ? { "x-forwarded-for": chain } : {},
          });
          const { fastify, ours: counted } = res.json() as { fastify: string; ours: string };
          expect(counted).toBe(fastify);
        }
      await app.close();
    }
  });
});

describe("GET /api/auth/me on its hot path", () => {
  it("answers the user from the session cache, and refuses a revoked session on the next request", async () => {
    const saver = await createUser(t.app);
    for (let i = 0; i < 3; i++) {
      const me = await t.app.inject({ url: "/api/auth/me", headers: saver.headers });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toEqual(saver.user);
      expect(me.headers["cache-control"]).toBe("no-store");
    }
    const logout = await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: saver.headers });
    expect(logout.statusCode).toBeLessThan(300);
    const after = await t.app.inject({ url: "/api/auth/me", headers: saver.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: "session_expired" });
    expect(after.headers["cache-control"]).toBe("no-store");
  });

  it("shows a role change on the very next request, and the back office follows it", async () => {
    const user = await createUser(t.app, { twoFactor: true });
    expect((await t.app.inject({ url: "/api/auth/me", headers: user.headers })).json().role).toBe("user");
    expect((await t.app.inject({ url: "/api/admin/users", headers: user.headers })).statusCode).toBe(403);
    await t.app.db.updateTable("users").set({ role: "admin" }).where("id", "=", user.user.id).execute();
    expect((await t.app.inject({ url: "/api/auth/me", headers: user.headers })).json().role).toBe("admin");
    expect((await t.app.inject({ url: "/api/admin/users", headers: user.headers })).statusCode).toBe(200);
  });

  it("authenticates before a route's own rate limit, and not at all on public routes", async () => {
    const anonymous = await t.app.inject({ url: "/api/auth/me" });
    expect(anonymous.statusCode).toBe(401);
    // HEAD, the route Fastify adds beside each GET, is guarded alike.
    expect((await t.app.inject({ method: "HEAD", url: "/api/auth/me" })).statusCode).toBe(401);
    expect(anonymous.headers["x-ratelimit-limit"]).toBeUndefined();
    // A public route ignores even a broken token: it has no authentication hook.
    const open = await t.app.inject({ url: "/api/packages", headers: { authorization: "Bearer nonsense" } });
    expect(open.statusCode).toBe(200);
    const admin = await createAdmin(t.app);
    expect((await t.app.inject({ url: "/api/admin/users", headers: admin.headers })).statusCode).toBe(200);
  });
  it("answers whatever a query it does not read holds: the NUL check guards the routes that read input", async () => {
    const user = await createUser(t.app);
    const ignored = await t.app.inject({ url: "/api/auth/me?x=%00", headers: user.headers });
    expect(ignored.statusCode).toBe(200);
    const read = await t.app.inject({ url: "/api/deposits/%00", headers: user.headers });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toMatchObject({ code: "invalid_characters" });
  });
});

describe("GET /api/packages on its hot path", () => {
  afterEach(() => vi.useRealTimers());

  it("reads the packages once for all the requests that arrive while the cached list is re-read", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const first = await t.app.inject({ url: "/api/packages" });
    expect(first.statusCode).toBe(200);
    // The list is re-read after ten seconds: fifty requests at that moment share one read.
    vi.setSystemTime(Date.now() + 11_000);
    const executor = t.app.db.getExecutor();
    const original = executor.executeQuery.bind(executor);
    let queries = 0;
    const spy = vi
      .spyOn(executor, "executeQuery")
      .mockImplementation((...args: Parameters<typeof original>) => {
        queries++;
        return original(...args);
      });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          t.app.inject({ url: "/api/packages", headers: { "accept-language": i % 2 ? "de" : "fr" } }),
        ),
      );
      expect(queries).toBe(1);
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      expect(answers[0]?.json()).toEqual(answers[2]?.json());
      expect(answers[1]?.headers.etag).toBe(answers[3]?.headers.etag);
      expect(answers[0]?.headers.etag).not.toBe(answers[1]?.headers.etag);
    } finally {
      spy.mockRestore();
    }
    // An admin's change is seen on the next request, as before.
    const admin = await createAdmin(t.app);
    const listed = first.json() as Array<{ id: string; interest_rate: number }>;
    const target = listed[0] as { id: string; interest_rate: number };
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${target.id}`,
      headers: admin.headers,
      payload: { interest_rate: target.interest_rate + 0.25 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await t.app.inject({ url: "/api/packages" })).json() as typeof listed;
    expect(after.find((p) => p.id === target.id)?.interest_rate).toBe(target.interest_rate + 0.25);
  });
});

describe("request metrics recorded per route", () => {
  /** The count of answers of one series. */
  const series = async (labels: string) => {
    const text = await t.app.metrics.registry.metrics();
    const line = text.split("\n").find((l) => l.startsWith(`http_requests_total{${labels}} `));
    return line ? Number(line.split(" ").pop()) : 0;
  };

  it("count each route by its pattern and every unknown address as unmatched, once each", async () => {
    const packages = 'method="GET",route="/api/packages",status_code="200"';
    const unmatched = 'method="GET",route="unmatched",status_code="404"';
    const head = 'method="HEAD",route="/api/packages",status_code="200"';
    const [p0, u0, h0] = [await series(packages), await series(unmatched), await series(head)];
    await t.app.inject({ url: "/api/packages" });
    await t.app.inject({ url: "/api/packages" });
    await t.app.inject({ method: "HEAD", url: "/api/packages" });
    await t.app.inject({ url: "/api/no-such-route" });
    expect(await series(packages)).toBe(p0 + 2);
    expect(await series(head)).toBe(h0 + 1);
    expect(await series(unmatched)).toBe(u0 + 1);
  });

  it("count a request its authentication refused under its route's pattern, once", async () => {
    const refused = 'method="GET",route="/api/auth/me",status_code="401"';
    const before = await series(refused);
    const res = await t.app.inject({ url: "/api/auth/me", headers: { authorization: "Bearer nope" } });
    expect(res.statusCode).toBe(401);
    expect(await series(refused)).toBe(before + 1);
    expect(await series('method="GET",route="unmatched",status_code="401"')).toBe(0);
  });

  it("keep answering when a listener of answered requests throws, and log it", async () => {
    const lines: string[] = [];
    const logged = await createTestApp(
      { LOG_LEVEL: "error" },
      {
        logger: undefined,
        logStream: { write: (chunk: string) => void lines.push(...chunk.split("\n").filter(Boolean)) },
      },
    );
    try {
      let calls = 0;
      logged.app.answered.onAnswered(() => {
        calls += 1;
        throw new Error("listener broke");
      });
      for (let i = 0; i < 2; i++)
        expect((await logged.app.inject({ url: "/api/packages" })).statusCode).toBe(200);
      expect(calls).toBe(2);
      expect(lines.filter((l) => l.includes("listener broke"))).toHaveLength(2);
    } finally {
      await logged.close();
    }
  });

  it("count the CORS preflight route, registered before the modules", async () => {
    const cors = await createTestApp({ CORS_ORIGINS: "https://app.example" });
    try {
      const preflight = await cors.app.inject({
        method: "OPTIONS",
        url: "/api/packages",
        headers: { origin: "https://app.example", "access-control-request-method": "GET" },
      });
      expect(preflight.statusCode).toBeLessThan(300);
      const text = await cors.app.metrics.registry.metrics();
      expect(text).toMatch(/http_requests_total\{method="OPTIONS",route="\*",status_code="20\d"\} 1/);
    } finally {
      await cors.close();
    }
  });
});

describe("the in-memory rate limiter", () => {
  it("counts each key in a window from its first request, and starts again when the window ends", () => {
    const counter = new WindowCounter(60_000, 1000, 0);
    expect(counter.hit("a", 1000)).toEqual({ count: 1, ttl: 60_000 });
    expect(counter.hit("a", 31_000)).toEqual({ count: 2, ttl: 30_000 });
    expect(counter.hit("b", 31_000)).toEqual({ count: 1, ttl: 60_000 });
    // Past a's window (61 s): a new window; b's, begun at 31 s, goes on.
    expect(counter.hit("a", 61_000)).toEqual({ count: 1, ttl: 60_000 });
    expect(counter.hit("b", 61_000)).toEqual({ count: 2, ttl: 30_000 });
  });

  it("keeps a key's count across the change of generation while its window lasts, and then forgets it", () => {
    const counter = new WindowCounter(1000, 1000, 0);
    counter.hit("a", 900);
    counter.hit("a", 950);
    // 1000: a new generation begins; a's window (900 to 1900) still runs.
    expect(counter.hit("x", 1000).count).toBe(1);
    expect(counter.hit("a", 1500)).toEqual({ count: 3, ttl: 400 });
    // Two generations later with no request of a or x: both gone.
    counter.hit("y", 3000);
    counter.hit("z", 4000);
    expect(counter.size).toBe(2);
  });

  it("holds at most two generations of keys however many addresses arrive", () => {
    const counter = new WindowCounter(60_000, 500, 0);
    for (let i = 0; i < 10_000; i++) counter.hit(`10.0.${i >> 8}.${i & 255}`, 1000 + i);
    expect(counter.size).toBeLessThanOrEqual(1000);
    // The newest keys are still counted.
    expect(counter.hit("10.0.39.15", 20_000).count).toBe(2);
  });

  it("reads the routes' windows", () => {
    expect(windowMs("1 minute")).toBe(60_000);
    expect(windowMs("10 minutes")).toBe(600_000);
    expect(windowMs("1 hour")).toBe(3_600_000);
    expect(windowMs("30s")).toBe(30_000);
    expect(windowMs("250ms")).toBe(250);
    expect(windowMs(15 * 60_000)).toBe(900_000);
    expect(() => windowMs("soon")).toThrow(/Unknown rate-limit window/);
  });

  it("answers the limit, what remains and the seconds until the window ends; other addresses count apart", async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/calculate",
        payload: { amount: 5000, duration_months: 6, interest_rate: 2, currency: "EUR" },
        remoteAddress,
      });
    const first = await send("198.51.100.7");
    expect(first.headers["x-ratelimit-limit"]).toBe("120");
    expect(first.headers["x-ratelimit-remaining"]).toBe("119");
    expect(first.headers["x-ratelimit-reset"]).toBe("60");
    expect(first.headers["retry-after"]).toBeUndefined();
    expect((await send("198.51.100.7")).headers["x-ratelimit-remaining"]).toBe("118");
    expect((await send("198.51.100.8")).headers["x-ratelimit-remaining"]).toBe("119");
    // IPv6 addresses count per /64, as @fastify/rate-limit counts them.
    expect((await send("2001:db8:1:2::1")).headers["x-ratelimit-remaining"]).toBe("119");
    expect((await send("2001:db8:1:2::ffff")).headers["x-ratelimit-remaining"]).toBe("118");
  });
});
