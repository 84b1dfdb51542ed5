import { Readable } from "node:stream";
import type { PaginationQuery, PostboxDocument, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import type { DocumentStorage } from "../../storage/document-store.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as repo from "./documents.repository.ts";

type Row = Awaited<ReturnType<typeof repo.listByUser>>[number];

const toDocument = (row: Row): PostboxDocument => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  language: row.language,
  size_bytes: row.size_bytes,
  created_at: new Date(row.created_at).toISOString(),
  read: row.read_at !== null,
});

/** The saver's postbox, newest first. */
export async function list(
  db: Kysely<DB>,
  user: User,
  page: PaginationQuery,
): Promise<{ items: PostboxDocument[]; total: number }> {
  const [rows, total] = await Promise.all([
    repo.listByUser(db, user.id, page),
    repo.countByUser(db, user.id),
  ]);
  return { items: rows.map(toDocument), total };
}

/**
 * One of the saver's documents, decrypted from the store; the first download marks it read. Another
 * saver's document answers 404 like an unknown id, so ids reveal nothing.
 */
export async function open(
  deps: { db: Kysely<DB>; storage: DocumentStorage; messages: Pick<Messenger, "renderIssued"> },
  user: User,
  id: string,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = await repo.findOwn(deps.db, user.id, id);
  if (!row) throw notFound("document_not_found", "This document does not exist");
  const file = await contentOf(deps, row);
  await repo.markRead(deps.db, row.id);
  const date = new Date(row.created_at).toISOString().slice(0, 10);
  return { ...file, fileName: `${row.kind}-${date}-${row.id.slice(0, 8)}.pdf` };
}

/**
 * The stored file, or, for a statement issued with a batch and not opened before, the PDF rendered now
 * from the text and figures recorded at issue (and kept from then on; docs/decisions.md "Maturity at
 * scale").
 */
async function contentOf(
  deps: { db: Kysely<DB>; storage: DocumentStorage; messages: Pick<Messenger, "renderIssued"> },
  row: { id: string; storage_key: string | null; size_bytes: number | null },
): Promise<{ stream: Readable; size: number }> {
  if (row.storage_key !== null && row.size_bytes !== null) {
    return { stream: await deps.storage.get(row.storage_key), size: row.size_bytes };
  }
  const pdf = await deps.messages.renderIssued(deps.db, row.id);
  if (pdf) return { stream: Readable.from([pdf]), size: pdf.length };
  // Rendered by another download meanwhile: read what it stored.
  const stored = await repo.findOwnFile(deps.db, row.id);
  if (stored?.storage_key == null || stored.size_bytes === null) {
    throw notFound("document_not_found", "This document does not exist");
  }
  return { stream: await deps.storage.get(stored.storage_key), size: stored.size_bytes };
}
