import { createHash } from "node:crypto";
import {
  accruedInterest,
  depositPlan,
  type Language,
  type PostboxDocument,
  toBasisPoints,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { fill, textsFor } from "../../locales/catalogues.ts";
import { formatterFor } from "../messages/message-format.ts";
import type { EventText } from "../messages/message-texts.ts";
import type { Messenger } from "../messages/messages.service.ts";
import * as repo from "./ledger.repository.ts";
import { businessDate } from "./ledger.service.ts";

/** One deposit on the statement: what the journal says it owes the saver at the end of the day. */
export interface Holding {
  depositId: string;
  reference: string;
  currency: string;
  rate: string;
  months: number;
  valueDate: string | null;
  maturityDate: string | null;
  bank: string | null;
  balanceCents: bigint;
  /** Ordered to the saver's reference account and not yet booked by the bank (payments in transit). */
  inTransitCents: bigint;
  /**
   * A deposit paying interest monthly (docs/decisions.md "Monthly interest"): the interest paid out to the
   * day (the journal's credits) against what its plan accrued by then. Absent for interest at maturity.
   */
  monthlyInterest?: { paidCents: bigint; accruedCents: bigint };
}

/**
 * The saver's holdings at the end of a day, from the journal: each deposit account's balance
 * (credit, so negated: what the platform owes the saver) on effective dates up to that day, and what
 * its payment orders have on the way to the saver (payments in transit, not yet booked by the bank).
 * Deposits with neither on that day are left out.
 */
export async function holdingsAt(db: Kysely<DB>, userId: string, date: string): Promise<Holding[]> {
  const deposits = await repo.depositAccountsOfUser(db, userId);
  const monthly = deposits.filter((d) => d.interest_payout === "monthly" && d.value_date);
  const [balances, inTransit, credited] = await Promise.all([
    repo.balancesOf(
      db,
      deposits.map((d) => d.address),
      date,
    ),
    repo.inTransitOfDeposits(
      db,
      deposits.map((d) => d.id),
      date,
    ),
    repo.interestCreditedOf(
      db,
      monthly.map((d) => d.address),
      date,
    ),
  ]);
  const monthlyInterest = (d: (typeof deposits)[number]) => {
    if (d.interest_payout !== "monthly" || !d.value_date) return {};
    const plan = depositPlan({
      principalCents: d.amount_cents,
      rateBasisPoints: toBasisPoints(d.interest_rate) ?? 0n,
      months: d.duration_months,
      startDate: d.value_date,
      interestPayout: "monthly",
    });
    return {
      monthlyInterest: {
        paidCents: -(credited.get(d.address) ?? 0n),
        accruedCents: accruedInterest(plan, date).interestCents,
      },
    };
  };
  return deposits
    .map((d) => ({
      depositId: d.id,
      reference: d.reference,
      currency: d.currency.trim(),
      rate: d.interest_rate,
      months: d.duration_months,
      valueDate: d.value_date,
      maturityDate: d.maturity_date,
      bank: d.bank_name,
      balanceCents: -(balances.get(d.address) ?? 0n),
      inTransitCents: -(inTransit.get(d.id) ?? 0n),
      ...monthlyInterest(d),
    }))
    .filter((h) => h.balanceCents !== 0n || h.inTransitCents !== 0n);
}

/** The statement's text in a language: one row per deposit with its balance, and the total. */
export function holdingsText(date: string, holdings: readonly Holding[], language: Language): EventText {
  const t = textsFor(language).documents.holdings;
  const f = formatterFor(language);
  const money = (cents: bigint, currency: string) => f.money(cents, currency);
  const rows: Array<[string, string]> = [];
  for (const h of holdings) {
    const deposit = fill(t.deposit, { reference: h.reference, months: h.months, rate: f.percent(h.rate) });
    const label =
      h.valueDate && h.maturityDate
        ? `${deposit}\n${fill(t.term, { from: f.date(h.valueDate), to: f.date(h.maturityDate) })}`
        : deposit;
    if (h.balanceCents !== 0n) rows.push([label, money(h.balanceCents, h.currency)]);
    if (h.inTransitCents !== 0n) {
      rows.push([fill(t.in_transit, { reference: h.reference }), money(h.inTransitCents, h.currency)]);
    }
  }
  const currencies = [...new Set(holdings.map((h) => h.currency))];
  for (const currency of currencies.length > 0 ? currencies : ["EUR"]) {
    const total = holdings
      .filter((h) => h.currency === currency)
      .reduce((sum, h) => sum + h.balanceCents + h.inTransitCents, 0n);
    rows.push([t.total, money(total, currency)]);
  }
  // Information beside the balances after the totals (paid out already, so not in them): a monthly deposit's interest.
  for (const h of holdings) {
    if (!h.monthlyInterest) continue;
    rows.push([
      fill(t.interest_paid, { reference: h.reference }),
      money(h.monthlyInterest.paidCents, h.currency),
    ]);
    rows.push([
      fill(t.interest_accrued, { reference: h.reference }),
      money(h.monthlyInterest.accruedCents, h.currency),
    ]);
  }
  return {
    subject: fill(t.subject, { date: f.date(date) }),
    paragraphs: [t.intro, ...(holdings.length === 0 ? [t.none] : [])],
    rows,
    action: null,
  };
}

/**
 * Issues the saver's statement of holdings for a day into their postbox, in their language. A day
 * after today (business time zone) is refused: the books do not know it yet.
 */
/** A short digest of the figures a statement shows. */
function fingerprint(holdings: unknown): string {
  const json = JSON.stringify(holdings, (_key, value) =>
    typeof value === "bigint" ? value.toString() : value,
  );
  return createHash("sha256").update(json).digest("base64url").slice(0, 16);
}

export async function issueHoldingsStatement(
  db: Kysely<DB>,
  messenger: Messenger,
  user: User,
  date: string,
  now: Date,
): Promise<PostboxDocument & { existing: boolean }> {
  const today = businessDate(now);
  if (date > today) {
    throw badRequest("date_in_future", `The statement can show today (${today}) or an earlier day`, [
      { path: "body.date", message: `Not after ${today}`, code: "date_in_future" },
    ]);
  }
  const holdings = await holdingsAt(db, user.id, date);
  const issued = await messenger.issue(db, {
    userId: user.id,
    kind: "holdings_statement",
    // One per day asked, day of issue and figures: asking again the same day answers the same
    // document, unless the books changed since (a payout booked today) (docs/decisions.md "Holdings
    // statements: limited, one per day and date").
    key: `holdings_statement:${date}:${today}:${fingerprint(holdings)}`,
    text: (language) => holdingsText(date, holdings, language),
  });
  if (!issued) throw new Error(`account ${user.id} has no postbox`);
  return {
    id: issued.id,
    kind: issued.kind,
    title: issued.title,
    language: issued.language,
    size_bytes: issued.sizeBytes,
    created_at: issued.createdAt.toISOString(),
    read: issued.read,
    existing: issued.existing,
  };
}
