import {
  type AudienceCount,
  type InboxKind,
  type InboxNotification,
  LANGUAGES,
  type Language,
  type NotificationSendData,
  type NotificationSendResponse,
  type UnreadCount,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { textsPerLanguage } from "../newsletter/newsletter.service.ts";
import * as outbox from "./email-outbox.repository.ts";
import * as repo from "./notifications.repository.ts";

export interface SendOptions {
  /** Queue an e-mail per recipient (SMTP is configured). */
  email: boolean;
  /** Called once the notification (and its e-mails) are committed. */
  afterCommit?: () => void;
}

/**
 * An admin sends a notification to every account (`user_ids` null) or to the listed ones. The
 * notification, its recipients, its e-mails (for every account: the broadcast the outbox worker writes
 * them from) and its audit entry are written in one transaction; the number of statements and of rows
 * written for every account does not depend on the number of accounts.
 */
export async function sendNotification(
  db: Kysely<DB>,
  admin: User,
  input: NotificationSendData,
  options: SendOptions,
): Promise<NotificationSendResponse> {
  const translations = input.texts ? textsPerLanguage(input.texts) : null;
  const first = input.texts ? LANGUAGES.map((l) => input.texts?.[l]).find(Boolean) : undefined;
  const title = first?.title ?? input.title;
  const message = first?.message ?? input.message;
  if (!title || !message) {
    throw badRequest("notification_empty", "Please enter title and message");
  }
  const targetIds = targetsOf(input.user_ids);

  const result = await db.transaction().execute(async (trx) => {
    if (targetIds) {
      const known = await repo.existingUserIds(trx, targetIds);
      const unknown = targetIds.filter((id) => !known.has(id));
      if (unknown.length > 0) {
        throw badRequest(
          "user_not_found",
          `Unknown recipient${unknown.length > 1 ? "s" : ""}: ${unknown.join(", ")}`,
          unknown.map((id) => ({ path: "body.user_ids", message: `unknown user ${id}` })),
        );
      }
    }
    const notification = await repo.insertNotification(trx, {
      title,
      message,
      broadcast: targetIds === null,
      created_by: admin.id,
      translations,
    });
    const recipients = targetIds
      ? await repo.insertRecipients(trx, notification.id, targetIds)
      : await repo.countUsers(trx);
    let emailsQueued = 0;
    if (options.email) {
      if (targetIds) {
        emailsQueued = await outbox.queueForRecipients(trx, notification.id);
      } else {
        // One e-mail per account, written by the outbox worker in batches (migration 0112).
        await outbox.queueForAllUsers(trx, notification.id);
        emailsQueued = recipients;
      }
    }
    await recordAudit(trx, admin, {
      action: "notification.sent",
      targetType: "notification",
      targetId: notification.id,
      details: {
        audience: targetIds ? "selected" : "all",
        recipients,
        ...(targetIds ? { user_ids: targetIds } : {}),
        title,
        languages: input.texts ? Object.keys(input.texts) : null,
        emails_queued: emailsQueued,
      },
    });
    return {
      id: notification.id,
      audience: targetIds ? ("selected" as const) : ("all" as const),
      recipients,
      emails_queued: emailsQueued,
      created_at: notification.created_at.toISOString(),
    };
  });
  if (result.emails_queued > 0) options.afterCommit?.();
  return result;
}

function targetsOf(userIds: string[] | null | undefined): string[] | null {
  const targetIds = userIds ? [...new Set(userIds.map((id) => id.toLowerCase()))] : null;
  if (targetIds && targetIds.length === 0) {
    throw badRequest("validation_failed", "Choose at least one recipient, or send to all users", [
      { path: "body.user_ids", message: "must not be empty" },
    ]);
  }
  return targetIds;
}

/**
 * Who a notification would reach, per language (the confirmation step of the back-office form):
 * every account, or the listed ones that exist. Nothing is written.
 */
export async function audience(
  db: Kysely<DB>,
  input: { user_ids?: string[] | null | undefined },
): Promise<AudienceCount> {
  const byLanguage = await repo.usersByLanguage(db, targetsOf(input.user_ids));
  return {
    recipients: LANGUAGES.reduce((sum, l) => sum + byLanguage[l], 0),
    by_language: byLanguage,
    sent: false,
    emails_queued: 0,
  };
}

const ownerOf = (user: User): repo.InboxOwner => ({ id: user.id, created_at: user.created_at });

/** One page of the user's own inbox, newest first, with totals for the headers. */
export async function listInbox(
  db: Kysely<DB>,
  user: User,
  query: {
    limit: number;
    offset: number;
    unread: boolean;
    kind?: InboxKind | undefined;
    /** The page's language; null: the account's. */
    language?: Language | null;
  },
): Promise<{ items: InboxNotification[]; total: number; unread: number }> {
  const owner = { ...ownerOf(user), language: query.language ?? null };
  const filter = { unreadOnly: query.unread, kind: query.kind };
  // X-Unread-Count is the whole inbox's (what the bell shows), whatever the filter.
  const [rows, total, unread] = await Promise.all([
    repo.listInbox(db, owner, { limit: query.limit, offset: query.offset, ...filter }),
    repo.countInbox(db, owner, filter),
    query.unread && !query.kind ? null : repo.countInbox(db, owner, { unreadOnly: true }),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      message: row.message,
      created_at: new Date(row.created_at).toISOString(),
      read: row.read,
      kind: row.kind,
      application_id: row.application_id,
      document_id: row.document_id,
    })),
    total,
    unread: unread ?? total,
  };
}

export async function unreadCount(db: Kysely<DB>, user: User): Promise<UnreadCount> {
  return { unread: await repo.countInbox(db, ownerOf(user), { unreadOnly: true }) };
}

/**
 * Marks one of the user's notifications read and answers how many stay unread; another user's (or an
 * unknown) id is 404, so ids of others' notifications reveal nothing.
 */
export async function markRead(db: Kysely<DB>, user: User, notificationId: string): Promise<UnreadCount> {
  const owner = ownerOf(user);
  const visible = await repo.markRead(db, owner, notificationId);
  if (!visible) throw notFound("notification_not_found", "This notification does not exist.");
  return { unread: await repo.countInbox(db, owner, { unreadOnly: true }) };
}

/** Marks everything in the user's inbox read. */
export async function markAllRead(db: Kysely<DB>, user: User): Promise<UnreadCount> {
  const owner = ownerOf(user);
  await repo.markAllRead(db, owner);
  return { unread: await repo.countInbox(db, owner, { unreadOnly: true }) };
}
