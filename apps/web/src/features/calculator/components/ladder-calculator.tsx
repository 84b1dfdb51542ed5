import {
  addMonths,
  BUSINESS_TIME_ZONE,
  type Currency,
  compare,
  dateInZone,
  depositPlan,
  isPositive,
  type Money,
  money,
  moneyFromJsonNumber,
  type Package,
  splitLadder,
  sum,
  toBasisPoints,
} from "@festgeld/domain";
import { DURATIONS_MONTHS } from "@festgeld/domain/constants";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { TableHead } from "../../../components/ui/table-head.tsx";
import { parseDecimal } from "../../../lib/decimal.ts";
import { formatAmount, formatMoney, formatRate } from "../../../lib/format.ts";
import { formatCalendarDate } from "../../../lib/format-date.ts";
import { amountOf } from "../../../lib/money.ts";

/** Ladders are in euro, as the server builds them (docs/decisions.md "Deposit ladder: the split"). */
const LADDER_CURRENCY: Currency = "EUR";

interface RungFigures {
  term: number;
  /** The rung's principal and interest. */
  principal: Money;
  rate: number | null;
  interestEarned: Money;
  available: string;
  problem: "notOffered" | "outOfRange" | null;
  pkg: Package | undefined;
}

/** The best euro package per term (the one a ladder rung applies to, as the server picks it). */
function bestPerTerm(packages: Package[]) {
  const best = new Map<number, Package>();
  for (const pkg of packages) {
    if (pkg.currency !== LADDER_CURRENCY) continue;
    const current = best.get(pkg.duration_months);
    if (!current || pkg.interest_rate > current.interest_rate) best.set(pkg.duration_months, pkg);
  }
  return best;
}

/**
 * A ladder's figures from the packages on offer: the split (domain's splitLadder, as the server splits),
 * each rung's interest from its plan at its package's rate, and the day each rung's money becomes available when
 * the money arrives today. The server checks all of it again when the saver applies.
 */
export function ladderFigures(
  totalCents: bigint,
  terms: number[],
  packages: Package[],
  today: string,
): RungFigures[] {
  const best = bestPerTerm(packages);
  return splitLadder({ totalCents, terms }).map((rung) => {
    const pkg = best.get(rung.termMonths);
    const bp = pkg ? toBasisPoints(pkg.interest_rate) : null;
    const plan =
      bp === null || !pkg
        ? null
        : depositPlan({
            principalCents: rung.amountCents,
            rateBasisPoints: bp,
            months: rung.termMonths,
            startDate: today,
            interestPayout: pkg.interest_payout,
          });
    const principal = money(rung.amountCents, LADDER_CURRENCY);
    const interestEarned = money(plan?.totalInterestCents ?? 0n, LADDER_CURRENCY);
    const below = pkg ? compare(principal, amountOf(pkg.min_amount, pkg.currency)) < 0 : false;
    const above = pkg ? compare(principal, amountOf(pkg.max_amount, pkg.currency)) > 0 : false;
    const problem = !pkg ? "notOffered" : below || above ? "outOfRange" : null;
    return {
      term: rung.termMonths,
      principal,
      rate: pkg?.interest_rate ?? null,
      interestEarned,
      available: addMonths(today, rung.termMonths),
      problem,
      pkg,
    };
  });
}

/** The calculator's ladder mode: total and terms in, yield per rung and overall and the dates out. */
export function LadderCalculator({ packages }: { packages: Package[] }) {
  const { t, i18n } = useTranslation(["tools", "invest"]);
  const language = i18n.language;
  const navigate = useNavigate();
  const base = useId();
  const [total, setTotal] = useState("30000");
  const [terms, setTerms] = useState<number[]>([6, 12, 24]);
  const today = dateInZone(new Date(), BUSINESS_TIME_ZONE);
  const parsed = parseDecimal(total, language);
  // The total as the ladder application sends it (`total_amount`, a JSON number in euros).
  const totalAmount = parsed === null ? null : moneyFromJsonNumber(parsed, LADDER_CURRENCY);
  const ready = totalAmount !== null && isPositive(totalAmount) && terms.length >= 2;
  const rungs = ready ? ladderFigures(totalAmount.cents, terms, packages, today) : [];
  const euros = (value: number) => formatMoney(value, LADDER_CURRENCY, language);
  const months = (count: number) => t("invest:packages.months", { count });
  const overall = (of: (rung: RungFigures) => Money) =>
    formatAmount(sum(LADDER_CURRENCY, rungs.map(of)), language);
  const valid = ready && rungs.every((r) => r.problem === null);

  const toggle = (term: number) =>
    setTerms((current) =>
      current.includes(term) ? current.filter((x) => x !== term) : [...current, term].sort((a, b) => a - b),
    );

  return (
    <div className="mt-10 grid gap-8 lg:grid-cols-2" data-testid="ladder-calculator">
      <div className="card space-y-5">
        <p className="text-sm text-slate-700 dark:text-slate-300">{t("ladder.explain")}</p>
        <div>
          <label htmlFor={`${base}-total`} className="label">
            {t("ladder.total")}
          </label>
          <input
            id={`${base}-total`}
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={total}
            onChange={(event) => setTotal(event.target.value)}
            aria-describedby={`${base}-split`}
          />
          <p id={`${base}-split`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {t("ladder.splitNote")}
          </p>
        </div>
        <fieldset>
          <legend className="label">{t("ladder.terms")}</legend>
          <div className="mt-2 flex flex-wrap gap-3">
            {DURATIONS_MONTHS.map((term) => (
              <label
                key={term}
                className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
              >
                <input
                  type="checkbox"
                  checked={terms.includes(term)}
                  onChange={() => toggle(term)}
                  className="h-4 w-4 accent-brand-700"
                />
                {months(term)}
              </label>
            ))}
          </div>
          {terms.length < 2 && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800 dark:text-red-300">
              {t("ladder.needTwo")}
            </p>
          )}
        </fieldset>
      </div>

      <div className="card" aria-live="polite">
        {ready && (
          <>
            <table className="w-full text-sm" data-testid="ladder-rungs">
              <caption className="sr-only">{t("ladder.ladder")}</caption>
              <TableHead
                className="text-start"
                columns={[
                  { label: t("ladder.rung"), className: "text-start" },
                  { label: t("ladder.amount"), className: "text-end" },
                  { label: t("ladder.rate"), className: "text-end" },
                  { label: t("ladder.interest"), className: "text-end" },
                  { label: t("ladder.available"), className: "text-end" },
                ]}
              />
              <tbody>
                {rungs.map((rung) => (
                  <tr key={rung.term} className="border-t border-slate-200 dark:border-slate-700">
                    <th scope="row" className="py-2 text-start font-medium">
                      {months(rung.term)}
                      {rung.problem && (
                        <span className="block text-xs font-normal text-red-800 dark:text-red-300">
                          {rung.problem === "notOffered"
                            ? t("ladder.notOffered", { term: months(rung.term) })
                            : t("ladder.outOfRange", {
                                min: euros(rung.pkg?.min_amount ?? 0),
                                max: euros(rung.pkg?.max_amount ?? 0),
                              })}
                        </span>
                      )}
                    </th>
                    <td className="text-end">{formatAmount(rung.principal, language)}</td>
                    <td className="text-end">{rung.rate === null ? "–" : formatRate(rung.rate, language)}</td>
                    <td className="text-end">{formatAmount(rung.interestEarned, language)}</td>
                    <td className="text-end">{formatCalendarDate(rung.available, language)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 border-slate-300 font-semibold dark:border-slate-600">
                  <th scope="row" className="py-2 text-start">
                    {t("ladder.overall")}
                  </th>
                  <td className="text-end">{overall((r) => r.principal)}</td>
                  <td />
                  <td className="text-end" data-testid="ladder-total-interest">
                    {overall((r) => r.interestEarned)}
                  </td>
                  <td />
                </tr>
              </tfoot>
            </table>
            <button
              type="button"
              className="btn-primary mt-6 w-full"
              disabled={!valid}
              onClick={() => navigate("/apply/ladder", { state: { total: parsed, terms } })}
            >
              {t("ladder.applyLadder")}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
