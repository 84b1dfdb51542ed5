import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config/env.ts";
import type { Database } from "./db/database.ts";
import type { Clock } from "./lib/clock.ts";
import { adminRoutes } from "./modules/admin/admin.routes.ts";
import { applicationsRoutes } from "./modules/applications/applications.routes.ts";
import { applicationsAdminRoutes } from "./modules/applications/applications-admin.routes.ts";
import { auditRoutes } from "./modules/audit/audit.routes.ts";
import { accountSecurityRoutes } from "./modules/auth/account-security.routes.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { passkeyRoutes } from "./modules/auth/passkey.routes.ts";
import { sessionResolver } from "./modules/auth/session.service.ts";
import { staffToolsRoutes } from "./modules/auth/staff-tools.routes.ts";
import { totpSecretsPlugin } from "./modules/auth/totp-secret.ts";
import { calculatorRoutes } from "./modules/calculator/calculator.routes.ts";
import { contactRoutes } from "./modules/contact/contact.routes.ts";
import { subscribeDepositEvents } from "./modules/deposits/deposit-events.ts";
import { depositJobHandlers } from "./modules/deposits/deposit-jobs.ts";
import { depositMessages } from "./modules/deposits/deposit-messages.ts";
import { depositsRoutes } from "./modules/deposits/deposits.routes.ts";
import { depositsAdminRoutes } from "./modules/deposits/deposits-admin.routes.ts";
import { docsRoutes } from "./modules/docs/docs.routes.ts";
import { documentsRoutes } from "./modules/documents/documents.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { identityRoutes } from "./modules/identity/identity.routes.ts";
import { scheduleRetention } from "./modules/identity/retention.job.ts";
import { kycRoutes } from "./modules/kyc/kyc.routes.ts";
import { messagesRoutes } from "./modules/messages/messages.routes.ts";
import { createMessenger, qrModules, renderOutboxEmail } from "./modules/messages/messages.service.ts";
import { newsletterRoutes } from "./modules/newsletter/newsletter.routes.ts";
import { newsletterJobHandlers } from "./modules/newsletter/newsletter.service.ts";
import {
  DEFAULT_EMAIL_WORKER_OPTIONS,
  EmailOutboxWorker,
  type EmailWorkerOptions,
} from "./modules/notifications/email-outbox.worker.ts";
import { notificationsRoutes } from "./modules/notifications/notifications.routes.ts";
import { packagesRoutes } from "./modules/packages/packages.routes.ts";
import { listActiveJson } from "./modules/packages/packages.service.ts";
import { packagesAdminRoutes } from "./modules/packages/packages-admin.routes.ts";
import authPlugin from "./plugins/auth.ts";
import dbPlugin from "./plugins/db.ts";
import depositSettingsPlugin from "./plugins/deposit-settings.ts";
import documentStoragePlugin from "./plugins/document-storage.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import jobsPlugin from "./plugins/jobs.ts";
import mailerPlugin from "./plugins/mailer.ts";
import metricsPlugin from "./plugins/metrics.ts";
import openApiPlugin from "./plugins/openapi.ts";
import rateLimitPlugin from "./plugins/rate-limit.ts";
import requestGuardPlugin, {
  clientErrorHandler,
  frameworkErrors,
  requestIdOf,
} from "./plugins/request-guard.ts";
import securityPlugin from "./plugins/security.ts";
import sessionCachePlugin from "./plugins/session-cache.ts";
import webAppPlugin, { inlineScriptHashes } from "./plugins/web-app.ts";
import type { DocumentStorage } from "./storage/document-store.ts";

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Close the database when the app closes (the server does; tests that share one may not). */
  closeDatabase?: boolean;
  logger?: FastifyServerOptions["logger"];
  /** Where the default logger writes (stdout when unset); tests read it to check what gets logged. */
  logStream?: { write: (line: string) => void };
  /** A Redis client for shared rate-limit counters (REDIS_URL). */
  redis?: unknown;
  /**
   * Run the background jobs of this process (the e-mail outbox worker when SMTP_URL is set). The
   * server does; tests leave them off unless they test them, and may shorten their timings.
   */
  backgroundJobs?: boolean | { emailWorker?: Partial<EmailWorkerOptions> };
  /** Another document storage than the configured one (tests). */
  documentStorage?: DocumentStorage;
  /** The clock deadlines, lapse and maturity are reckoned by (tests pass their own). */
  clock?: Clock;
}

/** API modules, each mounted under /api. Order does not matter; each declares its own routes. */
const modules = [
  healthRoutes,
  docsRoutes,
  packagesRoutes,
  contactRoutes,
  newsletterRoutes,
  notificationsRoutes,
  auditRoutes,
  packagesAdminRoutes,
  adminRoutes,
  authRoutes,
  accountSecurityRoutes,
  passkeyRoutes,
  staffToolsRoutes,
  calculatorRoutes,
  applicationsRoutes,
  applicationsAdminRoutes,
  kycRoutes,
  depositsRoutes,
  depositsAdminRoutes,
  messagesRoutes,
  documentsRoutes,
];

/** Builds the Fastify instance: external plugins -> app plugins -> modules. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
        remove: true,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    // Slow or stalled requests: the whole request within REQUEST_TIMEOUT_SECONDS, headers within 15 s,
    // checked every second; answers in the shared error shape (plugins/request-guard.ts).
    requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
    http: {
      headersTimeout: Math.min(15_000, config.REQUEST_TIMEOUT_SECONDS * 1000),
      connectionsCheckingInterval: 1000,
    },
    clientErrorHandler,
    frameworkErrors,
    genReqId: requestIdOf,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(requestGuardPlugin, { minBytesPerSecond: config.REQUEST_MIN_BYTES_PER_SECOND });
  await app.register(securityPlugin, {
    corsOrigins: config.CORS_ORIGINS,
    inlineScriptHashes: inlineScriptHashes(config.webDistDir),
  });
  await app.register(dbPlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? true,
  });
  await app.register(metricsPlugin, { poolStats: options.database.poolStats });
  await app.register(depositSettingsPlugin, {
    defaultBank: {
      holder: config.PARTNER_BANK_HOLDER,
      iban: config.PARTNER_BANK_IBAN,
      bic: config.PARTNER_BANK_BIC,
      name: config.PARTNER_BANK_NAME || null,
    },
    clockControl: config.CLOCK_CONTROL,
    clock: options.clock,
  });
  await app.register(rateLimitPlugin, { redis: options.redis });
  await app.register(sessionCachePlugin);
  await app.register(authPlugin, {
    policy: { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS },
    resolveSession: sessionResolver(app.sessionCache),
    attempts: {
      perIp: config.AUTH_RATE_LIMIT_PER_IP,
      perAccount: config.AUTH_RATE_LIMIT_PER_ACCOUNT,
      windowMs: 15 * 60_000,
      backoffAfter: config.AUTH_ACCOUNT_BACKOFF_AFTER,
    },
    publicUrl: config.publicUrl,
    issuer: config.operator.shortName,
  });
  await app.register(documentStoragePlugin, {
    dataDir: config.dataDir,
    configuredKey: config.DOCUMENT_KEY,
    previousKeys: config.DOCUMENT_KEY_PREVIOUS,
    s3: config.s3,
    storage: options.documentStorage,
  });
  await app.register(totpSecretsPlugin, {
    dataDir: config.dataDir,
    ...(config.TOTP_KEY ? { configuredKey: config.TOTP_KEY } : {}),
    ...(config.DOCUMENT_KEY ? { documentKey: config.DOCUMENT_KEY } : {}),
    previousDocumentKeys: config.DOCUMENT_KEY_PREVIOUS,
  });
  await app.register(openApiPlugin, { explorer: config.apiDocs });
  const jobs = options.backgroundJobs ?? false;
  const renderContext = { operator: config.operator, publicUrl: config.publicUrl };
  await app.register(mailerPlugin, {
    smtpUrl: config.SMTP_URL,
    from: config.SMTP_FROM,
    worker:
      jobs === false
        ? false
        : ({ db, mailer, log }) =>
            new EmailOutboxWorker(
              db,
              mailer,
              log,
              { ...DEFAULT_EMAIL_WORKER_OPTIONS, ...(jobs === true ? {} : (jobs.emailWorker ?? {})) },
              (email) => renderOutboxEmail(email, renderContext),
            ),
  });
  // Events reach the saver through one messenger; e-mails it queued go out once the response is sent
  // (the handler's transaction has committed by then).
  app.decorate(
    "messages",
    createMessenger({
      email: app.email.enabled,
      wake: app.email.wake,
      storage: app.documentStorage,
      operator: config.operator,
      qrModules,
    }),
  );
  // Callback-style hooks on every request: no promise per request on the hot paths.
  app.addHook("onResponse", (_request, _reply, done) => {
    app.messages.flush();
    done();
  });
  // The deposit lifecycle (funds received, maturity reminder, payout, renewal, lapse) reaches the saver
  // through the same messenger, inside the transaction that records each deposit event.
  const stopDepositMessages = subscribeDepositEvents(depositMessages(app.messages));
  app.addHook("onClose", async () => stopDepositMessages());

  // Scheduled jobs: deposit lapse, maturity reminder and maturity (docs/decisions.md "Jobs"), and the
  // deletion of newsletter requests not confirmed within 30 days.
  await app.register(jobsPlugin, {
    handlers: { ...depositJobHandlers, ...newsletterJobHandlers },
    run: jobs !== false,
    options: { concurrency: options.database.kind === "postgres" ? config.JOB_CONCURRENCY : 1 },
  });

  await app.register(
    async (api) => {
      for (const module of modules) await api.register(module);
      await api.register(identityRoutes, { identSecrets: config.IDENT_WEBHOOK_SECRETS });
    },
    { prefix: "/api" },
  );

  // Deletes the records of closed accounts once their retention period has ended.
  if (jobs !== false) scheduleRetention(app);

  await app.register(webAppPlugin, {
    distDir: config.webDistDir,
    liveData: { packages: (language) => listActiveJson(app.db, language) },
  });
  return app;
}
