import {
  BOOKS_CURRENCY,
  BUSINESS_TIME_ZONE,
  currencyFromDb,
  dateInZone,
  money,
  moneyToJsonCents,
  startOfDayInZone,
  type TaxStatementRun,
} from "@festgeld/domain";
import type { Kysely, Transaction } from "kysely";
import type { JobHandler } from "../../db/job-queue.ts";
import type { DB } from "../../db/schema.ts";
import type { TaxStatementFacts } from "../messages/message-events.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { bankOfDeposit } from "./bank-of-deposit.ts";
import * as repo from "./tax-statements.repository.ts";

export const TAX_STATEMENT_JOB = "tax_statements.yearly";

/** The statement's figures for one saver, from their ledger rows of the year. */
export function statementFacts(
  year: number,
  rows: Awaited<ReturnType<typeof repo.interestCreditedInYear>>,
  residence: string | null,
): TaxStatementFacts {
  const currency = rows[0] ? currencyFromDb(rows[0].currency) : BOOKS_CURRENCY;
  const jsonCents = (cents: bigint) => moneyToJsonCents(money(cents, currency));
  const countries = new Map<string, bigint>();
  let total = 0n;
  const deposits = rows.map((row) => {
    const cents = row.interest_cents;
    const bank = bankOfDeposit(row);
    countries.set(bank.country, (countries.get(bank.country) ?? 0n) + cents);
    total += cents;
    return {
      reference: row.reference,
      bank_name: bank.name,
      country: bank.country,
      interest_cents: jsonCents(cents),
    };
  });
  const outside = (country: string) =>
    [...countries].filter(([c]) => c !== country).reduce((sum, [, cents]) => sum + cents, 0n);
  return {
    year,
    total_interest_cents: jsonCents(total),
    currency,
    deposits,
    countries: [...countries]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([country, cents]) => ({
        country,
        interest_cents: jsonCents(cents),
      })),
    foreign_interest_cents: { DE: jsonCents(outside("DE")), FR: jsonCents(outside("FR")) },
    residence,
  };
}

/**
 * Issues the yearly interest statement for a year to every saver with interest credited in it: a
 * postbox PDF, an inbox message and an e-mail, told once per saver and year (the event key), so
 * running it again issues only what is missing (docs/decisions.md "Yearly interest statement").
 */
export async function issueStatements(
  db: Kysely<DB> | Transaction<DB>,
  messages: Messenger,
  year: number,
): Promise<TaxStatementRun> {
  const rows = await repo.interestCreditedInYear(db, year);
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) {
    if (!row.user_id) continue;
    byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
  }
  const residences = await repo.taxResidences(db, [...byUser.keys()]);
  let issued = 0;
  for (const [userId, own] of byUser) {
    const result = await messages.notify(db as Kysely<DB>, {
      userId,
      event: "tax_statement_issued",
      key: `tax_statement:${year}`,
      facts: statementFacts(year, own, residences.get(userId) ?? null),
    });
    if (result.notified) issued++;
  }
  return { year, savers: byUser.size, issued, already_issued: byUser.size - issued };
}

/** When the statement for a year is issued: 2 January of the next year, 06:00 in the business time zone. */
export const statementRunAt = (year: number) =>
  new Date(startOfDayInZone(`${year + 1}-01-02`, BUSINESS_TIME_ZONE).getTime() + 6 * 3_600_000);

/** Schedules the run for the year that `now` falls in (once; each run schedules the next year's). */
export function scheduleYearlyRun(db: Kysely<DB> | Transaction<DB>, now: Date) {
  return scheduleRunFor(db, Number(dateInZone(now, BUSINESS_TIME_ZONE).slice(0, 4)));
}

function scheduleRunFor(db: Kysely<DB> | Transaction<DB>, year: number) {
  return repo.scheduleJobOnce(db, {
    name: TAX_STATEMENT_JOB,
    key: `${TAX_STATEMENT_JOB}:${year}`,
    runAt: statementRunAt(year),
    payload: { year },
  });
}

/** The January job: the statements for the year before, then the next year's run. */
export const yearlyRun =
  (messages: Messenger): JobHandler =>
  async (trx, job, now) => {
    const year = job.payload.year;
    if (typeof year !== "number") throw new Error(`job ${job.key} names no year`);
    await issueStatements(trx, messages, year);
    await scheduleRunFor(trx, Math.max(year + 1, Number(dateInZone(now, BUSINESS_TIME_ZONE).slice(0, 4))));
  };
