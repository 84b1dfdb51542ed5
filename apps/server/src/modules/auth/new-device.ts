import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { describeDevice } from "./account-sessions.service.ts";
import { hasSeenUserAgent } from "./auth.repository.ts";

/**
 * Tells the saver about a sign-in from a browser the account has not used before: one whose user
 * agent appears in none of the account's registration and sign-in events. Cheap (one indexed lookup)
 * and good enough to notice a stranger; a browser update also counts as new, which errs on the side of
 * telling. Call it before the sign-in's own event is recorded.
 */
export async function tellIfNewDevice(
  db: Kysely<DB> | Transaction<DB>,
  messages: Messenger | undefined,
  userId: string,
  meta: { ip?: string | undefined; userAgent?: string | undefined },
  now: Date,
): Promise<void> {
  if (!messages || !meta.userAgent) return;
  if (await hasSeenUserAgent(db, userId, meta.userAgent)) return;
  const device = describeDevice(meta.userAgent);
  await messages.notify(db as Kysely<DB>, {
    userId,
    event: "new_sign_in",
    key: `new_sign_in:${now.toISOString()}`,
    facts: {
      signed_in_at: now.toISOString(),
      browser: device.browser,
      os: device.os,
      ip: meta.ip ?? null,
    },
  });
}
