import type { Kysely, Selectable, Transaction } from "kysely";
import type { DB, PackagesTable } from "../../db/schema.ts";
import type { EventBus } from "../../plugins/events.ts";

/** A package's terms as subscribers need them (rates as exact decimal strings). */
export interface PackageFacts {
  id: string;
  duration_months: number;
  interest_rate: string;
  currency: string;
  is_active: boolean;
}

/**
 * Staff created or changed a package (its rate, term, limits or availability): published inside the
 * transaction that made the change, so a subscriber (rate alerts) sees the new offer and its writes
 * commit or roll back with it. `before` is null for a new package.
 */
export interface PackageEvent {
  type: "created" | "updated";
  at: Date;
  package: PackageFacts;
  before: PackageFacts | null;
}

declare module "../../plugins/events.ts" {
  interface AppEvents {
    /** Published by the packages module whenever staff create or change a package. */
    package: PackageEvent;
  }
}

export const packageFacts = (row: Selectable<PackagesTable>): PackageFacts => ({
  id: row.id,
  duration_months: row.duration_months,
  interest_rate: row.interest_rate,
  currency: row.currency.trim(),
  is_active: row.is_active,
});

export function onPackageEvent(
  trx: Kysely<DB> | Transaction<DB>,
  events: EventBus,
  event: PackageEvent,
): Promise<void> {
  return events.publish("package", event, trx);
}
