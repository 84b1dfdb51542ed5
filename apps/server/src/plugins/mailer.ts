import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createFolderMailer, createSmtpMailer, type Mailer } from "../lib/mailer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Outgoing e-mail: whether to queue mails, how to wake the outbox worker, and where mails go
     * without a mail server (the mail folder; null with SMTP_URL).
     */
    email: { enabled: boolean; wake: () => void; folder: string | null };
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
   * Where e-mails go without SMTP_URL: one `.eml` file per message (docs/decisions.md "E-mail
   * without a mail server"). `logLinks` also logs each one's recipient, subject and links.
   */
  folder: { dir: string; logLinks: boolean };
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
 * E-mail for notifications. Sends queue rows in the e-mail outbox and, when this process runs
 * background jobs, a worker delivers them with retries, over SMTP (SMTP_URL) or else into the mail
 * folder; it starts when the app is ready and stops (finishing the batch in flight) when the app
 * closes.
 */
export default fp(
  async function mailerPlugin(app: FastifyInstance, opts: MailerPluginOptions) {
    const log = app.log.child({ module: "email-outbox" });
    const mailer: Mailer = opts.smtpUrl
      ? createSmtpMailer(opts.smtpUrl, opts.from)
      : createFolderMailer(opts.folder.dir, opts.from, opts.folder.logLinks ? log : undefined);
    const worker = opts.worker !== false ? opts.worker({ db: app.db, mailer, log }) : null;
    app.decorate("email", {
      enabled: true,
      wake: () => worker?.wake(),
      folder: opts.smtpUrl ? null : opts.folder.dir,
    });
    if (worker) {
      app.addHook("onReady", async () => worker.start());
      // preClose runs before the database is closed, so the batch in flight can finish its writes.
      app.addHook("preClose", async () => worker.stop());
    }
    app.addHook("onClose", async () => mailer.close());
  },
  { name: "mailer", dependencies: ["db"] },
);
