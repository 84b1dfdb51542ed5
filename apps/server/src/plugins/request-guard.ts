import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { ErrorResponse } from "@festgeld/domain";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawRequestDefaultExpression,
} from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.ts";

/**
 * Characters PostgreSQL refuses or would silently change: NUL (refused in text and jsonb) and
 * UTF-16 surrogates without their pair (not encodable as UTF-8; the driver would store U+FFFD).
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** NUL or any surrogate: the cheap first test, true for far fewer strings than it is asked about. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what it looks for.
const SUSPECT = /[\u0000\ud800-\udfff]/;
const refused = (text: string) =>
  SUSPECT.test(text) && (text.includes("\u0000") || LONE_SURROGATE.test(text));

/** Whether a plain object (from any realm): streams and other class instances are not client text. */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/**
 * Whether any string (value or key) in `value` carries a refused character: the walk of
 * findRefusedText without building a path for every value, for the common answer, no. Iterative;
 * a stack is made only for nested values (a flat body, the common case, needs none).
 */
function hasRefusedText(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === "string") return refused(value);
  if (typeof value !== "object") return false;
  let stack: object[] | undefined;
  let current: object | undefined = value;
  while (current !== undefined) {
    if (Array.isArray(current)) {
      for (const item of current) {
        if (typeof item === "string") {
          if (refused(item)) return true;
        } else if (item !== null && typeof item === "object") {
          if (stack === undefined) stack = [];
          stack.push(item);
        }
      }
    } else if (!Buffer.isBuffer(current) && isPlainObject(current)) {
      for (const key in current) {
        if (!Object.hasOwn(current, key)) continue;
        if (refused(key)) return true;
        const item = (current as Record<string, unknown>)[key];
        if (typeof item === "string") {
          if (refused(item)) return true;
        } else if (item !== null && typeof item === "object") {
          if (stack === undefined) stack = [];
          stack.push(item);
        }
      }
    }
    current = stack?.pop();
  }
  return false;
}

/**
 * The path of the first string (value or key) in `value` that carries a refused character, or null.
 * Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findRefusedText(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length > 0) {
    const [current, where] = stack.pop() as [unknown, string];
    if (typeof current === "string") {
      if (refused(current)) return where;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => {
        stack.push([item, `${where}.${index}`]);
      });
    } else if (current !== null && typeof current === "object" && !Buffer.isBuffer(current)) {
      // Only plain objects (from any realm): streams and other class instances are not client text.
      const proto = Object.getPrototypeOf(current);
      if (proto !== null && Object.getPrototypeOf(proto) !== null) continue;
      for (const [key, item] of Object.entries(current)) {
        if (refused(key)) return where;
        stack.push([item, `${where}.${key}`]);
      }
    }
  }
  return null;
}

export interface RequestGuardOptions {
  /** Below this average rate (bytes per second, after a grace period) a request body is cut off. */
  minBytesPerSecond: number;
  /** How long a body may arrive slower than the minimum rate (its first bytes, a slow start). */
  graceMs?: number;
}

const DEFAULT_GRACE_MS = 5000;

/** A 4xx answer in the shared error shape, written on the socket when Fastify has no request. */
function rawAnswer(socket: Socket, status: number, body: ErrorResponse) {
  const json = JSON.stringify(body);
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || pending?.headersSent) return;
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${json}`,
  );
}

/**
 * Errors Node's HTTP server raises before Fastify sees a request: the whole request not received in
 * time (408), headers too large (431, also an overlong request line), unparsable HTTP (400). They get
 * the same `{detail, code}` answer as everything else.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    rawAnswer(socket, 408, {
      detail: "The request did not arrive completely in time",
      code: "request_timeout",
    });
  } else if (error.code === "HPE_HEADER_OVERFLOW") {
    rawAnswer(socket, 431, {
      detail: "The request's headers (or address) are too large",
      code: "headers_too_large",
    });
  } else {
    rawAnswer(socket, 400, { detail: "The request is not valid HTTP", code: "validation_failed" });
  }
  this.log.debug({ err: error }, "client error");
  socket.destroy();
}

/** Errors of Fastify's router (an overlong path parameter, a malformed escape), in the shared shape. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply
      .status(414)
      .send({ detail: "The address is too long", code: "uri_too_long" } satisfies ErrorResponse);
  }
  if (error.code === "FST_ERR_BAD_URL") {
    return reply
      .status(400)
      .send({ detail: "The address is not valid", code: "validation_failed" } satisfies ErrorResponse);
  }
  return reply
    .status(500)
    .send({ detail: "An unexpected error occurred", code: "internal_error" } satisfies ErrorResponse);
}

/** Methods whose body Fastify never reads. */
const BODYLESS = new Set(["GET", "HEAD"]);

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request id: the caller's X-Request-Id when it is a sane token (a proxy's), else a new UUID. */
export function requestIdOf(raw: RawRequestDefaultExpression): string {
  const given = raw.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

function hasBody(raw: RawRequestDefaultExpression): boolean {
  const length = raw.headers["content-length"];
  return (length !== undefined && length !== "0") || raw.headers["transfer-encoding"] !== undefined;
}

/**
 * One place for what every route needs against hostile or broken requests:
 * - text that PostgreSQL refuses (NUL, lone surrogates) anywhere in the path parameters, query or
 *   body: 400 `invalid_characters` before validation, so nothing reaches a service or the database;
 * - a body that trickles in (slower than the minimum rate after the grace period): 408
 *   `request_timeout` and the connection closed. The total time is Node's requestTimeout.
 * - every answer carries the request id as X-Request-Id.
 */
export default fp(
  async function requestGuardPlugin(app: FastifyInstance, opts: RequestGuardOptions) {
    const graceMs = opts.graceMs ?? DEFAULT_GRACE_MS;

    // Bodies still arriving, checked together once a second: one timer for the process instead of
    // one per request with a body. A request leaves as soon as its body has been read (preValidation
    // below), so nearly every entry lives for microseconds: held until the next sweep, every request
    // with a body would outlive a young-generation collection and be copied into the old one.
    const arriving = new Map<
      FastifyRequest,
      { reply: FastifyReply; socket: Socket; startBytes: number; started: number }
    >();
    const sweep = setInterval(() => {
      const now = Date.now();
      for (const [request, entry] of arriving) {
        const { reply, socket } = entry;
        if (request.raw.complete || reply.sent || socket.destroyed) {
          arriving.delete(request);
          continue;
        }
        const elapsedMs = now - entry.started;
        if (elapsedMs < graceMs) continue;
        const rate = ((socket.bytesRead - entry.startBytes) * 1000) / elapsedMs;
        if (rate >= opts.minBytesPerSecond) continue;
        arriving.delete(request);
        request.log.info({ rate: Math.round(rate), elapsedMs }, "request body too slow, cut off");
        reply
          .header("Connection", "close")
          .status(408)
          .send({
            detail: "The request body arrived too slowly",
            code: "request_timeout",
          } satisfies ErrorResponse);
      }
    }, 1000);
    sweep.unref();
    app.addHook("onClose", (_app, done) => {
      clearInterval(sweep);
      arriving.clear();
      done();
    });

    app.addHook("onRequest", (request, reply, done) => {
      reply.header("x-request-id", request.id);
      const raw = request.raw;
      // Fastify reads no body of a GET or HEAD: it answers without waiting for one.
      if (raw.complete || !hasBody(raw) || BODYLESS.has(raw.method ?? "")) return done();
      const socket = raw.socket as Socket | undefined;
      const startBytes = socket?.bytesRead;
      if (socket === undefined || typeof startBytes !== "number") return done();
      arriving.set(request, { reply, socket, startBytes, started: Date.now() });
      done();
    });

    const guard = (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      // The body has been read (or there was none): nothing left to watch.
      if (arriving.size > 0) arriving.delete(request);
      // Nearly every request carries no such text: answered without building a path per value.
      if (
        !hasRefusedText(request.params) &&
        !hasRefusedText(request.query) &&
        !hasRefusedText(request.body)
      ) {
        return done();
      }
      const where =
        findRefusedText(request.params, "params") ??
        findRefusedText(request.query, "query") ??
        findRefusedText(request.body, "body");
      if (!where) return done();
      const detail = "Text must not contain NUL characters or unpaired surrogates";
      done(
        new AppError(400, "invalid_characters", detail, [
          { path: where, message: detail, code: "invalid_characters" },
        ]),
      );
    };
    // First among the route's checks before validation, on every route that reads an input: a body
    // (any method but GET and HEAD), path parameters or a query. A GET without either (the session's
    // account, the packages list, a prerendered page) reads nothing a client could put such text in,
    // and runs no hook before its handler (docs/decisions.md "Hot paths, seventh pass").
    app.addHook("onRoute", (route) => {
      const schema = route.schema as { params?: unknown; querystring?: unknown; query?: unknown } | undefined;
      const readsInput =
        [route.method].flat().some((method) => !BODYLESS.has(method)) ||
        schema?.params !== undefined ||
        schema?.querystring !== undefined ||
        schema?.query !== undefined ||
        route.url.includes(":") ||
        route.url.includes("*");
      if (!readsInput) return;
      route.preValidation = [guard, ...[route.preValidation ?? []].flat()] as typeof route.preValidation;
    });
  },
  { name: "request-guard" },
);
