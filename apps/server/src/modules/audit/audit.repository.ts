import { type Insertable, type Kysely, type RawBuilder, sql } from "kysely";
import { countRows } from "../../db/aggregates.repository.ts";
import type { DB } from "../../db/schema.ts";
import type { AuditLogTable } from "../../db/tables/back-office.ts";

export function insertAuditEntry(db: Kysely<DB>, values: Insertable<AuditLogTable>) {
  return db.insertInto("audit_log").values(values).execute();
}

/** Rows per statement of `insertAuditEntries`: each column travels as one array parameter. */
export const AUDIT_WRITE_CHUNK = 10_000;

/**
 * Inserts many entries in few statements: each column is one array parameter unnested in order, so a
 * batch of 100,000 (a day's payment files) costs ten statements of six parameters, not 100 statements
 * of 6,000 bind variables.
 */
export async function insertAuditEntries(
  db: Kysely<DB>,
  values: ReadonlyArray<Insertable<AuditLogTable>>,
  chunk = AUDIT_WRITE_CHUNK,
) {
  for (let i = 0; i < values.length; i += chunk) {
    const rows = values.slice(i, i + chunk);
    const column = <T>(pick: (row: Insertable<AuditLogTable>) => T) => rows.map(pick);
    await sql`
      insert into audit_log (actor_id, actor_email, action, target_type, target_id, details)
      select * from unnest(
        ${column((r) => r.actor_id ?? null)}::uuid[], ${column((r) => r.actor_email)}::text[],
        ${column((r) => r.action)}::text[], ${column((r) => r.target_type)}::text[],
        ${column((r) => r.target_id ?? null)}::text[], ${column((r) => r.details ?? "{}")}::jsonb[]
      )
    `.execute(db);
  }
}

/**
 * Inserts one entry of `action` on `targetType` for each row `targets` answers (`target_id`, `details`),
 * in one statement: for a batch the database already has (a payment file's orders), nothing is sent
 * to it again.
 */
export async function insertAuditEntriesFrom(
  db: Kysely<DB>,
  entry: Pick<Insertable<AuditLogTable>, "actor_id" | "actor_email" | "action" | "target_type">,
  targets: RawBuilder<{ target_id: string; details: unknown }>,
) {
  await sql`
    insert into audit_log (actor_id, actor_email, action, target_type, target_id, details)
    select ${entry.actor_id ?? null}::uuid, ${entry.actor_email}, ${entry.action}, ${entry.target_type},
           t.target_id, t.details
    from (${targets}) t
  `.execute(db);
}

/**
 * The saver an entry concerns, from its target: the user itself, or the owner of the application,
 * document, deposit or sanctions hit. CASE evaluates only the matching branch, so a target id is cast
 * to uuid only for the kinds whose ids are uuids, and each lookup is a primary-key read.
 */
const SUBJECT_ID = sql<string | null>`case audit_log.target_type
  when 'user' then audit_log.target_id::uuid
  when 'application' then (select a.user_id from applications a where a.id = audit_log.target_id::uuid)
  when 'kyc_document' then (select d.user_id from kyc_documents d where d.id = audit_log.target_id::uuid)
  when 'deposit' then (select d.user_id from deposits d where d.id = audit_log.target_id::uuid)
  when 'sanctions_hit' then (select h.user_id from sanctions_hits h where h.id = audit_log.target_id::uuid)
  else null end`;

/** Newest first; the id breaks ties so that pages never overlap or skip. With the saver concerned. */
export function listAuditEntries(db: Kysely<DB>, page: { limit: number; offset: number; action?: string }) {
  let query = db
    .selectFrom("audit_log")
    .leftJoin("users as subject", (join) => join.on(sql`subject.id`, "=", SUBJECT_ID))
    .selectAll("audit_log")
    .select([
      "subject.id as subject_id",
      "subject.full_name as subject_name",
      "subject.email as subject_email",
    ]);
  if (page.action) query = query.where("audit_log.action", "=", page.action);
  return query
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countAuditEntries(db: Kysely<DB>, action?: string): Promise<number> {
  let query = db.selectFrom("audit_log").select(countRows().as("count"));
  if (action) query = query.where("action", "=", action);
  const { count } = await query.executeTakeFirstOrThrow();
  return Number(count);
}
