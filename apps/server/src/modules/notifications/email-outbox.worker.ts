import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Mailer, MailMessage } from "../../lib/mailer.ts";
import * as repo from "./email-outbox.repository.ts";

export type { ClaimedEmail } from "./email-outbox.repository.ts";

export interface EmailWorkerOptions {
  /** How often the outbox is looked at when nothing wakes the worker (rows queued elsewhere, retries). */
  pollIntervalMs: number;
  /** First retry delay; each further attempt doubles it, up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Attempts before an e-mail is given up (marked failed, kept for inspection). */
  maxAttempts: number;
  batchSize: number;
  /** Accounts per transaction when writing the e-mails of a notification to every account. */
  broadcastBatchSize: number;
  /** How long a claimed e-mail is reserved for the worker that took it. */
  leaseMs: number;
}

export const DEFAULT_EMAIL_WORKER_OPTIONS: EmailWorkerOptions = {
  pollIntervalMs: 5_000,
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  maxAttempts: 8,
  batchSize: 20,
  broadcastBatchSize: 5_000,
  leaseMs: 120_000,
};

/** The delay before attempt `attempts + 1`, after `attempts` failed ones: base * 2^(attempts-1), capped. */
export function retryDelayMs(
  attempts: number,
  options: Pick<EmailWorkerOptions, "retryBaseMs" | "retryMaxMs">,
) {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/** Turns a claimed row into the e-mail to send (subject, HTML and plain text). */
export type OutboxRenderer = (
  email: repo.ClaimedEmail & { email: string },
) => Promise<Omit<MailMessage, "to">>;

/** Without a renderer: a notification's title and message as a plain-text e-mail. */
const plainNotification: OutboxRenderer = async (email) => {
  if (email.title === null || email.message === null) throw new Error("notification no longer exists");
  return { subject: email.title, text: email.message };
};

/**
 * Delivers the e-mail outbox in the background, inside the server process: requests only write
 * outbox rows, so a slow or unreachable mail server never slows them. Wakes at once when a
 * notification was sent here, and polls for everything else.
 */
export class EmailOutboxWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly options: EmailWorkerOptions = DEFAULT_EMAIL_WORKER_OPTIONS,
    private readonly render: OutboxRenderer = plainNotification,
  ) {}

  start() {
    this.stopped = false;
    this.wake();
  }

  /** Drain now (called after a notification is committed). */
  wake() {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = this.drain().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.rerun) {
        this.rerun = false;
        this.wake();
      } else {
        this.timer = setTimeout(() => this.wake(), this.options.pollIntervalMs);
        this.timer.unref();
      }
    });
  }

  /** Stops polling and waits for the batch in flight; leased rows not sent are retried later. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  private async drain() {
    try {
      while (!this.stopped) {
        const batch = await repo.claimDue(this.db, this.options.batchSize, this.options.leaseMs);
        // A broadcast's e-mails are written as the queue runs low, so the outbox holds a batch of
        // them at a time rather than one row per account at once.
        const wrote =
          batch.length < this.options.batchSize &&
          (await repo.writeBroadcastBatch(this.db, this.options.broadcastBatchSize));
        if (batch.length === 0 && !wrote) return;
        await Promise.all(batch.map((email) => this.deliver(email)));
      }
    } catch (error) {
      // The database may be briefly unavailable; the next poll tries again.
      this.log.error({ err: error }, "e-mail outbox: could not process the queue");
    }
  }

  private async deliver(email: repo.ClaimedEmail) {
    const to = email.email;
    if (to === null || (email.template === null && (email.title === null || email.message === null))) {
      await repo.markAttemptFailed(this.db, email.id, "recipient or notification no longer exists", {
        final: true,
      });
      return;
    }
    try {
      const message = await this.render({ ...email, email: to });
      await this.mailer.send({ to, ...message });
      await repo.markSent(this.db, email.id);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const final = email.attempts >= this.options.maxAttempts;
      const retryInMs = retryDelayMs(email.attempts, this.options);
      this.log.warn(
        { outboxId: email.id, attempts: email.attempts, final, retryInMs, reason },
        "e-mail outbox: delivery failed",
      );
      await repo.markAttemptFailed(this.db, email.id, reason, final ? { final } : { final, retryInMs });
    }
  }
}
