import fastJson from "fast-json-stringify";
import type { FastifySerializerCompiler } from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * A serialiser for the success answers of a hot route, compiled once from the contract's zod schema
 * into fast-json-stringify (the serialiser Fastify itself uses for JSON schemas). The zod serialiser
 * checks every answer against the schema and then runs JSON.stringify over a copy; the compiled one
 * writes the schema's fields straight into a string. The output is the same for every answer the
 * schema accepts (test/hot-paths.test.ts checks that on generated answers); a schema that JSON Schema
 * cannot express fails at start-up. Other statuses (errors) keep the zod serialiser.
 * docs/decisions.md "Hot paths".
 */
export function compiledJson(schema: z.ZodType): (data: unknown) => string {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, {
    io: "output",
    unrepresentable: "throw",
  }) as Record<string, unknown>;
  return fastJson(jsonSchema as unknown as Parameters<typeof fastJson>[0]) as (data: unknown) => string;
}

/** Route option: compiled serialisers for these statuses (default 200), the zod one for the others. */
export function compiledSuccess(statuses: number[] = [200]): {
  serializerCompiler: FastifySerializerCompiler<unknown>;
} {
  const fast = new Set(statuses.map(String));
  return {
    serializerCompiler: (route) =>
      fast.has(String(route.httpStatus))
        ? compiledJson(route.schema as z.ZodType)
        : (zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>)(route),
  };
}
