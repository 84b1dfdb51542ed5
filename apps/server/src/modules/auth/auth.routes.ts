import {
  authResponseSchema,
  loginRequestSchema,
  okResponseSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  userSchema,
} from "@festgeld/domain";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { currentUser } from "../../plugins/auth.ts";
import { accountKey, addressKey, attemptLimit } from "./auth.rate-limit.ts";
import * as service from "./auth.service.ts";
import { dummyPasswordHash } from "./password.ts";

/** Bodies here are a few short fields; anything larger is refused before it is parsed, let alone hashed. */
const AUTH_BODY_LIMIT = 16 * 1024;

const meta = (request: FastifyRequest): service.RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"],
});

/** Accounts and sessions (SPEC.md section 7 /auth/*; DESIGN.md section 3 adds logout and password). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { session: policy, attempts } = app.authSettings;
  // Made now, so that the first login for an unknown e-mail takes no longer than any other.
  await dummyPasswordHash();

  // Every answer here is about an account or carries a token; none may be cached (public ones included).
  app.addHook("onRequest", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  const perAddress = (name: string) =>
    attemptLimit(app, {
      name,
      max: attempts.perIp,
      windowMs: attempts.windowMs,
      key: (request) => addressKey(request.ip),
    });
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

  app.post(
    "/auth/register",
    {
      config: { access: "public" },
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: perAddress("register-ip"),
      preHandler: perAccount("register-account"),
      schema: {
        tags: ["auth"],
        summary: "Create an account (role user) and sign in",
        body: registerRequestSchema,
        response: { 201: authResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await service.register(app.db, policy, request.body, meta(request));
      return reply.status(201).send(result);
    },
  );

  app.post(
    "/auth/login",
    {
      config: { access: "public" },
      bodyLimit: AUTH_BODY_LIMIT,
      onRequest: perAddress("login-ip"),
      preHandler: perAccount("login-account"),
      schema: {
        tags: ["auth"],
        summary: "Sign in with e-mail and password",
        description: "A wrong password and an unknown e-mail get the same answer (401 invalid_credentials).",
        body: loginRequestSchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => service.login(app.db, policy, request.body, meta(request)),
  );

  app.get(
    "/auth/me",
    {
      config: { access: "user" },
      schema: { tags: ["auth"], summary: "The signed-in user", response: { 200: userSchema } },
    },
    async (request) => currentUser(request),
  );

  app.patch(
    "/auth/profile",
    {
      config: { access: "user" },
      bodyLimit: AUTH_BODY_LIMIT,
      schema: {
        tags: ["auth"],
        summary: "Change full name and e-mail",
        body: profileUpdateRequestSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => service.updateProfile(app.db, currentUser(request), request.body, meta(request)),
  );

  app.post(
    "/auth/logout",
    {
      config: { access: "user" },
      schema: { tags: ["auth"], summary: "Revoke the current session", response: { 200: okResponseSchema } },
    },
    async (request) => {
      await service.logout(app.db, currentUser(request), request.sessionId, meta(request));
      return { ok: true as const };
    },
  );

  app.post(
    "/auth/password",
    {
      config: { access: "user" },
      bodyLimit: AUTH_BODY_LIMIT,
      // Someone holding a stolen session must not get unlimited guesses at the current password.
      preHandler: attemptLimit(app, {
        name: "password-user",
        max: attempts.perAccount,
        windowMs: attempts.windowMs,
        key: (request) => request.user?.id ?? null,
      }),
      schema: {
        tags: ["auth"],
        summary: "Change the password; signs out every other session of the user",
        body: passwordChangeRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await service.changePassword(
        app.db,
        currentUser(request),
        request.sessionId,
        request.body,
        meta(request),
      );
      return { ok: true as const };
    },
  );
};
