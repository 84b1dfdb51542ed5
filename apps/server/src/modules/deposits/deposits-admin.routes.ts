import { operations, STATEMENT_XML_MAX_CHARS } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { notFound } from "../../lib/errors.ts";
import { page, route } from "../../lib/route.ts";
import { actOnRecord, currentUser } from "../../plugins/auth.ts";
import * as exceptions from "../payments/bank-exceptions.service.ts";
import * as service from "./deposits-admin.service.ts";
import { fundFromException, importStatement } from "./statement-import.ts";

/** The longest statement in UTF-8 with its quotes escaped in JSON, and room for the envelope. */
const STATEMENT_BODY_LIMIT = Math.ceil(STATEMENT_XML_MAX_CHARS * 1.25);

/** The back office's side of deposits: funding queue, funding, statements, maturity calendar. */
export const depositsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  route(app, operations.adminDepositsList, async (request, reply) => {
    return page(reply, await service.listDeposits(app.db, request.query, app.clock.now()));
  });

  route(app, operations.adminDepositsSummary, async () => {
    return service.depositSummary(app.db, app.clock.now());
  });

  route(app, operations.adminDepositsGet, async (request) => {
    return service.getDeposit(app.db, request.params.id, app.clock.now());
  });

  route(app, operations.adminDepositsFund, async (request) =>
    actOnRecord(app, request, request.body, service.recordFunding),
  );

  // A day of a busy account runs to tens of megabytes; the JSON body escapes the XML's quotes.
  route(app, operations.adminBankStatementsImport, { bodyLimit: STATEMENT_BODY_LIMIT }, async (request) => {
    const result = await importStatement(
      app.db,
      currentUser(request),
      request.body,
      app.clock.now(),
      app.events,
      { fallbackIban: app.depositSettings.defaultBank.iban },
    );
    // A large statement's messages were queued as jobs: they run now, not at the next poll.
    app.jobs.wake();
    return result;
  });

  // The exception queue lives in the payments module; assigning a credit funds a deposit (here).
  route(app, operations.adminBankExceptionsList, async (request, reply) => {
    return page(reply, await exceptions.listExceptions(app.db, request.query));
  });

  route(app, operations.adminBankExceptionsAct, async (request) => {
    const admin = currentUser(request);
    const now = app.clock.now();
    return exceptions.requestAction(
      app.db,
      admin,
      request.params.id,
      request.body,
      now,
      app.events,
      (trx, exception, depositId) => fundFromException(trx, admin, exception, depositId, now, app.events),
    );
  });

  route(app, operations.adminBankExceptionsRelease, async (request) => {
    return exceptions.releaseAction(
      app.db,
      currentUser(request),
      request.params.id,
      app.clock.now(),
      app.events,
      {
        fallbackBank: app.depositSettings.defaultBank,
      },
    );
  });

  route(app, operations.adminJobsOverview, async () => {
    return service.jobsOverview(app.db);
  });

  // The test clock: only with CLOCK_CONTROL (refused at start in production).
  route(app, operations.adminClockSet, async (request) => {
    const clock = app.depositSettings.adjustableClock;
    if (!clock) throw notFound("clock_control_disabled", "Moving the clock is not enabled on this server");
    if (request.body.to) clock.set(new Date(request.body.to));
    if (request.body.advance_days) clock.advance(request.body.advance_days * 86_400_000);
    const jobsRun = await app.jobs.runDue();
    return { now: clock.now().toISOString(), jobs_run: jobsRun };
  });

  route(app, operations.adminBankStatementsList, async (request, reply) => {
    return page(reply, await service.listStatements(app.db, request.query));
  });
};
