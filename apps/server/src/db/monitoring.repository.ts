import { type Kysely, sql } from "kysely";
import { countRows } from "./aggregates.repository.ts";
import type { DB } from "./schema.ts";

// SQL of the infrastructure's own checks: the readiness probe and the counts the metrics gauges read
// at each scrape. They belong to no module: they watch the database and the queues every module shares.

/** Answers when the database does; throws when it does not. */
export async function ping(db: Kysely<DB>) {
  await sql`select 1`.execute(db);
}

/** Jobs that are due and not yet done (pending or running). */
export function countDueJobs(db: Kysely<DB>) {
  return db
    .selectFrom("jobs")
    .select(countRows().as("n"))
    .where("state", "in", ["pending", "running"])
    .where("run_at", "<=", sql<Date>`now()`)
    .executeTakeFirst();
}

export function countFailedJobs(db: Kysely<DB>) {
  return db.selectFrom("jobs").select(countRows().as("n")).where("state", "=", "failed").executeTakeFirst();
}

/** E-mails queued and neither sent nor given up. */
export function countOutboxBacklog(db: Kysely<DB>) {
  return db
    .selectFrom("email_outbox")
    .select(countRows().as("n"))
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .executeTakeFirst();
}

export function countPendingBroadcasts(db: Kysely<DB>) {
  return db.selectFrom("email_broadcasts").select(countRows().as("n")).executeTakeFirst();
}

export function countFailedOutbox(db: Kysely<DB>) {
  return db
    .selectFrom("email_outbox")
    .select(countRows().as("n"))
    .where("failed_at", "is not", null)
    .executeTakeFirst();
}
