import { calculateRequestSchema, calculateResponseSchema } from "../calculator.ts";
import { defineOperation, json } from "../operation.ts";

export const calculatorOperations = {
  calculate: defineOperation({
    id: "calculate",
    method: "POST",
    path: "/calculate",
    access: "public",
    tags: ["calculator"],
    summary: "Simple interest for an amount, term and rate (exact, rounded half-up to the cent)",
    body: calculateRequestSchema,
    responses: { 200: json(calculateResponseSchema, "The interest and the amount at maturity") },
    rateLimited: true,
  }),
} as const;
