import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as service from "./deposits.service.ts";
import * as earlyClosure from "./early-closure.service.ts";

/** The saver's side of deposits: one deposit with its timeline, the transfer QR code, early closure. */
export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.depositsGet, async (request) => {
    return service.getOwnDeposit(app.db, currentUser(request), request.params.id);
  });

  route(app, operations.depositsChangeInstruction, async (request) => {
    return service.changeInstruction(
      app.db,
      currentUser(request),
      request.params.id,
      request.body.maturity_instruction,
      app.clock.now(),
      app.events,
      request.body.renew_min_rate ?? null,
    );
  });

  route(app, operations.depositsEarlyClosureQuote, async (request) => {
    return earlyClosure.earlyClosureQuote(app.db, currentUser(request), request.params.id, app.clock.now());
  });

  route(app, operations.depositsCloseEarly, async (request) => {
    return earlyClosure.closeEarly(
      app.db,
      currentUser(request),
      request.params.id,
      request.body.expected_payout,
      app.clock.now(),
      app.events,
    );
  });

  route(app, operations.depositsTransferQr, async (request) => {
    return service.transferQr(app.db, currentUser(request), request.params.id);
  });
};
