import type { Readable } from "node:stream";
import type { PaginationQuery, PostboxDocument, User } from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import type { DocumentStorage } from "../../storage/document-store.ts";
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
  deps: { db: Kysely<DB>; storage: DocumentStorage },
  user: User,
  id: string,
): Promise<{ stream: Readable; size: number; fileName: string }> {
  const row = await repo.findOwn(deps.db, user.id, id);
  if (!row) throw notFound("document_not_found", "This document does not exist");
  const stream = await deps.storage.get(row.storage_key);
  await repo.markRead(deps.db, row.id);
  const date = new Date(row.created_at).toISOString().slice(0, 10);
  return { stream, size: row.size_bytes, fileName: `${row.kind}-${date}-${row.id.slice(0, 8)}.pdf` };
}
