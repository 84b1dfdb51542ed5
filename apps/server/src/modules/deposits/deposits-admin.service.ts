import {
  type AdminDeposit,
  addDays,
  BOOKS_CURRENCY,
  type DepositSummary,
  maskIban,
  money,
  moneyFromJsonNumber,
  moneyToJsonNumber,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { recordAudit } from "../audit/audit.service.ts";
import { historyView, toDeposit } from "./deposit.mapper.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, fundDeposit } from "./deposits.service.ts";

type AdminRow = NonNullable<Awaited<ReturnType<typeof repo.findAdminDeposit>>>;

function toAdminDeposit(row: AdminRow, sums: repo.LedgerSums | undefined, now: Date): AdminDeposit {
  return {
    ...toDeposit(row, sums),
    account:
      row.user_id && row.account_email
        ? { id: row.user_id, email: row.account_email, full_name: row.account_full_name ?? "" }
        : null,
    applicant_name: row.applicant_name,
    payer_iban: maskIban(row.payer_iban),
    age_days: Math.max(0, Math.floor((now.getTime() - row.approved_at.getTime()) / 86_400_000)),
  };
}

export async function listDeposits(
  db: Kysely<DB>,
  query: {
    limit: number;
    offset: number;
    status?: AdminDeposit["status"] | undefined;
    maturity_from?: string | undefined;
    maturity_to?: string | undefined;
  },
  now: Date,
) {
  const filter = { status: query.status, maturityFrom: query.maturity_from, maturityTo: query.maturity_to };
  const [rows, total] = await Promise.all([
    repo.listForAdmin(db, filter, { limit: query.limit, offset: query.offset }),
    repo.countForAdmin(db, filter),
  ]);
  const sums = await repo.ledgerSums(
    db,
    rows.map((r) => r.id),
  );
  return { items: rows.map((row) => toAdminDeposit(row, sums.get(row.id), now)), total };
}

export async function getDeposit(db: Kysely<DB>, id: string, now: Date) {
  const row = await repo.findAdminDeposit(db, id);
  if (!row) throw notFound("deposit_not_found", "This deposit does not exist");
  const [sums, events, entries] = await Promise.all([
    repo.ledgerSums(db, [id]),
    repo.depositEvents(db, id),
    repo.ledgerEntries(db, id),
  ]);
  return {
    ...toAdminDeposit(row, sums.get(id), now),
    ...historyView(events, entries),
  };
}

/** Staff record a receipt by hand (POST /admin/deposits/{id}/funding); audited. */
export async function recordFunding(
  db: Kysely<DB>,
  admin: User,
  id: string,
  input: { amount: number; value_date: string; payer_iban: string },
  now: Date,
  events: EventBus,
) {
  const amount = moneyFromJsonNumber(input.amount, BOOKS_CURRENCY);
  if (amount === null || amount.cents < 0n)
    throw badRequest("validation_failed", "The amount takes at most two decimal places");
  await db.transaction().execute(async (trx) => {
    await fundDeposit(trx, id, {
      amountCents: amount.cents,
      valueDate: input.value_date,
      payerIban: input.payer_iban,
      source: "manual",
      actorId: admin.id,
      now,
      events,
    });
    await recordAudit(trx, admin, {
      action: "deposit.funded",
      targetType: "deposit",
      targetId: id,
      details: { amount: input.amount, value_date: input.value_date, payer_iban: maskIban(input.payer_iban) },
    });
  });
  return getDeposit(db, id, now);
}

export async function depositSummary(db: Kysely<DB>, now: Date): Promise<DepositSummary> {
  const today = businessDate(now);
  const s = await repo.summary(db, today, addDays(today, 30));
  /** The overview's sums of cents as the contract's euro numbers. */
  const euros = (cents: bigint) => moneyToJsonNumber(money(cents, BOOKS_CURRENCY));
  return {
    funds_under_management: euros(s.fundsCents),
    principal_invested: euros(s.principalCents),
    active_investors: s.investors,
    awaiting_funds: { count: s.awaitingCount, amount: euros(s.awaitingCents) },
    maturing_30_days: { count: s.maturingCount, amount: euros(s.maturingCents) },
  };
}

export async function listStatements(db: Kysely<DB>, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([repo.listStatements(db, page), repo.countStatements(db)]);
  return {
    items: rows.map((r) => ({
      ...r,
      account_iban: r.account_iban ? maskIban(r.account_iban) : null,
      imported_at: r.imported_at.toISOString(),
    })),
    total,
  };
}

/** What the scheduler will do next, what waits for a retry and what failed (for staff). */
export async function jobsOverview(db: Kysely<DB>) {
  const { next, retrying, failed } = await repo.jobsOverview(db);
  const view = (r: (typeof next)[number]) => ({ ...r, id: Number(r.id), run_at: r.run_at.toISOString() });
  return { next: next.map(view), retrying: retrying.map(view), failed: failed.map(view) };
}
