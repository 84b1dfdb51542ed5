import { monthlyPaymentsDue } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { JobHandler } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";
import { depositFigures } from "./deposit.mapper.ts";
import { aboutDeposit, onDepositEvent } from "./deposit-events.ts";
import { orderPayout } from "./deposit-payouts.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate } from "./deposits.service.ts";

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Pays a monthly deposit's interest that is due by today and not paid yet (docs/decisions.md "Monthly
 * interest"), in month order, each as its plan says: the month is recorded once (the primary key of
 * deposit_interest_payments: a second run, a second process or a catch-up after the clock jumped finds
 * it recorded and pays nothing), `monthly_interest` credits it to the deposit in the journal on its due
 * date, and a payment order takes it to the saver's reference account under the payout rules (the
 * verified holder, held when it cannot be written). The caller holds the deposit's row lock.
 */
export async function payDueInterest(trx: Db, events: EventBus, row: repo.DepositRow, now: Date) {
  if (row.interest_payout !== "monthly" || row.status !== "active" || !row.value_date) return;
  const { plan } = depositFigures(row);
  const due = monthlyPaymentsDue(plan, businessDate(now));
  const recorded = new Set(
    await repo.insertInterestPayments(
      trx,
      row.id,
      due.map((p) => ({ month: p.month, dueDate: p.date, amountCents: p.amountCents })),
      now,
    ),
  );
  for (const payment of due.filter((p) => recorded.has(p.month))) {
    await onDepositEvent(trx, events, {
      ...aboutDeposit(row),
      type: "monthly_interest",
      at: now,
      details: {
        month: payment.month,
        months: plan.months,
        due_date: payment.date,
        interest_cents: String(payment.amountCents),
      },
    });
    // A month whose share rounds to nothing is recorded and credited with nothing, and needs no order.
    if (payment.amountCents === 0n) continue;
    const order = await orderPayout(trx, events, row, {
      source: "monthly_interest",
      amountCents: payment.amountCents,
      principalCents: 0n,
      interestCents: payment.amountCents,
      now,
    });
    await repo.setInterestPaymentOrder(trx, row.id, payment.month, order.id);
  }
}

const depositIdOf = (payload: Record<string, unknown>, key: string) => {
  const id = payload.deposit_id;
  if (typeof id !== "string") throw new Error(`job ${key} names no deposit`);
  return id;
};

/** A monthly deposit's due date: what is due and unpaid is paid (the deposit row locked first). */
export const monthlyInterestJob =
  (events: EventBus): JobHandler =>
  async (trx, job, now) => {
    const row = await repo.lockDeposit(trx, depositIdOf(job.payload, job.key));
    if (row) await payDueInterest(trx, events, row, now);
  };
