// Table types of the back office area; its migrations are numbered 0040-0049.
import type { Language } from "@festgeld/domain";
import type { ColumnType, Generated } from "kysely";
import type { Cents, Int8, NullableTimestamp, Timestamp } from "../columns.ts";

/** 0040_audit_log.sql: append-only. */
export interface AuditLogTable {
  id: ColumnType<bigint, never, never>;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: string | null;
  details: ColumnType<Record<string, unknown>, string, never>;
  created_at: Timestamp;
}

/** 0041_notifications.sql */
export interface NotificationsTable {
  id: Generated<string>;
  title: string;
  message: string;
  broadcast: boolean;
  created_by: string | null;
  created_at: Timestamp;
  /** 0083: per language the title, message and note (when in another language) its readers get. */
  translations: ColumnType<
    Record<string, { title: string; message: string; note: string | null }> | null,
    string | null | undefined,
    string | null
  >;
}

export interface NotificationRecipientsTable {
  user_id: string;
  notification_id: string;
}

export interface NotificationReadsTable {
  user_id: string;
  notification_id: string;
  read_at: Timestamp;
}

/** 0042_email_outbox.sql */
export interface EmailOutboxTable {
  id: ColumnType<bigint, never, never>;
  /** null for a template e-mail (0080_messages.sql). */
  notification_id: string | null;
  /** null for a template e-mail to an address rather than an account. */
  user_id: string | null;
  /** 0080_messages.sql: a rendered e-mail's template, facts, language and address. */
  template: string | null;
  facts: ColumnType<Record<string, unknown> | null, string | null, string | null>;
  language: Language | null;
  to_address: string | null;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: NullableTimestamp;
  failed_at: NullableTimestamp;
  last_error: string | null;
  created_at: Timestamp;
  /** 0070: the facts hold a token link (account e-mails): erased once sent or given up. */
  erase_after_send: Generated<boolean>;
}

/** 0045_application_totals.sql (cents since 0200): kept by triggers on applications, read by the analytics. */
export interface ApplicationStatusTotalsTable {
  status: string;
  slot: number;
  applications: Int8;
  amount_cents: Cents;
}

export interface InvestorApprovedApplicationsTable {
  user_id: string;
  approved: Int8;
}

/** 0111_user_and_monthly_totals.sql: kept by triggers on users and applications, read by the back office. */
export interface UserTotalsTable {
  role: string;
  kyc_status: string;
  slot: number;
  users: Int8;
}

export interface UserSignupHoursTable {
  hour: Timestamp;
  slot: number;
  users: Int8;
}

export interface ApplicationHoursTable {
  hour: Timestamp;
  slot: number;
  applications: Int8;
}

/** 0112_email_broadcasts.sql: broadcasts whose e-mails the outbox worker is still writing. */
export interface EmailBroadcastsTable {
  notification_id: string;
  audience_until: Timestamp;
  after_user_id: string | null;
  created_at: Generated<Timestamp>;
}

export interface BackOfficeTables {
  audit_log: AuditLogTable;
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  notification_reads: NotificationReadsTable;
  email_outbox: EmailOutboxTable;
  application_status_totals: ApplicationStatusTotalsTable;
  investor_approved_applications: InvestorApprovedApplicationsTable;
  user_totals: UserTotalsTable;
  user_signup_hours: UserSignupHoursTable;
  application_hours: ApplicationHoursTable;
  email_broadcasts: EmailBroadcastsTable;
}
