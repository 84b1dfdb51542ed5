import type { z } from "zod";

/**
 * One API operation, defined once: method, path, inputs, answers and who may call it. The server
 * registers its route from the entry, the access-matrix test and the OpenAPI document are generated
 * from it, and the web client infers request and response types from it (docs/decisions.md,
 * "One operation table").
 */

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * Who may call an operation; the server enforces it before the body is read.
 * - public: anyone, the token is not read
 * - optional: anyone; a valid token identifies the user, an invalid one gets 401
 * - user: any signed-in user (401 without a valid session)
 * - admin: signed-in admins only (401 without a session, 403 for other roles)
 */
export const ACCESS_LEVELS = ["public", "optional", "user", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** The error statuses an operation may declare; each answers with the shared error schema. */
export const ERROR_STATUSES = [400, 401, 403, 404, 408, 409, 413, 415, 429, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

/** What an error status means, for the published document. */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: "The request is not valid (malformed, or fields failing validation: see `fields`)",
  401: "No valid session: the bearer token is missing, unknown or expired",
  403: "Signed in, but the role may not do this",
  404: "The resource does not exist (or is not the caller's)",
  408: "The request body arrived too slowly or not completely in time; nothing was changed",
  409: "The resource's current state does not allow this",
  413: "The request body is too large",
  415: "The request body's content type is not accepted",
  429: "Too many requests from this client; try again later",
  500: "The server could not complete the request (for example its document store failed); nothing was changed",
  503: "A service this operation needs is not available",
};

/** A response whose body is a file, not JSON (described in the document, sent as a stream). */
export interface BinaryResponse {
  readonly kind: "binary";
  readonly mediaTypes: readonly string[];
  readonly description: string;
}

/** A response without a body (for example 304 Not Modified). */
export interface EmptyResponse {
  readonly kind: "empty";
  readonly description: string;
}

/** A JSON body described by a zod schema, with what it means. */
export interface JsonResponse<S extends z.ZodType = z.ZodType> {
  readonly kind: "json";
  readonly schema: S;
  readonly description: string;
}

export type ResponseSpec = JsonResponse | BinaryResponse | EmptyResponse;

export const json = <S extends z.ZodType>(schema: S, description: string): JsonResponse<S> => ({
  kind: "json",
  schema,
  description,
});
export const binary = (mediaTypes: readonly string[], description: string): BinaryResponse => ({
  kind: "binary",
  mediaTypes,
  description,
});
export const empty = (description: string): EmptyResponse => ({ kind: "empty", description });

/** Response headers an operation may send besides the standard ones. */
export const RESPONSE_HEADERS = {
  "X-Total-Count": { description: "How many items the whole list has (for paging)", type: "integer" },
  "X-Total-Count-Capped": {
    description:
      "Sent (true) when the list has more items than X-Total-Count, which is then a lower bound and the end of paging",
    type: "boolean",
  },
  "X-Unread-Count": { description: "How many of the user's notifications are unread", type: "integer" },
  ETag: { description: "Version of the answer, for If-None-Match", type: "string" },
} as const;
export type ResponseHeader = keyof typeof RESPONSE_HEADERS;

/** Success statuses (2xx and 304) with their responses. */
export type SuccessResponses = Partial<Record<200 | 201 | 202 | 204 | 304, ResponseSpec>>;

export interface OperationDefinition {
  /** The operationId: unique, camelCase, module first (applicationsCreate). */
  readonly id: string;
  readonly method: HttpMethod;
  /** Relative to the API base (/api), Fastify style (`/applications/:id/withdraw`). */
  readonly path: string;
  readonly access: Access;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Media types of the body other than JSON (for example multipart/form-data). */
  readonly consumes?: readonly string[];
  readonly responses: SuccessResponses;
  /**
   * Error statuses beyond those that follow from the entry itself: 400 for any input, 401 unless
   * public, 403 for admin, 400/413/415 for every method that carries a body, 429 when rate limited.
   */
  readonly errors?: readonly ErrorStatus[];
  /** A limit/offset list: sends X-Total-Count on its success response. */
  readonly paged?: boolean;
  /** Rate limited per client (the route file holds the limit): adds 429. */
  readonly rateLimited?: boolean;
  /** Further headers of the success response. */
  readonly headers?: readonly ResponseHeader[];
}

export type Operation<D extends OperationDefinition = OperationDefinition> = D & {
  /** Every error status the operation can answer with, sorted. */
  readonly errorStatuses: readonly ErrorStatus[];
};

const BODY_METHODS: readonly HttpMethod[] = ["POST", "PUT", "PATCH"];

/** Adds the error statuses that follow from the definition to those it declares. */
export function defineOperation<const D extends OperationDefinition>(definition: D): Operation<D> {
  const statuses = new Set<ErrorStatus>(definition.errors ?? []);
  if (definition.params || definition.query || definition.body) statuses.add(400);
  if (definition.access !== "public") statuses.add(401);
  if (definition.access === "admin") statuses.add(403);
  if (definition.params) statuses.add(404);
  if (BODY_METHODS.includes(definition.method)) {
    statuses.add(400);
    statuses.add(408);
    statuses.add(413);
    statuses.add(415);
  }
  if (definition.rateLimited) statuses.add(429);
  return { ...definition, errorStatuses: [...statuses].sort((a, b) => a - b) };
}

/** The declared statuses of an operation: success and error ones. */
export function declaredStatuses(operation: Operation): number[] {
  return [...Object.keys(operation.responses).map(Number), ...operation.errorStatuses].sort((a, b) => a - b);
}

type Infer<S, Io extends "in" | "out"> = S extends z.ZodType
  ? Io extends "in"
    ? z.input<S>
    : z.output<S>
  : never;

/** The JSON body of an operation's success answer (the union when it has several). */
export type SuccessBody<O extends OperationDefinition> = {
  [K in keyof O["responses"]]: O["responses"][K] extends JsonResponse<infer S> ? z.output<S> : never;
}[keyof O["responses"]];

/** What a caller sends: path parameters, query and body, each only when the operation has it. */
export type OperationInput<O extends OperationDefinition> = (O extends { params: z.ZodType }
  ? { params: Infer<O["params"], "in"> }
  : { params?: never }) &
  (O extends { query: z.ZodType } ? { query?: Infer<O["query"], "in"> } : { query?: never }) &
  (O extends { body: z.ZodType } ? { body: Infer<O["body"], "in"> } : { body?: never });

/** An operation's id, method and path: what a client needs of it at run time. */
export interface OperationRoute<
  Id extends string = string,
  Method extends HttpMethod = HttpMethod,
  Path extends string = string,
> {
  readonly id: Id;
  readonly method: Method;
  readonly path: Path;
}

/** The routes of a table of `id: [method, path]` entries, each route carrying its id. */
export function routeTable<const T extends Record<string, readonly [HttpMethod, string]>>(
  table: T,
): { readonly [Id in keyof T & string]: OperationRoute<Id, T[Id][0], T[Id][1]> } {
  return Object.fromEntries(
    Object.entries(table).map(([id, [method, path]]) => [id, { id, method, path }]),
  ) as { readonly [Id in keyof T & string]: OperationRoute<Id, T[Id][0], T[Id][1]> };
}

/** Fills a Fastify-style path (`/a/:id`) with values, URL-encoded. */
export function fillPath(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The OpenAPI form of a Fastify-style path (`/a/:id` -> `/a/{id}`). */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
