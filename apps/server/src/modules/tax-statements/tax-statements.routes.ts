import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import * as service from "./tax-statements.service.ts";

export const taxStatementsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminTaxStatementsIssue, async (request) => {
    // Many savers means many PDFs: done in one transaction so that a failure leaves nothing half-issued.
    return app.db
      .transaction()
      .execute((trx) => service.issueStatements(trx, app.messages, request.body.year));
  });
};
