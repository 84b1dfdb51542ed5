import { healthResponseSchema, readyResponseSchema } from "../health.ts";
import { defineOperation, json } from "../operation.ts";

export const healthOperations = {
  healthLive: defineOperation({
    id: "healthLive",
    method: "GET",
    path: "/health",
    access: "public",
    tags: ["health"],
    summary: "Liveness",
    responses: { 200: json(healthResponseSchema, "The process answers") },
  }),
  healthReady: defineOperation({
    id: "healthReady",
    method: "GET",
    path: "/ready",
    access: "public",
    tags: ["health"],
    summary: "Readiness: the database answers",
    responses: { 200: json(readyResponseSchema, "The database answers") },
    errors: [503],
  }),
} as const;
