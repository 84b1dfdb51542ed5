import { addDays, LIMITS, maskIban } from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { depositFigures } from "./deposit.mapper.ts";
import type { DepositEvent } from "./deposit-events.ts";

/**
 * The messages of the deposit lifecycle: subscribed to every deposit event (deposit-events.ts), it
 * tells the saver, from what the event carries (the deposit as the change left it, and its details), about the funds received, the maturity reminder, the payout or renewal, and a lapse.
 * Each is keyed by the event and the deposit, so a job that runs again tells nothing more. The approval
 * and the withdrawal are told by the application services, which own those events.
 */
export function depositMessages(messages: Messenger) {
  return async (event: DepositEvent, trx: Kysely<DB> | Transaction<DB>): Promise<void> => {
    if (!event.userId) return;
    const row = event.deposit;
    const base = {
      application_id: row.application_id,
      deposit_reference: row.reference,
      amount_cents: Number(row.amount_cents),
      currency: row.currency.trim(),
    };
    const userId = event.userId;
    switch (event.type) {
      case "funds_received":
        if (!row.value_date || !row.maturity_date) return;
        await messages.notify(trx as Kysely<DB>, {
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
        });
        return;
      case "maturity_reminder":
        if (!row.maturity_date) return;
        await messages.notify(trx as Kysely<DB>, {
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
        });
        return;
      case "payout_ordered": {
        const { source } = event.details;
        // A returned credit is no deposit's; every other order tells the saver when to expect the money.
        if (source === "credit_return") return;
        await messages.notify(trx as Kysely<DB>, {
          userId,
          event: "deposit_payout_ordered",
          key: `deposit_payout_ordered:${event.details.order_id}`,
          facts: {
            ...base,
            purpose: source,
            payout_cents: Number(event.details.amount_cents),
            expected_date: event.details.requested_date,
            reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
          },
        });
        return;
      }
      case "paid_out":
        if (!row.maturity_date) return;
        await messages.notify(trx as Kysely<DB>, {
          userId,
          event: "deposit_paid_out",
          key: `deposit_paid_out:${row.id}`,
          facts: {
            ...base,
            maturity_date: row.maturity_date,
            principal_cents: Number(event.details.principal_cents),
            gross_interest_cents: Number(event.details.interest_cents),
            payout_cents: Number(event.details.payout_cents),
            reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
            ...(event.details.booking_date ? { booked_on: event.details.booking_date } : {}),
          },
        });
        return;
      case "renewed": {
        if (!row.maturity_date) return;
        const { principalCents, interestCents } = depositFigures(row);
        await messages.notify(trx as Kysely<DB>, {
          userId,
          event: "deposit_renewed",
          key: `deposit_renewed:${row.id}`,
          facts: {
            ...base,
            maturity_date: row.maturity_date,
            principal_cents: Number(principalCents),
            gross_interest_cents: Number(interestCents),
            payout_cents: Number(event.details.payout_cents),
            new_amount_cents: Number(event.details.new_amount_cents),
            new_rate: event.details.new_rate,
            new_maturity_date: event.details.new_maturity_date,
          },
        });
        return;
      }
      case "closed_early":
        await messages.notify(trx as Kysely<DB>, {
          userId,
          event: "deposit_closed_early",
          key: `deposit_closed_early:${row.id}`,
          facts: {
            ...base,
            close_date: event.details.close_date,
            months_held: event.details.months_held,
            principal_cents: Number(event.details.principal_cents),
            gross_interest_cents: Number(event.details.interest_cents),
            payout_cents: Number(event.details.payout_cents),
            reference_iban: row.payer_iban ? maskIban(row.payer_iban) : null,
          },
        });
        return;
      case "lapsed":
        await messages.notify(trx as Kysely<DB>, {
          userId,
          event: "deposit_lapsed",
          key: `deposit_lapsed:${row.id}`,
          facts: {
            ...base,
            deadline: row.funding_deadline?.toISOString() ?? row.approved_at.toISOString(),
          },
        });
        return;
      default:
        return;
    }
  };
}
