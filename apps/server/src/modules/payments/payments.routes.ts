import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { page, route } from "../../lib/route.ts";
import { actOnRecord, currentUser } from "../../plugins/auth.ts";
import type { PaymentFileSettings } from "./payments.service.ts";
import * as service from "./payments.service.ts";

/** The back office's payments: orders, SEPA files, unmatched credits (all admin only). */
export const paymentsRoutes: FastifyPluginAsyncZod<{ fileSettings: PaymentFileSettings }> = async (
  app,
  options,
) => {
  route(app, operations.adminPaymentsList, async (request, reply) => {
    return page(reply, await service.listOrders(app.db, request.query, app.clock.now()));
  });

  route(app, operations.adminPaymentsCancel, async (request) =>
    actOnRecord(app, request, request.body.reason, service.cancelOrder),
  );

  route(app, operations.adminPaymentsReorder, async (request, reply) => {
    const order = await actOnRecord(app, request, request.body, service.reorder);
    return reply.status(201).header("Cache-Control", "no-store").send(order);
  });

  route(app, operations.adminPaymentsRelease, async (request) =>
    actOnRecord(app, request, request.body, service.releaseOrder),
  );

  route(app, operations.adminPaymentFilesCreate, async (request, reply) => {
    const created = await service.createFiles(
      app.db,
      currentUser(request),
      request.body,
      app.clock.now(),
      app.events,
      options.fileSettings,
    );
    return reply.status(201).header("Cache-Control", "no-store").send(created);
  });

  route(app, operations.adminPaymentFilesList, async (request, reply) => {
    return page(reply, await service.listFiles(app.db, request.query));
  });

  route(app, operations.adminPaymentFilesGet, async (request, reply) => {
    const file = await service.fileXml(app.db, request.params.id);
    return reply
      .status(200)
      .header("Content-Type", "application/xml; charset=utf-8")
      .header("Content-Disposition", `attachment; filename="${file.fileName}"`)
      .header("X-Content-Type-Options", "nosniff")
      .header("Cache-Control", "no-store")
      .send(file.xml as never);
  });

  route(app, operations.adminUnmatchedCreditsList, async (request, reply) => {
    return page(reply, await service.listUnmatchedCredits(app.db, request.query));
  });
};
