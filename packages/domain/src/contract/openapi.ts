import { z } from "zod";
import { errorResponseSchema } from "./errors.ts";
import {
  ERROR_DESCRIPTIONS,
  type HttpMethod,
  type Operation,
  openApiPath,
  RESPONSE_HEADERS,
  type ResponseHeader,
} from "./operation.ts";

type JsonSchema = Record<string, unknown>;

/** Who may call, in words, for each operation's description. */
const ACCESS_TEXT: Record<Operation["access"], string> = {
  public: "Open to anyone; no token is read.",
  optional:
    "Open to anyone; a valid bearer token links the call to the signed-in user, an invalid one gets 401.",
  user: "Signed-in users (bearer token).",
  admin: "Signed-in admins only (bearer token; other roles get 403).",
};

/** The operation's own description, then who may call it and how it pages. */
function describe(operation: Operation): string {
  return [
    operation.description,
    ACCESS_TEXT[operation.access],
    operation.paged ? "Paged with `limit` and `offset`; the total is in X-Total-Count." : undefined,
  ]
    .filter(Boolean)
    .join(" ");
}

export interface OpenApiOptions {
  title: string;
  version: string;
  description: string;
  contact: { name: string; email?: string };
  license: { name: string; identifier?: string };
  /** Where the API is served, e.g. "/api" (relative to the document) or an absolute URL. */
  serverUrl: string;
  tags: ReadonlyArray<{ name: string; description: string }>;
}

/**
 * Converts zod schemas to JSON Schema 2020-12 (what OpenAPI 3.1 uses). Schemas carrying an `id`
 * (`.meta({ id })`) become shared components; the rest is inlined.
 */
class SchemaConverter {
  readonly components: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: "input" | "output"): JsonSchema {
    const result = z.toJSONSchema(schema, {
      target: "draft-2020-12",
      io,
      unrepresentable: "any",
    }) as JsonSchema;
    const {
      $schema: _schema,
      $defs,
      ...rest
    } = result as JsonSchema & { $defs?: Record<string, JsonSchema> };
    for (const [name, definition] of Object.entries($defs ?? {})) {
      const componentName = io === "input" && this.differsByIo(name, definition) ? `${name}Input` : name;
      this.components[componentName] = this.rewriteRefs(definition, io) as JsonSchema;
    }
    return this.rewriteRefs(rest, io) as JsonSchema;
  }

  /** Output schemas are the shared ones; an input one with the same id but another shape gets its own name. */
  private differsByIo(name: string, definition: JsonSchema): boolean {
    const existing = this.components[name];
    return (
      existing !== undefined &&
      JSON.stringify(existing) !== JSON.stringify(this.rewriteRefs(definition, "output"))
    );
  }

  private rewriteRefs(value: unknown, io: "input" | "output"): unknown {
    if (Array.isArray(value)) return value.map((item) => this.rewriteRefs(item, io));
    if (value && typeof value === "object") {
      const out: JsonSchema = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] =
          key === "$ref" && typeof inner === "string"
            ? inner.replace("#/$defs/", "#/components/schemas/")
            : this.rewriteRefs(inner, io);
      }
      return out;
    }
    return value;
  }
}

function parameters(
  converter: SchemaConverter,
  schema: z.ZodType | undefined,
  location: "path" | "query",
): JsonSchema[] {
  if (!schema) return [];
  const converted = converter.convert(schema, "input") as {
    properties?: Record<string, JsonSchema>;
    required?: string[];
  };
  return Object.entries(converted.properties ?? {}).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return {
      name,
      in: location,
      required: location === "path" || (converted.required ?? []).includes(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: propertySchema,
    };
  });
}

function headerObjects(names: readonly ResponseHeader[]) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      { description: RESPONSE_HEADERS[name].description, schema: { type: RESPONSE_HEADERS[name].type } },
    ]),
  );
}

/** The published OpenAPI 3.1 document of the operation table. */
export function buildOpenApiDocument(operations: readonly Operation[], options: OpenApiOptions) {
  const converter = new SchemaConverter();
  const paths: Record<string, Partial<Record<Lowercase<HttpMethod>, JsonSchema>>> = {};
  // Responses first, so shared components take their output shape.
  const responsesOf = new Map<Operation, JsonSchema>();
  for (const operation of operations) {
    const responses: JsonSchema = {};
    for (const [status, spec] of Object.entries(operation.responses)) {
      if (!spec) continue;
      const headers = headerObjects([
        ...(operation.paged && status.startsWith("2") ? (["X-Total-Count"] as const) : []),
        ...(status.startsWith("2") ? (operation.headers ?? []) : []),
      ]);
      const response: JsonSchema = { description: spec.description };
      if (Object.keys(headers).length > 0) response.headers = headers;
      if (spec.kind === "json") {
        response.content = { "application/json": { schema: converter.convert(spec.schema, "output") } };
      } else if (spec.kind === "binary") {
        response.content = Object.fromEntries(
          spec.mediaTypes.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
        );
      }
      responses[status] = response;
    }
    for (const status of operation.errorStatuses) {
      responses[String(status)] = { $ref: `#/components/responses/Error${status}` };
    }
    responsesOf.set(operation, responses);
  }
  const errorSchema = converter.convert(errorResponseSchema, "output");

  for (const operation of operations) {
    const entry: JsonSchema = {
      operationId: operation.id,
      summary: operation.summary,
      description: describe(operation),
      tags: [...operation.tags],
      security:
        operation.access === "public"
          ? []
          : operation.access === "optional"
            ? [{}, { bearer: [] }]
            : [{ bearer: [] }],
    };
    const params = [
      ...parameters(converter, operation.params, "path"),
      ...parameters(converter, operation.query, "query"),
    ];
    if (params.length > 0) entry.parameters = params;
    if (operation.body) {
      entry.requestBody = {
        required: true,
        content: { "application/json": { schema: converter.convert(operation.body, "input") } },
      };
    } else if (operation.consumes) {
      entry.requestBody = {
        required: true,
        content: Object.fromEntries(
          operation.consumes.map((type) => [
            type,
            {
              schema: {
                type: "object",
                properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
                required: ["file"],
              },
            },
          ]),
        ),
      };
    }
    entry.responses = responsesOf.get(operation);
    const path = openApiPath(operation.path);
    paths[path] ??= {};
    (paths[path] as Record<string, JsonSchema>)[operation.method.toLowerCase()] = entry;
  }

  const usedErrorStatuses = [...new Set(operations.flatMap((operation) => operation.errorStatuses))].sort(
    (a, b) => a - b,
  );
  return {
    openapi: "3.1.0",
    info: {
      title: options.title,
      version: options.version,
      description: options.description,
      contact: { ...options.contact },
      license: { ...options.license },
    },
    servers: [{ url: options.serverUrl, description: "This server" }],
    tags: options.tags.map((tag) => ({ ...tag })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "The session token from /auth/login or /auth/register",
        },
      },
      schemas: { ...converter.components },
      responses: Object.fromEntries(
        usedErrorStatuses.map((status) => [
          `Error${status}`,
          {
            description: ERROR_DESCRIPTIONS[status],
            content: { "application/json": { schema: errorSchema } },
          },
        ]),
      ),
    },
  };
}
