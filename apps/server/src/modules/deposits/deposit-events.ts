import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";

/** What happened to a deposit; the timeline shows these and messages to the saver are sent from them. */
export type DepositEventType =
  | "approved"
  | "funds_received"
  | "lapsed"
  | "withdrawn"
  | "maturity_reminder"
  | "instruction_changed"
  | "matured"
  | "paid_out"
  | "renewed"
  | "renewal_created"
  | "closed_early";

export interface DepositEvent {
  depositId: string;
  applicationId: string;
  userId: string | null;
  type: DepositEventType;
  at: Date;
  details: Record<string, unknown>;
}

type Listener = (event: DepositEvent, trx: Kysely<DB> | Transaction<DB>) => Promise<void> | void;
const listeners = new Set<Listener>();

/**
 * Subscribes to deposit events; the listener runs inside the transaction that records the event
 * (so a message written to an outbox commits or rolls back with the change). Returns the unsubscribe.
 */
export function subscribeDepositEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Records a deposit event in its timeline and hands it to the subscribers (messages to the saver). */
export async function onDepositEvent(
  trx: Kysely<DB> | Transaction<DB>,
  event: DepositEvent,
  actorId: string | null = null,
): Promise<void> {
  await trx
    .insertInto("deposit_events")
    .values({
      deposit_id: event.depositId,
      type: event.type,
      at: event.at,
      actor_id: actorId,
      details: JSON.stringify(event.details),
    })
    .execute();
  for (const listener of listeners) await listener(event, trx);
}
