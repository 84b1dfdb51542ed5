import type { FastifyBaseLogger } from "fastify";
import type { Logger } from "pino";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";
type Bindings = Record<string, unknown>;
type ChildOptions = { level?: string; serializers?: unknown; redact?: unknown };

/**
 * A request's logger that makes its pino child (the request id bound, the redaction paths compiled
 * into it) only when something is logged at an enabled level, or when its own child or level is
 * asked for. Most requests log nothing at the production level (warn): they no longer build a
 * child each. What is written, when something is, comes from the same child with the same bindings
 * and options as Fastify's default factory makes (docs/decisions.md "Hot paths").
 */
class LazyChildLogger {
  #parent: Logger;
  #bindings: Bindings;
  #options: ChildOptions;
  #child: Logger | undefined;

  constructor(parent: Logger, bindings: Bindings, options: ChildOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #real(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options as never) as Logger;
    return this.#child;
  }

  #log(level: Level, args: unknown[]): void {
    if (this.#child === undefined && !this.#parent.isLevelEnabled(level)) return;
    (this.#real()[level] as (...a: unknown[]) => void)(...args);
  }

  get level(): string {
    return (this.#child ?? this.#parent).level;
  }
  set level(level: string) {
    this.#real().level = level;
  }
  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.#parent).isLevelEnabled(level);
  }
  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options as never) as unknown as FastifyBaseLogger;
  }
  bindings(): Bindings {
    return this.#real().bindings();
  }
  /** pino's level "silent" logs nothing. */
  silent(): void {}
  fatal(...args: unknown[]): void {
    this.#log("fatal", args);
  }
  error(...args: unknown[]): void {
    this.#log("error", args);
  }
  warn(...args: unknown[]): void {
    this.#log("warn", args);
  }
  info(...args: unknown[]): void {
    this.#log("info", args);
  }
  debug(...args: unknown[]): void {
    this.#log("debug", args);
  }
  trace(...args: unknown[]): void {
    this.#log("trace", args);
  }
}

/**
 * Fastify's `childLoggerFactory`: a lazy child for the request's logger; a route with a log level or
 * serialisers of its own, or a logger other than pino, gets its child at once, as before.
 */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  // Another logger than pino (tests pass their own, or none) keeps its own children.
  const pino = logger as unknown as Partial<Logger>;
  if (options.level || options.serializers || options.redact || typeof pino.isLevelEnabled !== "function") {
    return logger.child(bindings, options as never);
  }
  return new LazyChildLogger(logger as unknown as Logger, bindings, options) as unknown as FastifyBaseLogger;
}
