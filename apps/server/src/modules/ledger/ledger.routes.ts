import { operations } from "@festgeld/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import { issueHoldingsStatement } from "./holdings.service.ts";
import * as service from "./ledger.service.ts";
import * as reconciliation from "./reconciliation.service.ts";

/**
 * Statements of holdings per account: each is a PDF kept for years, so a few an hour, like other
 * requests that make documents (docs/decisions.md "Holdings statements: limited, one per day and date").
 */
export const HOLDINGS_RATE_LIMIT = {
  max: 10,
  timeWindow: "1 hour",
  keyGenerator: (request: FastifyRequest) => `holdings:${request.user?.id ?? request.ip}`,
} as const;

/** The books: trial balance and reconciliation (admin), and the saver's statement of holdings. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.ledgerTrialBalance, async (request) => {
    return service.trialBalance(app.db, request.query.date);
  });

  route(app, operations.ledgerReconciliation, async (request) => {
    return reconciliation.reconcile(app.db, request.query.account, request.query.date);
  });

  route(app, operations.ledgerReconciliationRuns, async (request, reply) => {
    return page(reply, await reconciliation.listRuns(app.db, request.query));
  });

  route(
    app,
    operations.ledgerHoldingsStatement,
    { config: { rateLimit: HOLDINGS_RATE_LIMIT } },
    async (request, reply) => {
      const { existing, ...document } = await issueHoldingsStatement(
        app.db,
        app.messages,
        currentUser(request),
        request.body.date,
        app.clock.now(),
      );
      return reply.status(existing ? 200 : 201).send(document);
    },
  );
};
