import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { type Config, trustProxySetting } from "./config/env.ts";
import type { Database } from "./db/database.ts";
import { AnsweredRequests } from "./lib/answered-requests.ts";
import type { Clock } from "./lib/clock.ts";
import { lazyChildLogger } from "./lib/lazy-logger.ts";
import type { AppModule } from "./lib/module.ts";
import { adminModule } from "./modules/admin/admin.module.ts";
import { applicationsModule } from "./modules/applications/applications.module.ts";
import { auditModule } from "./modules/audit/audit.module.ts";
import { authModule } from "./modules/auth/auth.module.ts";
import sessionsPlugin from "./modules/auth/sessions.plugin.ts";
import { banksModule } from "./modules/banks/banks.module.ts";
import { calculatorModule } from "./modules/calculator/calculator.module.ts";
import { contactModule } from "./modules/contact/contact.module.ts";
import { depositsModule } from "./modules/deposits/deposits.module.ts";
import { docsModule } from "./modules/docs/docs.module.ts";
import { documentsModule } from "./modules/documents/documents.module.ts";
import { healthModule } from "./modules/health/health.module.ts";
import { identityModule } from "./modules/identity/identity.module.ts";
import { kycModule } from "./modules/kyc/kyc.module.ts";
import { laddersModule } from "./modules/ladders/ladders.module.ts";
import { ledgerModule } from "./modules/ledger/ledger.module.ts";
import { messagesModule } from "./modules/messages/messages.module.ts";
import messagingPlugin, { type MessagingOptions } from "./modules/messages/messaging.plugin.ts";
import { newsletterModule } from "./modules/newsletter/newsletter.module.ts";
import { notificationsModule } from "./modules/notifications/notifications.module.ts";
import liveDataPlugin from "./modules/packages/live-data.plugin.ts";
import { packagesModule } from "./modules/packages/packages.module.ts";
import { paymentsModule } from "./modules/payments/payments.module.ts";
import { rateAlertsModule } from "./modules/rate-alerts/rate-alerts.module.ts";
import { taxStatementsModule } from "./modules/tax-statements/tax-statements.module.ts";
import { verifyModule } from "./modules/verify/verify.module.ts";
import answerReplayPlugin, { AnswerReplay, replayingServer } from "./plugins/answer-replay.ts";
import dbPlugin from "./plugins/db.ts";
import depositSettingsPlugin from "./plugins/deposit-settings.ts";
import documentStoragePlugin from "./plugins/document-storage.ts";
import { registerErrorHandler } from "./plugins/error-handler.ts";
import eventsPlugin from "./plugins/events.ts";
import jobsPlugin from "./plugins/jobs.ts";
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
   * Run the background jobs of this process (the e-mail outbox worker, scheduled jobs). The
   * server does; tests leave them off unless they test them, and may shorten their timings.
   */
  backgroundJobs?: MessagingOptions["backgroundJobs"];
  /** Another document storage than the configured one (tests). */
  documentStorage?: DocumentStorage;
  /** The clock deadlines, lapse and maturity are reckoned by (tests pass their own). */
  clock?: Clock;
}

/**
 * The modules, each a plugin mounted under /api that registers its own routes, job handlers and
 * event subscribers (lib/module.ts). Order does not matter.
 */
const modules: AppModule[] = [
  healthModule,
  docsModule,
  packagesModule,
  banksModule,
  contactModule,
  newsletterModule,
  notificationsModule,
  auditModule,
  adminModule,
  authModule,
  calculatorModule,
  applicationsModule,
  kycModule,
  identityModule,
  depositsModule,
  paymentsModule,
  messagesModule,
  documentsModule,
  ledgerModule,
  laddersModule,
  rateAlertsModule,
  taxStatementsModule,
  verifyModule,
];

/** Builds the Fastify instance: external plugins -> app plugins -> modules. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const answered = new AnsweredRequests();
  const replay = new AnswerReplay();
  const app = Fastify({
    logger: options.logger ?? {
      level: config.LOG_LEVEL,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "*.password", "*.token"],
        remove: true,
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: trustProxySetting(config.TRUST_PROXY),
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
    // Public answers whose data is unchanged are replayed before the pipeline (plugins/answer-replay.ts).
    serverFactory: replayingServer(replay),
    // Request metrics and the messenger's wake-up run when a request has been answered, without an
    // onResponse hook per route (docs/decisions.md "Hot paths, seventh pass").
    logController: answered,
    // The request's pino child is made when the request logs something (docs/decisions.md "Hot paths").
    childLoggerFactory: lazyChildLogger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    ajv: { customOptions: { removeAdditional: false } },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("answered", answered);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await app.register(requestGuardPlugin, { minBytesPerSecond: config.REQUEST_MIN_BYTES_PER_SECOND });
  await app.register(dbPlugin, {
    database: options.database,
    closeOnShutdown: options.closeDatabase ?? true,
  });
  // Before any plugin that adds routes (CORS adds its preflight route): metrics are recorded by a hook
  // each route gets when it is registered (docs/decisions.md "Hot paths").
  await app.register(metricsPlugin, { poolStats: options.database.poolStats });
  await app.register(answerReplayPlugin, { replay });
  await app.register(securityPlugin, {
    corsOrigins: config.CORS_ORIGINS,
    inlineScriptHashes: inlineScriptHashes(config.webDistDir),
  });
  await app.register(depositSettingsPlugin, {
    defaultBank: {
      holder: config.PARTNER_BANK_HOLDER,
      iban: config.PARTNER_BANK_IBAN,
      bic: config.PARTNER_BANK_BIC,
      name: config.PARTNER_BANK_NAME || null,
    },
    clockControl: config.CLOCK_CONTROL,
    clock: options.clock,
    sanctionsListMaxAgeDays: config.SANCTIONS_LIST_MAX_AGE_DAYS,
  });
  await app.register(rateLimitPlugin, {
    redis: options.redis,
    trustProxy: trustProxySetting(config.TRUST_PROXY),
  });
  await app.register(sessionCachePlugin);
  await app.register(sessionsPlugin, { config });
  await app.register(documentStoragePlugin, {
    dataDir: config.dataDir,
    configuredKey: config.DOCUMENT_KEY,
    previousKeys: config.DOCUMENT_KEY_PREVIOUS,
    s3: config.s3,
    storage: options.documentStorage,
  });
  await app.register(openApiPlugin, { explorer: config.apiDocs });
  const jobs = options.backgroundJobs ?? false;
  // Mailer, outbox worker and the messenger (`app.messages`), for every module.
  await app.register(messagingPlugin, { config, backgroundJobs: jobs });
  // This app's event subscribers (each module subscribes to what it needs when registered).
  await app.register(eventsPlugin);
  // Scheduled jobs (docs/decisions.md "Jobs"); each module adds the handlers of its own jobs.
  await app.register(jobsPlugin, {
    run: jobs !== false,
    options: {
      concurrency: options.database.kind === "postgres" ? config.JOB_CONCURRENCY : 1,
      batchSize: config.JOB_BATCH_SIZE,
    },
  });

  await app.register(
    async (api) => {
      for (const module of modules) await api.register(module, { config, backgroundJobs: jobs !== false });
    },
    { prefix: "/api" },
  );

  await app.register(liveDataPlugin);
  await app.register(webAppPlugin, { distDir: config.webDistDir });
  return app;
}
