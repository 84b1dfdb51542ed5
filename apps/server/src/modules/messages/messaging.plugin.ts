import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../config/env.ts";
import mailerPlugin from "../../plugins/mailer.ts";
import {
  DEFAULT_EMAIL_WORKER_OPTIONS,
  EmailOutboxWorker,
  type EmailWorkerOptions,
} from "../notifications/email-outbox.worker.ts";
import { createMessenger, qrModules, renderOutboxEmail } from "./messages.service.ts";

export interface MessagingOptions {
  config: Config;
  /**
   * Whether this process delivers the e-mail outbox (the server does; tests leave it off unless they
   * test delivery, and may shorten the worker's timings).
   */
  backgroundJobs: boolean | { emailWorker?: Partial<EmailWorkerOptions> };
}

/**
 * Outgoing messages for the whole app (registered at the root): the mailer with the notifications
 * module's outbox worker, which renders each queued e-mail here, and `app.messages`, the one messenger
 * that events reach the saver through. E-mails it queued go out once the response is sent (the
 * handler's transaction has committed by then).
 */
export default fp(
  async function messagingPlugin(app: FastifyInstance, opts: MessagingOptions) {
    const { config, backgroundJobs: jobs } = opts;
    const renderContext = { operator: config.operator, publicUrl: config.publicUrl };
    await app.register(mailerPlugin, {
      smtpUrl: config.SMTP_URL,
      from: config.SMTP_FROM,
      folder: { dir: path.join(config.dataDir, "mail"), logLinks: config.NODE_ENV !== "production" },
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
    // Once a request has been answered, the e-mails its transaction queued are woken for sending.
    app.answered.onAnswered(() => app.messages.flush());
  },
  { name: "messaging", dependencies: ["db", "document-storage"] },
);
