import { buffer } from "node:stream/consumers";
import {
  BOOKS_CURRENCY,
  currencyFromDb,
  DEPOSIT_GUARANTEE_LIMIT_CENTS,
  moneyFromDb,
  moneyToDecimalText,
  moneyToJsonCents,
  sum,
  type User,
} from "@festgeld/domain";
import { zipSync } from "fflate";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict } from "../../lib/errors.ts";
import type { DocumentStorage } from "../../storage/document-store.ts";
import { UNCONFIRMED_ACCOUNT_DAYS } from "../auth/account-security.service.ts";
import { verifyPassword } from "../auth/password.ts";
import { guaranteeByBank, toDepositGuaranteeBank } from "../banks/banks.service.ts";
import { lockUser } from "../kyc/kyc.service.ts";
import * as repo from "./data-rights.repository.ts";
import * as identityRepo from "./identity.repository.ts";

type Db = Kysely<DB>;

/**
 * How long records are kept after the relationship ends (docs/decisions.md, "Erasure and
 * retention"): anti-money-laundering law keeps identification and transaction records 5 years.
 */
export const RETENTION_YEARS = 5;

/**
 * Tables left out of the export on purpose: staff's internal AML work (screenings, possible
 * matches, notes) may not be disclosed to the saver (no tipping-off), and the audit log is the
 * record of staff actions.
 */
export const EXPORT_EXCLUDED_TABLES = ["sanctions_hits", "sanctions_screenings", "staff_notes", "audit_log"];

/**
 * Columns never exported: secrets, staff's notes and internal reasons, and the identities of staff
 * (docs/decisions.md, "What the personal-data export leaves out").
 */
const HIDDEN_COLUMN =
  /hash|secret|token|notes?$|^cancel_reason$|^(decided_by|reviewed_by|actor_id|author_id|created_by|loaded_by|booked_by|imported_by|locked_by)$/;

/**
 * A row as the saver reads it: without the hidden columns, and each amount kept in cents (`amount_cents`)
 * also written in euros beside it (`amount: "10000.00"`), the way a person reads money.
 */
function clean(row: Record<string, unknown>) {
  const currency = typeof row.currency === "string" ? currencyFromDb(row.currency) : BOOKS_CURRENCY;
  // int8 columns arrive as bigint (db/database.ts); JSON carries them as numbers, amounts by the codec.
  const visible = Object.entries(row)
    .filter(([key]) => !HIDDEN_COLUMN.test(key))
    .map(([key, value]): [string, unknown] =>
      typeof value !== "bigint"
        ? [key, value]
        : [key, key.endsWith("_cents") ? moneyToJsonCents(moneyFromDb(value, currency)) : Number(value)],
    );
  const readable: Array<[string, unknown]> = [];
  for (const [key, value] of visible) {
    const name = key.endsWith("_cents") ? key.slice(0, -"_cents".length) : null;
    if (name && !(name in row) && (typeof value === "number" || typeof value === "bigint")) {
      readable.push([name, moneyToDecimalText(moneyFromDb(value, currency))]);
    }
  }
  return Object.fromEntries([...visible, ...readable]);
}

/** A staff member's action on the saver's data: what was decided, without who did it or from where. */
function cleanStaffRow(row: Record<string, unknown>) {
  const { ip: _staffAddress, ...rest } = clean(row);
  return rest;
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "application/pdf": "pdf",
};

/** Everything held about the saver, by table (art. 15 GDPR), as JSON. */
export async function exportData(db: Db, userId: string) {
  const user = await identityRepo.findUser(db, userId);
  if (!user) throw new Error("user vanished");
  const tables: Record<string, Record<string, unknown>[]> = { users: [clean(user)] };
  for (const table of await repo.tablesWithUserId(db)) {
    if (EXPORT_EXCLUDED_TABLES.includes(table)) continue;
    tables[table] = (await repo.rowsOf(db, table, "user_id", userId)).map(clean);
  }
  tables.kyc_reviews = (await repo.kycReviewsOfUser(db, userId))
    .filter((r) => r.action !== "view_file")
    .map(cleanStaffRow);
  // Kept by address rather than account: the newsletter consent and contact messages
  for (const table of ["newsletter_subscriptions", "contact_messages"]) {
    tables[table] = (await repo.rowsOf(db, table, "email", user.email)).map(clean);
  }
  return { generated_at: new Date().toISOString(), user_id: userId, tables };
}

/** The export as a zip: data.json and every document the saver uploaded, decrypted. */
export async function exportZip(db: Db, storage: DocumentStorage, user: User): Promise<Buffer> {
  const data = await exportData(db, user.id);
  const files: Record<string, Uint8Array> = {
    "data.json": new TextEncoder().encode(JSON.stringify(data, null, 2)),
  };
  for (const doc of await repo.documentsOf(db, user.id)) {
    const name = `documents/${doc.document_type}-${doc.id}.${EXTENSIONS[doc.content_type] ?? "bin"}`;
    files[name] = new Uint8Array(await buffer(await storage.get(doc.storage_key)));
  }
  return Buffer.from(zipSync(files, { level: 6 }));
}

/**
 * Tables the schema would cascade that are kept on closure like the KYC and transaction records: the
 * postbox (confirmations, statements), whose encrypted files go with the rows when retention ends
 * (docs/decisions.md, "Postbox documents are kept with their files").
 */
const KEPT_UNTIL_RETENTION = ["postbox_documents"];

export function keptUntil(closedAt: Date) {
  const until = new Date(closedAt);
  until.setUTCFullYear(until.getUTCFullYear() + RETENTION_YEARS);
  return until;
}

/**
 * Closes the account when nothing is active (no pending or approved application): deletes at once
 * what no law requires keeping (sessions, notifications, e-mail address and password, newsletter
 * consent, contact messages, account events) and keeps KYC and transaction records until
 * RETENTION_YEARS after closure, when the retention job deletes them.
 */
export async function closeAccount(db: Db, user: User, password: string, now: Date) {
  const row = await identityRepo.findUser(db, user.id);
  if (!row || row.closed_at) throw conflict("account_closed", "This account is already closed");
  if (!(await verifyPassword(row.password_hash, password))) {
    throw badRequest("wrong_current_password", "The password is wrong");
  }
  const eraseAfter = keptUntil(now);
  await db.transaction().execute(async (trx) => {
    await lockUser(trx, user.id);
    if ((await identityRepo.countActiveApplications(trx, user.id)) > 0) {
      throw conflict(
        "account_has_active_applications",
        "The account has pending or running deposits; it can be closed when they have ended",
      );
    }
    for (const table of ["newsletter_subscriptions", "contact_messages"]) {
      await repo.deleteRows(trx, table, "email", row.email);
    }
    for (const table of [...(await repo.cascadeTables(trx)), "account_events", "email_outbox"]) {
      // Postbox documents are the saver's contract records: kept, row and file, until retention ends.
      if (KEPT_UNTIL_RETENTION.includes(table)) continue;
      await repo.deleteRows(trx, table, "user_id", user.id);
    }
    await repo.closeUser(trx, user.id, now, eraseAfter);
  });
  return { closed_at: now.toISOString(), kept_until: eraseAfter.toISOString() };
}

/**
 * Never-confirmed accounts unused for UNCONFIRMED_ACCOUNT_DAYS that hold nothing but what closing an
 * account deletes at once (sessions, account events, e-mails and the like: no application, deposit,
 * identity record or postbox document, found from the schema as closing finds them) are closed with
 * their erasure due now, so this run of the retention job deletes them like any erasure.
 */
async function closeStaleUnconfirmed(db: Db, now: Date) {
  const before = new Date(now.getTime() - UNCONFIRMED_ACCOUNT_DAYS * 86_400_000);
  let candidates = await repo.staleUnconfirmedAccounts(db, before);
  if (candidates.length === 0) return;
  const disposable = new Set([...(await repo.cascadeTables(db)), "account_events", "email_outbox"]);
  for (const table of KEPT_UNTIL_RETENTION) disposable.delete(table);
  for (const table of await repo.tablesWithUserId(db)) {
    if (disposable.has(table) || candidates.length === 0) continue;
    const holding = new Set(await repo.usersWithRowsIn(db, table, candidates));
    candidates = candidates.filter((id) => !holding.has(id));
  }
  await repo.closeForErasureNow(db, candidates, now);
}

/**
 * Records kept with the books when retention ends, pseudonymised rather than deleted: the journal
 * names the deposits, payment orders carry the figures paid out (docs/decisions.md "Erasure keeps the
 * books, pseudonymised").
 */
const KEPT_WITH_THE_BOOKS = ["applications", "deposits", "payment_orders"];

/**
 * The retention job: deletes every record of accounts whose retention period has ended, documents
 * (files and rows) included, pseudonymises what the books keep, then deletes the account itself. Each
 * statement stands alone and the job may run any number of times; rows another table still needs are
 * retried on the next pass or run.
 */
export async function runRetention(db: Db, storage: DocumentStorage, now: Date) {
  await closeStaleUnconfirmed(db, now);
  const erased: string[] = [];
  for (const { id } of await repo.dueErasures(db, now)) {
    for (const doc of await repo.documentsOf(db, id)) await storage.delete(doc.storage_key);
    for (const doc of await repo.postboxFilesOf(db, id)) await storage.delete(doc.storage_key);
    await repo.deleteKycReviewsOfUser(db, id);
    await repo.pseudonymiseKeptRecords(db, id);
    let remaining = (await repo.tablesWithUserId(db)).filter((table) => !KEPT_WITH_THE_BOOKS.includes(table));
    for (let pass = 0; pass < 5 && remaining.length > 0; pass += 1) {
      const failed: string[] = [];
      for (const table of remaining) {
        try {
          await repo.deleteRows(db, table, "user_id", id);
        } catch {
          failed.push(table);
        }
      }
      remaining = failed;
    }
    try {
      await repo.deleteRows(db, "users", "id", id);
      erased.push(id);
    } catch {
      // still referenced (a table this job does not know): staff see it in the pending erasures
    }
  }
  return erased;
}

export async function pendingErasures(db: Db) {
  const rows = await identityRepo.listPendingErasures(db);
  return rows.map((r) => ({
    user_id: r.id,
    full_name: r.full_name,
    closed_at: r.closed_at ? r.closed_at.toISOString() : "",
    erase_after: r.erase_after ? r.erase_after.toISOString() : "",
  }));
}

/** The saver's total over all banks, and per bank: the guarantee counts per bank and depositor. */
export async function depositGuarantee(db: Db, user: User) {
  const banks = await guaranteeByBank(db, user.id);
  return {
    limit_cents: DEPOSIT_GUARANTEE_LIMIT_CENTS,
    total_cents: moneyToJsonCents(
      sum(
        BOOKS_CURRENCY,
        banks.flatMap((b) => [b.held, b.pending]),
      ),
    ),
    banks: banks.map(toDepositGuaranteeBank),
  };
}
