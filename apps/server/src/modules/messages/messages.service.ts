import { randomUUID } from "node:crypto";
import { LANGUAGES, type Language } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { Operator } from "../../config/operator.ts";
import { mayMailUnconfirmed } from "../../db/mail-limits.ts";
import type { DB } from "../../db/schema.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { loadQrCode, once } from "../../lib/lazy.ts";
import { textsFor } from "../../locales/catalogues.ts";
import { batchTime } from "../../plugins/events.ts";
import {
  NEWSLETTER_CONFIRM_TEMPLATE,
  NEWSLETTER_TEMPLATE,
  type NewsletterConfirmFacts,
  type NewsletterIssueFacts,
  newsletterConfirmText,
} from "../newsletter/newsletter-mail.ts";
import type { ClaimedEmail } from "../notifications/email-outbox.worker.ts";
import { ACCOUNT_MAIL_TEMPLATE, type AccountMail, accountMailText } from "./account-mail.ts";
import type { EmailContent, RenderedEmail } from "./email-text.ts";
import { type EventFacts, type EventType, type MessageEvent, storedFactsInCents } from "./message-events.ts";
import { type EventText, eventText, inboxMessage } from "./message-texts.ts";
import * as repo from "./messages.repository.ts";
import {
  DOCUMENT_OF,
  eventDocument,
  newDocument,
  type PostboxDeps,
  renderIssued,
  storeFile,
} from "./postbox-documents.ts";
import { type DocumentKind, documentTitle, renderPdf } from "./postbox-pdf.ts";

export type { EventFacts, EventType, MessageEvent, TransferFacts } from "./message-events.ts";
export { DOCUMENT_OF } from "./postbox-documents.ts";

/** The React Email layout, loaded on the first e-mail rendered (lib/lazy.ts). */
const loadEmailLayout = once(() => import("./email-layout.tsx"));

declare module "fastify" {
  interface FastifyInstance {
    /** Tells savers about events (inbox and e-mail in their language); see messages.service.ts. */
    messages: Messenger;
  }
}

/** One event for one account. */
export type NotifyInput = {
  [K in EventType]: {
    userId: string;
    event: K;
    facts: EventFacts[K];
    /**
     * Names the occurrence (e.g. `application_approved:<id>`): the same key for the same account is
     * told once, however often it is reported. Defaults to the event type (events that happen once).
     */
    key?: string;
    /** Further addresses that get the same e-mail (the old address after an e-mail change). */
    alsoTo?: string[];
  };
}[EventType];

export interface NotifyResult {
  /** false when this (account, key) was told before, or the account no longer exists. */
  notified: boolean;
  notificationId: string | null;
  /** The postbox document issued with the event, if the event has one. */
  documentId: string | null;
  emailsQueued: number;
}

/** The job that tells one event queued with `notifyLater`; its payload is the NotifyInput. */
export const NOTIFY_JOB = "messages.notify";

/**
 * Tells savers about events: the inbox message and the e-mail(s) of one event are written in the
 * caller's transaction (pass it as `db`), so they exist exactly when the event does.
 */
export interface Messenger {
  notify(db: Kysely<DB>, input: NotifyInput): Promise<NotifyResult>;
  /** An e-mail to an address without an account (an application sent signed out). */
  notifyAddress(
    db: Kysely<DB>,
    input: { email: string; language: Language } & {
      [K in EventType]: { event: K; facts: EventFacts[K] };
    }[EventType],
  ): Promise<number>;
  /**
   * Queues events to be told after the caller's transaction (a maturity batch): one job per event,
   * written set-based with the facts fixed now; the job later does what `notify` does (inbox message,
   * postbox document, e-mail), keyed as `notify` is, so it tells each (account, key) once.
   */
  notifyLater(db: Kysely<DB>, inputs: readonly NotifyInput[], runAt: Date): Promise<void>;
  /**
   * Tells queued events (the jobs `notifyLater` queued), set-based: what `notify` does for each, in a
   * few statements for the whole batch; each postbox document is recorded with its text and figures
   * and rendered on first download (`renderIssued`).
   */
  notifyMany(db: Kysely<DB>, inputs: readonly NotifyInput[]): Promise<NotifyResult[]>;
  /** The PDF of a document issued with its content, rendered now and kept; null when it has its file. */
  renderIssued(db: Kysely<DB>, documentId: string): Promise<Buffer | null>;
  /** Wakes the outbox worker; the messages plugin calls it after each response that queued e-mails. */
  flush(): void;
  /**
   * Puts a document that no event announces into the saver's postbox (a statement the saver asked
   * for), rendered in the saver's language from the text the caller builds for that language. Once
   * per (account, key, language): a key issued before in the saver's language returns that document
   * (`existing`) and renders nothing.
   */
  issue(
    db: Kysely<DB>,
    input: { userId: string; kind: DocumentKind; key: string; text: (language: Language) => EventText },
  ): Promise<IssuedDocument | null>;
}

/** A document issued into a postbox, just now or (`existing`) earlier under the same key. */
export interface IssuedDocument {
  id: string;
  kind: DocumentKind;
  title: string;
  language: Language;
  /** null for a document issued with its content and not yet rendered (only a batch issues those). */
  sizeBytes: number | null;
  createdAt: Date;
  read: boolean;
  existing: boolean;
}

/** Besides the postbox's storage, operator and QR code (PostboxDeps): */
export interface MessengerDeps extends PostboxDeps {
  /** Queue e-mails (SMTP_URL is set). */
  email: boolean;
  wake: () => void;
}

/** Messages told later, through the job queue (NOTIFY_JOB), due at `runAt`. */
async function queueNotifications(db: Kysely<DB>, inputs: readonly NotifyInput[], runAt: Date) {
  await repo.queueNotifyJobs(
    db,
    inputs.map((input) => ({
      name: NOTIFY_JOB,
      key: `${NOTIFY_JOB}:${input.userId}:${input.key ?? input.event}`,
      payload: JSON.stringify(input),
      run_at: runAt,
    })),
  );
}

const NOT_TOLD: NotifyResult = { notified: false, notificationId: null, documentId: null, emailsQueued: 0 };

type Recipient = Awaited<ReturnType<typeof repo.findRecipients>>[number];

/**
 * The inputs that are told now: those whose account exists and whose (account, key) this call claims,
 * the first of the batch where two name the same. Answers each with its position among `inputs`.
 */
async function claimFresh(db: Kysely<DB>, inputs: readonly NotifyInput[]) {
  const recipients = new Map(
    (
      await repo.findRecipients(
        db,
        inputs.map((i) => i.userId),
      )
    ).map((r) => [r.id, r]),
  );
  const named = new Map<string, { input: NotifyInput; recipient: Recipient; key: string; index: number }>();
  inputs.forEach((input, index) => {
    const recipient = recipients.get(input.userId);
    const key = input.key ?? input.event;
    const id = recipient && repo.eventId(recipient.id, key);
    if (recipient && id && !named.has(id)) named.set(id, { input, recipient, key, index });
  });
  const fresh = await repo.claimEvents(
    db,
    [...named.values()].map((c) => ({
      user_id: c.recipient.id,
      event_key: c.key,
      event_type: c.input.event,
    })),
  );
  return [...named.entries()].filter(([id]) => fresh.has(id)).map(([, told]) => told);
}

/** The inbox message of an event: in the account's language, and in every language for the page's. */
function inboxRow(
  texts: Record<Language, EventText>,
  row: { id: string; user_id: string; event_key: string },
  language: Language,
): repo.InboxMessage {
  const inboxIn = (each: Language) => ({
    title: texts[each].subject.slice(0, 200),
    message: inboxMessage(texts[each], each),
  });
  return {
    ...row,
    ...inboxIn(language),
    translations: Object.fromEntries(LANGUAGES.map((each) => [each, { ...inboxIn(each), note: null }])),
  };
}

/** The e-mails of an event: to the account, and the same to each further address (`alsoTo`). */
function eventEmails(input: NotifyInput, recipient: Recipient) {
  const facts = { type: input.event, facts: input.facts };
  const { language } = recipient;
  const to = new Set((input.alsoTo ?? []).filter((a) => a.toLowerCase() !== recipient.email.toLowerCase()));
  return [
    { template: "event", facts, language, user_id: recipient.id },
    ...[...to].map((address) => ({ template: "event", facts, language, to_address: address })),
  ];
}

/**
 * Tells events, set-based (docs/decisions.md "Maturity at scale"): per event the inbox message (its text
 * in every language: the inbox shows the page's language, "The inbox reads in the page's language"),
 * the postbox document and the e-mail(s) in the account's language, once per (account, key); written
 * for the whole batch in a few multi-row statements. A request tells one event and renders its
 * document now; a batch records its documents with their content, rendered on first download.
 */
async function tell(
  db: Kysely<DB>,
  deps: MessengerDeps,
  inputs: readonly NotifyInput[],
  rendering: "now" | "later",
): Promise<NotifyResult[]> {
  const results = inputs.map(() => ({ ...NOT_TOLD }));
  const documents: repo.NewDocument[] = [];
  const inbox: repo.InboxMessage[] = [];
  const emails: Parameters<typeof repo.queueTemplateEmails>[1][number][] = [];
  for (const { input, recipient, key, index } of await claimFresh(db, inputs)) {
    const language = recipient.language;
    const texts = Object.fromEntries(
      LANGUAGES.map((each) => [each, eventText(input.event, input.facts, each)]),
    ) as Record<Language, EventText>;
    const result = { ...NOT_TOLD, notified: true, notificationId: randomUUID() };
    const kind = DOCUMENT_OF[input.event];
    if (kind) {
      const document = await eventDocument(deps, rendering, {
        id: randomUUID(),
        userId: recipient.id,
        recipient: recipient.full_name,
        key,
        kind,
        language,
        text: texts[language],
        told: input,
      });
      documents.push(document);
      result.documentId = document.id;
      for (const each of LANGUAGES) texts[each].paragraphs.push(newDocument(each, kind));
    }
    inbox.push(
      inboxRow(texts, { id: result.notificationId, user_id: recipient.id, event_key: key }, language),
    );
    if (deps.email) {
      const queued = eventEmails(input, recipient);
      emails.push(...queued);
      result.emailsQueued = queued.length;
    }
    results[index] = result;
  }
  await repo.insertDocuments(db, documents);
  await repo.insertInboxMessages(db, inbox);
  await repo.queueTemplateEmails(db, emails);
  return results;
}

export function createMessenger(deps: MessengerDeps): Messenger {
  let pending = false;
  return {
    async notify(db, input) {
      const none = { ...NOT_TOLD };
      // A large batch's messages follow through the job queue: it waits for no PDF and no e-mail.
      const batchAt = batchTime(db);
      if (batchAt) {
        await queueNotifications(db, [input], batchAt);
        return { ...none, notified: true };
      }
      const [result] = await tell(db, deps, [input], "now");
      if (result?.emailsQueued) pending = true;
      return result ?? none;
    },
    async notifyMany(db, inputs) {
      const results = await tell(db, deps, inputs, "later");
      if (results.some((r) => r.emailsQueued > 0)) pending = true;
      return results;
    },
    renderIssued: (db, documentId) => renderIssued(db, deps, documentId),
    notifyLater: queueNotifications,
    async notifyAddress(db, input) {
      if (!deps.email) return 0;
      // The address has not shown it is the sender's: a few e-mails a day to it, no more.
      if (!(await mayMailUnconfirmed(db, input.email, new Date()))) return 0;
      await repo.queueTemplateEmails(db, [
        {
          template: "event",
          facts: { type: input.event, facts: input.facts },
          language: input.language,
          to_address: input.email,
        },
      ]);
      pending = true;
      return 1;
    },
    async issue(db, input) {
      const recipient = await repo.findRecipient(db, input.userId);
      if (!recipient) return null;
      const language = recipient.language;
      const key = `${input.key}:${language}`;
      const earlier = async () => {
        const row = await repo.findDocumentByKey(db, recipient.id, key);
        return row ? issuedView(row, true) : null;
      };
      const before = await earlier();
      if (before) return before;
      let rendered: Awaited<ReturnType<typeof storeDocument>>;
      try {
        rendered = await storeDocument(db, deps, {
          userId: recipient.id,
          key,
          kind: input.kind,
          language,
          pdf: await renderPdf({
            kind: input.kind,
            language,
            operator: deps.operator,
            recipient: recipient.full_name,
            text: input.text(language),
            issuedAt: new Date(),
          }),
        });
      } catch (error) {
        // The same key issued by a request alongside this one: that one's document is the answer.
        const raced = isUniqueViolation(error) ? await earlier() : null;
        if (raced) return raced;
        throw error;
      }
      return {
        ...rendered,
        kind: input.kind,
        title: documentTitle(language, input.kind),
        language,
        read: false,
        existing: false,
      };
    },
    flush() {
      if (!pending) return;
      pending = false;
      deps.wake();
    },
  };
}

/** The dark modules of the QR code of a payload (error correction M, as EPC069-12 asks for the GiroCode). */
export async function qrModules(payload: string): Promise<boolean[][]> {
  const QRCode = await loadQrCode();
  const { modules } = QRCode.create(payload, { errorCorrectionLevel: "M" });
  return Array.from({ length: modules.size }, (_, r) =>
    Array.from({ length: modules.size }, (_, c) => Boolean(modules.get(r, c))),
  );
}

/** Stores a rendered document encrypted and records it (file first, then the row). */
async function storeDocument(
  db: Kysely<DB>,
  deps: MessengerDeps,
  input: { userId: string; key: string; kind: DocumentKind; language: Language; pdf: Buffer },
): Promise<{ id: string; sizeBytes: number; createdAt: Date }> {
  const id = randomUUID();
  const file = await storeFile(deps, { id, userId: input.userId }, input.pdf);
  const issued = await repo.insertDocuments(db, [
    {
      id,
      user_id: input.userId,
      kind: input.kind,
      title: documentTitle(input.language, input.kind),
      language: input.language,
      event_key: input.key,
      ...file,
      content: null,
    },
  ]);
  return { id, sizeBytes: input.pdf.length, createdAt: issued.get(id) as Date };
}

/** A stored postbox row as the issuer answers it. */
function issuedView(
  row: {
    id: string;
    kind: DocumentKind;
    title: string;
    language: Language;
    size_bytes: number | null;
    created_at: Date;
    read_at: Date | null;
  },
  existing: boolean,
): IssuedDocument {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    language: row.language,
    sizeBytes: row.size_bytes,
    createdAt: row.created_at,
    read: row.read_at !== null,
    existing,
  };
}

/** What the outbox worker needs to turn a queued row into an e-mail. */
export interface RenderContext {
  operator: Operator;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
}

/** The e-mail of a queued template row (rendered when it is sent, from the facts stored with it). */
export async function renderTemplateEmail(
  row: { template: string; facts: Record<string, unknown>; language: Language },
  context: RenderContext,
): Promise<RenderedEmail> {
  const { language } = row;
  let content: EmailContent;
  switch (row.template) {
    case "event": {
      const { type, facts } = storedFactsInCents(row.facts) as MessageEvent;
      const text = eventText(type, facts as never, language);
      const kind = DOCUMENT_OF[type];
      content = {
        subject: text.subject,
        paragraphs: kind ? [...text.paragraphs, newDocument(language, kind)] : text.paragraphs,
        rows: text.rows,
        action: text.action
          ? { url: `${context.publicUrl}${text.action.path}`, label: text.action.label }
          : null,
        kind: { type: "service" },
      };
      break;
    }
    case ACCOUNT_MAIL_TEMPLATE: {
      const text = accountMailText(row.facts as AccountMail, language);
      content = {
        subject: text.subject,
        paragraphs: text.paragraphs,
        rows: [],
        action: { url: `${context.publicUrl}${text.action.path}`, label: text.action.label },
        kind: { type: "service" },
      };
      break;
    }
    case NEWSLETTER_CONFIRM_TEMPLATE: {
      const text = newsletterConfirmText(row.facts as unknown as NewsletterConfirmFacts, language);
      content = {
        subject: text.subject,
        paragraphs: text.paragraphs,
        rows: [],
        action: { url: `${context.publicUrl}${(row.facts as { path: string }).path}`, label: text.label },
        kind: { type: "service" },
      };
      break;
    }
    case NEWSLETTER_TEMPLATE: {
      const issue = row.facts as unknown as NewsletterIssueFacts;
      content = {
        subject: issue.title,
        paragraphs: issue.message.split(/\n{2,}/),
        rows: [],
        action: null,
        kind: { type: "newsletter", unsubscribeUrl: `${context.publicUrl}${issue.unsubscribe_path}` },
        note: issue.note,
      };
      break;
    }
    default:
      throw new Error(`Unknown e-mail template ${row.template}`);
  }
  const { renderEmail } = await loadEmailLayout();
  const rendered = await renderEmail(content, context.operator, language);
  if (content.kind.type === "newsletter") {
    return { ...rendered, headers: { "List-Unsubscribe": `<${content.kind.unsubscribeUrl}>` } };
  }
  return rendered;
}

/** A back-office notification as an e-mail, in the brand's layout. */
export async function renderNotificationEmail(
  notification: { title: string; message: string; note?: string | null },
  language: Language,
  context: RenderContext,
): Promise<RenderedEmail> {
  const { renderEmail } = await loadEmailLayout();
  return renderEmail(
    {
      subject: notification.title,
      paragraphs: notification.message.split(/\n{2,}/),
      rows: [],
      action: { url: `${context.publicUrl}/dashboard`, label: textsFor(language).mail.open_account },
      kind: { type: "service" },
      note: notification.note ?? null,
    },
    context.operator,
    language,
  );
}

/** The e-mail of a claimed outbox row: a rendered template, or a notification in the brand's layout. */
export function renderOutboxEmail(email: ClaimedEmail, context: RenderContext): Promise<RenderedEmail> {
  if (email.template !== null && email.facts !== null) {
    return renderTemplateEmail(
      { template: email.template, facts: email.facts, language: email.language ?? "en" },
      context,
    );
  }
  if (email.title === null || email.message === null) throw new Error("notification no longer exists");
  return renderNotificationEmail(
    { title: email.title, message: email.message, note: email.note },
    email.user_language ?? "en",
    context,
  );
}
