import { createHash } from "node:crypto";
import type { Language } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { Operator } from "../../config/operator.ts";
import type { DB } from "../../db/schema.ts";
import type { StoredDocumentContent } from "../../db/tables/messages.ts";
import { fill, textsFor } from "../../locales/catalogues.ts";
import { DocumentExistsError, type DocumentStorage } from "../../storage/document-store.ts";
import type { EventFacts, EventType } from "./message-events.ts";
import type { EventText } from "./message-texts.ts";
import * as repo from "./messages.repository.ts";
import { type DocumentKind, documentTitle, type PdfInput, renderPdf } from "./postbox-pdf.ts";

/*
 * The postbox documents that events issue: rendered as the event is told (a request), or recorded with
 * the text and figures they print and rendered from those on first download (a batch's statements,
 * docs/decisions.md "Maturity at scale"). Either way the same input renders the same bytes.
 */

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

/** The sentence an e-mail (and the inbox message) adds when its event put a document into the postbox. */
export const newDocument = (language: Language, kind: DocumentKind) =>
  fill(textsFor(language).mail.new_document, { title: documentTitle(language, kind) });

/** What rendering a postbox document needs besides the database. */
export interface PostboxDeps {
  /** Where postbox documents are kept (encrypted, like KYC files). */
  storage: DocumentStorage;
  operator: Operator;
  /** The modules of a QR code for a payload (the approval's GiroCode), when a QR library is wired. */
  qrModules?: (payload: string) => Promise<boolean[][] | null>;
}

/** An event as told: its type and facts. */
export type ToldEvent = { [K in EventType]: { event: K; facts: EventFacts[K] } }[EventType];

/** The PDF of an event's document: its text in the document's language, and what the event adds. */
async function eventPdf(
  deps: PostboxDeps,
  input: { kind: DocumentKind; language: Language; recipient: string; text: EventText; issuedAt: Date },
  told: ToldEvent,
): Promise<Buffer> {
  const transfer = told.event === "application_approved" ? told.facts.transfer : null;
  const pdf: PdfInput = {
    ...input,
    operator: deps.operator,
    infoSheet: told.event === "application_received" ? told.facts : undefined,
    qrModules: transfer?.epc_qr_payload ? ((await deps.qrModules?.(transfer.epc_qr_payload)) ?? null) : null,
  };
  return renderPdf(pdf);
}

/** Stores a rendered PDF encrypted under the document's key; answers what the row records of it. */
export async function storeFile(
  deps: PostboxDeps,
  document: { id: string; userId: string },
  pdf: Buffer,
): Promise<{ storage_key: string; size_bytes: number; sha256: string }> {
  const storageKey = `postbox/${document.userId}/${document.id}`;
  try {
    await deps.storage.put(storageKey, pdf);
  } catch (error) {
    // Rendered and stored by a download alongside this one: the same input, so the same bytes.
    if (!(error instanceof DocumentExistsError)) throw error;
  }
  return {
    storage_key: storageKey,
    size_bytes: pdf.length,
    sha256: createHash("sha256").update(pdf).digest("hex"),
  };
}

/**
 * The document of a told event as a row to insert: rendered and stored now (`now`), or with its
 * content, to be rendered on first download (`later`). The text is copied, since the caller goes on
 * to add the "new document" sentence to the inbox message.
 */
export async function eventDocument(
  deps: PostboxDeps,
  rendering: "now" | "later",
  input: {
    id: string;
    userId: string;
    recipient: string;
    key: string;
    kind: DocumentKind;
    language: Language;
    text: EventText;
    told: ToldEvent;
  },
): Promise<repo.NewDocument> {
  const row = {
    id: input.id,
    user_id: input.userId,
    kind: input.kind,
    title: documentTitle(input.language, input.kind),
    language: input.language,
    event_key: input.key,
  };
  if (rendering === "later") {
    const content: StoredDocumentContent = {
      recipient: input.recipient,
      event: input.told.event,
      facts: input.told.facts as unknown as Record<string, unknown>,
      text: { ...input.text, paragraphs: [...input.text.paragraphs], rows: [...input.text.rows] },
    };
    return { ...row, storage_key: null, size_bytes: null, sha256: null, content };
  }
  const pdf = await eventPdf(deps, { ...input, issuedAt: new Date() }, input.told);
  return { ...row, ...(await storeFile(deps, { id: input.id, userId: input.userId }, pdf)), content: null };
}

/**
 * Renders a document recorded with its content (issued by a batch) from that content and the time it
 * was issued, stores the file and records it on the row (once); answers the PDF, or null when the
 * document has its file already.
 */
export async function renderIssued(db: Kysely<DB>, deps: PostboxDeps, id: string): Promise<Buffer | null> {
  const row = await repo.findUnrendered(db, id);
  if (!row?.content) return null;
  const { content } = row;
  const pdf = await eventPdf(
    deps,
    {
      kind: row.kind,
      language: row.language,
      recipient: content.recipient,
      text: content.text as EventText,
      issuedAt: new Date(row.created_at),
    },
    { event: content.event, facts: content.facts } as ToldEvent,
  );
  await repo.setRenderedFile(db, row.id, await storeFile(deps, { id: row.id, userId: row.user_id }, pdf));
  return pdf;
}
