import type { FastifyInstance } from "fastify";
import type { Kysely, Transaction } from "kysely";
import { type JobHandler, scheduleJob } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import { runRetention } from "./data-rights.service.ts";

/** How often the retention job looks for records whose retention period has ended. */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/** The retention job of the job queue, one per hour (its key), each scheduling the next. */
export const RETENTION_JOB = "identity.retention";

/** Schedules the run of the hour `at` falls in, due at `at`; a second call for that hour changes nothing. */
export function scheduleRetention(db: Kysely<DB> | Transaction<DB>, at: Date) {
  return scheduleJob(db, {
    name: RETENTION_JOB,
    key: `${RETENTION_JOB}:${at.toISOString().slice(0, 13)}`,
    runAt: at,
  });
}

/**
 * The retention job (docs/decisions.md "Jobs"): erases what is due at the queue's time, in the job's
 * transaction, then schedules the next run an hour later. A deletion that fails on a row another table
 * still needs fails alone (a savepoint) and is retried on the next run; the job is idempotent.
 */
export const retentionJobHandlers = (app: FastifyInstance): Readonly<Record<string, JobHandler>> => ({
  [RETENTION_JOB]: async (trx, _job, now) => {
    const erased = await runRetention(trx, app.documentStorage, now);
    if (erased.length > 0) app.log.info({ erased: erased.length }, "retention job erased closed accounts");
    await scheduleRetention(trx, new Date(now.getTime() + RETENTION_INTERVAL_MS));
  },
});
