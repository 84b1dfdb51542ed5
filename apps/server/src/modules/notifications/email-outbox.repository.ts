import type { Language } from "@festgeld/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

/**
 * One notification e-mail per account, for every account: the request records the broadcast (one
 * row, in its transaction) and the worker writes the outbox rows in batches (writeBroadcastBatch), so
 * the request does not grow with the number of accounts (migration 0112).
 */
export async function queueForAllUsers(db: Kysely<DB>, notificationId: string): Promise<void> {
  await sql`
    insert into email_broadcasts (notification_id, audience_until)
    select id, created_at from notifications where id = ${notificationId}::uuid
  `.execute(db);
}

/**
 * Writes the outbox rows of the next `batchSize` accounts (in id order) of the oldest broadcast no
 * other worker is writing, and remembers where it stopped, in one transaction; the last batch
 * removes the broadcast. Returns false when no broadcast waits.
 */
export async function writeBroadcastBatch(db: Kysely<DB>, batchSize: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const waiting = await sql<{ notification_id: string; after_user_id: string | null }>`
      select notification_id, after_user_id from email_broadcasts
      order by created_at, notification_id
      limit 1
      for update skip locked
    `.execute(trx);
    const broadcast = waiting.rows[0];
    if (!broadcast) return false;
    const id = broadcast.notification_id;
    const batch = await sql<{ accounts: number; last_id: string | null }>`
      with accounts as (
        select u.id, u.created_at from users u
        where ${broadcast.after_user_id === null ? sql`true` : sql`u.id > ${broadcast.after_user_id}::uuid`}
        order by u.id
        limit ${batchSize}
      ), written as (
        insert into email_outbox (notification_id, user_id)
        select ${id}::uuid, a.id from accounts a, email_broadcasts b
        where b.notification_id = ${id}::uuid and a.created_at <= b.audience_until
      )
      select (select count(*) from accounts) as accounts,
        (select a.id from accounts a order by a.id desc limit 1) as last_id
    `.execute(trx);
    const { accounts, last_id } = batch.rows[0] ?? { accounts: 0, last_id: null };
    if (Number(accounts) < batchSize || last_id === null) {
      await sql`delete from email_broadcasts where notification_id = ${id}::uuid`.execute(trx);
    } else {
      await sql`
        update email_broadcasts set after_user_id = ${last_id}::uuid where notification_id = ${id}::uuid
      `.execute(trx);
    }
    return true;
  });
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
  user_language: Language | null;
  /** A notification's e-mail: its title and message (null when the notification no longer exists). */
  title: string | null;
  message: string | null;
  /** Shown above a notification's text written in another language than the reader's. */
  note: string | null;
  /** A rendered e-mail: its template, facts and language. */
  template: string | null;
  facts: Record<string, unknown> | null;
  language: Language | null;
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
