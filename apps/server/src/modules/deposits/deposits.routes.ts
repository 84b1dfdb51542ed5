import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { actOnRecord, currentUser } from "../../plugins/auth.ts";
import * as service from "./deposits.service.ts";
import * as earlyClosure from "./early-closure.service.ts";

/** The saver's side of deposits: one deposit with its timeline, the transfer QR code, early closure. */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.depositsGet, async (request) => {
    return service.getOwnDeposit(app.db, currentUser(request), request.params.id);
  });

  route(app, operations.depositsChangeInstruction, async (request) =>
    actOnRecord(app, request, request.body, service.changeInstruction),
  );

  route(app, operations.depositsEarlyClosureQuote, async (request) => {
    return earlyClosure.earlyClosureQuote(app.db, currentUser(request), request.params.id, app.clock.now());
  });

  route(app, operations.depositsCloseEarly, async (request) =>
    actOnRecord(app, request, request.body.expected_payout, earlyClosure.closeEarly),
  );

  route(app, operations.depositsTransferQr, async (request) => {
    return service.transferQr(app.db, currentUser(request), request.params.id);
  });
};
