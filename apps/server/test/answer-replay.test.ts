import fs from "node:fs";
import http, { type IncomingMessage } from "node:http";
import path from "node:path";
import { Writable } from "node:stream";
import type { Package } from "@festgeld/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSession } from "../src/modules/auth/session.service.ts";
import { AnswerReplay } from "../src/plugins/answer-replay.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { writeBuiltFiles } from "./helpers/web-dist.ts";

/**
 * Public answers replayed before the pipeline (plugins/answer-replay.ts, docs/decisions.md "Hot paths,
 * eleventh pass"), over real HTTP: a replay is the pipeline's answer with a request id of its own, as
 * long as the data it was made from is unchanged, and only for requests the pipeline would answer alike.
 */

/** A built web app in miniature: the English and German home pages, with their compressed copies. */
function writeDist(): string {
  const dir = writeBuiltFiles("festgeld-replay-dist-", {
    "index.html": `<!doctype html><html><body><div id="root"></div></body></html>`,
    "en/index.html": `<!doctype html><html lang="en"><body><div id="root"><h1>Home</h1></div></body></html>`,
    "de/index.html": `<!doctype html><html lang="de"><body><div id="root"><h1>Start</h1></div></body></html>`,
  });
  fs.writeFileSync(path.join(dir, "routes.json"), JSON.stringify(["/", "/en", "/de"]));
  return dir;
}

const dist = writeDist();
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return `http://127.0.0.1:${address.port}`;
}

/** A GET carrying a body (fetch sends none), answered with its status. */
function getWithBody(url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: "GET", headers: { "content-type": "application/json" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The count of one metric's series whose labels include `labels`, read as a scrape reads it. */
async function metric(t: TestApp, name: string, labels: Record<string, string>): Promise<number> {
  const found = t.app.metrics.registry.getSingleMetric(name);
  if (!found) return 0;
  const { values } = await found.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, value]) => String(v.labels[k]) === value))
    .reduce((sum, v) => sum + v.value, 0);
}
const replayed = (t: TestApp, route: string) => metric(t, "http_replayed_total", { route });
const answered = (t: TestApp, route: string) =>
  metric(t, "http_requests_total", { route, method: "GET", status_code: "200" });

/** The answer's headers without the two that differ from answer to answer. */
const steadyHeaders = (res: Response) =>
  Object.fromEntries([...res.headers].filter(([name]) => name !== "date" && name !== "x-request-id"));

describe("replayed answers", () => {
  let t: TestApp;
  let base: string;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: "1" });
    admin = await createAdmin(t.app);
    base = await listening(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it("sends a prerendered page again as the pipeline sent it, with a request id of its own, and counts it", async () => {
    const first = await fetch(`${base}/en`);
    const firstBody = await first.text();
    expect(await replayed(t, "/en")).toBe(0);
    const second = await fetch(`${base}/en`);
    expect(await second.text()).toBe(firstBody);
    expect(second.status).toBe(200);
    expect(await replayed(t, "/en")).toBe(1);
    // Every header the pipeline's hooks wrote (security, caching, encoding), the same.
    expect(steadyHeaders(second)).toStrictEqual(steadyHeaders(first));
    expect(second.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(second.headers.get("date")).toBeTruthy();
    expect(second.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    // A proxy's request id is taken, as the pipeline takes it.
    const traced = await fetch(`${base}/en`, { headers: { "x-request-id": "lb-4711" } });
    expect(traced.headers.get("x-request-id")).toBe("lb-4711");
    expect(await replayed(t, "/en")).toBe(2);
    // The route's request metrics count the replays too.
    expect(await answered(t, "/en")).toBe(3);
  });

  it("answers a conditional request with its 304, and keys answers on the headers that choose them", async () => {
    const page = await fetch(`${base}/en`);
    const etag = page.headers.get("etag") ?? "";
    expect(etag).not.toBe("");
    const before = await replayed(t, "/en");
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${base}/en`, { headers: { "if-none-match": etag } });
      expect(res.status).toBe(304);
      expect(res.headers.get("etag")).toBe(etag);
      expect(await res.text()).toBe("");
    }
    // The first was answered by the pipeline (a request of its own: its If-None-Match is part of it).
    expect(await replayed(t, "/en")).toBe(before + 1);

    // The root address answers in the visitor's language: each language its own answer, again and again.
    for (let i = 0; i < 2; i++) {
      const de = await fetch(`${base}/`, { headers: { "accept-language": "de-DE,de;q=0.9" } });
      expect(de.headers.get("content-language")).toBe("de");
      expect(await de.text()).toContain("<h1>Start</h1>");
      const en = await fetch(`${base}/`, { headers: { "accept-language": "en-GB" } });
      expect(en.headers.get("content-language")).toBe("en");
      expect(await en.text()).toContain("<h1>Home</h1>");
    }
    expect(await replayed(t, "/")).toBe(2);

    // HSTS only on a request that came over TLS (here through the trusted proxy), replayed or not.
    for (let i = 0; i < 2; i++) {
      const tls = await fetch(`${base}/de`, { headers: { "x-forwarded-proto": "https" } });
      expect(tls.headers.get("strict-transport-security")).toContain("max-age=");
      const plain = await fetch(`${base}/de`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
    }
    expect(await replayed(t, "/de")).toBe(2);
  });

  it("leaves signed-in requests and requests with a body to the pipeline", async () => {
    await fetch(`${base}/en`);
    const before = await replayed(t, "/en");
    const withCookie = await fetch(`${base}/en`, { headers: { cookie: "theme=dark" } });
    expect(withCookie.status).toBe(200);
    const withBearer = await fetch(`${base}/en`, { headers: { authorization: admin.headers.authorization } });
    expect(withBearer.status).toBe(200);
    const withBody = await getWithBody(`${base}/en`, "{}");
    expect(withBody).toBe(200);
    expect(await replayed(t, "/en")).toBe(before);
  });

  it("replays the packages list until a package changes, and no longer than the list is cached", async () => {
    const list = async () => {
      const res = await fetch(`${base}/api/packages?lang=en`);
      expect(res.status).toBe(200);
      return (await res.json()) as Package[];
    };
    await list();
    const before = await replayed(t, "/api/packages");
    const shown = await list();
    expect(await replayed(t, "/api/packages")).toBe(before + 1);

    // An admin changes a rate: the very next list shows it, made by the pipeline from a new read.
    const twelve = shown.find((p) => p.duration_months === 12);
    if (!twelve) throw new Error("no 12-month package");
    const patched = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${twelve.id}`,
      headers: admin.headers,
      payload: { interest_rate: 3.65 },
    });
    expect(patched.statusCode).toBe(200);
    const after = await list();
    expect(after.find((p) => p.id === twelve.id)?.interest_rate).toBe(3.65);
    expect(await replayed(t, "/api/packages")).toBe(before + 1);
    // ...and that answer is replayed in turn.
    expect((await list()).find((p) => p.id === twelve.id)?.interest_rate).toBe(3.65);
    expect(await replayed(t, "/api/packages")).toBe(before + 2);

    // Once the cached read has expired (another process may have changed the packages), the pipeline
    // reads them again before anything is replayed.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10_001 });
    await list();
    expect(await replayed(t, "/api/packages")).toBe(before + 2);
    await list();
    expect(await replayed(t, "/api/packages")).toBe(before + 3);
  });
});

describe("replayed calculations", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: dist, TRUST_PROXY: "1" });
    base = await listening(t);
  });
  afterAll(() => t.close());

  const body = JSON.stringify({ amount: 10000, duration_months: 12, interest_rate: 3.5, currency: "EUR" });
  const calculate = (from: string, payload = body, headers: Record<string, string> = {}) =>
    fetch(`${base}/api/calculate`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": from, ...headers },
      body: payload,
    });
  const calculations = () => replayed(t, "/api/calculate");
  /** The answer's headers without those that differ from request to request. */
  const sameFor = (res: Response) =>
    Object.fromEntries(
      [...res.headers].filter(
        ([name]) => !["date", "x-request-id", "x-ratelimit-remaining", "x-ratelimit-reset"].includes(name),
      ),
    );

  it("sends a calculation asked for again as the pipeline sent it, counting each request against its address's limit", async () => {
    const first = await calculate("203.0.113.7");
    expect(first.status).toBe(200);
    const figures = await first.text();
    expect(JSON.parse(figures)).toMatchObject({ principal: 10000, total_interest: 350, total_amount: 10350 });
    expect(first.headers.get("x-ratelimit-remaining")).toBe("119");
    // Asked for once, the answer is not kept; asked for again, it is kept, and replayed from then on.
    expect(await (await calculate("203.0.113.7")).text()).toBe(figures);
    expect(await calculations()).toBe(0);

    const third = await calculate("203.0.113.7");
    expect(await third.text()).toBe(figures);
    expect(await calculations()).toBe(1);
    expect(sameFor(third)).toStrictEqual(sameFor(first));
    expect(third.headers.get("content-security-policy")).toContain("default-src 'self'");
    expect(third.headers.get("x-ratelimit-limit")).toBe("120");
    expect(third.headers.get("x-ratelimit-remaining")).toBe("117");
    expect(Number(third.headers.get("x-ratelimit-reset"))).toBeGreaterThan(0);
    expect(third.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    // Another client address has a count of its own.
    const other = await calculate("203.0.113.8");
    expect(await other.text()).toBe(figures);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("119");
    expect(await calculations()).toBe(2);
    // Counted in the route's request metrics as well.
    expect(
      await metric(t, "http_requests_total", { route: "/api/calculate", method: "POST", status_code: "200" }),
    ).toBe(4);
  });

  it("holds the limit across replays and the pipeline: the request over it gets the pipeline's 429", async () => {
    const from = "203.0.113.50";
    const same = JSON.stringify({ amount: 7777, duration_months: 12, interest_rate: 3.5, currency: "EUR" });
    const before = await calculations();
    const statuses: number[] = [];
    for (let i = 0; i < 122; i++) {
      // Every tenth request asks for another amount, which the pipeline answers.
      const res = await calculate(
        from,
        i % 10 === 0
          ? JSON.stringify({ amount: 5000 + i, duration_months: 6, interest_rate: 2, currency: "EUR" })
          : same,
      );
      statuses.push(res.status);
      if (res.status === 429) {
        expect(((await res.json()) as { code: string }).code).toBe("rate_limited");
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(res.headers.get("x-ratelimit-remaining")).toBe("0");
      } else await res.arrayBuffer();
    }
    expect(statuses.filter((s) => s === 200).length).toBe(120);
    expect(statuses.slice(120)).toStrictEqual([429, 429]);
    // All but the twelve other bodies (each asked for once) and the first two of the same were replays.
    expect(await calculations()).toBe(before + 120 - 12 - 2);
  });

  it("leaves other calculations, refusals and bodies not yet arrived to the pipeline", async () => {
    const before = await calculations();
    // Another body, another language: each its own answer, made by the pipeline first.
    const other = JSON.stringify({ amount: 25000, duration_months: 24, interest_rate: 3, currency: "EUR" });
    expect(((await (await calculate("203.0.113.9", other)).json()) as { principal: number }).principal).toBe(
      25000,
    );
    expect((await calculate("203.0.113.9", body, { "accept-language": "de" })).status).toBe(200);
    expect(await calculations()).toBe(before);
    // A refusal is never replayed: each is the pipeline's, in the request's language.
    const invalid = JSON.stringify({ amount: -5, duration_months: 12, interest_rate: 3.5, currency: "EUR" });
    for (let i = 0; i < 2; i++) {
      const refused = await calculate("203.0.113.9", invalid, { "accept-language": "de" });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { code: string }).code).toBe("validation_failed");
    }
    // A body sent in chunks, and one that comes after its head, are read by the pipeline.
    const sent = (chunked: boolean) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(`${base}/api/calculate`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-forwarded-for": "203.0.113.9",
            ...(chunked ? {} : { "content-length": String(Buffer.byteLength(body)) }),
          },
        });
        req.on("response", (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.flushHeaders();
        // The body's second half leaves once the head has been sent on its own.
        req.write(body.slice(0, 10));
        setTimeout(() => req.end(body.slice(10)), 20);
      });
    expect(await sent(true)).toBe(200);
    expect(await sent(false)).toBe(200);
    expect(await calculations()).toBe(before);
    // The same request again, whole, is kept, and then replayed.
    for (let i = 0; i < 2; i++) expect((await calculate("203.0.113.9", other)).status).toBe(200);
    expect(await calculations()).toBe(before + 1);
  });
});

describe("a signed-in user's own account, replayed", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: dist });
    base = await listening(t);
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const me = (headers: Record<string, string>) => fetch(`${base}/api/auth/me`, { headers });
  const accounts = () => replayed(t, "/api/auth/me");

  it("is the pipeline's answer again for the same session, and never another session's", async () => {
    const anna = await createUser(t.app, { full_name: "Anna Berg" });
    const ben = await createUser(t.app, { full_name: "Ben Roth" });
    const before = await accounts();
    const first = await me(anna.headers);
    expect(first.status).toBe(200);
    const body = await first.text();
    expect(JSON.parse(body)).toEqual(anna.user);
    const second = await me(anna.headers);
    expect(await second.text()).toBe(body);
    expect(await accounts()).toBe(before + 1);
    expect(steadyHeaders(second)).toStrictEqual(steadyHeaders(first));
    expect(second.headers.get("cache-control")).toBe("no-store");
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));

    // Another user, and another session of the same user, each get their own answer first.
    for (let i = 0; i < 2; i++) expect(await (await me(ben.headers)).json()).toEqual(ben.user);
    const other = await createSession(t.app.db, { idleMinutes: 30, absoluteHours: 12 }, anna.user.id);
    for (let i = 0; i < 2; i++)
      expect(await (await me({ authorization: `Bearer ${other.token}` })).json()).toEqual(anna.user);
    expect(await accounts()).toBe(before + 3);

    // Unknown tokens, a token that is not a bearer token and no token at all: the pipeline's 401, always.
    for (const headers of [
      { authorization: `Bearer ${"x".repeat(43)}` } as Record<string, string>,
      { authorization: `Basic ${btoa("anna:secret")}` },
      {},
    ])
      for (let i = 0; i < 2; i++) expect((await me(headers)).status).toBe(401);
    expect(await accounts()).toBe(before + 3);
    // Counted in the route's request metrics as any answer.
    expect(await metric(t, "http_requests_total", { route: "/api/auth/me", status_code: "200" })).toBe(6);
  });

  it("goes through the pipeline once the user or the session changes", async () => {
    const saver = await createUser(t.app);
    await me(saver.headers);
    await me(saver.headers);
    const before = await accounts();
    // A change of the user (here straight in the database, as another process would): shown at once.
    await t.app.db
      .updateTable("users")
      .set({ full_name: "Erika Neu" })
      .where("id", "=", saver.user.id)
      .execute();
    expect(((await (await me(saver.headers)).json()) as { full_name: string }).full_name).toBe("Erika Neu");
    expect(await accounts()).toBe(before);
    expect(((await (await me(saver.headers)).json()) as { full_name: string }).full_name).toBe("Erika Neu");
    expect(await accounts()).toBe(before + 1);

    // Signed out: the next request with the token is refused, and every one after it.
    const logout = await fetch(`${base}/api/auth/logout`, { method: "POST", headers: saver.headers });
    expect(logout.status).toBeLessThan(300);
    for (let i = 0; i < 2; i++) expect((await me(saver.headers)).status).toBe(401);
    expect(await accounts()).toBe(before + 1);
  });

  it("leaves a session whose last use is due to be written to the pipeline, which writes it", async () => {
    const saver = await createUser(t.app);
    await me(saver.headers);
    await me(saver.headers);
    const before = await accounts();
    const lastUse = async () =>
      (
        await t.app.db
          .selectFrom("sessions")
          .select("last_used_at")
          .where("user_id", "=", saver.user.id)
          .executeTakeFirstOrThrow()
      ).last_used_at.getTime();
    const used = await lastUse();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 61_000 });
    expect((await me(saver.headers)).status).toBe(200);
    expect(await accounts()).toBe(before);
    expect(await lastUse()).toBeGreaterThan(used);
    // Written: replayed again until the next write is due.
    expect((await me(saver.headers)).status).toBe(200);
    expect(await accounts()).toBe(before + 1);
    // Past the session's idle expiry, the pipeline refuses it.
    vi.setSystemTime(Date.now() + 31 * 60_000);
    expect((await me(saver.headers)).status).toBe(401);
    expect(await accounts()).toBe(before + 1);
  });
});

describe("with request logging on", () => {
  it("sends every request through the pipeline, which logs it", async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...chunk.toString().split("\n").filter(Boolean));
        done();
      },
    });
    const t = await createTestApp(
      { WEB_DIST_DIR: dist, LOG_LEVEL: "info" },
      { logger: undefined, logStream },
    );
    try {
      const base = await listening(t);
      for (let i = 0; i < 3; i++) expect((await fetch(`${base}/en`)).status).toBe(200);
      expect(await replayed(t, "/en")).toBe(0);
      expect(lines.filter((line) => line.includes("request completed")).length).toBe(3);
    } finally {
      await t.close();
    }
  });
});

describe("the answers held", () => {
  /** What the recording reads of a request answered by the pipeline. */
  const answeredRequest = (url: string) => {
    const raw = { method: "GET", url, headers: { host: "example.test" }, socket: {} } as IncomingMessage;
    const request = {
      raw,
      routeOptions: { url: "/en", config: {} },
      metricsRecorder: null,
    } as unknown as FastifyRequest;
    const reply = {
      statusCode: 200,
      getHeaders: () => ({ "content-type": "text/html; charset=utf-8", "x-request-id": "x" }),
    } as unknown as FastifyReply;
    return { request, reply };
  };

  it("are bounded: those not asked for longest go when new ones come", () => {
    const replay = new AnswerReplay(4);
    for (let n = 0; n < 10; n++) {
      const { request, reply } = answeredRequest(`/en?n=${n}`);
      replay.record(request, reply, Buffer.from(`page ${n}`), () => true);
      expect(replay.size).toBeLessThanOrEqual(4);
    }
    expect(replay.size).toBeGreaterThanOrEqual(2);
  });

  it("never hold an answer that sets a cookie, nor one with a body that is not bytes", () => {
    const replay = new AnswerReplay();
    const { request, reply } = answeredRequest("/en");
    const withCookie = { ...reply, getHeaders: () => ({ "set-cookie": "session=abc" }) } as FastifyReply;
    replay.record(request, withCookie, Buffer.from("page"), () => true);
    replay.record(request, reply, { streamed: true }, () => true);
    expect(replay.size).toBe(0);
  });

  it("never hold an answer of a route whose limit is counted elsewhere (in Redis, or on another key)", () => {
    const replay = new AnswerReplay();
    const { request, reply } = answeredRequest("/en");
    const limited = {
      ...request,
      routeOptions: { url: "/en", config: { rateLimit: { max: 5, timeWindow: 60_000 } } },
    } as unknown as FastifyRequest;
    replay.record(limited, reply, Buffer.from("page"), () => true);
    expect(replay.size).toBe(0);
  });

  it("are dropped when the server closes, and no more are kept", () => {
    const replay = new AnswerReplay();
    const { request, reply } = answeredRequest("/en");
    replay.record(request, reply, Buffer.from("page"), () => true);
    expect(replay.size).toBe(1);
    replay.stop();
    expect(replay.size).toBe(0);
    replay.record(request, reply, Buffer.from("page"), () => true);
    expect(replay.size).toBe(0);
  });
});
