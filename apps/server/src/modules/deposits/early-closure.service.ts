import {
  currencyFromDb,
  type DepositDetail,
  type EarlyClosureQuote,
  earlyClosureFigures,
  equals,
  money,
  moneyFromJsonNumber,
  moneyToDecimalText,
  moneyToJsonNumber,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { EventBus } from "../../plugins/events.ts";
import { depositFigures } from "./deposit.mapper.ts";
import { aboutDeposit, onDepositEvent } from "./deposit-events.ts";
import { orderPayout } from "./deposit-payouts.ts";
import type { DepositRow } from "./deposits.repository.ts";
import * as repo from "./deposits.repository.ts";
import { businessDate, getOwnDeposit, JOB_NAMES, ownDeposit } from "./deposits.service.ts";

/**
 * Closing before maturity: only an active deposit whose package allows it (the rule is copied onto
 * the deposit when it starts, so a later package change alters no running deposit), and not on or
 * after its maturity date, when the maturity job acts on the instruction instead.
 */
function quoteOf(
  row: DepositRow,
  today: string,
  interestPaidCents: bigint,
): EarlyClosureQuote & { cents: ReturnType<typeof earlyClosureFigures> } {
  if (row.status !== "active" || !row.value_date || !row.maturity_date) {
    throw conflict(
      "deposit_not_active",
      `This deposit is ${row.status}; only an active deposit can be closed`,
    );
  }
  if (row.early_closure === "not_allowed") {
    throw conflict("early_closure_not_allowed", "This deposit's package holds it until maturity");
  }
  if (today >= row.maturity_date) {
    throw conflict(
      "early_closure_not_allowed",
      "This deposit matures today; it is settled per the instruction",
    );
  }
  const { principalCents, rateBasisPoints, interestCents } = depositFigures(row);
  // The plan's accrual under the rule, less the monthly interest already paid (never paid twice).
  const cents = earlyClosureFigures({
    principalCents,
    rateBasisPoints,
    rule: row.early_closure,
    valueDate: row.value_date,
    closeDate: today,
    months: row.duration_months,
    interestPayout: row.interest_payout,
    interestPaidCents,
  });
  const currency = currencyFromDb(row.currency);
  const amount = (value: bigint) => moneyToJsonNumber(money(value, currency));
  return {
    rule: row.early_closure,
    close_date: today,
    months_held: cents.monthsHeld,
    principal: amount(principalCents),
    interest: amount(cents.interestCents),
    payout: amount(cents.payoutCents),
    interest_at_maturity: amount(interestCents),
    currency: row.currency.trim() as EarlyClosureQuote["currency"],
    cents,
  };
}

/** What closing the saver's deposit today would pay. */
export async function earlyClosureQuote(
  db: Kysely<DB>,
  user: User,
  id: string,
  now: Date,
): Promise<EarlyClosureQuote> {
  const row = await ownDeposit(db, user, id);
  const { cents: _, ...quote } = quoteOf(row, businessDate(now), await interestPaidOf(db, row.id));
  return quote;
}

/** The monthly interest a deposit has paid (or ordered) so far. */
async function interestPaidOf(db: Kysely<DB> | Transaction<DB>, depositId: string): Promise<bigint> {
  const payments = await repo.interestPaymentsOf(db, depositId);
  return payments.reduce((total, p) => total + p.amount_cents, 0n);
}

/**
 * Closes the saver's deposit: the interest the rule gives is credited, principal and interest are
 * paid out to the reference account, the maturity and reminder jobs are cancelled, and the timeline
 * records `closed_early` (which tells the saver and issues the closure statement). The figures the
 * saver confirmed must still be today's; the row is locked, so a second request finds it closed.
 */
export async function closeEarly(
  db: Kysely<DB>,
  user: User,
  id: string,
  expectedPayout: number,
  now: Date,
  events: EventBus,
): Promise<DepositDetail> {
  await ownDeposit(db, user, id);
  await db.transaction().execute(async (trx: Transaction<DB>) => {
    const row = await repo.lockDeposit(trx, id);
    if (!row) throw notFound("deposit_not_found", "This deposit does not exist");
    const today = businessDate(now);
    const quote = quoteOf(row, today, await interestPaidOf(trx, row.id));
    const payout = money(quote.cents.payoutCents, currencyFromDb(quote.currency));
    const expected = moneyFromJsonNumber(expectedPayout, payout.currency);
    if (expected === null || !equals(expected, payout)) {
      throw conflict(
        "early_closure_quote_changed",
        `A closure today pays ${moneyToDecimalText(payout)} ${quote.currency}, not ${expectedPayout}`,
      );
    }
    // The contract ends now; the payout is a payment order, booked (paid_out_at) when the bank does.
    const closed = await repo.updateDepositReturning(trx, row.id, {
      status: "closed_early",
      closed_at: now,
      updated_at: now,
    });
    for (const job of [JOB_NAMES.maturity, JOB_NAMES.reminder]) {
      await repo.cancelJob(trx, `${job}:${row.id}`, now);
    }
    await onDepositEvent(
      trx,
      events,
      {
        ...aboutDeposit(row),
        type: "closed_early",
        at: now,
        details: {
          close_date: today,
          rule: row.early_closure,
          months_held: quote.cents.monthsHeld,
          principal_cents: String(row.amount_cents),
          interest_cents: String(quote.cents.interestCents),
          payout_cents: String(quote.cents.payoutCents),
        },
      },
      user.id,
    );
    // Interest taken back (a monthly deposit under no_interest) comes off the principal paid back.
    const interestPaid = quote.cents.interestCents > 0n ? quote.cents.interestCents : 0n;
    await orderPayout(trx, events, closed, {
      source: "early_closure",
      amountCents: quote.cents.payoutCents,
      principalCents: quote.cents.payoutCents - interestPaid,
      interestCents: interestPaid,
      now,
      actor: user,
    });
  });
  return getOwnDeposit(db, user, id);
}
