import { createHash, randomBytes } from "node:crypto";
import {
  type AudienceCount,
  LANGUAGES,
  type Language,
  type LocalizedMessage,
  type NewsletterSubscription,
  type PaginationQuery,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { ClaimedJob, JobHandler } from "../../db/job-queue.ts";
import { mayMailUnconfirmed } from "../../db/mail-limits.ts";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { recordAudit } from "../audit/audit.service.ts";
import * as repo from "./newsletter.repository.ts";
import {
  NEWSLETTER_CONFIRM_TEMPLATE,
  NEWSLETTER_TEMPLATE,
  type NewsletterConfirmFacts,
  onlyIn,
} from "./newsletter-mail.ts";

/** Unconfirmed requests are deleted this many days after they were asked for. */
export const UNCONFIRMED_DAYS = 30;
export const EXPIRE_JOB = "newsletter.expire";

const sha256 = (token: string) => createHash("sha256").update(token).digest("hex");

export interface NewsletterContext {
  now: Date;
  /** Queue e-mails (SMTP_URL is set); called after commit to wake the outbox worker. */
  email: boolean;
  afterCommit?: () => void;
}

/**
 * A sign-up (double opt-in): a new address, or one that has not confirmed yet, gets a single-use
 * confirmation link and is deleted 30 days later unless it confirms; a confirmed address is left as
 * it is. The caller always gets the same answer, so the endpoint does not tell whether an address is
 * subscribed. Nothing but the confirmation e-mail goes to an unconfirmed address.
 */
export async function subscribe(
  db: Kysely<DB>,
  input: { email: string; language: Language },
  context: NewsletterContext,
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const queued = await db.transaction().execute(async (trx) => {
    const existing = await repo.findByEmail(trx, email);
    if (existing?.confirmed_at) return false;
    // A few confirmations per address a day, however often it is signed up; past them, the links
    // already sent stay valid (the token is not replaced).
    if (context.email && !(await mayMailUnconfirmed(trx, email, context.now))) return false;
    const token = randomBytes(32).toString("base64url");
    const hash = sha256(token);
    const row = await repo.upsertRequest(trx, {
      email,
      language: input.language,
      confirm_token_hash: hash,
      consented_at: context.now,
    });
    await repo.scheduleJobOnce(trx, {
      name: EXPIRE_JOB,
      key: `${EXPIRE_JOB}:${row.id}:${hash.slice(0, 16)}`,
      runAt: new Date(context.now.getTime() + UNCONFIRMED_DAYS * 86_400_000),
      payload: { subscription_id: row.id },
    });
    if (!context.email) return false;
    const facts: NewsletterConfirmFacts = {
      path: `/newsletter/confirm#token=${token}`,
      days: UNCONFIRMED_DAYS,
    };
    await repo.queueConfirmation(trx, {
      template: NEWSLETTER_CONFIRM_TEMPLATE,
      facts,
      language: input.language,
      toAddress: email,
    });
    return true;
  });
  if (queued) context.afterCommit?.();
}

const invalidLink = () =>
  notFound("newsletter_link_invalid", "This link is not valid, or it has been used already");

/** The address confirms through its link; the link works once. */
export async function confirm(db: Kysely<DB>, token: string, now: Date) {
  const row = await repo.confirmByTokenHash(db, sha256(token.trim()), now);
  if (!row) throw invalidLink();
  return { confirmed: true as const };
}

/** Unsubscribing deletes the address; a second click finds nothing (404). */
export async function unsubscribe(db: Kysely<DB>, token: string) {
  const row = await repo.deleteByUnsubscribeToken(db, token.trim());
  if (!row) throw invalidLink();
  return { unsubscribed: true as const };
}

/** 30 days after a request: deleted unless confirmed (or asked for again since). */
const expire: JobHandler = async (trx: Transaction<DB>, job: ClaimedJob, now: Date) => {
  const id = job.payload.subscription_id;
  if (typeof id !== "string") throw new Error(`job ${job.key} names no subscription`);
  await repo.deleteUnconfirmed(trx, id, new Date(now.getTime() - UNCONFIRMED_DAYS * 86_400_000));
};

export const newsletterJobHandlers: Readonly<Record<string, JobHandler>> = { [EXPIRE_JOB]: expire };

/** Each language's text: its own, or the first one written with a note saying so. */
export function textsPerLanguage(texts: LocalizedMessage) {
  const first = LANGUAGES.find((l) => texts[l]);
  if (!first) throw new Error("no language given");
  const result = {} as Record<Language, { title: string; message: string; note: string | null }>;
  for (const language of LANGUAGES) {
    const own = texts[language];
    const text = own ?? (texts[first] as { title: string; message: string });
    result[language] = {
      title: text.title,
      message: text.message,
      note: own ? null : onlyIn(language, first),
    };
  }
  return result;
}

/**
 * Staff send one newsletter issue to every confirmed address, each in its language with its own
 * unsubscribe link; without `confirm` only the recipients are counted (the confirmation step).
 */
export async function sendIssue(
  db: Kysely<DB>,
  admin: User,
  input: { texts: LocalizedMessage; confirm?: boolean | undefined },
  context: NewsletterContext,
): Promise<AudienceCount> {
  const result = await db.transaction().execute(async (trx) => {
    const byLanguage = await repo.confirmedByLanguage(trx);
    const recipients = LANGUAGES.reduce((sum, l) => sum + byLanguage[l], 0);
    if (!input.confirm) return { recipients, by_language: byLanguage, sent: false, emails_queued: 0 };
    const emailsQueued = context.email
      ? await repo.queueIssue(trx, {
          template: NEWSLETTER_TEMPLATE,
          texts: textsPerLanguage(input.texts),
          unsubscribePath: "/newsletter/unsubscribe#token=",
        })
      : 0;
    await recordAudit(trx, admin, {
      action: "newsletter.sent",
      targetType: "newsletter",
      targetId: null,
      details: {
        recipients,
        emails_queued: emailsQueued,
        languages: LANGUAGES.filter((l) => input.texts[l]),
        title: LANGUAGES.map((l) => input.texts[l]).find(Boolean)?.title ?? null,
      },
    });
    return { recipients, by_language: byLanguage, sent: true, emails_queued: emailsQueued };
  });
  if (result.emails_queued > 0) context.afterCommit?.();
  return result;
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
      confirmed_at: row.confirmed_at ? new Date(row.confirmed_at).toISOString() : null,
    })),
    total,
  };
}
