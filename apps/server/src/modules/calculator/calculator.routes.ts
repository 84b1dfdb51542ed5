import { calculateRequestSchema, calculateResponseSchema } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { calculate } from "./calculator.service.ts";

export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/calculate",
    {
      config: {
        access: "public",
        // Cheap to answer, but public: a generous per-address ceiling keeps scripted floods out.
        rateLimit: { max: 120, timeWindow: "1 minute" },
      },
      schema: {
        tags: ["calculator"],
        summary: "Simple interest for an amount, term and rate (exact, rounded half-up to the cent)",
        body: calculateRequestSchema,
        response: { 200: calculateResponseSchema },
      },
    },
    async (request) => calculate(request.body),
  );
};
