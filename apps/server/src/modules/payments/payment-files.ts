import type { PaymentFile, PaymentOrder, User } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { recordAudit, recordAudits, recordAuditsFrom } from "../audit/audit.service.ts";
import { orderProblem } from "./order-checks.ts";
import { auditEvent, booksAmount, businessDate, orderFacts, toPaymentOrder } from "./order-records.ts";
import { buildPain001, newMessageId, PaymentFileError, type PostalAddress } from "./pain001.ts";
import * as repo from "./payments.repository.ts";
import { structuredAddress } from "./postal-address.ts";

/** What the file needs to know about the operator: the initiating party and the debtor's address. */
export interface PaymentFileSettings {
  initiatingParty: string;
  debtorAddress: { street: string; postalCode: string; city: string; country: string };
}

function toPaymentFile(row: Awaited<ReturnType<typeof repo.listFiles>>[number]): PaymentFile {
  return {
    id: row.id,
    message_id: row.message_id,
    debtor_iban: row.debtor_iban,
    requested_date: row.requested_date,
    order_count: row.order_count,
    control_sum: booksAmount(row.control_sum_cents),
    created_at: row.created_at.toISOString(),
    created_by: row.created_by ? { id: row.created_by, email: row.created_by_email ?? "" } : null,
  };
}

function creditorAddressOf(row: repo.FileOrderRow): PostalAddress | null {
  if (!row.creditor_town || !row.creditor_country) return null;
  return {
    streetName: row.creditor_street,
    buildingNumber: row.creditor_building,
    postCode: row.creditor_postcode,
    townName: row.creditor_town,
    country: row.creditor_country,
  };
}

/**
 * Turns the open orders into pain.001.001.09 files, one per debtor account (optionally one account
 * only), requested for execution today. The orders become submitted with the file, each audited and
 * published (`order_submitted`); the XML is stored so it can be downloaded again. An order the file
 * could not carry (it became invalid after it was made) is held with its reason instead, and the rest
 * go into the file: one bad order never blocks a bank's payouts (docs/decisions.md "Held payment
 * orders"). The answer lists the files and every held order of the account(s).
 */
export async function createFiles(
  db: Kysely<DB>,
  admin: User,
  input: { account?: string | undefined },
  now: Date,
  events: EventBus,
  settings: PaymentFileSettings,
): Promise<{ files: PaymentFile[]; held: PaymentOrder[] }> {
  const ids = await db.transaction().execute(async (trx) => {
    const candidates = await repo.lockOpenOrders(trx, input.account);
    if (candidates.length === 0) {
      const waiting = await repo.countOrders(trx, { status: "held", account: input.account });
      throw conflict(
        "no_open_payment_orders",
        `There are no open payment orders to put into a file${waiting > 0 ? ` (${waiting} held, waiting for correction)` : ""}`,
      );
    }
    const { byAccount, holds } = sortCandidates(candidates);
    const held = await repo.holdOrders(trx, holds, now);
    await recordAudits(
      trx,
      admin,
      held.map((row) => auditEvent("payment.held", row, { hold_reason: row.hold_reason })),
    );
    const fileIds: string[] = [];
    for (const [iban, orders] of byAccount) {
      const file = buildFile(iban, orders, now, settings);
      if (file) fileIds.push(await submitFile(trx, events, admin, iban, orders, file, now));
    }
    return fileIds;
  });
  const [files, held] = await Promise.all([
    repo.filesByIds(db, ids),
    repo.listOrders(db, { status: "held", account: input.account }, { limit: 500, offset: 0 }),
  ]);
  return { files: files.map(toPaymentFile), held: held.map((r) => toPaymentOrder(r, now)) };
}

/** One pass over the open orders: each is held with its reason or goes into its account's file. */
function sortCandidates(candidates: readonly repo.FileOrderRow[]) {
  const byAccount = new Map<string, repo.FileOrderRow[]>();
  const holds: Array<{ id: string; reason: string }> = [];
  for (const row of candidates) {
    const problem = orderProblem({
      creditorIban: row.creditor_iban,
      creditorName: row.creditor_name,
      amountCents: row.amount_cents,
    });
    if (problem) {
      holds.push({ id: row.id, reason: problem });
      continue;
    }
    const orders = byAccount.get(row.debtor_iban);
    if (orders) orders.push(row);
    else byAccount.set(row.debtor_iban, [row]);
  }
  return { byAccount, holds };
}

/** The pain.001 file of one debtor account, requested for today (400 payment_file_invalid if it cannot be). */
function buildFile(
  iban: string,
  orders: readonly repo.FileOrderRow[],
  now: Date,
  settings: PaymentFileSettings,
): ReturnType<typeof buildPain001> | null {
  const first = orders[0];
  if (!first) return null;
  try {
    return buildPain001({
      messageId: newMessageId(now),
      createdAt: now,
      initiatingParty: { name: settings.initiatingParty },
      debtor: {
        name: first.debtor_name,
        iban,
        bic: first.debtor_bic,
        postalAddress: structuredAddress(
          {
            street: settings.debtorAddress.street,
            postcode: settings.debtorAddress.postalCode,
            city: settings.debtorAddress.city,
            country: settings.debtorAddress.country,
          },
          iban.slice(0, 2),
        ),
      },
      requestedExecutionDate: businessDate(now),
      orders: orders.map((o) => ({
        endToEndId: o.end_to_end_id,
        amountCents: o.amount_cents,
        creditor: { name: o.creditor_name, iban: o.creditor_iban, postalAddress: creditorAddressOf(o) },
        remittance: o.remittance,
      })),
    });
  } catch (error) {
    if (error instanceof PaymentFileError) {
      throw badRequest("payment_file_invalid", `Account ${iban}: ${error.message}`);
    }
    throw error;
  }
}

/** Stores a file and submits its orders with it, each audited and published; answers the file's id. */
async function submitFile(
  trx: Transaction<DB>,
  events: EventBus,
  admin: User,
  iban: string,
  orders: readonly repo.FileOrderRow[],
  file: ReturnType<typeof buildPain001>,
  now: Date,
): Promise<string> {
  const stored = await repo.insertFile(trx, {
    message_id: file.messageId,
    debtor_iban: iban,
    requested_date: businessDate(now),
    order_count: file.numberOfTransactions,
    control_sum_cents: file.controlSumCents,
    xml: file.xml,
    created_at: now,
    created_by: admin.id,
  });
  const marked = await repo.markSubmitted(
    trx,
    orders.map((o) => o.id),
    stored.id,
    now,
  );
  // The orders are locked since they were read, so each is still open; were one not, the file would
  // carry a payment the books do not: nothing is kept.
  if (marked.size !== orders.length)
    throw new Error(
      `Payment file ${stored.id}: ${orders.length - marked.size} of its orders were no longer open`,
    );
  await recordAuditsFrom(
    trx,
    admin,
    { action: "payment.submitted", targetType: "payment_order" },
    repo.fileOrderAudits(stored.id),
  );
  await events.publishMany(
    "payment",
    orders.map((row) => ({
      kind: "order_submitted" as const,
      at: now,
      order: { ...orderFacts(row), status: "submitted" as const },
      fileId: stored.id,
      actorId: admin.id,
    })),
    trx,
  );
  await recordAudit(trx, admin, {
    action: "payment_file.created",
    targetType: "payment_file",
    targetId: stored.id,
    details: {
      message_id: file.messageId,
      debtor_iban: iban,
      orders: file.numberOfTransactions,
      control_sum_cents: String(file.controlSumCents),
      adjustments: file.adjustments.length,
    },
  });
  return stored.id;
}

export async function listFiles(
  db: Kysely<DB>,
  query: { limit: number; offset: number; account?: string | undefined },
) {
  const filter = { account: query.account };
  const [rows, total] = await Promise.all([
    repo.listFiles(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countFiles(db, filter),
  ]);
  return { items: rows.map(toPaymentFile), total };
}

export async function fileXml(db: Kysely<DB>, id: string) {
  const file = await repo.findFileXml(db, id);
  if (!file) throw notFound("payment_file_not_found", "This payment file does not exist");
  return { fileName: `${file.message_id}.xml`, xml: file.xml };
}
