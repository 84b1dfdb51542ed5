import type { Deposit } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { TableHead } from "../../../components/ui/table-head.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { formatCalendarDate } from "../../../lib/format-date.ts";
import { useDepositPlan } from "../api/deposit-plan.ts";

/**
 * A deposit that pays interest monthly: its plan's interest payments (docs/decisions.md "A deposit's
 * plan"), each with its due date, amount and how far it got, and the interest paid so far.
 */
export function InterestPlan({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const shown = deposit.interest_payout === "monthly" && deposit.value_date !== null;
  // The dashboard is read again after every change; the plan follows it (same statuses, new figures).
  const plan = useDepositPlan(deposit.id, shown);
  if (!shown || !plan.data) return null;
  const money = (value: number) => formatMoney(value, deposit.currency, language);
  const interest = plan.data.payments.filter((p) => p.kind === "interest");
  const titleId = `interest-plan-${deposit.id}`;
  return (
    <section className="mt-4" aria-labelledby={titleId} data-testid="interest-plan">
      <h5 id={titleId} className="font-semibold text-slate-900 dark:text-white">
        {t("plan.title")}
      </h5>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300" data-testid="interest-plan-paid">
        {t("plan.paidOfTotal", {
          paid: money(plan.data.interest_paid),
          total: money(plan.data.total_interest),
        })}
      </p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t("plan.title")}</caption>
          <TableHead
            className="text-slate-600 dark:text-slate-300"
            columns={[
              { label: t("plan.month"), className: "py-1 pr-4 font-medium" },
              { label: t("plan.date"), className: "py-1 pr-4 font-medium" },
              { label: t("plan.amount"), className: "py-1 pr-4 text-right font-medium" },
              { label: t("plan.status"), className: "py-1 font-medium" },
            ]}
          />
          <tbody>
            {interest.map((p) => (
              <tr
                key={p.month}
                className="border-t border-slate-200 dark:border-slate-700"
                data-testid="interest-plan-row"
                data-status={p.status}
              >
                <td className="py-1 pr-4">{p.month}</td>
                <td className="py-1 pr-4 whitespace-nowrap">
                  {formatCalendarDate(p.date, language, "long")}
                </td>
                <td className="py-1 pr-4 text-right whitespace-nowrap">{money(p.amount)}</td>
                <td className="py-1">{t(`plan.statuses.${p.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
