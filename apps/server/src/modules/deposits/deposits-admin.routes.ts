import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./deposits-admin.service.ts";

/** The back office's side of deposits: funding queue, funding, statements, maturity calendar. */
export const depositsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminDepositsList, async (request, reply) => {
    const { items, total } = await service.listDeposits(app.db, request.query, app.clock.now());
    reply.header("X-Total-Count", String(total));
    reply.header("Cache-Control", "no-store");
    return items;
  });

  route(app, operations.adminDepositsSummary, async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
    return service.depositSummary(app.db, app.clock.now());
  });

  route(app, operations.adminDepositsGet, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return service.getDeposit(app.db, request.params.id, app.clock.now());
  });

  route(app, operations.adminDepositsFund, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return service.recordFunding(
      app.db,
      currentUser(request),
      request.params.id,
      request.body,
      app.clock.now(),
    );
  });

  // A statement of a busy account runs to a few megabytes.
  route(app, operations.adminBankStatementsImport, { bodyLimit: 12 * 1_048_576 }, async (request, reply) => {
    reply.header("Cache-Control", "no-store");
    return service.importStatement(app.db, currentUser(request), request.body, app.clock.now());
  });

  route(app, operations.adminBankStatementsList, async (request, reply) => {
    const { items, total } = await service.listStatements(app.db, request.query);
    reply.header("X-Total-Count", String(total));
    reply.header("Cache-Control", "no-store");
    return items;
  });
};
