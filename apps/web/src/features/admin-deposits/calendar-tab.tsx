import type { AdminDeposit } from "@festgeld/domain";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListPaging, ListState } from "../../components/admin/admin-table.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatAmount, formatMoney, formatNumber } from "../../lib/format.ts";
import { businessToday, formatCalendarDate } from "../../lib/format-date.ts";
import { totalOf } from "../../lib/money.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { addCalendarDays } from "./lib/dates.ts";

const PAGE_SIZE = 100;
const RANGES = [30, 90] as const;

/** Admin tab "Maturity calendar": running deposits maturing in the next 30 or 90 days, by day. */
export default function CalendarTab() {
  const { t, i18n } = useTranslation(["deposits", "invest"]);
  const language = i18n.language;
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const today = businessToday();
  const { list, paging } = usePagedListState(
    [...ADMIN_KEYS.deposits, "calendar"],
    operations.adminDepositsList,
    {
      status: "active",
      maturity_from: today,
      maturity_to: addCalendarDays(today, days),
    },
    PAGE_SIZE,
    t("admin.calendar.pages"),
  );

  const byDay = new Map<string, AdminDeposit[]>();
  for (const deposit of list.data?.items ?? []) {
    const day = deposit.maturity_date ?? "";
    byDay.set(day, [...(byDay.get(day) ?? []), deposit]);
  }

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">
            {t("admin.calendar.title")}
          </h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("admin.calendar.subtitle")}</p>
        </div>
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t("admin.calendar.range")}</legend>
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              aria-pressed={days === range}
              className={days === range ? "btn-primary" : "btn-secondary"}
              onClick={() => {
                setDays(range);
              }}
            >
              {t("admin.calendar.next", { count: range })}
            </button>
          ))}
        </fieldset>
      </div>
      <ListState
        query={list}
        empty={byDay.size === 0}
        texts={{
          loading: t("admin.loading"),
          error: t("admin.loadFailed"),
          empty: t("admin.calendar.empty", { count: days }),
        }}
      >
        <ol className="space-y-4" data-testid="maturity-calendar">
          {[...byDay].map(([day, deposits]) => {
            const total = totalOf(
              deposits.map((d) => d.amount),
              deposits[0]?.currency ?? "EUR",
            );
            return (
              <li key={day} className="card" data-testid="maturity-day" data-date={day}>
                <h3 className="flex flex-wrap justify-between gap-2 font-semibold text-slate-900 dark:text-white">
                  <time dateTime={day}>{formatCalendarDate(day, language, "long")}</time>
                  <span>
                    {t("admin.calendar.dayTotal", {
                      count: deposits.length,
                      number: formatNumber(deposits.length, language),
                      amount: formatAmount(total, language),
                    })}
                  </span>
                </h3>
                <ul className="mt-2 divide-y divide-slate-200 text-sm dark:divide-slate-700">
                  {deposits.map((deposit) => (
                    <li key={deposit.id} className="flex flex-wrap justify-between gap-2 py-2">
                      <span className="text-slate-900 dark:text-white">
                        {deposit.applicant_name}{" "}
                        <span className="font-mono text-slate-600 dark:text-slate-400">
                          {deposit.reference}
                        </span>
                      </span>
                      <span className="text-slate-800 dark:text-slate-200">
                        {formatMoney(deposit.amount, deposit.currency, language)} ·{" "}
                        {t(`invest:maturity.${deposit.maturity_instruction}.label`)}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      </ListState>
      <ListPaging paging={paging} rows={list.data?.items.length} />
    </div>
  );
}
