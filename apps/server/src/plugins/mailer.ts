import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createSmtpMailer, type Mailer } from "../lib/mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Outgoing e-mail: whether to queue mails (SMTP_URL set) and how to wake the outbox worker. */
    email: { enabled: boolean; wake: () => void };
  }
}

/** A background job that delivers queued mails; woken when new ones are queued. */
export interface MailWorker {
  start(): unknown;
  stop(): Promise<void>;
  wake(): void;
}

export interface MailerPluginOptions {
  smtpUrl: string | undefined;
  from: string;
  /**
   * Makes the outbox worker when this process runs it (the server does; tests that need delivery
   * do too). The notifications module provides it; app.ts passes it in, so that this plugin does
   * not depend on a module.
   */
  worker:
    | false
    | ((deps: { db: FastifyInstance["db"]; mailer: Mailer; log: FastifyInstance["log"] }) => MailWorker);
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
        ? opts.worker({ db: app.db, mailer, log: app.log.child({ module: "email-outbox" }) })
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
