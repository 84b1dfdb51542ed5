import type { JsonResponse, Operation, OperationDefinition } from "@festgeld/domain";
import type {
  FastifyBaseLogger,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";

/** The Fastify instance a module's routes are registered on (zod-typed). */
export type Api = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** The JSON success responses of an operation, by status: what the server validates and serialises. */
type JsonResponses<R> = {
  [K in keyof R as R[K] extends JsonResponse ? K : never]: R[K] extends JsonResponse<infer S> ? S : never;
};

/** The Fastify schema of an operation, so that the handler's request and reply are typed from the entry. */
export type RouteSchema<O extends OperationDefinition> = {
  params: O extends { params: infer P } ? P : undefined;
  querystring: O extends { query: infer Q } ? Q : undefined;
  body: O extends { body: infer B } ? B : undefined;
  response: JsonResponses<O["responses"]>;
};

export type OperationHandler<O extends OperationDefinition> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  { Body: unknown },
  FastifyContextConfig,
  RouteSchema<O>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/** What a route file adds to its entry: rate limits, body limits, hooks. Never method, path or access. */
export type RouteExtras = Omit<RouteShorthandOptions, "schema" | "config"> & {
  config?: Omit<FastifyContextConfig, "access"> & Record<string, unknown>;
};

/** The Fastify schema of an operation (inputs and JSON responses) plus its documentation fields. */
export function routeSchema(operation: Operation) {
  const response: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(operation.responses)) {
    if (spec?.kind === "json") response[status] = spec.schema;
  }
  return {
    ...(operation.params ? { params: operation.params } : {}),
    ...(operation.query ? { querystring: operation.query } : {}),
    ...(operation.body ? { body: operation.body } : {}),
    response,
  };
}

/**
 * Registers the route of one operation: method, path, schemas and `config.access` come from the
 * table entry; the route file adds only its handler and extras.
 */
export function route<O extends Operation>(
  api: Api,
  operation: O,
  extrasOrHandler: RouteExtras | OperationHandler<O>,
  maybeHandler?: OperationHandler<O>,
): void {
  const extras = typeof extrasOrHandler === "function" ? {} : extrasOrHandler;
  const handler = typeof extrasOrHandler === "function" ? extrasOrHandler : maybeHandler;
  if (!handler) throw new Error(`No handler for ${operation.id}`);
  api.route({
    ...(extras as object),
    method: operation.method,
    url: operation.path,
    config: { ...(extras.config ?? {}), access: operation.access, operationId: operation.id },
    schema: routeSchema(operation),
    handler: handler as never,
  });
}

/** An answer no browser or proxy may keep a copy of (the auth plugin sets it too on every non-public route). */
export function noStore(reply: FastifyReply): void {
  reply.header("Cache-Control", "no-store");
}

/** One page of a list: its items answered, the total of the list in X-Total-Count, never cached. */
export function page<T>(reply: FastifyReply, { items, total }: { items: T[]; total: number }): T[] {
  reply.header("X-Total-Count", String(total));
  noStore(reply);
  return items;
}
