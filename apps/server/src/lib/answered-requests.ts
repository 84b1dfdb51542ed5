import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

declare module "fastify" {
  interface FastifyInstance {
    /** What runs once each request has been answered (request metrics, the messenger's wake-up). */
    answered: AnsweredRequests;
  }
}

/** Called once per request, after its answer was handed to the socket (or writing it failed). */
export type AnswerListener = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Fastify's log controller with listeners of every answered request. Fastify calls
 * `requestCompleted` at the moment it runs the route's onResponse hooks (the response's `finish` or
 * `error`), for every request, matched or not, after those hooks. A listener here costs a call; an
 * onResponse hook costs Fastify's hook runner per request (three closures), and a route with none
 * skips that phase entirely (docs/decisions.md "Hot paths, seventh pass").
 *
 * A listener must not throw: it runs in the response's event, where a throw would end the process.
 * One that does anyway is logged, and the others still run.
 */
export class AnsweredRequests extends LogController {
  readonly #listeners: AnswerListener[] = [];

  /** Adds a listener; listeners run in the order they were added. */
  onAnswered(listener: AnswerListener): void {
    this.#listeners.push(listener);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    const listeners = this.#listeners;
    for (let i = 0; i < listeners.length; i++) {
      try {
        (listeners[i] as AnswerListener)(request, reply);
      } catch (listenerError) {
        request.log.error({ err: listenerError }, "a listener of answered requests failed");
      }
    }
    super.requestCompleted(error, request, reply, metadata);
  }
}
