import { operations } from "@festgeld/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import { attemptLimit } from "./auth.rate-limit.ts";
import { authContext, meta } from "./auth.routes.ts";
import * as staff from "./staff-tools.service.ts";

/** The staff tools of the back office's users tab (staff-tools.service.ts). */
export const staffToolsRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = authContext(app);

  route(app, operations.adminUserAccount, async (request) => staff.accountStatus(app.db, request.params.id));

  route(app, operations.adminUserLock, async (request) =>
    staff.lockAccount(app.db, currentUser(request), request.params.id, meta(request)),
  );

  route(app, operations.adminUserUnlock, async (request) =>
    staff.unlockAccount(app.db, currentUser(request), request.params.id, meta(request)),
  );

  route(app, operations.adminUserRevokeSessions, async (request) =>
    staff.revokeSessions(app.db, currentUser(request), request.params.id, meta(request)),
  );

  /** The staff member has `send` e-mail the account in the path a link; the answer is its status. */
  const mailAccount = (
    request: FastifyRequest & { params: { id: string } },
    send: typeof staff.sendPasswordReset,
  ) => send(app.db, context.mail, currentUser(request), request.params.id, meta(request));

  route(app, operations.adminUserSendReset, async (request, reply) =>
    reply.status(202).send(await mailAccount(request, staff.sendPasswordReset)),
  );

  // Per account, whoever sends: a confirmation link is not something to send over and over.
  route(
    app,
    operations.adminUserSendVerification,
    {
      preHandler: attemptLimit(app, {
        name: "verify-resend-staff",
        max: 5,
        windowMs: 15 * 60_000,
        key: (request) => (request.params as { id?: string }).id ?? null,
      }),
    },
    async (request, reply) => reply.status(202).send(await mailAccount(request, staff.sendEmailVerification)),
  );

  route(app, operations.adminUserChangeRole, async (request) =>
    staff.changeRole(app.db, currentUser(request), request.params.id, request.body.role, meta(request)),
  );
};
