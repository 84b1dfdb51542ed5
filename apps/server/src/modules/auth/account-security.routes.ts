import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { AppError } from "../../lib/errors.ts";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import * as security from "./account-security.service.ts";
import * as sessions from "./account-sessions.service.ts";
import { accountKey, allOf, attemptLimit, passwordCheckLimit, perAddressLimit } from "./auth.rate-limit.ts";
import { AUTH_BODY_LIMIT, authContext, meta } from "./auth.routes.ts";
import * as twoFactor from "./two-factor.service.ts";

/** Password reset, e-mail verification and the signed-in account's security settings. */
export const accountSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attempts } = app.authSettings;
  const context = authContext(app);
  const pending = new Set<Promise<void>>();

  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("Cache-Control", "no-store");
    done();
  });
  // Work answered before it was done (reset requests) finishes before the database closes.
  app.addHook("preClose", async () => {
    await Promise.allSettled([...pending]);
  });

  const perAddress = (name: string) => perAddressLimit(app, name);

  route(
    app,
    operations.authPasswordResetRequest,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: perAddress("reset-ip"),
      // A few links per address and 15 minutes: nobody fills a saver's mailbox.
      preHandler: attemptLimit(app, {
        name: "reset-account",
        max: 5,
        windowMs: attempts.windowMs,
        key: (request) => accountKey((request.body as { email: string }).email),
      }),
    },
    async (request, reply) => {
      // Answered first, then done: the time of the answer cannot tell whether the account exists.
      await reply.status(202).send({ ok: true as const });
      const work = security
        .requestPasswordReset(app.db, context.mail, request.body.email, meta(request))
        .catch((error: unknown) => request.log.error({ err: error }, "password reset request failed"))
        .finally(() => pending.delete(work));
      pending.add(work);
      return reply;
    },
  );

  route(
    app,
    operations.authPasswordResetConfirm,
    { bodyLimit: AUTH_BODY_LIMIT, onRequest: perAddress("reset-confirm-ip") },
    async (request) => {
      await security.confirmPasswordReset(app.db, context.mail, request.body, meta(request));
      return { ok: true as const };
    },
  );

  route(
    app,
    operations.authEmailVerify,
    { bodyLimit: AUTH_BODY_LIMIT, onRequest: perAddress("verify-ip") },
    async (request) => {
      await security.verifyEmail(app.db, context.mail, request.body.token, meta(request));
      return { ok: true as const };
    },
  );

  route(
    app,
    operations.authEmailVerifyResend,
    {
      preHandler: attemptLimit(app, {
        name: "verify-resend-user",
        max: 5,
        windowMs: attempts.windowMs,
        key: (request) => request.user?.id ?? null,
      }),
    },
    async (request, reply) => {
      await security.resendVerification(app.db, context.mail, currentUser(request), meta(request));
      return reply.status(202).send({ ok: true as const });
    },
  );

  route(app, operations.authSecurity, async (request) => {
    const user = currentUser(request);
    return {
      email: user.email,
      email_verified: await security.isEmailVerified(app.db, user.id),
      two_factor_required: user.role === "admin",
      ...(await twoFactor.twoFactorStatus(app.db, user.id)),
    };
  });

  // ---- Two-factor sign-in (two-factor.service.ts) ----

  route(
    app,
    operations.authLoginTwoFactor,
    { bodyLimit: AUTH_BODY_LIMIT, onRequest: perAddress("login-2fa-ip") },
    async (request, reply) => {
      try {
        return await twoFactor.completeLogin(app.db, context.twoFactor, request.body, meta(request));
      } catch (error) {
        if (!(error instanceof twoFactor.CodeAttemptsExceededError)) throw error;
        reply.header("Retry-After", String(error.retryAfterSeconds));
        throw new AppError(429, "rate_limited", "Too many wrong codes. Please wait before trying again.");
      }
    },
  );

  route(app, operations.authTwoFactorSetup, async (request) =>
    twoFactor.startSetup(app.db, context.twoFactor, currentUser(request)),
  );

  // A session holder gets a few guesses at codes, and at the password (one counter with every other
  // place that checks it), not unlimited ones.
  const perUserPassword = passwordCheckLimit(app);
  const perUserCodes = attemptLimit(app, {
    name: "two-factor-user",
    max: attempts.perAccount,
    windowMs: attempts.windowMs,
    key: (request) => request.user?.id ?? null,
  });

  route(
    app,
    operations.authTwoFactorEnable,
    { bodyLimit: AUTH_BODY_LIMIT, preHandler: perUserCodes },
    async (request) =>
      twoFactor.enable(app.db, context.twoFactor, currentUser(request), request.body.code, meta(request)),
  );

  route(
    app,
    operations.authTwoFactorDisable,
    { bodyLimit: AUTH_BODY_LIMIT, preHandler: allOf(perUserCodes, perUserPassword) },
    async (request) => {
      await twoFactor.disable(app.db, context.twoFactor, currentUser(request), request.body, meta(request));
      return { ok: true as const };
    },
  );

  route(
    app,
    operations.authRecoveryCodesRegenerate,
    { bodyLimit: AUTH_BODY_LIMIT, preHandler: perUserPassword },
    async (request) =>
      twoFactor.regenerateRecoveryCodes(
        app.db,
        context.twoFactor,
        currentUser(request),
        request.body.current_password,
        meta(request),
      ),
  );

  // ---- Sessions and recent events (account-sessions.service.ts) ----

  route(app, operations.authSessionsList, async (request) =>
    sessions.listSessions(app.db, currentUser(request).id, request.sessionId, new Date()),
  );

  route(app, operations.authSessionRevoke, async (request) => {
    await sessions.revokeOwnSession(app.db, currentUser(request).id, request.params.id, meta(request));
    return { ok: true as const };
  });

  route(app, operations.authSessionsRevokeOthers, async (request) => ({
    revoked: await sessions.revokeOtherSessions(
      app.db,
      currentUser(request).id,
      request.sessionId,
      meta(request),
    ),
  }));

  route(app, operations.authSecurityEvents, async (request) =>
    sessions.recentEvents(app.db, currentUser(request).id),
  );
};
