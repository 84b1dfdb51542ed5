import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../db/schema.ts";

/**
 * The events of the app, by channel. Each module that publishes adds its channel and its event union
 * by declaration merging (`declare module "../../plugins/events.ts" { interface AppEvents { ... } }`),
 * so plugins never import modules and a subscriber is typed by the channel it names.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules through declaration merging
export interface AppEvents {}

export type EventChannel = keyof AppEvents;

/** A subscriber runs inside the transaction that recorded the event (its writes commit or roll back with it). */
export type EventSubscriber<C extends EventChannel> = (
  event: AppEvents[C],
  trx: Kysely<DB> | Transaction<DB>,
) => Promise<void> | void;

/**
 * A subscriber's set-based form: the events of one batch (a maturity batch), in the order they
 * happened, in the caller's transaction. It must have the effect of the one-event form called for
 * each event in turn, with fewer round trips.
 */
export type BatchSubscriber<C extends EventChannel> = (
  events: ReadonlyArray<AppEvents[C]>,
  trx: Kysely<DB> | Transaction<DB>,
) => Promise<void> | void;

interface Subscription {
  one: EventSubscriber<EventChannel>;
  many?: BatchSubscriber<EventChannel> | undefined;
}

/**
 * Transactions that settle a large batch (a statement of many entries): what subscribers do for the
 * saver and that can wait (inbox message, postbox PDF, e-mail) goes through the job queue instead of
 * into the transaction, due at the batch's time (docs/decisions.md "Statement import at scale"). Keyed by
 * the transaction object, so it ends with it and no two apps share an entry.
 */
const batches = new WeakMap<object, Date>();

/** Marks `trx` as a batch settled at `at`. */
export function markBatch(trx: Kysely<DB> | Transaction<DB>, at: Date): void {
  batches.set(trx, at);
}

/** The batch time of `trx` when it was marked as a batch, else null. */
export function batchTime(trx: Kysely<DB> | Transaction<DB>): Date | null {
  return batches.get(trx) ?? null;
}

/** This app's subscribers: built with the app and gone with it, never shared between two apps. */
export class EventBus {
  private readonly subscribers = new Map<EventChannel, Subscription[]>();

  /** Subscribes to a channel; `many`, if given, takes a whole batch at once (`publishMany`). */
  subscribe<C extends EventChannel>(
    channel: C,
    subscriber: EventSubscriber<C>,
    many?: BatchSubscriber<C>,
  ): void {
    const list = this.subscribers.get(channel) ?? [];
    list.push({
      one: subscriber as EventSubscriber<EventChannel>,
      many: many as BatchSubscriber<EventChannel> | undefined,
    });
    this.subscribers.set(channel, list);
  }

  /** Hands the event to every subscriber of its channel, one after another, in the caller's transaction. */
  async publish<C extends EventChannel>(
    channel: C,
    event: AppEvents[C],
    trx: Kysely<DB> | Transaction<DB>,
  ): Promise<void> {
    for (const subscriber of this.subscribers.get(channel) ?? []) await subscriber.one(event, trx);
  }

  /**
   * Hands a batch of events to every subscriber: its set-based form if it has one, else each event in
   * turn. Subscribers run one after another, each over the whole batch.
   */
  async publishMany<C extends EventChannel>(
    channel: C,
    events: ReadonlyArray<AppEvents[C]>,
    trx: Kysely<DB> | Transaction<DB>,
  ): Promise<void> {
    if (events.length === 0) return;
    for (const subscriber of this.subscribers.get(channel) ?? []) {
      if (subscriber.many) await subscriber.many(events, trx);
      else for (const event of events) await subscriber.one(event, trx);
    }
  }

  /**
   * Events of one change to many things (a statement's entries): in a transaction marked as a batch
   * (`markBatch`) handed over as one batch (`publishMany`), else one by one as `publish` would, so a
   * small statement tells its savers at once.
   */
  async publishAll<C extends EventChannel>(
    channel: C,
    events: ReadonlyArray<AppEvents[C]>,
    trx: Kysely<DB> | Transaction<DB>,
  ): Promise<void> {
    if (batchTime(trx)) return this.publishMany(channel, events, trx);
    for (const event of events) await this.publish(channel, event, trx);
  }
}

declare module "fastify" {
  interface FastifyInstance {
    events: EventBus;
  }
}

/** Decorates the app with its event bus; modules subscribe when they are registered. */
export default fp(
  async function eventsPlugin(app: FastifyInstance) {
    app.decorate("events", new EventBus());
  },
  { name: "events" },
);
