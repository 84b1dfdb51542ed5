import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { BANK_LOGO_MAX_BYTES, BANK_LOGO_TYPES, type User } from "@festgeld/domain";
import { fileTypeFromBuffer } from "file-type";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { AppError, badRequest, notFound } from "../../lib/errors.ts";
import type { DocumentStorage } from "../../storage/document-store.ts";
import { recordAudit } from "../audit/audit.service.ts";
import * as repo from "./banks.repository.ts";

type LogoType = (typeof BANK_LOGO_TYPES)[number];

/** A logo as the upload route hands it over: its bytes (at most the limit) and whether it was cut. */
export interface LogoUpload {
  data: Buffer;
  truncated: boolean;
}

/**
 * Stores a bank's logo (docs/decisions.md "Bank logos"): PNG, JPEG or WebP by its first bytes (never
 * the name or the declared type), at most BANK_LOGO_MAX_BYTES, under a key the server makes, in the
 * same encrypted store as the documents. The database row names the new file only once it is stored;
 * the old file is removed after.
 */
export async function storeLogo(
  deps: { db: Kysely<DB>; storage: DocumentStorage },
  admin: User,
  bankId: string,
  upload: LogoUpload | null,
): Promise<{ logo_url: string }> {
  const bank = await repo.findBankById(deps.db, bankId);
  if (!bank) throw notFound("bank_not_found", "This bank does not exist.");
  if (!upload || upload.data.length === 0) {
    throw badRequest("bank_logo_invalid", 'Send the logo as the multipart field "file".');
  }
  if (upload.truncated || upload.data.length > BANK_LOGO_MAX_BYTES) {
    throw new AppError(
      413,
      "payload_too_large",
      `The logo may have at most ${BANK_LOGO_MAX_BYTES / 1024} KB.`,
    );
  }
  const detected = await fileTypeFromBuffer(upload.data);
  const type = detected?.mime as LogoType | undefined;
  if (!type || !BANK_LOGO_TYPES.includes(type)) {
    throw new AppError(415, "bank_logo_invalid", "The logo must be a PNG, JPEG or WebP image.");
  }
  const key = `banks/${bank.id}/logo-${randomUUID()}`;
  await deps.storage.put(key, upload.data);
  try {
    const now = new Date();
    await deps.db.transaction().execute(async (trx) => {
      await repo.updateBank(trx, bank.id, { logo_key: key, logo_type: type, logo_updated_at: now });
      await recordAudit(trx, admin, {
        action: "bank.updated",
        targetType: "bank",
        targetId: bank.id,
        details: { after: { logo: { type, bytes: upload.data.length } } },
      });
    });
    if (bank.logo_key) await deps.storage.delete(bank.logo_key).catch(() => undefined);
    return { logo_url: `/api/banks/${bank.slug}/logo?v=${now.getTime().toString(36)}` };
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The logo of a bank by its slug, to stream; 404 when the bank has none. */
export async function openLogo(
  deps: { db: Kysely<DB>; storage: DocumentStorage },
  slug: string,
): Promise<{ type: LogoType; stream: Readable }> {
  const bank = await repo.findBankBySlug(deps.db, slug);
  if (!bank?.logo_key || !bank.logo_type) throw notFound("not_found", "This bank has no logo.");
  return { type: bank.logo_type, stream: await deps.storage.get(bank.logo_key) };
}
