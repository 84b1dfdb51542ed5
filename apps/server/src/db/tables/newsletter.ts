// Table types of the newsletter (blog sidebar); its migrations are 0055 and 0082.
import type { Language } from "@festgeld/domain";
import type { Generated } from "kysely";
import type { NullableTimestamp, Timestamp } from "../columns.ts";

export interface NewsletterSubscriptionsTable {
  id: Generated<string>;
  /** Trimmed and lower-cased; unique. */
  email: string;
  language: Language;
  /** When the sign-up was asked for (the newest request of an unconfirmed address). */
  consented_at: Timestamp;
  /** 0082: when the address confirmed through its link; null while it is a request. */
  confirmed_at: NullableTimestamp;
  /** 0082: SHA-256 of the pending confirmation link's token; cleared when used. */
  confirm_token_hash: string | null;
  /** 0082: the token of the unsubscribe link in every newsletter e-mail. */
  unsubscribe_token: Generated<string>;
}

export interface NewsletterTables {
  newsletter_subscriptions: NewsletterSubscriptionsTable;
}
