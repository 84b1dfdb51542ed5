// Table types of the newsletter (blog sidebar, issue 7); its migrations are numbered 0055-0059.
import type { Language } from "@festgeld/domain";
import type { Generated } from "kysely";
import type { Timestamp } from "../schema.ts";

export interface NewsletterSubscriptionsTable {
  id: Generated<string>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  language: Language;
  consented_at: Timestamp;
}

export interface NewsletterTables {
  newsletter_subscriptions: NewsletterSubscriptionsTable;
}
