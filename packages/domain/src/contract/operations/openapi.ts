import { z } from "zod";
import { defineOperation, json } from "../operation.ts";

export const openApiDocumentSchema = z.record(z.string(), z.unknown());

export const docsOperations = {
  openApiDocument: defineOperation({
    id: "openApiDocument",
    method: "GET",
    path: "/openapi.json",
    access: "public",
    tags: ["health"],
    summary: "This API description (OpenAPI 3.1)",
    responses: { 200: json(openApiDocumentSchema, "The OpenAPI document") },
    errors: [404],
  }),
} as const;
