import { operations } from "@festgeld/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { route } from "../../lib/route.ts";
import { currentUser } from "../../plugins/auth.ts";
import { attemptLimit, passwordCheckLimit, perAddressLimit } from "./auth.rate-limit.ts";
import { meta } from "./auth.routes.ts";
import * as passkeys from "./passkey.service.ts";

/** An authenticator's answer is a few kilobytes at most (attestation "none"). */
const PASSKEY_BODY_LIMIT = 64 * 1024;

/** Passkeys: adding, listing, renaming and removing them, and signing in with one (passkey.service.ts). */
export const passkeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { attempts, session, publicUrl, issuer } = app.authSettings;
  const context: passkeys.PasskeyContext = {
    rp: passkeys.relyingParty(publicUrl, issuer),
    clock: app.clock,
    policy: session,
    messages: app.messages,
  };

  app.addHook("onRequest", (_request, reply, done) => {
    reply.header("Cache-Control", "no-store");
    done();
  });

  const perAddress = (name: string) => perAddressLimit(app, name);
  // The registration options check the current password: a session holder gets few guesses at it.
  const perUser = attemptLimit(app, {
    name: "passkey-user",
    max: attempts.perAccount,
    windowMs: attempts.windowMs,
    key: (request) => request.user?.id ?? null,
  });

  route(app, operations.authPasskeysList, async (request) =>
    passkeys.listPasskeys(app.db, currentUser(request).id),
  );

  // The options check the current password: counted with every other password check.
  const perUserPassword = passwordCheckLimit(app);

  route(app, operations.authPasskeyRegistrationOptions, { preHandler: perUserPassword }, async (request) =>
    passkeys.registrationOptions(app.db, context, currentUser(request), request.body.current_password),
  );

  route(
    app,
    operations.authPasskeyRegister,
    { bodyLimit: PASSKEY_BODY_LIMIT, preHandler: perUser },
    async (request, reply) => {
      const passkey = await passkeys.register(
        app.db,
        context,
        currentUser(request),
        request.body,
        meta(request),
      );
      return reply.status(201).send(passkey);
    },
  );

  route(app, operations.authPasskeyRename, async (request) =>
    passkeys.renamePasskey(app.db, currentUser(request).id, request.params.id, request.body.name),
  );

  route(app, operations.authPasskeyDelete, async (request) => {
    await passkeys.deletePasskey(app.db, context, currentUser(request).id, request.params.id, meta(request));
    return { ok: true as const };
  });

  // Each call stores a challenge: limited per address like password sign-ins.
  route(app, operations.authPasskeyLoginOptions, { onRequest: perAddress("passkey-options-ip") }, async () =>
    passkeys.authenticationOptions(app.db, context),
  );

  route(
    app,
    operations.authLoginPasskey,
    { bodyLimit: PASSKEY_BODY_LIMIT, onRequest: perAddress("passkey-login-ip") },
    async (request) => passkeys.login(app.db, context, request.body, meta(request)),
  );
};
