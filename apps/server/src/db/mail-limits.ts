import { type Kysely, sql } from "kysely";
import type { DB } from "./schema.ts";

/**
 * E-mails to an address that has not confirmed it is its owner's (newsletter sign-ups, applications
 * sent signed out) are limited per address: anyone can type someone else's address, and each such
 * e-mail carries the brand (docs/decisions.md, "Branded mail to unconfirmed addresses"). The count
 * stays beside the limit, an exception to "SQL only in repositories" (docs/decisions.md).
 */
export const UNCONFIRMED_MAILS_PER_DAY = 3;

/** Whether one more e-mail may be queued to this address (not an account's) within the last 24 hours. */
export async function mayMailUnconfirmed(db: Kysely<DB>, address: string, now: Date): Promise<boolean> {
  const since = new Date(now.getTime() - 86_400_000);
  const row = await db
    .selectFrom("email_outbox")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(sql`lower(to_address)`, "=", address.trim().toLowerCase())
    .where("user_id", "is", null)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n) < UNCONFIRMED_MAILS_PER_DAY;
}
