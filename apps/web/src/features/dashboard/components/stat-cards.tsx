import type { Application } from "@festgeld/domain";
import { add, type Money, zero } from "@festgeld/domain/money";
import { useTranslation } from "react-i18next";
import { formatAmount, formatNumber } from "../../../lib/format.ts";
import { amountOf } from "../../../lib/money.ts";

/**
 * Total invested = money received and not yet paid out: the ledger balance of each application's
 * current deposit, exact, per currency. An approval alone counts nothing.
 */
function investedByCurrency(applications: Application[]): Money[] {
  const sums = new Map<string, Money>();
  for (const a of applications) {
    const deposit = a.deposit;
    if (!deposit) continue;
    const balance = amountOf(deposit.ledger.balance, deposit.currency);
    sums.set(deposit.currency, add(sums.get(deposit.currency) ?? zero(balance.currency), balance));
  }
  if (sums.size === 0) return [zero("EUR")];
  return [...sums.values()];
}

export function StatCards({ applications }: { applications: Application[] }) {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  const count = (status: Application["status"]) => applications.filter((a) => a.status === status).length;
  const cards = [
    { key: "total", label: t("dashboard.stats.total"), value: formatNumber(applications.length, language) },
    { key: "pending", label: t("dashboard.stats.pending"), value: formatNumber(count("pending"), language) },
    {
      key: "approved",
      label: t("dashboard.stats.approved"),
      value: formatNumber(count("approved"), language),
    },
    {
      key: "invested",
      label: t("dashboard.stats.invested"),
      value: investedByCurrency(applications)
        .map((amount) => formatAmount(amount, language))
        .join(" + "),
    },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map((card) => (
        <div key={card.key} className="card" data-testid={`stat-${card.key}`}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{card.label}</dt>
          <dd className="mt-2 text-3xl font-bold text-slate-900 dark:text-white">{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}
