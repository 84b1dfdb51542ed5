import {
  type Application,
  type Currency,
  type FieldError,
  type Ladder,
  type LadderCreateRequest,
  type LadderProblem,
  type Language,
  ladderProblems,
  money,
  moneyFromDb,
  moneyFromJsonNumber,
  moneyToDb,
  moneyToJsonNumber,
  moneyToPlainText,
  splitLadder,
  type User,
} from "@festgeld/domain";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";
import { ownApplicationsOfLadders, recordApplication } from "../applications/applications.service.ts";
import type { Messenger } from "../messages/messages.service.ts";
import { bestActivePackage } from "../packages/packages.service.ts";
import * as repo from "./ladders.repository.ts";

/** Ladders are in euro, the only currency on offer. */
const CURRENCY: Currency = "EUR";

type Input = Omit<LadderCreateRequest, "info_sheet_acknowledged" | "terms"> & {
  terms: number[];
  info_sheet_acknowledged: boolean;
};

const eur = (cents: bigint) => moneyToPlainText(money(cents, CURRENCY));

function problemText(problem: LadderProblem): string {
  const rung = `The ${problem.termMonths}-month rung`;
  switch (problem.code) {
    case "ladder_term_not_offered":
      return `${rung}: no package offers this term`;
    case "ladder_rung_below_minimum":
      return `${rung}: ${eur(problem.amountCents)} is below the package minimum of ${eur(problem.limitCents)}`;
    case "ladder_rung_above_maximum":
      return `${rung}: ${eur(problem.amountCents)} is above the package maximum of ${eur(problem.limitCents)}`;
  }
}

/**
 * Builds a deposit ladder: the total split in whole 100 EUR over the terms (remainder on the longest),
 * each rung an application to the best package offered for its term, within that package's limits.
 * All rungs are recorded in one transaction with the ladder, or none (docs/decisions.md "Deposit ladder").
 */
export async function createLadder(
  db: Kysely<DB>,
  user: User,
  input: Input,
  context: { language: Language; now: Date; messages?: Messenger },
): Promise<Ladder> {
  const total = moneyFromJsonNumber(input.total_amount, CURRENCY);
  if (total === null) throw badRequest("validation_failed", "The amount takes at most two decimal places");
  const rungs = splitLadder({ totalCents: total.cents, terms: input.terms });
  const packages = new Map(
    await Promise.all(
      input.terms.map(
        async (term) =>
          [term, await bestActivePackage(db, { durationMonths: term, currency: CURRENCY })] as const,
      ),
    ),
  );
  const problems = ladderProblems(rungs, input.terms, (term) => {
    const pkg = packages.get(term);
    return pkg
      ? {
          minCents: moneyFromDb(pkg.min_amount_cents, CURRENCY).cents,
          maxCents: moneyFromDb(pkg.max_amount_cents, CURRENCY).cents,
        }
      : undefined;
  });
  const [first] = problems;
  if (first) {
    const fields: FieldError[] = problems.map((p) => ({
      path: `body.terms.${p.index}`,
      message: problemText(p),
      code: p.code,
    }));
    throw badRequest(first.code, problemText(first), fields);
  }
  const longest = Math.max(...input.terms);
  const created = await db.transaction().execute(async (trx) => {
    const ladder = await repo.insertLadder(trx, {
      user_id: user.id,
      total_cents: moneyToDb(total),
      currency: CURRENCY,
      longest_term_months: longest,
      created_at: context.now,
    });
    for (const rung of rungs) {
      const pkg = packages.get(rung.termMonths);
      if (!pkg) throw new Error(`ladder ${ladder.id}: no package for ${rung.termMonths} months`);
      await recordApplication(
        trx,
        pkg,
        {
          full_name: input.full_name,
          email: input.email,
          phone: input.phone,
          message: input.message ?? null,
          reference_iban: input.reference_iban,
          maturity_instruction: input.maturity_instruction ?? "renew_all",
          renew_min_rate: input.renew_min_rate,
          info_sheet_acknowledged: input.info_sheet_acknowledged,
          principal: money(rung.amountCents, CURRENCY),
        },
        {
          user,
          language: context.language,
          now: context.now,
          messages: context.messages,
          ladder: { ladderId: ladder.id, longestTermMonths: longest },
        },
      );
    }
    return ladder;
  });
  const [ladder] = await assemble(db, user, [created]);
  if (!ladder) throw new Error(`ladder ${created.id} vanished`);
  return ladder;
}

/** The saver's ladders, newest first, each with its rungs (applications and their deposits). */
export async function listLadders(db: Kysely<DB>, user: User): Promise<Ladder[]> {
  return assemble(db, user, await repo.listLaddersOfUser(db, user.id));
}

async function assemble(db: Kysely<DB>, user: User, ladders: repo.LadderRow[]): Promise<Ladder[]> {
  const applications = await ownApplicationsOfLadders(
    db,
    user,
    ladders.map((l) => l.id),
  );
  const byLadder = new Map<string, Application[]>();
  for (const application of applications) {
    if (!application.ladder_id) continue;
    byLadder.set(application.ladder_id, [...(byLadder.get(application.ladder_id) ?? []), application]);
  }
  return ladders.map((ladder) => ({
    id: ladder.id,
    total_amount: moneyToJsonNumber(moneyFromDb(ladder.total_cents, CURRENCY)),
    currency: "EUR",
    longest_term: ladder.longest_term_months,
    created_at: ladder.created_at.toISOString(),
    rungs: (byLadder.get(ladder.id) ?? []).map((application) => ({
      term: application.term,
      amount: application.amount,
      application,
    })),
  }));
}
