import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { Histogram, type Metric, Registry } from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env.ts";
import {
  DURATION_BUCKETS,
  newSeries,
  observe,
  RequestHistogram,
  type RequestSeries,
  startMetricsServer,
} from "../src/plugins/metrics.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createUser } from "./helpers/factories.ts";

const TOKEN = "metrics-token-0123456789";
let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp();
  const metrics = await startMetricsServer(t.app, { port: 0, host: "127.0.0.1", token: TOKEN });
  url = `http://127.0.0.1:${metrics.port}/metrics`;
});
afterAll(async () => {
  await t.close();
});

const scrape = async () => {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};

/** The value of one series, e.g. value(text, 'jobs_backlog'). */
const value = (text: string, series: string) => {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe("Prometheus metrics on their own port", () => {
  it("counts requests and their latency by route pattern, never by raw URL", async () => {
    const saver = await createUser(t.app);
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: "/api/packages" })).statusCode).toBe(200);
    const id = randomUUID();
    const missing = await t.app.inject({ url: `/api/deposits/${id}`, headers: saver.headers });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ url: "/api/no-such-route" });

    const text = await scrape();
    expect(value(text, 'http_requests_total{method="GET",route="/api/packages",status_code="200"}')).toBe(3);
    expect(value(text, 'http_requests_total{method="GET",route="/api/deposits/:id",status_code="404"}')).toBe(
      1,
    );
    expect(
      value(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/packages",status_code="200"}',
      ),
    ).toBe(3);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.1",method="GET",route="/api/packages"',
    );
    expect(text).not.toContain(id);
    expect(text).not.toContain("no-such-route");
    expect(text).toContain("# TYPE http_request_errors_total counter");
    expect(text).toContain("# TYPE process_cpu_seconds_total counter");
  });

  it("reports the job and e-mail backlogs from the database, and the pool on the PostgreSQL server", async () => {
    const before = value(await scrape(), "jobs_backlog") ?? -1;
    await t.app.db
      .insertInto("jobs")
      .values({ name: "deposit.lapse", key: `metrics:${randomUUID()}`, run_at: new Date(Date.now() - 1000) })
      .execute();
    await t.app.db
      .insertInto("jobs")
      .values({
        name: "deposit.lapse",
        key: `metrics:${randomUUID()}`,
        run_at: new Date(Date.now() + 3_600_000),
      })
      .execute();
    const text = await scrape();
    // due jobs only: the one in an hour is not backlog yet
    expect(value(text, "jobs_backlog")).toBe(before + 1);
    expect(value(text, "jobs_failed")).toBe(0);
    expect(value(text, "email_outbox_backlog")).toBeGreaterThanOrEqual(0);
    expect(value(text, "email_outbox_failed")).toBe(0);
    if (t.database.kind === "postgres") {
      expect(value(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(text).toContain('db_pool_connections{state="waiting"}');
    } else {
      expect(text).not.toContain("db_pool_connections");
    }
  });

  it("refuses a scrape without the token or with another one, and is not on the public port", async () => {
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(
      401,
    );
    expect((await fetch(url.replace("/metrics", "/api/packages"))).status).toBe(404);
    const publicPort = await t.app.inject({ url: "/metrics" });
    expect(publicPort.statusCode).toBe(404);
    expect(publicPort.body).not.toContain("http_requests_total");
  });

  it("METRICS_TOKEN must be long enough; METRICS_PORT a port", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_PORT: "nine" })).toThrow(/METRICS_PORT must be a number/);
    expect(loadConfig({ METRICS_PORT: "9464" }).METRICS_PORT).toBe(9464);
  });

  it("writes the request histogram exactly as prom-client's own histogram does for the same observations", async () => {
    const label = fc.record({
      method: fc.constantFrom("GET", "POST"),
      route: fc.constantFrom("/api/calculate", "/api/deposits/:id", "unmatched"),
      status_code: fc.constantFrom("200", "404", "500"),
    });
    const seconds = fc.oneof(
      fc.constantFrom(...DURATION_BUCKETS, 0, 12.5),
      fc.double({ min: 0, max: 20, noNaN: true }),
      fc.integer({ min: 0, max: 20_000 }).map((ms) => ms / 1000),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(label, seconds), { maxLength: 60 }), async (observations) => {
        const theirs = new Registry();
        const histogram = new Histogram({
          name: "http_request_duration_seconds",
          help: "Time",
          labelNames: ["method", "route", "status_code"],
          buckets: DURATION_BUCKETS,
          registers: [theirs],
        });
        const ours = new Registry();
        const series = new Map<string, RequestSeries>();
        const ordered: RequestSeries[] = [];
        ours.registerMetric(
          new RequestHistogram("http_request_duration_seconds", "Time", ordered, () => {
            ordered.length = 0;
          }) as unknown as Metric,
        );
        for (const [labels, value] of observations) {
          histogram.observe(labels, value);
          const key = `${labels.method} ${labels.route} ${labels.status_code}`;
          let one = series.get(key);
          if (!one) {
            one = newSeries(labels);
            series.set(key, one);
            ordered.push(one);
          }
          observe(one, value);
        }
        expect(await ours.metrics()).toBe(await theirs.metrics());
        expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
      }),
      { numRuns: 200 },
    );
  });
});
