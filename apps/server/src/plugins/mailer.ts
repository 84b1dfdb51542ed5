import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createSmtpMailer, type Mailer } from "../lib/mailer.ts";
import {
  DEFAULT_EMAIL_WORKER_OPTIONS,
  EmailOutboxWorker,
  type EmailWorkerOptions,
} from "../modules/notifications/email-outbox.worker.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Outgoing e-mail: whether to queue mails (SMTP_URL set) and how to wake the outbox worker. */
    email: { enabled: boolean; wake: () => void };
  }
}

export interface MailerPluginOptions {
  smtpUrl: string | undefined;
  from: string;
  /** Run the outbox worker in this process (the server does; tests that need delivery do too). */
  worker: false | Partial<EmailWorkerOptions>;
}

/**
 * E-mail for notifications. With SMTP_URL, sends queue rows in the e-mail outbox and, when this
 * process runs background jobs, a worker delivers them with retries; it starts when the app is
 * ready and stops (finishing the batch in flight) when the app closes.
 */
export default fp(
  async function mailerPlugin(app: FastifyInstance, opts: MailerPluginOptions) {
    const mailer: Mailer | null = opts.smtpUrl ? createSmtpMailer(opts.smtpUrl, opts.from) : null;
    const worker =
      mailer && opts.worker !== false
        ? new EmailOutboxWorker(app.db, mailer, app.log.child({ module: "email-outbox" }), {
            ...DEFAULT_EMAIL_WORKER_OPTIONS,
            ...opts.worker,
          })
        : null;
    app.decorate("email", { enabled: mailer !== null, wake: () => worker?.wake() });
    if (worker) {
      app.addHook("onReady", async () => worker.start());
      // preClose runs before the database is closed, so the batch in flight can finish its writes.
      app.addHook("preClose", async () => worker.stop());
    }
    app.addHook("onClose", async () => mailer?.close());
  },
  { name: "mailer", dependencies: ["db"] },
);
