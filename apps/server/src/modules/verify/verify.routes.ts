import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { partnerAccountsFrom } from "./partner-accounts.ts";
import * as service from "./verify.service.ts";

/**
 * Checks per address: a person checks a few IBANs, never hundreds; the limit keeps the endpoint from
 * being used to probe lists of accounts. Refused requests answer 429 rate_limited.
 */
export const VERIFY_RATE_LIMIT = { max: 30, timeWindow: "1 minute" } as const;

export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const accounts = partnerAccountsFrom(app.db);
  route(
    app,
    operations.verifyTransfer,
    { config: { rateLimit: VERIFY_RATE_LIMIT } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return service.verifyTransfer(accounts, request.query.iban);
    },
  );
};
