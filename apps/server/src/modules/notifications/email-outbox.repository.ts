import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/** One notification e-mail per account, for every account (one statement, however many there are). */
export async function queueForAllUsers(db: Kysely<DB>, notificationId: string): Promise<number> {
  const result = await sql`
    insert into email_outbox (notification_id, user_id)
    select ${notificationId}::uuid, u.id from users u
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** One notification e-mail per listed recipient of a targeted notification. */
export async function queueForRecipients(db: Kysely<DB>, notificationId: string): Promise<number> {
  const result = await sql`
    insert into email_outbox (notification_id, user_id)
    select r.notification_id, r.user_id from notification_recipients r
    where r.notification_id = ${notificationId}::uuid
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export interface ClaimedEmail {
  id: number;
  attempts: number;
  /** null when the account or the notification no longer exists. */
  email: string | null;
  title: string | null;
  message: string | null;
}

/**
 * Takes up to `limit` due e-mails and leases them for `leaseMs`: their next attempt moves past the
 * lease, so no other worker takes them meanwhile, and a worker that dies leaves them to be retried.
 * The recipient's current address is read at sending time, unless the row names its own address;
 * an account e-mail carries its own subject and text instead of a notification's.
 */
export async function claimDue(db: Kysely<DB>, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  const result = await sql<ClaimedEmail>`
    with due as (
      select id, user_id, notification_id from email_outbox
      where sent_at is null and failed_at is null and next_attempt_at <= now()
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    update email_outbox o
    set attempts = o.attempts + 1,
        next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
    from due
      left join users u on u.id = due.user_id
      left join notifications n on n.id = due.notification_id
    where o.id = due.id
    returning o.id, o.attempts, coalesce(o.to_address, u.email) as email,
      coalesce(o.subject, n.title) as title, coalesce(o.body, n.message) as message
  `.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Sent. A body holding a token link is erased now that it has done its job. */
export async function markSent(db: Kysely<DB>, id: number) {
  await sql`
    update email_outbox
    set sent_at = now(), last_error = null, body = case when erase_after_send then null else body end
    where id = ${id}
  `.execute(db);
}

/** A failed attempt: retry after `retryInMs`, or give up for good when `final`. */
export async function markAttemptFailed(
  db: Kysely<DB>,
  id: number,
  error: string,
  outcome: { final: true } | { final: false; retryInMs: number },
) {
  if (outcome.final) {
    await sql`
      update email_outbox
      set failed_at = now(), last_error = ${error}, body = case when erase_after_send then null else body end
      where id = ${id}
    `.execute(db);
  } else {
    await sql`
      update email_outbox
      set next_attempt_at = now() + make_interval(secs => ${outcome.retryInMs / 1000}), last_error = ${error}
      where id = ${id}
    `.execute(db);
  }
}
