import {
  INBOX_KIND_OF_EVENT,
  type InboxKind,
  isLanguage,
  type Language,
  perLanguage,
} from "@festgeld/domain";
import { type Kysely, sql } from "kysely";
import type { DB } from "../../db/schema.ts";

export function insertNotification(
  db: Kysely<DB>,
  values: {
    title: string;
    message: string;
    broadcast: boolean;
    created_by: string;
    translations: Record<string, { title: string; message: string; note: string | null }> | null;
  },
) {
  return db
    .insertInto("notifications")
    .values({ ...values, translations: values.translations ? JSON.stringify(values.translations) : null })
    .returning(["id", "created_at"])
    .executeTakeFirstOrThrow();
}

/** Which of these ids belong to an account. */
export async function existingUserIds(db: Kysely<DB>, ids: string[]): Promise<Set<string>> {
  const rows = await db.selectFrom("users").select("id").where("id", "in", ids).execute();
  return new Set(rows.map((r) => r.id));
}

/** Accounts per language: every account, or the listed ones. */
export async function usersByLanguage(db: Kysely<DB>, ids: string[] | null) {
  let query = db.selectFrom("users").select(["language", (eb) => eb.fn.countAll<string>().as("n")]);
  if (ids) query = query.where("id", "in", ids.length > 0 ? ids : ["00000000-0000-0000-0000-000000000000"]);
  const rows = await query.groupBy("language").execute();
  const counts = perLanguage(() => 0);
  for (const row of rows) if (isLanguage(row.language)) counts[row.language] = Number(row.n);
  return counts;
}

/** Every account, from the running totals per role and KYC status (migration 0111). */
export async function countUsers(db: Kysely<DB>): Promise<number> {
  const { count } = await db
    .selectFrom("user_totals")
    .select(sql<string>`coalesce(sum(users), 0)`.as("count"))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** The recipients of a targeted notification, in one INSERT ... SELECT. */
export async function insertRecipients(db: Kysely<DB>, notificationId: string, userIds: string[]) {
  const result = await sql`
    insert into notification_recipients (user_id, notification_id)
    select u.id, ${notificationId}::uuid from users u where u.id = any(${userIds}::uuid[])
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

export interface InboxOwner {
  id: string;
  created_at: string;
  /** The language to read the texts in; null or absent: the account's. */
  language?: Language | null;
}

/**
 * The notifications a user may see: broadcasts sent since the account exists, plus those addressed
 * to the user. Nothing else, so no user ever reads another's targeted notification.
 */
const visibleTo = (owner: InboxOwner) => sql`
  select n.id, ${localized("title", owner)} as title, ${localized("message", owner)} as message, n.created_at
  from notifications n, users me
  where me.id = ${owner.id}::uuid and n.broadcast and n.created_at >= ${owner.created_at}::timestamptz
  union all
  select n.id, ${localized("title", owner)} as title, ${localized("message", owner)} as message, n.created_at
  from notification_recipients r join notifications n on n.id = r.notification_id, users me
  where me.id = ${owner.id}::uuid and r.user_id = ${owner.id}::uuid
`;

/**
 * The title or message in the reader's language (the page's, else the account's `me.language`): its
 * translation when there is one (staff wrote per language, or an event's texts in every language; the
 * message led by the note when it is another language's text), else the one text.
 */
function localized(column: "title" | "message", owner: InboxOwner) {
  const language = owner.language ? sql`${owner.language}::text` : sql`me.language`;
  const text = sql`coalesce(n.translations -> ${language} ->> ${column}, n.${sql.ref(column)})`;
  if (column === "title") return text;
  return sql`case when n.translations -> ${language} ->> 'note' is not null
    then (n.translations -> ${language} ->> 'note') || E'\n\n' || ${text} else ${text} end`;
}

/** The kind of a message from the event that produced it (none: staff wrote it). */
const kindOf = sql.join(
  Object.entries(INBOX_KIND_OF_EVENT).map(([event, kind]) => sql`when ${event} then ${kind}`),
  sql` `,
);

const UUID = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

/**
 * The visible notifications with what they are about: their kind, the application an application or
 * deposit event names (an application event's key ends in the application's id, a deposit event's in
 * the deposit's), and the postbox document issued with the event (same account and event key).
 */
const classified = (owner: InboxOwner) => sql`
  select v.id, v.title, v.message, v.created_at,
    case when e.event_type is null then 'announcement' else case e.event_type ${kindOf} else 'announcement' end end
      as kind,
    case
      when e.event_type like 'application_%' and split_part(e.event_key, ':', 2) ~ ${UUID}
        then split_part(e.event_key, ':', 2)
      else d.application_id::text
    end as application_id,
    doc.id as document_id
  from (${visibleTo(owner)}) v
  left join message_events e on e.notification_id = v.id and e.user_id = ${owner.id}::uuid
  left join deposits d on e.event_type like 'deposit_%' and d.id::text = split_part(e.event_key, ':', 2)
    and d.user_id = ${owner.id}::uuid
  left join postbox_documents doc on doc.user_id = ${owner.id}::uuid and doc.event_key = e.event_key
`;

export interface InboxRow {
  id: string;
  title: string;
  message: string;
  created_at: Date;
  read: boolean;
  kind: InboxKind;
  application_id: string | null;
  document_id: string | null;
}

export interface InboxFilter {
  unreadOnly: boolean;
  kind?: InboxKind | undefined;
}

const kindFilter = (filter: InboxFilter) => (filter.kind ? sql`v.kind = ${filter.kind}` : sql`true`);

export async function listInbox(
  db: Kysely<DB>,
  owner: InboxOwner,
  page: { limit: number; offset: number } & InboxFilter,
): Promise<InboxRow[]> {
  const result = await sql<InboxRow>`
    select v.id, v.title, v.message, v.created_at, (rd.user_id is not null) as read,
      v.kind, v.application_id, v.document_id
    from (${classified(owner)}) v
    left join notification_reads rd on rd.user_id = ${owner.id}::uuid and rd.notification_id = v.id
    where ${page.unreadOnly ? sql`rd.user_id is null` : sql`true`} and ${kindFilter(page)}
    order by v.created_at desc, v.id desc
    limit ${page.limit} offset ${page.offset}
  `.execute(db);
  return result.rows;
}

export async function countInbox(db: Kysely<DB>, owner: InboxOwner, filter: InboxFilter): Promise<number> {
  const unread = filter.unreadOnly
    ? sql`not exists (select 1 from notification_reads rd where rd.user_id = ${owner.id}::uuid and rd.notification_id = v.id)`
    : sql`true`;
  // Without a kind, nothing needs the classification: the plain visible set is cheaper to count.
  const source = filter.kind ? classified(owner) : visibleTo(owner);
  const result = await sql<{ count: number }>`
    select count(*) as count from (${source}) v where ${unread} and ${kindFilter(filter)}
  `.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** Marks one notification read if the user may see it; returns false when they may not (or it does not exist). */
export async function markRead(db: Kysely<DB>, owner: InboxOwner, notificationId: string): Promise<boolean> {
  const result = await sql<{ id: string }>`
    with target as (
      select v.id from (${visibleTo(owner)}) v where v.id = ${notificationId}::uuid
    ), inserted as (
      insert into notification_reads (user_id, notification_id)
      select ${owner.id}::uuid, target.id from target
      on conflict do nothing
    )
    select id from target
  `.execute(db);
  return result.rows.length > 0;
}

/** Marks every notification the user can see as read (only the unread ones are written). */
export async function markAllRead(db: Kysely<DB>, owner: InboxOwner): Promise<number> {
  const result = await sql`
    insert into notification_reads (user_id, notification_id)
    select ${owner.id}::uuid, v.id from (${visibleTo(owner)}) v
    on conflict do nothing
  `.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
