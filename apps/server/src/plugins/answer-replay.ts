import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifyServerFactory,
  RawServerDefault,
} from "fastify";
import fp from "fastify-plugin";
import { Counter } from "prom-client";
import type { Recorder } from "./metrics.ts";
import { requestIdOf } from "./request-guard.ts";

declare module "fastify" {
  interface FastifyReply {
    /**
     * Set by a route with `config: { replay: true }` on an answer made only from the request's address,
     * its headers and data whose version this function checks: the answer may then be replayed for
     * the same request while it returns true (`replayWhile`).
     */
    replayCheck: (() => boolean) | null;
  }
  interface FastifyContextConfig {
    /** The route's answers may be replayed before the pipeline (plugins/answer-replay.ts). */
    replay?: boolean;
  }
}

/**
 * Request headers that do not reach an answer that may be replayed: the client's software and page,
 * the proxy's record of the client's address (the address decides rate limits, which a replayable
 * route has none of), the request id (each replay gets its own) and the connection's handling (Node
 * decides it for each response, replayed or not). Every other header is part of the request's key.
 */
const UNUSED = new Set([
  "user-agent",
  "referer",
  "x-forwarded-for",
  "x-real-ip",
  "x-request-id",
  "connection",
  "keep-alive",
]);

/**
 * Requests that are never replayed nor recorded: a signed-in request (its answer is no one else's
 * business, and the pipeline may refresh its session), and a GET with a body, which the pipeline
 * reads or refuses.
 */
const PIPELINE_ONLY = new Set([
  "cookie",
  "authorization",
  "content-length",
  "transfer-encoding",
  "expect",
  "upgrade",
]);

/** Longest key kept: a request with more header text than this goes through the pipeline. */
const MAX_KEY_LENGTH = 4096;

/** Answers held at most; the oldest goes first when a new one comes. */
export const MAX_REPLAYED_ANSWERS = 2000;

interface Replayable {
  status: number;
  /** Name, value, name, value... as `writeHead` takes them; the last value is the request id's. */
  headers: unknown[];
  body: Buffer | undefined;
  /** Whether the data the answer was made from is still the current one. */
  current: () => boolean;
  /** The metrics of the route the answer came from. */
  record: Recorder | null;
  /** The count of the route's replays. */
  replays: { count: number };
}

/**
 * The key of a request whose answer may be replayed: its address, whether it came over TLS and every
 * header but the unused ones, in the order sent; undefined for a request only the pipeline answers.
 */
function keyOf(raw: IncomingMessage): string | undefined {
  if (raw.method !== "GET") return undefined;
  let key = (raw.socket as { encrypted?: boolean } | undefined)?.encrypted ? `s${raw.url}` : `p${raw.url}`;
  const headers = raw.headers;
  for (const name in headers) {
    if (UNUSED.has(name)) continue;
    if (PIPELINE_ONLY.has(name)) return undefined;
    key += `\n${name}:${headers[name]}`;
  }
  return key.length > MAX_KEY_LENGTH ? undefined : key;
}

/**
 * Public answers replayed before Fastify's pipeline (docs/decisions.md "Hot paths, eleventh pass"). A
 * route that opts in (`config.replay`) marks an answer replayable with the check of its data's version
 * (`replayWhile`); the answer is recorded as the pipeline sent it, every header its hooks wrote
 * included (security headers, caching, language, ETag), and the next request with the same key (address,
 * TLS, headers) gets those very bytes with a request id of its own, counted in the route's metrics,
 * as long as the check holds. Anything else, and any request while request logging is on (LOG_LEVEL info
 * or finer: each logged request goes through the pipeline that logs it), goes through the pipeline.
 */
export class AnswerReplay {
  readonly #answers = new Map<string, Replayable>();
  readonly #replayed = new Map<string, { count: number }>();
  #logsRequests: () => boolean = () => false;
  #stopped = false;

  constructor(private readonly maxAnswers = MAX_REPLAYED_ANSWERS) {}

  /** Answers held now. */
  get size(): number {
    return this.#answers.size;
  }

  /** Answers replayed so far, by route pattern. */
  replayed(): Map<string, number> {
    return new Map([...this.#replayed].map(([route, replays]) => [route, replays.count]));
  }

  /** Whether the server logs every request (then nothing is replayed). */
  logsRequestsWhen(check: () => boolean): void {
    this.#logsRequests = check;
  }

  /** Replays the answer recorded for this request, if any is current; false when the pipeline must answer. */
  serve(raw: IncomingMessage, res: ServerResponse): boolean {
    if (this.#answers.size === 0 || raw.method !== "GET" || this.#logsRequests()) return false;
    const key = keyOf(raw);
    if (key === undefined) return false;
    const answer = this.#answers.get(key);
    if (answer === undefined) return false;
    if (!answer.current()) {
      this.#answers.delete(key);
      return false;
    }
    const started = performance.now();
    const headers = answer.headers;
    headers[headers.length - 1] = requestIdOf(raw);
    res.writeHead(answer.status, headers as string[]);
    res.end(answer.body);
    answer.record?.("GET", answer.status, performance.now() - started);
    answer.replays.count += 1;
    return true;
  }

  /** Keeps the pipeline's answer to this request when it may be replayed. */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown, current: () => boolean): void {
    if (this.#stopped) return;
    const status = reply.statusCode;
    if (status !== 200 && status !== 304) return;
    let body: Buffer | undefined;
    if (status === 200) {
      if (typeof payload === "string") body = Buffer.from(payload);
      else if (Buffer.isBuffer(payload)) body = payload;
      else return;
    } else if (payload !== undefined && payload !== null && payload !== "") return;
    const key = keyOf(request.raw);
    if (key === undefined) return;
    const headers: unknown[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || name === "x-request-id" || name === "content-length") continue;
      // Set by a hook for this one client: never handed to another.
      if (name === "set-cookie") return;
      headers.push(name, value);
    }
    if (body !== undefined) headers.push("content-length", String(body.length));
    headers.push("x-request-id", "");
    if (!this.#answers.has(key) && this.#answers.size >= this.maxAnswers) {
      const oldest = this.#answers.keys().next().value;
      if (oldest !== undefined) this.#answers.delete(oldest);
    }
    const route = request.routeOptions.url ?? "unmatched";
    let replays = this.#replayed.get(route);
    if (replays === undefined) {
      replays = { count: 0 };
      this.#replayed.set(route, replays);
    }
    this.#answers.set(key, { status, headers, body, current, record: request.metricsRecorder, replays });
  }

  /** Replays nothing more: the server is closing, and the pipeline answers what still arrives. */
  stop(): void {
    this.#stopped = true;
    this.#answers.clear();
  }
}

/**
 * The HTTP server Fastify would make (the same options), whose request listener replays an answer
 * when it can and hands the request to Fastify otherwise.
 */
export function replayingServer(replay: AnswerReplay): FastifyServerFactory<RawServerDefault> {
  return (handler, options) => {
    const opts = options as {
      http?: http.ServerOptions | null;
      keepAliveTimeout: number;
      requestTimeout: number;
      connectionTimeout: number;
      maxRequestsPerSocket?: number | null;
    };
    const server = http.createServer(opts.http ?? {}, (req, res) => {
      if (!replay.serve(req, res)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    if (opts.maxRequestsPerSocket && opts.maxRequestsPerSocket > 0) {
      server.maxRequestsPerSocket = opts.maxRequestsPerSocket;
    }
    return server;
  };
}

/** Marks this answer replayable while `current` holds (the route has `config: { replay: true }`). */
export function replayWhile(reply: FastifyReply, current: () => boolean): void {
  reply.replayCheck = current;
}

/** Always current: an answer made from the build alone. */
export const ALWAYS_CURRENT = () => true;

/**
 * Records the answers of the routes with `config.replay`, counts the replays in the metrics
 * (`http_replayed_total`) and stops replaying when the server closes. Registered after the metrics
 * and before any route.
 */
export default fp(
  async function answerReplayPlugin(app: FastifyInstance, opts: { replay: AnswerReplay }) {
    const replay = opts.replay;
    const log = app.log as { isLevelEnabled?: (level: string) => boolean };
    if (typeof log.isLevelEnabled === "function") {
      const isLevelEnabled = log.isLevelEnabled.bind(app.log);
      replay.logsRequestsWhen(() => isLevelEnabled("info"));
    }
    app.decorateReply("replayCheck", null);
    const recordAnswer = (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      const current = reply.replayCheck;
      // Only a GET has a key (`keyOf`): the HEAD route Fastify adds beside each GET records nothing.
      if (current !== null) replay.record(request, reply, payload, current);
      done(null, payload);
    };
    app.addHook("onRoute", (route) => {
      const config = route.config as { replay?: boolean; rateLimit?: unknown } | undefined;
      if (config?.replay !== true) return;
      // A replay skips the pipeline, so a route whose answers may be replayed has no per-client limit.
      if (config.rateLimit) throw new Error(`${route.url}: a replayed route cannot be rate-limited`);
      route.onSend = [...[route.onSend ?? []].flat(), recordAnswer] as typeof route.onSend;
    });
    new Counter({
      name: "http_replayed_total",
      help: "Answers replayed before the pipeline (a public answer whose data is unchanged), by route pattern",
      labelNames: ["route"] as const,
      registers: [app.metrics.registry],
      collect() {
        this.reset();
        for (const [route, count] of replay.replayed()) this.inc({ route }, count);
      },
    });
    app.addHook("preClose", (done) => {
      replay.stop();
      done();
    });
  },
  { name: "answer-replay", dependencies: ["metrics"] },
);
