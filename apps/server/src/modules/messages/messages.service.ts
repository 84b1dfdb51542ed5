import { createHash, randomUUID } from "node:crypto";
import { LANGUAGES, type Language } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { Operator } from "../../config/operator.ts";
import { mayMailUnconfirmed } from "../../db/mail-limits.ts";
import type { DB } from "../../db/schema.ts";
import { isUniqueViolation } from "../../lib/errors.ts";
import { loadQrCode, once } from "../../lib/lazy.ts";
import { fill, textsFor } from "../../locales/catalogues.ts";
import { batchTime } from "../../plugins/events.ts";
import type { DocumentStorage } from "../../storage/document-store.ts";
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
import { type DocumentKind, documentTitle, renderPdf } from "./postbox-pdf.ts";

export type { EventFacts, EventType, MessageEvent, TransferFacts } from "./message-events.ts";

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

/** The events that put a document into the postbox, and which. */
export const DOCUMENT_OF: Partial<Record<EventType, DocumentKind>> = {
  application_received: "application_confirmation",
  application_approved: "approval",
  application_withdrawn: "withdrawal_receipt",
  deposit_funded: "funding_confirmation",
  deposit_paid_out: "maturity_statement",
  deposit_renewed: "maturity_statement",
  deposit_closed_early: "closure_statement",
  tax_statement_issued: "tax_statement",
};

/** The sentence an e-mail adds when its event put a document into the postbox. */
const newDocument = (language: Language, kind: DocumentKind) =>
  fill(textsFor(language).mail.new_document, { title: documentTitle(language, kind) });

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
  sizeBytes: number;
  createdAt: Date;
  read: boolean;
  existing: boolean;
}

export interface MessengerDeps {
  /** Queue e-mails (SMTP_URL is set). */
  email: boolean;
  wake: () => void;
  /** Where postbox documents are kept (encrypted, like KYC files). */
  storage: DocumentStorage;
  operator: Operator;
  /** The modules of a QR code for a payload (the approval's GiroCode), when a QR library is wired. */
  qrModules?: (payload: string) => Promise<boolean[][] | null>;
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

export function createMessenger(deps: MessengerDeps): Messenger {
  let pending = false;
  return {
    async notify(db, input) {
      const none = { notified: false, notificationId: null, documentId: null, emailsQueued: 0 };
      // A large batch's messages follow through the job queue: it waits for no PDF and no e-mail.
      const batchAt = batchTime(db);
      if (batchAt) {
        await queueNotifications(db, [input], batchAt);
        return { ...none, notified: true };
      }
      const recipient = await repo.findRecipient(db, input.userId);
      if (!recipient) return none;
      const key = input.key ?? input.event;
      const fresh = await repo.claimEvent(db, {
        user_id: recipient.id,
        event_key: key,
        event_type: input.event,
      });
      if (!fresh) return none;
      const language = recipient.language;
      // The inbox shows the page's language, whichever the saver reads it in: the texts are kept in every
      // language (docs/decisions.md "The inbox reads in the page's language"); the e-mail and the
      // document are in the account's.
      const texts = Object.fromEntries(
        LANGUAGES.map((each) => [each, eventText(input.event, input.facts, each)]),
      ) as Record<Language, EventText>;
      const text = texts[language];
      const kind = DOCUMENT_OF[input.event];
      let documentId: string | null = null;
      if (kind) {
        documentId = await issueDocument(db, deps, {
          userId: recipient.id,
          recipient: recipient.full_name,
          key,
          kind,
          language,
          text,
          event: input,
        });
        for (const each of LANGUAGES) texts[each].paragraphs.push(newDocument(each, kind));
      }
      const inbox = (each: Language) => ({
        title: texts[each].subject.slice(0, 200),
        message: inboxMessage(texts[each], each),
      });
      const notificationId = await repo.insertInboxMessage(db, {
        user_id: recipient.id,
        event_key: key,
        ...inbox(language),
        translations: Object.fromEntries(LANGUAGES.map((each) => [each, { ...inbox(each), note: null }])),
      });
      let emailsQueued = 0;
      if (deps.email) {
        const facts = { type: input.event, facts: input.facts };
        await repo.queueTemplateEmail(db, { template: "event", facts, language, user_id: recipient.id });
        emailsQueued += 1;
        for (const address of new Set(input.alsoTo ?? [])) {
          if (address.toLowerCase() === recipient.email.toLowerCase()) continue;
          await repo.queueTemplateEmail(db, { template: "event", facts, language, to_address: address });
          emailsQueued += 1;
        }
        pending = true;
      }
      return { notified: true, notificationId, documentId, emailsQueued };
    },
    notifyLater: queueNotifications,
    async notifyAddress(db, input) {
      if (!deps.email) return 0;
      // The address has not shown it is the sender's: a few e-mails a day to it, no more.
      if (!(await mayMailUnconfirmed(db, input.email, new Date()))) return 0;
      await repo.queueTemplateEmail(db, {
        template: "event",
        facts: { type: input.event, facts: input.facts },
        language: input.language,
        to_address: input.email,
      });
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

/**
 * Renders the event's PDF, stores it encrypted and records it. The file is written before the row,
 * under a new key; if the caller's transaction rolls back, the file stays unreferenced (never listed).
 */
async function issueDocument(
  db: Kysely<DB>,
  deps: MessengerDeps,
  input: {
    userId: string;
    recipient: string;
    key: string;
    kind: DocumentKind;
    language: Language;
    text: ReturnType<typeof eventText>;
    event: NotifyInput;
  },
): Promise<string> {
  const id = randomUUID();
  const event = input.event;
  const transfer = event.event === "application_approved" ? event.facts.transfer : null;
  const pdf = await renderPdf({
    kind: input.kind,
    language: input.language,
    operator: deps.operator,
    recipient: input.recipient,
    text: input.text,
    issuedAt: new Date(),
    infoSheet: event.event === "application_received" ? event.facts : undefined,
    qrModules: transfer?.epc_qr_payload ? ((await deps.qrModules?.(transfer.epc_qr_payload)) ?? null) : null,
  });
  return (
    await storeDocument(db, deps, {
      id,
      userId: input.userId,
      key: input.key,
      kind: input.kind,
      language: input.language,
      pdf,
    })
  ).id;
}

/** Stores a rendered document encrypted and records it (file first, then the row). */
async function storeDocument(
  db: Kysely<DB>,
  deps: MessengerDeps,
  input: { id?: string; userId: string; key: string; kind: DocumentKind; language: Language; pdf: Buffer },
): Promise<{ id: string; sizeBytes: number; createdAt: Date }> {
  const id = input.id ?? randomUUID();
  const { pdf } = input;
  const storageKey = `postbox/${input.userId}/${id}`;
  await deps.storage.put(storageKey, pdf);
  const row = await repo.insertDocument(db, {
    id,
    user_id: input.userId,
    kind: input.kind,
    title: documentTitle(input.language, input.kind),
    language: input.language,
    event_key: input.key,
    storage_key: storageKey,
    size_bytes: pdf.length,
    sha256: createHash("sha256").update(pdf).digest("hex"),
  });
  return { id, sizeBytes: pdf.length, createdAt: row.created_at };
}

/** A stored postbox row as the issuer answers it. */
function issuedView(
  row: {
    id: string;
    kind: DocumentKind;
    title: string;
    language: Language;
    size_bytes: number;
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
