import type { AuditAction, AuditLogEntry, User } from "@festgeld/domain";
import type { Kysely, RawBuilder, Selectable } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { AuditLogTable } from "../../db/tables/back-office.ts";
import * as repo from "./audit.repository.ts";

export interface AuditEvent {
  action: AuditAction;
  targetType:
    | "application"
    | "kyc_document"
    | "notification"
    | "newsletter"
    | "package"
    | "user"
    | "sanctions_hit"
    | "sanctions_list"
    | "bank"
    | "deposit"
    | "bank_statement"
    | "payment_order"
    | "payment_file"
    | "bank_exception";
  targetId: string | null;
  /** What changed, enough to answer "who did what to which thing, and how" later. */
  details?: Record<string, unknown>;
}

type AuditActor = Pick<User, "id" | "email"> | { id: null; email: string };

/** The audit log's row of one event: who did it, and what to which thing. */
function auditRow(actor: AuditActor, event: AuditEvent) {
  return {
    actor_id: actor.id,
    actor_email: actor.email,
    action: event.action,
    target_type: event.targetType,
    target_id: event.targetId,
    details: JSON.stringify(event.details ?? {}),
  };
}

/**
 * The one way an admin action is recorded. Call it with the transaction that makes the change, so
 * the change and its audit entry are committed together or not at all.
 */
export async function recordAudit(db: Kysely<DB>, actor: AuditActor, event: AuditEvent) {
  await repo.insertAuditEntry(db, auditRow(actor, event));
}

/** Records several actions of one actor in one statement (a batch of payment orders). */
export async function recordAudits(db: Kysely<DB>, actor: AuditActor, events: readonly AuditEvent[]) {
  if (events.length === 0) return;
  await repo.insertAuditEntries(
    db,
    events.map((event) => auditRow(actor, event)),
  );
}

/**
 * Records one action of one actor for each row a query answers: its target's id and the details, in
 * the shape `recordAudits` would write them. For batches the database holds (a payment file's 100,000
 * orders), so that their entries are not built one by one and sent back to it.
 */
export async function recordAuditsFrom(
  db: Kysely<DB>,
  actor: AuditActor,
  event: Pick<AuditEvent, "action" | "targetType">,
  targets: RawBuilder<{ target_id: string; details: unknown }>,
) {
  await repo.insertAuditEntriesFrom(
    db,
    { actor_id: actor.id, actor_email: actor.email, action: event.action, target_type: event.targetType },
    targets,
  );
}

function toAuditLogEntry(
  row: Selectable<AuditLogTable> & {
    subject_id: string | null;
    subject_name: string | null;
    subject_email: string | null;
  },
): AuditLogEntry {
  return {
    subject:
      row.subject_id === null
        ? null
        : { id: row.subject_id, full_name: row.subject_name ?? "", email: row.subject_email ?? "" },
    id: Number(row.id),
    action: row.action as AuditAction,
    actor: { id: row.actor_id, email: row.actor_email },
    target_type: row.target_type,
    target_id: row.target_id,
    details: row.details ?? {},
    created_at: row.created_at.toISOString(),
  };
}

/** One page of the audit log, newest first, with the total for X-Total-Count. */
export async function listAuditLog(
  db: Kysely<DB>,
  query: { limit: number; offset: number; action?: AuditAction | undefined },
): Promise<{ items: AuditLogEntry[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listAuditEntries(db, query),
    repo.countAuditEntries(db, query.action),
  ]);
  return { items: rows.map(toAuditLogEntry), total };
}
