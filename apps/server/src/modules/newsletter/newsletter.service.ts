import type { Language, NewsletterSubscription, PaginationQuery } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import * as repo from "./newsletter.repository.ts";

/**
 * Records a newsletter consent. Anyone may subscribe (the route is public and rate-limited per IP).
 * A known address is left as it is and the caller gets the same answer as for a new one, so the
 * endpoint does not tell anybody whether an address is subscribed.
 */
export async function subscribe(db: Kysely<DB>, input: { email: string; language: Language }): Promise<void> {
  await repo.insertSubscriptionIfNew(db, {
    email: input.email.trim().toLowerCase(),
    language: input.language,
  });
}

/** The subscriptions for the back office (admin only, enforced by the route's access), newest first. */
export async function listSubscriptions(
  db: Kysely<DB>,
  page: PaginationQuery,
): Promise<{ items: NewsletterSubscription[]; total: number }> {
  const [rows, total] = await Promise.all([repo.listSubscriptions(db, page), repo.countSubscriptions(db)]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      email: row.email,
      language: row.language,
      consented_at: new Date(row.consented_at).toISOString(),
    })),
    total,
  };
}
