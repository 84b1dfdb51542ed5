import type { Deposit } from "@festgeld/domain";
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import { useTranslation } from "react-i18next";
import { formatCalendarDate, formatDate } from "../../lib/format-date.ts";

type StepState = "done" | "current" | "next" | "upcoming" | "stopped";

interface Step {
  key: string;
  label: string;
  /** What happened or will happen, with its date. */
  text: string;
  state: StepState;
}

const MARKS: Record<StepState, string> = {
  done: "✓",
  current: "●",
  next: "→",
  upcoming: "○",
  stopped: "×",
};
const MARK_STYLES: Record<StepState, string> = {
  done: "border-green-700 bg-green-700 text-white dark:border-green-400 dark:bg-green-400 dark:text-slate-950",
  current:
    "border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950",
  next: "border-brand-700 bg-white text-brand-800 dark:border-brand-300 dark:bg-slate-900 dark:text-brand-200",
  upcoming:
    "border-slate-400 bg-white text-slate-600 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-300",
  stopped: "border-red-700 bg-white text-red-800 dark:border-red-400 dark:bg-slate-900 dark:text-red-300",
};

/**
 * The steps of a deposit, in order, each with its date and its state in words (done, in progress, next,
 * upcoming, stopped; a running term is in progress, never done): applied, approved, funds received, term running, matures, paid out or renewed. A lapsed,
 * withdrawn or early-closed deposit ends the line with that step. Used on the dashboard and in the
 * back office.
 */
export function DepositTimeline({
  deposit,
  appliedAt,
}: {
  deposit: Deposit;
  appliedAt?: string | undefined;
}) {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const instant = (value: string) => formatDate(value, language, "long", BUSINESS_TIME_ZONE);
  const day = (value: string) => formatCalendarDate(value, language, "long");
  const renewal = deposit.previous_deposit_id !== null;
  const steps: Step[] = [];

  if (appliedAt && !renewal) {
    steps.push({ key: "applied", label: t("timeline.applied"), text: instant(appliedAt), state: "done" });
  }
  if (!renewal) {
    steps.push({
      key: "approved",
      label: t("timeline.approved"),
      text: instant(deposit.approved_at),
      state: "done",
    });
  }

  // Money: received (or carried over from the deposit before), or still awaited, or never came.
  if (deposit.value_date) {
    steps.push({
      key: "funded",
      label: renewal ? t("timeline.carriedOver") : t("timeline.funded"),
      text: renewal
        ? day(deposit.value_date)
        : t("timeline.fundedText", {
            date: deposit.funded_at ? instant(deposit.funded_at) : day(deposit.value_date),
            valueDate: day(deposit.value_date),
          }),
      state: "done",
    });
  } else if (deposit.status === "awaiting_funds") {
    steps.push({
      key: "funded",
      label: t("timeline.funded"),
      text: deposit.funding_deadline
        ? t("timeline.fundsBy", { date: instant(deposit.funding_deadline) })
        : "",
      state: "next",
    });
  }
  if (deposit.status === "lapsed" && deposit.lapsed_at) {
    steps.push({
      key: "lapsed",
      label: t("timeline.lapsed"),
      text: instant(deposit.lapsed_at),
      state: "stopped",
    });
  }
  if (deposit.status === "withdrawn" && deposit.withdrawn_at) {
    steps.push({
      key: "withdrawn",
      label: t("timeline.withdrawn"),
      text: instant(deposit.withdrawn_at),
      state: "stopped",
    });
  }

  const ended = ["lapsed", "withdrawn"].includes(deposit.status);
  if (!ended) {
    const running = deposit.status === "active";
    steps.push({
      key: "active",
      label: t("timeline.active"),
      text: deposit.value_date
        ? t("timeline.activeText", { date: day(deposit.value_date) })
        : t("timeline.activeLater"),
      state: !deposit.value_date ? "upcoming" : running ? "current" : "done",
    });
    if (deposit.status === "closed_early" && deposit.closed_at) {
      steps.push({
        key: "closed",
        label: t("timeline.closedEarly"),
        text: instant(deposit.closed_at),
        state: "stopped",
      });
    } else {
      steps.push({
        key: "matures",
        label: t("timeline.matures"),
        text: deposit.maturity_date
          ? day(deposit.maturity_date)
          : t("timeline.maturesLater", { count: deposit.term }),
        state: deposit.matured_at ? "done" : running ? "next" : "upcoming",
      });
      if (deposit.status === "renewed" && deposit.renewed_at) {
        steps.push({
          key: "renewed",
          label: t("timeline.renewed"),
          text: instant(deposit.renewed_at),
          state: "done",
        });
      } else if (deposit.status === "payout_pending") {
        // The payout is ordered; it is paid once the bank has booked it (a statement confirms it).
        steps.push({
          key: "payment-ordered",
          label: t("timeline.paymentOrdered"),
          text: t("timeline.paymentOrderedText", {
            date: instant(deposit.matured_at ?? deposit.approved_at),
          }),
          state: "current",
        });
      } else if (deposit.status === "paid_out" && deposit.paid_out_at) {
        steps.push({
          key: "paid-out",
          label: t("timeline.paidOut"),
          text: t("timeline.paidOutText", { date: instant(deposit.paid_out_at) }),
          state: "done",
        });
      } else {
        steps.push({
          key: deposit.maturity_instruction === "payout" ? "paid-out" : "renewed",
          label: deposit.maturity_instruction === "payout" ? t("timeline.paidOut") : t("timeline.renewed"),
          text: t(`timeline.planned.${deposit.maturity_instruction}`),
          state: "upcoming",
        });
      }
    }
  }

  return (
    <ol className="mt-3 space-y-3" data-testid="deposit-timeline">
      {steps.map((step) => (
        <li
          key={step.key}
          className="flex gap-3"
          data-testid="timeline-step"
          data-step={step.key}
          data-state={step.state}
        >
          <span
            aria-hidden="true"
            className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold ${MARK_STYLES[step.state]}`}
          >
            {MARKS[step.state]}
          </span>
          <div className="min-w-0">
            <p className="font-semibold text-slate-900 dark:text-white">
              {step.label}{" "}
              <span className="text-sm font-normal text-slate-600 dark:text-slate-300">
                ({t(`timeline.state.${step.state}`)})
              </span>
            </p>
            {step.text && (
              <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="timeline-text">
                {step.text}
              </p>
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
