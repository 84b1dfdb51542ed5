import {
  addDays,
  currencyFromDb,
  interestPaidBy,
  LIMITS,
  maskIban,
  maturitySettlement,
  moneyFromDb,
  moneyToJsonCents,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Messenger, NotifyInput } from "../messages/messages.service.ts";
import { depositFigures } from "./deposit.mapper.ts";
import type { DepositEvent } from "./deposit-events.ts";

/**
 * The message of a deposit event, if it has one: the funds received, the maturity reminder, the payout
 * ordered or made, the renewal, an early closure and a lapse, built from what the event carries (the
 * deposit as the change left it, and its details), never from a re-read. Each is keyed by the event
 * and the deposit (or order), so a job that runs again tells nothing more. The approval and the
 * withdrawal are told by the application services, which own those events.
 */
export function depositMessage(event: DepositEvent): NotifyInput | null {
  if (!event.userId) return null;
  const row = event.deposit;
  const currency = currencyFromDb(row.currency);
  /** Cents a row or the event's details carry (bigint or digits) as a message fact's `*_cents` integer. */
  const cents = (value: bigint | string) => moneyToJsonCents(moneyFromDb(value, currency));
  const base = {
    application_id: row.application_id,
    deposit_reference: row.reference,
    amount_cents: cents(row.amount_cents),
    currency,
  };
  const userId = event.userId;
  switch (event.type) {
    case "funds_received":
      if (!row.value_date || !row.maturity_date) return null;
      return {
        userId,
        event: "deposit_funded",
        key: `deposit_funded:${row.id}`,
        facts: {
          ...base,
          rate: row.interest_rate,
          term_months: row.duration_months,
          value_date: row.value_date,
          maturity_date: row.maturity_date,
        },
      };
    case "maturity_reminder":
      if (!row.maturity_date) return null;
      return {
        userId,
        event: "deposit_maturity_reminder",
        key: `deposit_maturity_reminder:${row.id}`,
        facts: {
          ...base,
          maturity_date: row.maturity_date,
          cutoff_date: addDays(row.maturity_date, -LIMITS.instructionCutoffDays),
          instruction: row.maturity_instruction,
          renew_min_rate: row.renew_min_rate,
          rate_today: event.details.rate_today ?? null,
        },
      };
    case "payout_ordered": {
      const { source } = event.details;
      // A returned credit is no deposit's; a monthly interest payment is told once, when the bank booked
      // it (deposit_interest_paid); every other order tells the saver when to expect the money.
      if (source === "credit_return" || source === "monthly_interest") return null;
      return {
        userId,
        event: "deposit_payout_ordered",
        key: `deposit_payout_ordered:${event.details.order_id}`,
        facts: {
          ...base,
          purpose: source,
          payout_cents: cents(event.details.amount_cents),
          expected_date: event.details.requested_date,
          reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
        },
      };
    }
    case "paid_out":
      if (!row.maturity_date) return null;
      return {
        userId,
        event: "deposit_paid_out",
        key: `deposit_paid_out:${row.id}`,
        facts: {
          ...base,
          maturity_date: row.maturity_date,
          principal_cents: cents(event.details.principal_cents),
          gross_interest_cents: cents(event.details.interest_cents),
          payout_cents: cents(event.details.payout_cents),
          reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
          ...(event.details.booking_date ? { booked_on: event.details.booking_date } : {}),
        },
      };
    case "payout_booked": {
      // The maturity payout is told by paid_out; every other booked payment here.
      const { source } = event.details;
      if (source === "monthly_interest") {
        const { month, due_date: dueDate } = event.details;
        if (month === undefined || dueDate === undefined) return null;
        const { plan } = depositFigures(row);
        return {
          userId,
          event: "deposit_interest_paid",
          key: `deposit_interest_paid:${event.details.order_id}`,
          facts: {
            ...base,
            month,
            months: plan.months,
            interest_cents: cents(event.details.amount_cents),
            due_date: dueDate,
            booked_on: event.details.booking_date,
            paid_to_date_cents: cents(interestPaidBy(plan, dueDate)),
            total_interest_cents: cents(plan.totalInterestCents),
            reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
          },
        };
      }
      if (source !== "renewal_interest" && source !== "withdrawal_refund" && source !== "early_closure") {
        return null;
      }
      return {
        userId,
        event: "deposit_payment_booked",
        key: `deposit_payment_booked:${event.details.order_id}`,
        facts: {
          ...base,
          purpose: source,
          payout_cents: cents(event.details.amount_cents),
          booked_on: event.details.booking_date,
          reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
        },
      };
    }
    case "payout_returned": {
      const source = event.details.source ?? "maturity_payout";
      if (source === "credit_return") return null;
      return {
        userId,
        event: "deposit_payout_returned",
        key: `deposit_payout_returned:${event.details.order_id}`,
        facts: {
          ...base,
          purpose: source,
          payout_cents: cents(event.details.amount_cents),
          reason_code: event.details.reason_code,
          returned_on: event.details.booking_date,
          reference_iban: event.details.creditor_iban ?? (row.payer_iban ? maskIban(row.payer_iban) : null),
        },
      };
    }
    case "payout_redirected": {
      const { source } = event.details;
      if (source === "credit_return") return null;
      return {
        userId,
        event: "deposit_payout_redirected",
        key: `deposit_payout_redirected:${event.details.order_id}`,
        facts: {
          ...base,
          purpose: source,
          payout_cents: cents(event.details.amount_cents),
          old_iban: event.details.old_iban,
          new_iban: event.details.new_iban,
        },
      };
    }
    case "renewed": {
      if (!row.maturity_date) return null;
      // What the maturity settled: a monthly deposit's interest was paid month by month.
      const { principalCents, interestCents } = maturitySettlement(depositFigures(row).plan);
      return {
        userId,
        event: "deposit_renewed",
        key: `deposit_renewed:${row.id}`,
        facts: {
          ...base,
          maturity_date: row.maturity_date,
          principal_cents: cents(principalCents),
          gross_interest_cents: cents(interestCents),
          payout_cents: cents(event.details.payout_cents),
          new_amount_cents: cents(event.details.new_amount_cents),
          new_rate: event.details.new_rate,
          new_maturity_date: event.details.new_maturity_date,
        },
      };
    }
    case "closed_early":
      return {
        userId,
        event: "deposit_closed_early",
        key: `deposit_closed_early:${row.id}`,
        facts: {
          ...base,
          close_date: event.details.close_date,
          months_held: event.details.months_held,
          principal_cents: cents(event.details.principal_cents),
          gross_interest_cents: cents(event.details.interest_cents),
          payout_cents: cents(event.details.payout_cents),
          reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
        },
      };
    case "lapsed":
      return {
        userId,
        event: "deposit_lapsed",
        key: `deposit_lapsed:${row.id}`,
        facts: {
          ...base,
          deadline: row.funding_deadline?.toISOString() ?? row.approved_at.toISOString(),
        },
      };
    default:
      return null;
  }
}

/** Tells each deposit event as it is recorded (inside its transaction). */
export function depositMessages(messages: Messenger) {
  return async (event: DepositEvent, trx: Kysely<DB> | Transaction<DB>): Promise<void> => {
    const message = depositMessage(event);
    if (message) await messages.notify(trx as Kysely<DB>, message);
  };
}

/**
 * A batch of events (a maturity batch) is told afterwards: the messages are queued with the facts the
 * batch wrote, and the inbox messages, postbox documents and e-mails follow through the job queue, so
 * settling waits for no PDF and no e-mail (docs/decisions.md "Maturity at scale").
 */
export function depositMessagesLater(messages: Messenger) {
  return async (events: readonly DepositEvent[], trx: Kysely<DB> | Transaction<DB>): Promise<void> => {
    const inputs = events.map(depositMessage).filter((m): m is NotifyInput => m !== null);
    const at = events[0]?.at;
    if (inputs.length > 0 && at) await messages.notifyLater(trx as Kysely<DB>, inputs, at);
  };
}
