import {
  RATE_ALERT_LIMIT,
  type RateAlert,
  type RateAlertCreateRequest,
  toBasisPoints,
  type User,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { DB } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { Messenger } from "../messages/messages.service.ts";
import type { PackageEvent } from "../packages/package-events.ts";
import { bestActivePackage } from "../packages/packages.service.ts";
import * as repo from "./rate-alerts.repository.ts";

/** Rate alerts are for euro packages, the only currency on offer. */
const CURRENCY = "EUR";

const bestRateFor = async (db: Kysely<DB> | Transaction<DB>, termMonths: number) =>
  (await bestActivePackage(db as Kysely<DB>, { durationMonths: termMonths, currency: CURRENCY })) ?? null;

const reaches = (best: string | null, rate: string) => {
  if (best === null) return false;
  const bestBp = toBasisPoints(best);
  const rateBp = toBasisPoints(rate);
  return bestBp !== null && rateBp !== null && bestBp >= rateBp;
};

function toRateAlert(row: repo.RateAlertRow, bestRate: string | null): RateAlert {
  return {
    id: row.id,
    term: row.term_months,
    rate: Number(row.rate),
    reached: !row.armed,
    best_rate: bestRate === null ? null : Number(bestRate),
    last_fired_at: row.last_fired_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/** The saver's alerts, with today's best rate for each term. */
export async function listAlerts(db: Kysely<DB>, user: User): Promise<RateAlert[]> {
  const rows = await repo.listAlertsOfUser(db, user.id);
  const best = new Map<number, string | null>();
  for (const term of new Set(rows.map((r) => r.term_months))) {
    best.set(term, (await bestRateFor(db, term))?.interest_rate ?? null);
  }
  return rows.map((row) => toRateAlert(row, best.get(row.term_months) ?? null));
}

/**
 * A new alert, at most RATE_ALERT_LIMIT per saver. One whose rate is already reached today starts
 * disarmed: it fires after the rate has fallen below it and risen again (docs/decisions.md "Rate alerts").
 */
export async function createAlert(db: Kysely<DB>, user: User, input: RateAlertCreateRequest, now: Date) {
  return db.transaction().execute(async (trx) => {
    if ((await repo.lockUserAndCountAlerts(trx, user.id)) >= RATE_ALERT_LIMIT) {
      throw conflict(
        "rate_alert_limit_reached",
        `You can keep at most ${RATE_ALERT_LIMIT} rate alerts; please delete one first`,
      );
    }
    const rate = input.rate.toFixed(2);
    const best = (await bestRateFor(trx, input.term))?.interest_rate ?? null;
    const row = await repo.insertAlert(trx, {
      user_id: user.id,
      term_months: input.term,
      rate,
      armed: !reaches(best, rate),
      created_at: now,
    });
    return toRateAlert(row, best);
  });
}

export async function deleteAlert(db: Kysely<DB>, user: User, id: string): Promise<void> {
  // Another saver's alert answers like an unknown one.
  if (!(await repo.deleteAlertOfUser(db, id, user.id))) {
    throw notFound("rate_alert_not_found", "This rate alert does not exist");
  }
}

/**
 * Subscribed to the package events: for each term the change touched, the best active rate now decides.
 * Armed alerts it reaches fire (inbox and e-mail, once per crossing); disarmed alerts it is below again
 * are armed for the next rise. Runs in the transaction that changed the package.
 */
export function rateAlertsOnPackageChange(messages: Messenger) {
  return async (event: PackageEvent, trx: Kysely<DB> | Transaction<DB>): Promise<void> => {
    const terms = new Set([event.package.duration_months]);
    if (event.before) terms.add(event.before.duration_months);
    for (const term of terms) {
      const best = await bestRateFor(trx, term);
      const bestRate = best?.interest_rate ?? null;
      await repo.rearmAlerts(trx, term, bestRate);
      if (!best || bestRate === null) continue;
      const fired = await repo.fireReachedAlerts(trx, term, bestRate, event.at);
      for (const alert of fired) {
        await messages.notify(trx as Kysely<DB>, {
          userId: alert.user_id,
          event: "rate_alert_reached",
          key: `rate_alert_reached:${alert.id}:${alert.fired_count}`,
          facts: { term_months: term, alert_rate: alert.rate, best_rate: bestRate, package_id: best.id },
        });
      }
    }
  };
}
