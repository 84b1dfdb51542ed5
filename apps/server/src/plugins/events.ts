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

/** This app's subscribers: built with the app and gone with it, never shared between two apps. */
export class EventBus {
  private readonly subscribers = new Map<EventChannel, EventSubscriber<EventChannel>[]>();

  subscribe<C extends EventChannel>(channel: C, subscriber: EventSubscriber<C>): void {
    const list = this.subscribers.get(channel) ?? [];
    list.push(subscriber as EventSubscriber<EventChannel>);
    this.subscribers.set(channel, list);
  }

  /** Hands the event to every subscriber of its channel, one after another, in the caller's transaction. */
  async publish<C extends EventChannel>(
    channel: C,
    event: AppEvents[C],
    trx: Kysely<DB> | Transaction<DB>,
  ): Promise<void> {
    for (const subscriber of this.subscribers.get(channel) ?? []) await subscriber(event, trx);
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
