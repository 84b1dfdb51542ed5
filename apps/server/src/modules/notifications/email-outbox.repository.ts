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
  /** Where it goes: the row's own address, else the account's current one; null when neither exists. */
  email: string | null;
  /** The recipient account's language (null for an address without an account). */
  user_language: "en" | "de" | "fr" | null;
  /** A notification's e-mail: its title and message (null when the notification no longer exists). */
  title: string | null;
  message: string | null;
  /** Shown above a notification's text written in another language than the reader's. */
  note: string | null;
  /** A rendered e-mail: its template, facts and language. */
  template: string | null;
  facts: Record<string, unknown> | null;
  language: "en" | "de" | "fr" | null;
}

/**
 * Takes up to `limit` due e-mails and leases them for `leaseMs`: their next attempt moves past the
 * lease, so no other worker takes them meanwhile, and a worker that dies leaves them to be retried.
 * The recipient's current address is read at sending time (unless the row names an address).
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
    returning o.id, o.attempts, coalesce(o.to_address, u.email) as email, u.language as user_language,
      coalesce(n.translations -> u.language ->> 'title', n.title) as title,
      coalesce(n.translations -> u.language ->> 'message', n.message) as message,
      n.translations -> u.language ->> 'note' as note, o.template, o.facts, o.language
  `.execute(db);
  return result.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Facts holding a token link (erase_after_send) are replaced once they have done their job. */
const ERASED = sql`case when erase_after_send then '{"erased": true}'::jsonb else facts end`;

export async function markSent(db: Kysely<DB>, id: number) {
  await sql`
    update email_outbox set sent_at = now(), last_error = null, facts = ${ERASED} where id = ${id}
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
      set failed_at = now(), last_error = ${error}, facts = ${ERASED}
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
