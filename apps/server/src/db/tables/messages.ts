// Table types of the messages area (inbox events, e-mails, postbox); its migrations are numbered 0080-0089.
import type { Timestamp } from "../schema.ts";

/** 0080_messages.sql: one row per (account, event key), so every event is told once. */
export interface MessageEventsTable {
  user_id: string;
  event_key: string;
  event_type: string;
  notification_id: string | null;
  created_at: Timestamp;
}

export interface MessagesTables {
  message_events: MessageEventsTable;
}
