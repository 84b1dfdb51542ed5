// Table types of the public site area; its migrations are numbered 0050-0054.
import type { Language } from "@festgeld/domain";
import type { Generated } from "kysely";
import type { Timestamp } from "../columns.ts";

/** 0050_contact_messages.sql */
export interface ContactMessagesTable {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  language: Language;
  created_at: Timestamp;
}

export interface ContentTables {
  contact_messages: ContactMessagesTable;
}
