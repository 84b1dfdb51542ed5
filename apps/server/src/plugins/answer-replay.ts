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
import type { ResolvedSession, SessionOf } from "./auth.ts";
import type { Recorder } from "./metrics.ts";
import type { AddressLimit } from "./rate-limit.ts";
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

/** The key of a POST to a replayed route, body included, kept on the raw request for its answer. */
const RECEIVED = Symbol("received key");
type Received = IncomingMessage & { [RECEIVED]?: string };

/**
 * Request headers that do not reach an answer that may be replayed: the client's software and page,
 * the proxy's record of the client's address (the address decides only rate limits, counted for each
 * replay), the request id (each replay gets its own) and the connection's handling (Node decides it
 * for each response, replayed or not). Every other header is part of the request's key.
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
 * Requests that are never replayed nor recorded: one with a cookie (the app signs in with bearer
 * tokens only; a cookie is someone else's business), a GET with a body, which the pipeline reads or
 * refuses, and a body sent in chunks, after a 100-continue or into an upgraded connection. (A POST's
 * Content-Length is part of its key, its body too. A signed-in request is replayed only on a route that
 * resolves its session before the pipeline: its session, not its token, is then part of the key.)
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

/** Largest POST body read before the pipeline; a longer one goes through it unread. */
const MAX_BODY_LENGTH = 1024;

/** Slots of the table of recent POST bodies' hashes (a power of two). */
const SEEN_BODIES = 8192;

/**
 * Headers of one answer alone (its request id, its length, its client's count against the route's
 * limit): never recorded, written for each replay instead.
 */
const PER_REQUEST = new Set([
  "x-request-id",
  "content-length",
  "x-ratelimit-limit",
  "x-ratelimit-remaining",
  "x-ratelimit-reset",
  "retry-after",
]);

/** Answers held at most; those not asked for longest go first (`HeldAnswers`). */
export const MAX_REPLAYED_ANSWERS = 2000;

interface Replayable {
  status: number;
  /**
   * Name, value, name, value... as `writeHead` takes them; the last value is the request id's, and on
   * a rate-limited route the three before it are the limit's.
   */
  headers: unknown[];
  body: Buffer | undefined;
  /** Whether the data the answer was made from is still the current one. */
  current: () => boolean;
  /** The metrics of the route the answer came from. */
  record: Recorder | null;
  /** The route's per-address limit, counted for each replay. */
  limit: AddressLimit | null;
  /** The session a signed-in answer was made from: replayed only while the request resolves to it. */
  session: ResolvedSession | null;
  /** The count of the route's replays. */
  replays: { count: number };
}

/**
 * The key of a request whose answer may be replayed: its method and address, whether it came over TLS
 * and every header but the unused ones, in the order sent (a POST's body is added to it); undefined for
 * a request only the pipeline answers.
 */
function keyOf(raw: IncomingMessage, session?: ResolvedSession): string | undefined {
  const post = raw.method === "POST";
  if (!post && raw.method !== "GET") return undefined;
  const tls = (raw.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  let key = `${post ? "P" : "G"}${tls ? "s" : "p"}${raw.url}`;
  const headers = raw.headers;
  for (const name in headers) {
    if (UNUSED.has(name)) continue;
    // A signed-in request's token is not kept: the session it resolves to stands for it.
    if (name === "authorization" && session !== undefined) continue;
    if (PIPELINE_ONLY.has(name) && !(post && name === "content-length")) return undefined;
    key += `\n${name}:${headers[name]}`;
  }
  if (session !== undefined) key += `\n@${session.sessionId}`;
  return key.length > MAX_KEY_LENGTH ? undefined : key;
}

/** A POST's key: its head's and its body's, the body's bytes one character each. */
function postKey(head: string, body: Buffer): string {
  return `${head}\n\n${body.toString("latin1")}`;
}

/**
 * The answers held, at most `max`, in two generations: the one being filled and the one before it.
 * When the newer holds half of `max`, the older is dropped whole and a new one begun; an answer asked
 * for from the older moves to the newer. So what is dropped is what has not been asked for longest,
 * at a constant cost per answer (a map whose oldest entry is deleted at every insertion is scanned
 * from its start each time, past every entry deleted before).
 */
class HeldAnswers {
  #newer = new Map<string, Replayable>();
  #older = new Map<string, Replayable>();
  readonly #half: number;

  constructor(max: number) {
    this.#half = Math.max(1, Math.floor(max / 2));
  }

  get size(): number {
    return this.#newer.size + this.#older.size;
  }

  get(key: string): Replayable | undefined {
    const answer = this.#newer.get(key);
    if (answer !== undefined || this.#older.size === 0) return answer;
    const older = this.#older.get(key);
    if (older !== undefined) {
      this.#older.delete(key);
      this.#newer.set(key, older);
    }
    return older;
  }

  set(key: string, answer: Replayable): void {
    this.#older.delete(key);
    if (!this.#newer.has(key) && this.#newer.size >= this.#half) {
      this.#older = this.#newer;
      this.#newer = new Map();
    }
    this.#newer.set(key, answer);
  }

  delete(key: string): void {
    this.#newer.delete(key);
    this.#older.delete(key);
  }

  clear(): void {
    this.#newer.clear();
    this.#older.clear();
  }
}

/**
 * Public answers replayed before Fastify's pipeline (docs/decisions.md "Hot paths, eleventh pass"). A
 * route that opts in (`config.replay`) marks an answer replayable with the check of its data's version
 * (`replayWhile`); the answer is recorded as the pipeline sent it, every header its hooks wrote
 * included (security headers, caching, language, ETag), and the next request with the same key (address,
 * TLS, headers) gets those very bytes with a request id of its own, counted in the route's metrics,
 * as long as the check holds. A POST's body is part of its key ("Hot paths, twelfth pass"), a signed-in
 * request's session stands for its token ("thirteenth pass"). Anything else, and any request while
 * request logging is on (LOG_LEVEL info or finer: each logged request goes through the pipeline that
 * logs it), goes through the pipeline.
 */
export class AnswerReplay {
  readonly #answers: HeldAnswers;
  readonly #replayed = new Map<string, { count: number }>();
  readonly #postRoutes = new Set<string>();
  /** The signed-in addresses with answers recorded, each with its route's session lookup. */
  readonly #sessionRoutes = new Map<string, SessionOf>();
  readonly #seenBodies = new Int32Array(SEEN_BODIES);
  #logsRequests: () => boolean = () => false;
  #stopped = false;

  constructor(maxAnswers = MAX_REPLAYED_ANSWERS) {
    this.#answers = new HeldAnswers(maxAnswers);
  }

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

  /** A POST route whose answers may be replayed: its bodies are read before the pipeline. */
  acceptPosts(url: string): void {
    this.#postRoutes.add(url);
  }

  /** Replays the answer recorded for this request if one is current, else hands it to `pipeline`. */
  serve(raw: IncomingMessage, res: ServerResponse, pipeline: Pipeline): void {
    if (raw.method === "POST") this.#servePost(raw, res, pipeline);
    else if (!this.#serveGet(raw, res)) pipeline(raw, res);
  }

  #serveGet(raw: IncomingMessage, res: ServerResponse): boolean {
    if (this.#answers.size === 0 || raw.method !== "GET" || this.#logsRequests()) return false;
    let session: ResolvedSession | undefined;
    if (raw.headers.authorization !== undefined) {
      // Signed in: only where the route's session lookup finds the session ready in the cache, within
      // its expiry and with no last use to write; anything else is the pipeline's to resolve.
      session = this.#sessionRoutes.get(raw.url ?? "")?.(raw);
      if (session === undefined) return false;
    }
    const key = keyOf(raw, session);
    if (key === undefined) return false;
    const answer = this.#answers.get(key);
    // The very session object the answer was made from: a change to the user or the session replaces it.
    return (
      answer !== undefined &&
      answer.session === (session ?? null) &&
      this.#replay(key, answer, raw, res, "GET")
    );
  }

  /**
   * A POST to a replayed route whose whole body came with its head (a body of up to MAX_BODY_LENGTH
   * bytes, announced by Content-Length) is read here, once Node's parser has taken in what arrived with
   * the head: its answer is replayed if one is held for its key, else the body is put back into the
   * request, unread as far as the pipeline can tell, and kept for the answer's key. A body still on its
   * way is never waited for: the pipeline reads it, with its limits on slow bodies.
   */
  #servePost(raw: IncomingMessage, res: ServerResponse, pipeline: Pipeline): void {
    const head =
      this.#postRoutes.has(raw.url ?? "") && !this.#stopped && !this.#logsRequests() ? keyOf(raw) : undefined;
    const length = Number(raw.headers["content-length"]);
    if (head === undefined || !(length > 0 && length <= MAX_BODY_LENGTH)) {
      pipeline(raw, res);
      return;
    }
    process.nextTick(() => {
      // The parser never takes in more than the announced length: with all of it here, the body is whole.
      const body = raw.readableLength === length ? (raw.read() as Buffer | null) : null;
      if (body === null) {
        pipeline(raw, res);
        return;
      }
      // A body not seen before has no answer held, and its answer is not kept (`#firstSight`).
      if (!this.#firstSight(body)) {
        const key = postKey(head, body);
        const answer = this.#answers.get(key);
        if (answer !== undefined && this.#replay(key, answer, raw, res, "POST")) return;
        (raw as Received)[RECEIVED] = key;
      }
      raw.unshift(body);
      pipeline(raw, res);
    });
  }

  /**
   * Whether no recent POST had this body: a table of the bodies' hashes (FNV-1a), one slot per hash's
   * low bits. A calculation asked for once is answered by the pipeline and not kept, so that a stream
   * of ever new bodies costs no held answers; asked for again, its answer is kept and replayed from the
   * third time on. A collision of two bodies in one slot only keeps an answer or forgets a body early.
   */
  #firstSight(body: Buffer): boolean {
    let hash = 0x811c9dc5;
    for (let i = 0; i < body.length; i++) hash = Math.imul(hash ^ (body[i] as number), 0x01000193);
    const slot = hash & (SEEN_BODIES - 1);
    if (this.#seenBodies[slot] === hash) return false;
    this.#seenBodies[slot] = hash;
    return true;
  }

  #replay(
    key: string,
    answer: Replayable,
    raw: IncomingMessage,
    res: ServerResponse,
    method: string,
  ): boolean {
    if (!answer.current()) {
      this.#answers.delete(key);
      return false;
    }
    const started = performance.now();
    const headers = answer.headers;
    const last = headers.length - 1;
    if (answer.limit !== null) {
      // Over the limit: the pipeline answers the 429 (counting once more changes nothing in it).
      const limit = answer.limit(raw);
      if (limit === null) return false;
      headers[last - 6] = limit[0];
      headers[last - 4] = limit[1];
      headers[last - 2] = limit[2];
    }
    headers[last] = requestIdOf(raw);
    res.writeHead(answer.status, headers as string[]);
    res.end(answer.body);
    answer.record?.(method, answer.status, performance.now() - started);
    answer.replays.count += 1;
    return true;
  }

  /** Keeps the pipeline's answer to this request when it may be replayed. */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown, current: () => boolean): void {
    if (this.#stopped) return;
    const status = reply.statusCode;
    const raw = request.raw;
    const post = raw.method === "POST";
    if (status !== 200 && (status !== 304 || post)) return;
    // A rate-limited route is replayed only when its limit can be counted before the pipeline.
    const config = request.routeOptions.config;
    const limit = config.addressLimit ?? null;
    if (config.rateLimit && limit === null) return;
    let body: Buffer | undefined;
    if (status === 200) {
      if (typeof payload === "string") body = Buffer.from(payload);
      else if (Buffer.isBuffer(payload)) body = payload;
      else return;
    } else if (payload !== undefined && payload !== null && payload !== "") return;
    let session: ResolvedSession | undefined;
    if (!post && raw.headers.authorization !== undefined) {
      // Signed in: kept only with the session the answer was made from, still ready in the cache.
      // (Not for an address with a query: the addresses with signed-in answers stay those of the routes.)
      const sessionOf = config.sessionOf;
      session = sessionOf?.(raw);
      if (sessionOf === undefined || session === undefined || session.user !== request.user) return;
      if (raw.url === undefined || raw.url.includes("?")) return;
      this.#sessionRoutes.set(raw.url ?? "", sessionOf);
    }
    const key = post ? (raw as Received)[RECEIVED] : keyOf(raw, session);
    if (key === undefined) return;
    const headers: unknown[] = [];
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_REQUEST.has(name)) continue;
      // Set by a hook for this one client: never handed to another.
      if (name === "set-cookie") return;
      headers.push(name, value);
    }
    if (body !== undefined) headers.push("content-length", String(body.length));
    if (limit !== null)
      headers.push("x-ratelimit-limit", "", "x-ratelimit-remaining", "", "x-ratelimit-reset", "");
    headers.push("x-request-id", "");
    const route = request.routeOptions.url ?? "unmatched";
    let replays = this.#replayed.get(route);
    if (replays === undefined) {
      replays = { count: 0 };
      this.#replayed.set(route, replays);
    }
    this.#answers.set(key, {
      status,
      headers,
      body,
      current,
      record: request.metricsRecorder,
      limit,
      session: session ?? null,
      replays,
    });
  }

  /** Replays nothing more: the server is closing, and the pipeline answers what still arrives. */
  stop(): void {
    this.#stopped = true;
    this.#answers.clear();
  }
}

/** Fastify's handling of a request. */
type Pipeline = (raw: IncomingMessage, res: ServerResponse) => void;

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
    const server = http.createServer(opts.http ?? {}, (req, res) => replay.serve(req, res, handler));
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
      const config = route.config as { replay?: boolean } | undefined;
      if (config?.replay !== true) return;
      const methods = [route.method].flat();
      if (methods.includes("POST")) {
        // A POST's body is read before the pipeline only on the route's very address.
        if (/[:*]/.test(route.url))
          throw new Error(`${route.url}: a replayed POST route takes no parameters`);
        replay.acceptPosts(route.url);
      }
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
