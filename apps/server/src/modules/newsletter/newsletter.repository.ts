import { type Language, perLanguage } from "@festgeld/domain";
import { type Kysely, sql, type Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";

type Db = Kysely<DB> | Transaction<DB>;

export function findByEmail(db: Db, email: string) {
  return db
    .selectFrom("newsletter_subscriptions")
    .selectAll()
    .where("email", "=", email)
    .forUpdate()
    .executeTakeFirst();
}

/** A new request, or a new link for an unconfirmed one (its time moves to now, its old link stops working). */
export function upsertRequest(
  db: Db,
  row: { email: string; language: Language; confirm_token_hash: string; consented_at: Date },
) {
  return db
    .insertInto("newsletter_subscriptions")
    .values(row)
    .onConflict((oc) =>
      oc.column("email").doUpdateSet({
        language: row.language,
        confirm_token_hash: row.confirm_token_hash,
        consented_at: row.consented_at,
      }),
    )
    .returning(["id"])
    .executeTakeFirstOrThrow();
}

/** Confirms the request whose link this is, once: the token's hash is cleared in the same statement. */
export function confirmByTokenHash(db: Db, hash: string, at: Date) {
  return db
    .updateTable("newsletter_subscriptions")
    .set({ confirmed_at: at, confirm_token_hash: null })
    .where("confirm_token_hash", "=", hash)
    .where("confirmed_at", "is", null)
    .returning(["id", "email"])
    .executeTakeFirst();
}

export function deleteByUnsubscribeToken(db: Db, token: string) {
  return db
    .deleteFrom("newsletter_subscriptions")
    .where("unsubscribe_token", "=", token)
    .returning(["id"])
    .executeTakeFirst();
}

/** Deletes one request if it is still unconfirmed and was asked for before `before`. */
export function deleteUnconfirmed(db: Db, id: string, before: Date) {
  return db
    .deleteFrom("newsletter_subscriptions")
    .where("id", "=", id)
    .where("confirmed_at", "is", null)
    .where("consented_at", "<=", before)
    .executeTakeFirst();
}

/** The confirmed addresses per language. */
export async function confirmedByLanguage(db: Db): Promise<Record<Language, number>> {
  const rows = await db
    .selectFrom("newsletter_subscriptions")
    .select(["language", (eb) => eb.fn.countAll<string>().as("n")])
    .where("confirmed_at", "is not", null)
    .groupBy("language")
    .execute();
  const counts = perLanguage(() => 0);
  for (const row of rows) counts[row.language] = Number(row.n);
  return counts;
}

/** A job to run at `runAt`, unless one with the same key is already scheduled. */
export function scheduleJobOnce(
  db: Db,
  job: { name: string; key: string; runAt: Date; payload: Record<string, unknown> },
) {
  return db
    .insertInto("jobs")
    .values({ name: job.name, key: job.key, run_at: job.runAt, payload: JSON.stringify(job.payload) })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** The confirmation e-mail to an address that is no account's, erased once sent. */
export function queueConfirmation(
  db: Db,
  mail: { template: string; facts: object; language: Language; toAddress: string },
) {
  return db
    .insertInto("email_outbox")
    .values({
      template: mail.template,
      facts: JSON.stringify(mail.facts),
      language: mail.language,
      to_address: mail.toAddress,
      notification_id: null,
      user_id: null,
      erase_after_send: true,
    })
    .execute();
}

/**
 * One newsletter e-mail per confirmed address in one statement: the issue's text in the subscriber's
 * language (or the fallback with its note) and the subscriber's own unsubscribe link.
 */
export async function queueIssue(
  db: Db,
  issue: {
    template: string;
    texts: Record<Language, { title: string; message: string; note: string | null }>;
    unsubscribePath: string;
  },
): Promise<number> {
  const result = await sql`
    insert into email_outbox (template, facts, language, to_address, erase_after_send)
    select ${issue.template}, jsonb_build_object(
        'title', t.value ->> 'title',
        'message', t.value ->> 'message',
        'note', t.value -> 'note',
        'unsubscribe_path', ${issue.unsubscribePath} || s.unsubscribe_token
      ), s.language, s.email, true
    from newsletter_subscriptions s
    join jsonb_each(${JSON.stringify(issue.texts)}::jsonb) t on t.key = s.language
    where s.confirmed_at is not null
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export function listSubscriptions(db: Kysely<DB>, page: { limit: number; offset: number }) {
  return db
    .selectFrom("newsletter_subscriptions")
    .select(["id", "email", "language", "consented_at", "confirmed_at"])
    .orderBy("consented_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countSubscriptions(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom("newsletter_subscriptions")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}
