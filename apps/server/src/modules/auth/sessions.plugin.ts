import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import authPlugin from "../../plugins/auth.ts";
import { cachedSessionOf, sessionResolver } from "./session.service.ts";
import { totpSecretsPlugin } from "./totp-secret.ts";

/**
 * Who is asking, for the whole app (registered at the root): the auth plugin (each route's access
 * check, `app.authSettings`) with this module's session resolver over the session cache, and the
 * sealed TOTP secrets (`app.totpSecrets`).
 */
export default fp(
  async function sessionsPlugin(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    await app.register(authPlugin, {
      policy: { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS },
      resolveSession: sessionResolver(app.sessionCache),
      cachedSession: cachedSessionOf(app.sessionCache),
      attempts: {
        perIp: config.AUTH_RATE_LIMIT_PER_IP,
        perAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
        windowMs: 15 * 60_000,
        backoffAfter: config.AUTH_ACCOUNT_BACKOFF_AFTER,
      },
      publicUrl: config.publicUrl,
      issuer: config.operator.shortName,
    });
    await app.register(totpSecretsPlugin, {
      dataDir: config.dataDir,
      ...(config.TOTP_KEY ? { configuredKey: config.TOTP_KEY } : {}),
      ...(config.DOCUMENT_KEY ? { documentKey: config.DOCUMENT_KEY } : {}),
      previousDocumentKeys: config.DOCUMENT_KEY_PREVIOUS,
    });
  },
  { name: "sessions", dependencies: ["db", "session-cache"] },
);
