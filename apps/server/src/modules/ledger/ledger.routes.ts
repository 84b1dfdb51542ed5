import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import { issueHoldingsStatement } from "./holdings.service.ts";
import * as service from "./ledger.service.ts";
import * as reconciliation from "./reconciliation.service.ts";

/** The books: trial balance and reconciliation (admin), and the saver's statement of holdings. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.ledgerTrialBalance, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return service.trialBalance(app.db, request.query.date);
  });

  route(app, operations.ledgerReconciliation, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return reconciliation.reconcile(app.db, request.query.account, request.query.date);
  });

  route(app, operations.ledgerReconciliationRuns, async (request, reply) => {
    const { items, total } = await reconciliation.listRuns(app.db, request.query);
    reply.header("X-Total-Count", String(total));
    reply.header("Cache-Control", "no-store");
    return items;
  });

  route(app, operations.ledgerHoldingsStatement, async (request, reply) => {
    const document = await issueHoldingsStatement(
      app.db,
      app.messages,
      currentUser(request),
      request.body.date,
      app.clock.now(),
    );
    reply.header("Cache-Control", "no-store");
    return reply.status(201).send(document);
  });
};
