import type { Reconciliation, ReconciliationRun } from "@festgeld/domain";
import { formatIban } from "@festgeld/domain/iban";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, amountColumn, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { Section } from "../../components/ui/section.tsx";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { businessToday, formatCalendarDate, formatDateTime } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { LEDGER_KEYS, useReconciliation, useTrialBalance } from "./api/ledger-api.ts";
import { BooksDayField } from "./components/books-day-field.tsx";

type Difference = Reconciliation["differences"][number];
const PAGE_SIZE = 25;

const STATUS_CLASS: Record<Reconciliation["status"], string> = {
  consistent: "text-emerald-700 dark:text-emerald-400",
  difference: "text-red-700 dark:text-red-400",
  no_statement: "text-slate-600 dark:text-slate-400",
};

/**
 * Admin area "Reconciliation": a partner bank account's books against the bank's closing balance of
 * the chosen day, each difference, and the results the daily run recorded.
 */
export default function ReconciliationTab() {
  const { t, i18n } = useTranslation("ledger");
  const language = i18n.language;
  const id = useId();
  const [date, setDate] = useState(businessToday());
  const [chosen, setChosen] = useState("");
  // The partner bank accounts the books know: their cash accounts.
  const balance = useTrialBalance(date);
  const accounts = [
    ...new Set(balance.data?.accounts.filter((a) => a.type === "cash").map((a) => a.bank_iban) ?? []),
  ];
  const account = chosen || accounts[0] || "";
  const result = useReconciliation(date, account);
  const money = (amount: number | null) => (amount === null ? "–" : formatMoney(amount, "EUR", language));

  const { table } = usePagedListState(
    LEDGER_KEYS.runs,
    operations.ledgerReconciliationRuns,
    account ? { account } : {},
    PAGE_SIZE,
    t("reconciliation.runs.pages"),
  );

  const differenceColumns: Column<Difference>[] = [
    {
      id: "side",
      header: t("reconciliation.columns.side"),
      cell: (d) => t(`reconciliation.sides.${d.side}`),
    },
    {
      id: "date",
      header: t("reconciliation.columns.date"),
      cell: (d) => <time dateTime={d.date}>{formatCalendarDate(d.date, language)}</time>,
      className: "whitespace-nowrap",
    },
    amountColumn("amount", t("reconciliation.columns.amount"), (d) => money(d.amount)),
    {
      id: "what",
      header: t("reconciliation.columns.what"),
      cell: (d) =>
        d.side === "book_only" ? (
          <>
            {t(`entryKinds.${d.kind ?? "other"}`, d.kind ?? "")}{" "}
            <span className="text-slate-600 dark:text-slate-400">#{d.entry_id}</span>
          </>
        ) : (
          <code className="break-all text-xs">
            {d.statement_id} / {d.statement_entry_key}
            {d.end_to_end_id ? ` · ${d.end_to_end_id}` : ""}
          </code>
        ),
    },
  ];

  const runColumns: Column<ReconciliationRun>[] = [
    {
      id: "date",
      header: t("reconciliation.columns.date"),
      cell: (r) => <time dateTime={r.date}>{formatCalendarDate(r.date, language)}</time>,
      className: "whitespace-nowrap",
    },
    {
      id: "account",
      header: t("reconciliation.account"),
      cell: (r) => <span className="font-mono text-xs">{formatIban(r.account)}</span>,
    },
    {
      id: "status",
      header: t("reconciliation.columns.status"),
      cell: (r) => <span className={STATUS_CLASS[r.status]}>{t(`reconciliation.status.${r.status}`)}</span>,
    },
    amountColumn("book", t("reconciliation.book"), (r) => money(r.book_balance)),
    amountColumn("bank", t("reconciliation.bank"), (r) => money(r.bank_balance)),
    {
      id: "differences",
      header: t("reconciliation.columns.differences"),
      cell: (r) => formatNumber(r.differences, language),
      className: "text-right",
    },
    {
      id: "runAt",
      header: t("reconciliation.columns.runAt"),
      cell: (r) => <time dateTime={r.run_at}>{formatDateTime(r.run_at, language)}</time>,
      className: "whitespace-nowrap",
    },
  ];

  const data = result.data;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("reconciliation.title")}</h2>
        <p className="mt-1 max-w-3xl text-slate-600 dark:text-slate-400">{t("reconciliation.subtitle")}</p>
      </div>
      <div className="flex flex-wrap items-end gap-4">
        <BooksDayField
          id={`${id}-date`}
          label={t("reconciliation.date")}
          day={date}
          onDay={setDate}
          testId="reconciliation-date"
        />
        <LabelledSelect
          label={t("reconciliation.account")}
          value={account}
          options={
            accounts.length === 0
              ? [{ value: "", label: t("reconciliation.noAccounts") }]
              : accounts.map((iban) => ({ value: iban, label: formatIban(iban) }))
          }
          onChange={setChosen}
          disabled={accounts.length === 0}
          testId="reconciliation-account"
        />
      </div>

      {data && (
        <section
          className="card space-y-3"
          aria-labelledby={`${id}-result`}
          data-testid="reconciliation-result"
        >
          <h3 id={`${id}-result`} className={`text-lg font-semibold ${STATUS_CLASS[data.status]}`}>
            {t(`reconciliation.status.${data.status}`)}
          </h3>
          <dl className="grid max-w-xl grid-cols-2 gap-2 text-sm">
            <dt className="text-slate-600 dark:text-slate-400">{t("reconciliation.book")}</dt>
            <dd className="text-right font-medium">{money(data.book_balance)}</dd>
            <dt className="text-slate-600 dark:text-slate-400">{t("reconciliation.bank")}</dt>
            <dd className="text-right font-medium">{money(data.bank_balance)}</dd>
            <dt className="font-semibold">{t("reconciliation.difference")}</dt>
            <dd className="text-right font-semibold" data-testid="reconciliation-difference">
              {money(data.difference)}
            </dd>
          </dl>
          <AdminTable
            caption={t("reconciliation.differencesCaption", {
              date: formatCalendarDate(date, language, "long"),
            })}
            columns={differenceColumns}
            rows={data.differences}
            rowKey={(d) =>
              `${d.side}:${d.entry_id ?? ""}:${d.statement_id ?? ""}:${d.statement_entry_key ?? ""}`
            }
            query={result}
            texts={listTexts(t, "reconciliation.noDifferences")}
            testId="reconciliation-differences"
          />
        </section>
      )}
      {result.isError && (
        <p role="alert" className="card text-red-700 dark:text-red-400">
          {t("loadFailed")}
        </p>
      )}

      <Section
        id={`${id}-runs`}
        title={t("reconciliation.runs.title")}
        heading="box"
        level={3}
        className="space-y-3"
      >
        <AdminTable
          caption={t("reconciliation.runs.title")}
          columns={runColumns}
          {...table}
          rowKey={(r) => r.id}
          texts={listTexts(t, "reconciliation.runs.empty")}
          testId="reconciliation-runs"
        />
      </Section>
    </div>
  );
}
