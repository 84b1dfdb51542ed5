import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { compiledSuccess } from "../../lib/compiled-serializer.ts";
import { route } from "../../lib/route.ts";
import { ALWAYS_CURRENT, replayWhile } from "../../plugins/answer-replay.ts";
import { calculate } from "./calculator.service.ts";
import { calculateValidatorCompiler } from "./calculator.validation.ts";

export const calculatorRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    operations.calculate,
    // Cheap to answer, but public: a generous per-address ceiling keeps scripted floods out.
    // A hot path: its answer is written by a serialiser compiled from the contract, the usual body
    // checked without zod's general machinery (zod still words every refusal). The answer is the body's
    // alone, so the same request again is replayed before the pipeline, its limit counted
    // (plugins/answer-replay.ts).
    {
      ...compiledSuccess(),
      validatorCompiler: calculateValidatorCompiler,
      config: { rateLimit: { max: 120, timeWindow: "1 minute" }, replay: true },
    },
    // Synchronous: no promise per request; a thrown error is answered as from an async handler.
    (request, reply) => {
      replayWhile(reply, ALWAYS_CURRENT);
      return calculate(request.body);
    },
  );
};
