import type { Application, Deposit } from "@festgeld/domain";
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DepositTimeline } from "../../../components/deposits/deposit-timeline.tsx";
import { formatMoney, formatRate } from "../../../lib/format.ts";
import { formatCalendarDate, formatDate } from "../../../lib/format-date.ts";
import { InterestPlan } from "./interest-plan.tsx";
import { MaturityInstructionForm } from "./maturity-instruction.tsx";
import { TransferCard } from "./transfer-card.tsx";

/** The anchor of a deposit on the dashboard (earlier terms link to the one that continued them). */
export const depositAnchor = (id: string) => `deposit-${id}`;

/** One figure of the deposit: its term, then its value (a reference in monospace). */
function Fact({
  label,
  testId,
  mono = false,
  children,
}: {
  label: string;
  testId?: string;
  mono?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd
        className={`${mono ? "font-mono " : ""}font-semibold text-slate-900 dark:text-white`}
        data-testid={testId}
      >
        {children}
      </dd>
    </div>
  );
}

/**
 * The money side of an approved application: the current deposit's state and timeline, the transfer
 * instructions while it awaits funds, the maturity instruction, and the earlier terms it renewed
 * (each with the interest paid out and a link to the term that continued it).
 */
export function DepositPanel({ application }: { application: Application }) {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const deposit = application.deposit;
  if (!deposit) return null;
  const money = (value: number) => formatMoney(value, deposit.currency, language);
  const headingId = `${depositAnchor(deposit.id)}-title`;
  // previous_deposits is newest first: the first continued in the current deposit, each later one in
  // the one listed before it.
  const earlier = application.previous_deposits.map((previous, index) => ({
    previous,
    next: index === 0 ? deposit : (application.previous_deposits[index - 1] as Deposit),
  }));

  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      <section
        id={depositAnchor(deposit.id)}
        aria-labelledby={headingId}
        data-testid="deposit"
        data-status={deposit.status}
        tabIndex={-1}
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 id={headingId} className="font-bold text-slate-900 dark:text-white">
            {deposit.previous_deposit_id ? t("panel.renewalTitle") : t("panel.title")}
          </h4>
          <span
            className="rounded-full border border-slate-400 px-3 py-0.5 text-sm font-semibold text-slate-900 dark:border-slate-500 dark:text-white"
            data-testid="deposit-status"
          >
            {t(`status.${deposit.status}`)}
          </span>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-3">
          <Fact label={t("panel.principal")} testId="deposit-amount">
            {money(deposit.amount)}
          </Fact>
          <Fact label={t("panel.rate")} testId="deposit-rate">
            {formatRate(deposit.interest_rate, language)}
          </Fact>
          <Fact label={t("panel.reference")} mono>
            {/* In groups of four, as the transfer details write it (RF80 FG00 1000 03). */}
            {deposit.reference.replace(/(.{4})(?=.)/g, "$1\u00a0")}
          </Fact>
          {deposit.maturity_date && (
            <Fact label={t("panel.maturity")} testId="deposit-maturity-date">
              {formatCalendarDate(deposit.maturity_date, language, "long")}
            </Fact>
          )}
          <Fact
            label={
              deposit.interest_payout === "monthly"
                ? t("panel.expectedInterestMonthly")
                : t("panel.expectedInterest")
            }
            testId="deposit-expected-interest"
          >
            {money(deposit.expected_interest)}
          </Fact>
          <Fact label={t("panel.balance")} testId="deposit-balance">
            {money(deposit.ledger.balance)}
          </Fact>
        </dl>
        <DepositTimeline deposit={deposit} appliedAt={application.created_at} />
        <InterestPlan deposit={deposit} />
        {deposit.transfer && <TransferCard depositId={deposit.id} transfer={deposit.transfer} />}
        {deposit.status === "lapsed" && (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t("panel.lapsedNote")}</p>
        )}
        {deposit.status === "payout_pending" && (
          <p
            className="mt-3 text-sm text-slate-700 dark:text-slate-300"
            data-testid="deposit-payment-ordered"
          >
            {t("panel.paymentOrderedNote", { amount: money(deposit.ledger.balance) })}
          </p>
        )}
        {deposit.status === "paid_out" && (
          <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="deposit-paid-out">
            {deposit.paid_out_at
              ? t("panel.paidOutOn", {
                  amount: money(deposit.ledger.paid_out),
                  date: formatDate(deposit.paid_out_at, language, "long", BUSINESS_TIME_ZONE),
                })
              : t("panel.paidOutNote", { amount: money(deposit.ledger.paid_out) })}
          </p>
        )}
        <MaturityInstructionForm deposit={deposit} />
      </section>

      {earlier.length > 0 && (
        <section className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
          <h4 className="font-bold text-slate-900 dark:text-white">{t("panel.earlier")}</h4>
          <ul className="mt-2 space-y-3">
            {earlier.map(({ previous, next }) => (
              <li
                key={previous.id}
                id={depositAnchor(previous.id)}
                tabIndex={-1}
                className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700"
                data-testid="earlier-deposit"
                data-status={previous.status}
              >
                <p className="font-semibold text-slate-900 dark:text-white">
                  {t("panel.earlierTerm", {
                    amount: money(previous.amount),
                    rate: formatRate(previous.interest_rate, language),
                    from: previous.value_date
                      ? formatCalendarDate(previous.value_date, language, "long")
                      : "",
                    to: previous.maturity_date
                      ? formatCalendarDate(previous.maturity_date, language, "long")
                      : "",
                  })}
                </p>
                <p className="mt-1 text-slate-700 dark:text-slate-300" data-testid="earlier-deposit-outcome">
                  {t(`status.${previous.status}`)}
                  {previous.renewed_at
                    ? `, ${formatDate(previous.renewed_at, language, "long", BUSINESS_TIME_ZONE)}`
                    : ""}
                  {": "}
                  {t("panel.interestCredited", { amount: money(previous.ledger.interest_credited) })}{" "}
                  <span data-testid="earlier-deposit-paid-out">
                    {previous.ledger.balance > 0
                      ? t("panel.interestOrdered", { amount: money(previous.ledger.balance) })
                      : t("panel.interestPaidOut", { amount: money(previous.ledger.paid_out) })}
                  </span>
                </p>
                {previous.status === "renewed" && (
                  <a
                    href={`#${depositAnchor(next.id)}`}
                    className="mt-1 inline-block font-medium text-brand-700 underline dark:text-brand-300"
                    onClick={(event) => {
                      event.preventDefault();
                      const target = document.getElementById(depositAnchor(next.id));
                      target?.scrollIntoView({ block: "start" });
                      target?.focus();
                    }}
                  >
                    {t("panel.continuedIn", { reference: next.reference })}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
