// Table types of the messages area (inbox events, e-mails, postbox); its migrations are numbered 0080-0089.
import type { Language } from "@festgeld/domain";
import type { ColumnType } from "kysely";
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
  /** 0420: null until a document issued with its `content` is first rendered (then set once). */
  storage_key: string | null;
  size_bytes: number | null;
  sha256: string | null;
  /** 0420: what a document issued by a batch prints (rendered later from it); null when rendered at issue. */
  content: ColumnType<StoredDocumentContent | null, string | null | undefined, never>;
  created_at: Timestamp;
  read_at: NullableTimestamp;
}

/** The text and figures of a postbox document, stored at issue and rendered from later (0420). */
export interface StoredDocumentContent {
  /** The saver's name as addressee, when issued. */
  recipient: string;
  /** The event and its facts, as told (the figures the settlement wrote). */
  event: string;
  facts: Record<string, unknown>;
  /** The text printed, in the document's language. */
  text: { subject: string; paragraphs: string[]; rows: Array<[string, string]>; action: unknown };
}

export interface MessagesTables {
  message_events: MessageEventsTable;
  postbox_documents: PostboxDocumentsTable;
}
