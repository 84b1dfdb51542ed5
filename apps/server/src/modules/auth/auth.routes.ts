import { operations } from "@festgeld/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { systemClock } from "../../lib/clock.ts";
import { compiledSuccess } from "../../lib/compiled-serializer.ts";
import { requestLanguage } from "../../lib/language.ts";
import { route } from "../../lib/route.ts";
import { ALWAYS_CURRENT, replayWhile } from "../../plugins/answer-replay.ts";
import { currentUser } from "../../plugins/auth.ts";
import { accountKey, attemptLimit, passwordCheckLimit, perAddressLimit } from "./auth.rate-limit.ts";
import * as service from "./auth.service.ts";
import { DEFAULT_LOCKOUT, lockedOut } from "./login-lockout.ts";
import { dummyPasswordHash } from "./password.ts";

/** Bodies here are a few short fields; anything larger is refused before it is parsed, let alone hashed. */
export const AUTH_BODY_LIMIT = 16 * 1024;

export const meta = (request: FastifyRequest): service.RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
  language: requestLanguage(request),
});

/** What the auth services need from the app: session policy, account e-mails, failed-sign-in limits. */
export function authContext(app: FastifyInstance): service.AuthContext {
  const { session, attempts, issuer } = app.authSettings;
  return {
    policy: session,
    // Authenticator apps run on wall time, not on the business clock that tests may move.
    twoFactor: {
      clock: systemClock,
      issuer,
      policy: session,
      messages: app.messages,
      secrets: app.totpSecrets,
    },
    mail: {
      enabled: app.email.enabled,
      wake: () => app.email.wake(),
      log: app.log.child({ module: "account-mail" }),
      messages: app.messages,
    },
    lockout: {
      ...DEFAULT_LOCKOUT,
      perPair: attempts.perAccount,
      backoffAfter: attempts.backoffAfter,
      windowMs: attempts.windowMs,
    },
  };
}

/** Accounts and sessions: registration, sign-in, profile, sign-out and password change. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attempts } = app.authSettings;
  const context = authContext(app);
  // Made now, so that the first login for an unknown e-mail takes no longer than any other.
  await dummyPasswordHash();

  // Every answer here is about an account or carries a token; none may be cached (public ones included).
  // Callback style: no promise per request.
  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("Cache-Control", "no-store");
    done();
  });

  const perAddress = (name: string) => perAddressLimit(app, name);
  // Runs as a preHandler, after validation, when the normalised e-mail of the body is known.
  const perAccount = (name: string) =>
    attemptLimit(app, {
      name,
      max: attempts.perAccount,
      windowMs: attempts.windowMs,
      key: (request) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return typeof email === "string" ? accountKey(email) : null;
      },
    });

  route(
    app,
    operations.authRegister,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: perAddress("register-ip"),
      preHandler: perAccount("register-account"),
    },
    async (request, reply) => {
      const result = await service.register(app.db, context, request.body, meta(request));
      return reply.status(201).send(result);
    },
  );

  // Failed sign-ins per account and address are counted by the service (login-lockout.ts), which
  // needs to know whether the account exists and counts only failures.
  route(
    app,
    operations.authLogin,
    { bodyLimit: AUTH_BODY_LIMIT, onRequest: perAddress("login-ip") },
    async (request, reply) => {
      try {
        return await service.login(app.db, context, request.body, meta(request));
      } catch (error) {
        if (!(error instanceof service.AttemptsExceededError)) throw error;
        reply.header("Retry-After", String(error.retryAfterSeconds));
        throw lockedOut(error);
      }
    },
  );

  // A hot path: its answer is written by a serialiser compiled from the contract.
  // A hot path: a synchronous handler (no promise per request); a thrown error is answered alike.
  // The signed-in user's own account, asked for on every page of the app: replayed before the pipeline
  // while the session cache holds the session it was made from (plugins/answer-replay.ts).
  route(app, operations.authMe, { ...compiledSuccess(), config: { replay: true } }, (request, reply) => {
    replayWhile(reply, ALWAYS_CURRENT);
    return currentUser(request);
  });

  // Shares the password-change counter: both let a session holder guess the current password.
  const perUserPassword = passwordCheckLimit(app);

  route(
    app,
    operations.authUpdateProfile,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      preHandler: async (request, reply) => {
        if ((request.body as { current_password?: unknown }).current_password !== undefined) {
          await perUserPassword(request, reply);
        }
      },
    },
    async (request, reply) => {
      const result = await service.updateProfile(
        app.db,
        context,
        currentUser(request),
        request.body,
        meta(request),
        app.events,
      );
      // 202 for an e-mail change, a taken address alike: the change waits for the new address's link.
      return reply.status(result.emailChangeRequested ? 202 : 200).send(result.user);
    },
  );

  route(app, operations.authLogout, async (request) => {
    await service.logout(app.db, currentUser(request), request.sessionId, meta(request));
    return { ok: true as const };
  });

  route(
    app,
    operations.authChangePassword,
    {
      bodyLimit: AUTH_BODY_LIMIT,
      // Someone holding a stolen session must not get unlimited guesses at the current password.
      preHandler: perUserPassword,
    },
    async (request) => {
      await service.changePassword(
        app.db,
        currentUser(request),
        request.sessionId,
        request.body,
        meta(request),
        app.messages,
      );
      return { ok: true as const };
    },
  );
};
