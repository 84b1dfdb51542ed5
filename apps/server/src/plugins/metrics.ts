import { timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from "prom-client";
import {
  countDueJobs,
  countFailedJobs,
  countFailedOutbox,
  countOutboxBacklog,
  countPendingBroadcasts,
} from "../db/monitoring.repository.ts";

/**
 * Prometheus metrics (prom-client), served only on a port of their own (METRICS_PORT, never the
 * public one) and, when METRICS_TOKEN is set, only to a bearer of that token:
 *
 * - http_requests_total / http_request_duration_seconds by method, route pattern (`/api/deposits/:id`,
 *   never the raw URL, so ids do not make new series) and status code; http_request_errors_total for
 *   answers of 500 and above;
 * - jobs_backlog (due and not yet run) and jobs_failed, email_outbox_backlog, email_outbox_failed and
 *   email_broadcasts_pending (notifications to every account whose e-mails are not all in the outbox
 *   yet), read from the database when scraped;
 * - db_pool_connections by state (total, idle, waiting) on the PostgreSQL server;
 * - the process's own figures (CPU, memory, event loop lag) from prom-client's defaults.
 */
declare module "fastify" {
  interface FastifyInstance {
    metrics: { registry: Registry; listeners: Set<http.Server> };
  }
  interface FastifyRequest {
    /** Records the answer under the request's route pattern; set by the route's first hook. */
    metricsRecorder: Recorder | null;
  }
}

/** Counts one answer of a route pattern by method and status, with its duration. */
export type Recorder = (method: string, statusCode: number, elapsedMs: number) => void;

export interface MetricsOptions {
  /** Connection counts of the PostgreSQL pool; absent on the embedded database. */
  poolStats?: (() => { total: number; idle: number; waiting: number }) | undefined;
}

/** Upper bounds of the request duration histogram, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface RequestSeries {
  labels: { method: string; route: string; status_code: string };
  count: number;
  /** Sum of the observed durations (seconds), added in the order observed, as prom-client does. */
  sum: number;
  /** Observations per bucket (not cumulative): the first bound each fell within. */
  buckets: number[];
}

export const newSeries = (labels: RequestSeries["labels"]): RequestSeries => ({
  labels,
  count: 0,
  sum: 0,
  buckets: DURATION_BUCKETS.map(() => 0),
});

export function observe(series: RequestSeries, seconds: number) {
  series.count += 1;
  series.sum += seconds;
  for (let i = 0; i < DURATION_BUCKETS.length; i++) {
    if (seconds <= (DURATION_BUCKETS[i] as number)) {
      series.buckets[i] = (series.buckets[i] as number) + 1;
      return;
    }
  }
}

/**
 * The request duration histogram as prom-client's registry reads a Histogram: the same values in the
 * same order (per series: the cumulative buckets, +Inf, sum, count), from the plain numbers above.
 */
export class RequestHistogram {
  readonly type = "histogram";
  readonly aggregator = "sum";
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly series: RequestSeries[],
    /** Forgets every series (registry.resetMetrics), as prom-client's reset empties its metrics. */
    readonly reset: () => void,
  ) {}

  getForPromString() {
    const bucket = `${this.name}_bucket`;
    const values: Array<{
      labels: Record<string, string | number>;
      sharedLabels: Record<string, string>;
      value: number;
      metricName: string;
      exemplar?: null;
    }> = [];
    for (const s of this.series) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += s.buckets[i] as number;
        values.push({
          labels: { le },
          sharedLabels: s.labels,
          value: cumulative,
          metricName: bucket,
          exemplar: null,
        });
      });
      values.push({
        labels: { le: "+Inf" },
        sharedLabels: s.labels,
        value: s.count,
        metricName: bucket,
        exemplar: null,
      });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: s.labels, value: s.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  async get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }
}

const count = async (query: Promise<{ n: number | string | bigint } | undefined>) =>
  Number((await query)?.n ?? 0);

export default fp(
  async function metricsPlugin(app: FastifyInstance, opts: MetricsOptions) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    // Request metrics are counted in plain numbers per series (method, route pattern, status), each
    // series found by two map lookups, and handed to prom-client when scraped (collect and a histogram
    // of our own, below): prom-client's labels().observe() checked and hashed the labels on every
    // request (docs/decisions.md "Hot paths"). The output is what prom-client's own counters and
    // histogram write for the same observations.
    const series: RequestSeries[] = [];
    const failing: RequestSeries[] = [];
    const labelNames = ["method", "route", "status_code"] as const;
    new Counter({
      name: "http_requests_total",
      help: "Requests answered, by method, route pattern and status code",
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const s of series) this.inc(s.labels, s.count);
      },
    });
    new Counter({
      name: "http_request_errors_total",
      help: "Requests answered with a status of 500 or above, by method, route pattern and status code",
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        for (const s of failing) this.inc(s.labels, s.count);
      },
    });
    registry.registerMetric(
      new RequestHistogram(
        "http_request_duration_seconds",
        "Time from the request's arrival to its answer, by method, route pattern and status code",
        series,
        () => {
          series.length = 0;
          failing.length = 0;
          for (const byMethod of recorders) byMethod.clear();
        },
      ) as unknown as Metric,
    );
    /** The recorder of one route pattern: its series by method and status, made on first use. */
    const recorders: Array<Map<string, Map<number, RequestSeries>>> = [];
    const recorderOf = new Map<string, Recorder>();
    const recorder = (route: string): Recorder => {
      const known = recorderOf.get(route);
      if (known !== undefined) return known;
      const byMethod = new Map<string, Map<number, RequestSeries>>();
      recorders.push(byMethod);
      const record: Recorder = (method, statusCode, elapsedMs) => {
        let byStatus = byMethod.get(method);
        if (byStatus === undefined) {
          byStatus = new Map();
          byMethod.set(method, byStatus);
        }
        let one = byStatus.get(statusCode);
        if (one === undefined) {
          one = newSeries({ method, route, status_code: String(statusCode) });
          byStatus.set(statusCode, one);
          series.push(one);
          if (statusCode >= 500) failing.push(one);
        }
        observe(one, elapsedMs / 1000);
      };
      recorderOf.set(route, record);
      return record;
    };
    // The route's pattern is known when the route is registered: each route's first hook hands the
    // request its route's recorder, so that no request reads its route's options (a new object per
    // read), and the answer is recorded when the request has been answered (`app.answered`), with no
    // onResponse hook. A request refused by an earlier hook of its route (an authentication hook
    // placed before this one) reads its route's pattern from its options; requests that matched no
    // route share one label.
    app.decorateRequest("metricsRecorder", null);
    app.addHook("onRoute", (route) => {
      const record = recorder(route.url);
      const hook = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
        request.metricsRecorder = record;
        done();
      };
      route.onRequest = [hook, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
    });
    const recordUnmatched = recorder("unmatched");
    app.answered.onAnswered((request, reply) => {
      const record =
        request.metricsRecorder ??
        (request.is404 ? recordUnmatched : recorder(request.routeOptions.url ?? "unmatched"));
      record(request.method, reply.statusCode, reply.elapsedTime);
    });

    /** A gauge read by one count query at each scrape. */
    const countGauge = (
      name: string,
      help: string,
      query: (db: FastifyInstance["db"]) => Promise<{ n: number | string | bigint } | undefined>,
    ) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await count(query(app.db)));
        },
      });
    countGauge(
      "jobs_backlog",
      "Scheduled jobs that are due and not yet done (pending or running)",
      countDueJobs,
    );
    countGauge("jobs_failed", "Scheduled jobs that failed after their last attempt", countFailedJobs);
    countGauge("email_outbox_backlog", "E-mails queued and not yet sent (nor given up)", countOutboxBacklog);
    countGauge(
      "email_broadcasts_pending",
      "Notifications to every account whose e-mails the worker is still writing to the outbox",
      countPendingBroadcasts,
    );
    countGauge("email_outbox_failed", "E-mails given up after their last attempt", countFailedOutbox);
    const poolStats = opts.poolStats;
    if (poolStats) {
      new Gauge({
        name: "db_pool_connections",
        help: "Connections of the PostgreSQL pool: total, idle, and requests waiting for one",
        labelNames: ["state"] as const,
        registers: [registry],
        collect() {
          const stats = poolStats();
          this.set({ state: "total" }, stats.total);
          this.set({ state: "idle" }, stats.idle);
          this.set({ state: "waiting" }, stats.waiting);
        },
      });
    }
    // Listeners started later (startMetricsServer, after the app is ready) close with the app.
    const listeners = new Set<http.Server>();
    app.addHook("onClose", async () => {
      await Promise.all([...listeners].map((server) => new Promise((resolve) => server.close(resolve))));
    });
    app.decorate("metrics", { registry, listeners });
  },
  { name: "metrics", dependencies: ["db"] },
);

/**
 * The metrics listener: GET /metrics on its own port, with `Authorization: Bearer <token>` when a
 * token is configured (401 otherwise); anything else 404. Closed with the app.
 */
export async function startMetricsServer(
  app: FastifyInstance,
  options: { port: number; host: string; token?: string | undefined },
): Promise<{ port: number; close: () => Promise<void> }> {
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null;
  const server = http.createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (request.method !== "GET" || path !== "/metrics") {
      response
        .writeHead(404, { "content-type": "application/json" })
        .end('{"detail":"Not found","code":"not_found"}');
      return;
    }
    if (expected) {
      const given = Buffer.from(request.headers.authorization ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        response
          .writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" })
          .end('{"detail":"A valid metrics token is required","code":"unauthorized"}');
        return;
      }
    }
    app.metrics.registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": app.metrics.registry.contentType }).end(text),
      (error: unknown) => {
        app.log.error({ err: error }, "metrics collection failed");
        response
          .writeHead(500, { "content-type": "application/json" })
          .end('{"detail":"Metrics failed","code":"internal_error"}');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  app.metrics.listeners.add(server);
  const close = () =>
    new Promise<void>((resolve) => {
      app.metrics.listeners.delete(server);
      server.close(() => resolve());
    });
  return { port: (server.address() as AddressInfo).port, close };
}
