// Table types of the messages area (inbox events, e-mails, postbox); its migrations are numbered 0080-0089.
import type { Language } from "@festgeld/domain";
import type { NullableTimestamp, Timestamp } from "../columns.ts";

/** 0080_messages.sql: one row per (account, event key), so every event is told once. */
export interface MessageEventsTable {
  user_id: string;
  event_key: string;
  event_type: string;
  notification_id: string | null;
  created_at: Timestamp;
}

/** 0081_postbox.sql: immutable after issue, except read_at (set once). */
export interface PostboxDocumentsTable {
  id: string;
  user_id: string;
  kind:
    | "application_confirmation"
    | "approval"
    | "withdrawal_receipt"
    | "funding_confirmation"
    | "maturity_statement"
    | "closure_statement"
    | "holdings_statement"
    | "tax_statement";
  title: string;
  language: Language;
  event_key: string;
  storage_key: string;
  size_bytes: number;
  sha256: string;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

export interface MessagesTables {
  message_events: MessageEventsTable;
  postbox_documents: PostboxDocumentsTable;
}
