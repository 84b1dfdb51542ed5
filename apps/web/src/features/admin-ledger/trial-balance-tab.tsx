import type { TrialBalance } from "@festgeld/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, amountColumn, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { formatMoney } from "../../lib/format.ts";
import { businessToday, formatCalendarDate } from "../../lib/format-date.ts";
import { useTrialBalance } from "./api/ledger-api.ts";
import { BooksDayField } from "./components/books-day-field.tsx";

type Row = TrialBalance["accounts"][number];

/** Admin area "Trial balance": every journal account's balance at the end of the chosen day. */
export default function TrialBalanceTab() {
  const { t, i18n } = useTranslation("ledger");
  const language = i18n.language;
  const id = useId();
  const [date, setDate] = useState(businessToday());
  const balance = useTrialBalance(date);
  const money = (amount: number) => formatMoney(amount, "EUR", language);

  const columns: Column<Row>[] = [
    {
      id: "account",
      header: t("trialBalance.columns.account"),
      cell: (row) => <code className="break-all text-xs">{row.account}</code>,
    },
    { id: "type", header: t("trialBalance.columns.type"), cell: (row) => t(`accountTypes.${row.type}`) },
    amountColumn("debit", t("trialBalance.columns.debit"), (row) =>
      row.balance > 0 ? money(row.balance) : "",
    ),
    amountColumn("credit", t("trialBalance.columns.credit"), (row) =>
      row.balance < 0 ? money(-row.balance) : "",
    ),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("trialBalance.title")}</h2>
          <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">{t("trialBalance.subtitle")}</p>
        </div>
        <BooksDayField
          id={`${id}-date`}
          label={t("trialBalance.date")}
          day={date}
          onDay={setDate}
          testId="trial-balance-date"
        />
      </div>
      <AdminTable
        caption={t("trialBalance.caption", { date: formatCalendarDate(date, language, "long") })}
        columns={columns}
        rows={balance.data?.accounts}
        rowKey={(row) => row.account}
        query={balance}
        texts={listTexts(t, "trialBalance.empty")}
        testId="trial-balance"
      />
      {balance.data && (
        <dl className="card grid max-w-xl grid-cols-2 gap-2 text-sm" data-testid="trial-balance-totals">
          <dt className="text-slate-600 dark:text-slate-400">{t("trialBalance.debits")}</dt>
          <dd className="text-right font-medium">{money(balance.data.debits)}</dd>
          <dt className="text-slate-600 dark:text-slate-400">{t("trialBalance.credits")}</dt>
          <dd className="text-right font-medium">{money(-balance.data.credits)}</dd>
          <dt className="font-semibold text-slate-900 dark:text-white">{t("trialBalance.total")}</dt>
          <dd className="text-right font-semibold" data-testid="trial-balance-total">
            {money(balance.data.total)}
          </dd>
          <dd className="col-span-2 text-slate-600 dark:text-slate-400" aria-live="polite">
            {balance.data.total_cents === 0 ? t("trialBalance.balanced") : t("trialBalance.unbalanced")}
          </dd>
        </dl>
      )}
    </div>
  );
}
