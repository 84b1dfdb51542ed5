import type { BankStatementResult, StatementEntryView } from "@festgeld/domain";
import { type ReactNode, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, type Column, ListState, listTexts } from "../../components/admin/admin-table.tsx";
import { FileField } from "../../components/ui/file-field.tsx";
import { ErrorText } from "../../components/ui/form-alert.tsx";
import { Section } from "../../components/ui/section.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { formatCalendarDate, formatDateTime } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedList } from "../../lib/paged-list.ts";
import { useImportStatement } from "./api/deposits-admin-api.ts";

/**
 * Admin tab "Bank statements": a camt.053 file is read, the credits matched by reference are shown
 * beside those left for manual handling (with the reason), and only a confirmation books them.
 * Importing the same statement again changes nothing, and the screen says so.
 */
export default function StatementsTab() {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const fileId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [xml, setXml] = useState<string | null>(null);
  const [readFailed, setReadFailed] = useState(false);
  const preview = useImportStatement();
  const booking = useImportStatement();
  const history = usePagedList(ADMIN_KEYS.statements, operations.adminBankStatementsList, {
    limit: 10,
    offset: 0,
  });

  async function choose(file: File | undefined) {
    preview.reset();
    booking.reset();
    setReadFailed(false);
    setXml(null);
    if (!file) return;
    try {
      const text = await file.text();
      setXml(text);
      preview.mutate({ xml: text, dry_run: true });
    } catch {
      setReadFailed(true);
    }
  }

  const shown = booking.data ?? preview.data;
  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">
          {t("admin.statements.title")}
        </h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("admin.statements.subtitle")}</p>
      </div>
      <div className="card">
        <FileField
          id={fileId}
          label={t("admin.statements.file")}
          ref={fileInput}
          accept=".xml,application/xml,text/xml"
          onChange={(event) => void choose(event.target.files?.[0])}
          data-testid="statement-file"
        />
        {readFailed && (
          <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
            {t("admin.statements.readFailed")}
          </p>
        )}
        {preview.isPending && <Spinner label={t("admin.statements.reading")} />}
        <ErrorText
          message={preview.isError && errorMessage(preview.error, t("admin.statements.failed"))}
          className="mt-2"
        />
      </div>

      {shown && (
        <Section
          id={`${fileId}-result`}
          title={shown.dry_run ? t("admin.statements.previewTitle") : t("admin.statements.bookedTitle")}
          heading="box"
          level={3}
          className="card space-y-4"
          data-testid="statement-result"
        >
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t("admin.statements.summary", {
              count: shown.credits,
              message: shown.message_id,
              statement: shown.statement_id,
              credits: formatNumber(shown.credits, language),
              matched: formatNumber(shown.matched.length, language),
              unmatched: formatNumber(shown.unmatched.length, language),
            })}
          </p>
          <Outcome result={shown} />
          <EntryList result={shown} />
          <MatchedList result={shown} />
          <UnmatchedList result={shown} />
          <ErrorText message={booking.isError && errorMessage(booking.error, t("admin.statements.failed"))} />
          {shown.dry_run && !shown.already_imported && xml && (
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className="btn-primary"
                disabled={booking.isPending}
                onClick={() => booking.mutate({ xml, dry_run: false })}
              >
                {t("admin.statements.confirm", { count: shown.matched.length })}
              </button>
              <button
                type="button"
                className="btn-secondary"
                onClick={() => {
                  preview.reset();
                  setXml(null);
                  if (fileInput.current) fileInput.current.value = "";
                  fileInput.current?.focus();
                }}
              >
                {t("admin.cancel")}
              </button>
            </div>
          )}
        </Section>
      )}

      <Section id={`${fileId}-history`} title={t("admin.statements.history")} heading="box" level={3}>
        <ListState
          query={history}
          empty={history.data?.items.length === 0}
          texts={listTexts(t, "admin.statements.none", "admin.")}
        >
          <ul className="mt-2 space-y-2 text-sm" data-testid="statement-history">
            {history.data?.items.map((s) => (
              <li key={s.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                <span className="font-semibold text-slate-900 dark:text-white">
                  {formatDateTime(s.imported_at, language)}
                </span>{" "}
                <span className="text-slate-700 dark:text-slate-300">
                  {t("admin.statements.historyLine", {
                    count: s.credits,
                    message: s.message_id,
                    credits: formatNumber(s.credits, language),
                    matched: formatNumber(s.matched, language),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </ListState>
      </Section>
    </div>
  );
}

/** What happened: a preview books nothing; a second import of the same statement changed nothing. */
function Outcome({ result }: { result: BankStatementResult }) {
  const { t } = useTranslation("deposits");
  if (result.already_imported) {
    return (
      <p
        role="status"
        className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm font-medium text-slate-900 dark:border-amber-600 dark:bg-amber-950 dark:text-white"
        data-testid="statement-outcome"
        data-outcome="already-imported"
      >
        {t("admin.statements.alreadyImported")}
      </p>
    );
  }
  return (
    <p
      role="status"
      className="text-sm font-medium text-slate-900 dark:text-white"
      data-testid="statement-outcome"
      data-outcome={result.dry_run ? "preview" : "booked"}
    >
      {result.dry_run
        ? t("admin.statements.previewNote")
        : t("admin.statements.booked", { count: result.matched.length })}
    </p>
  );
}

/** A heading that counts the credits, then the credits (no list when there are none). */
function CreditList<Credit>({
  title,
  credits,
  testId,
  children,
}: {
  title: string;
  credits: readonly Credit[];
  testId: string;
  children: (credit: Credit, index: number) => ReactNode;
}) {
  return (
    <div>
      <h4 className="font-semibold text-slate-900 dark:text-white">{title}</h4>
      {credits.length > 0 && (
        <ul className="mt-2 space-y-2 text-sm" data-testid={testId}>
          {credits.map(children)}
        </ul>
      )}
    </div>
  );
}

/** A credit's mark (decorative), its reference and what the statement says of it. */
function CreditSummary({
  mark,
  reference,
  details,
}: {
  mark: string;
  reference: string | null;
  details: string;
}) {
  return (
    <>
      <span aria-hidden="true">{mark} </span>
      <span className="font-mono font-semibold text-slate-900 dark:text-white">{reference}</span>{" "}
      <span className="text-slate-800 dark:text-slate-200">{details}</span>
    </>
  );
}

/** ", payer name (payer IBAN)" where the statement gives them. */
const payerText = (credit: { payer_name: string | null; payer_iban: string | null }) =>
  `${credit.payer_name ? `, ${credit.payer_name}` : ""}${credit.payer_iban ? ` (${credit.payer_iban})` : ""}`;

function MatchedList({ result }: { result: BankStatementResult }) {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  return (
    <CreditList
      title={t("admin.statements.matched", { count: result.matched.length })}
      credits={result.matched}
      testId="statement-matched"
    >
      {(credit) => (
        <li
          key={`${credit.deposit_id}-${credit.bank_reference}`}
          className="rounded-lg border border-green-700 p-3 dark:border-green-400"
          data-testid="matched-credit"
        >
          <CreditSummary
            mark="✓"
            reference={credit.reference}
            details={`${formatMoney(credit.amount, credit.currency, language)}${
              credit.value_date ? `, ${formatCalendarDate(credit.value_date, language)}` : ""
            }${payerText(credit)}`}
          />
        </li>
      )}
    </CreditList>
  );
}

function UnmatchedList({ result }: { result: BankStatementResult }) {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  return (
    <CreditList
      title={t("admin.statements.unmatched", { count: result.unmatched.length })}
      credits={result.unmatched}
      testId="statement-unmatched"
    >
      {(credit, index) => (
        <li
          // Credits without a bank reference have nothing else unique: the index tells them apart.
          key={`${credit.bank_reference ?? "credit"}-${index}`}
          className="rounded-lg border border-amber-500 p-3 dark:border-amber-500"
          data-testid="unmatched-credit"
          data-reason={credit.reason}
        >
          <CreditSummary
            mark="!"
            reference={credit.reference ?? t("admin.statements.noReference")}
            details={`${formatMoney(credit.amount, credit.currency, language)}${payerText(credit)}`}
          />
          <span className="block text-slate-700 dark:text-slate-300">
            {t(`admin.statements.reasons.${credit.reason}`)}
          </span>
        </li>
      )}
    </CreditList>
  );
}

/**
 * Every entry of the statement with what became of it: funded, booked or returned order, unmatched
 * (with what the payer wrote) or refused with its reason. What was not settled waits in the exception
 * queue (Payments), where staff settle it.
 */
function EntryList({ result }: { result: BankStatementResult }) {
  const { t, i18n } = useTranslation(["payments", "deposits"]);
  const language = i18n.language;
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount, "EUR", language));
  const columns: Column<StatementEntryView>[] = [
    {
      id: "date",
      header: t("entries.columns.date"),
      cell: (e) => (e.booking_date ? formatCalendarDate(e.booking_date, language) : "–"),
      className: "whitespace-nowrap",
    },
    {
      id: "direction",
      header: t("entries.columns.direction"),
      cell: (e) => (e.direction ? t(`entries.${e.direction}`) : "–"),
    },
    {
      id: "amount",
      header: t("entries.columns.amount"),
      cell: (e) =>
        e.amount === null ? (
          <span className="font-mono">{e.amount_text ?? "–"}</span>
        ) : (
          formatMoney(e.amount, e.currency ?? "EUR", language)
        ),
      className: "whitespace-nowrap text-right",
    },
    {
      id: "party",
      header: t("entries.columns.party"),
      cell: (e) => (
        <>
          {e.counterparty_name ?? "–"}
          {e.counterparty_iban && <span className="block font-mono text-xs">{e.counterparty_iban}</span>}
        </>
      ),
    },
    {
      id: "text",
      header: t("entries.columns.text"),
      cell: (e) => (
        <>
          {e.remittance ?? "–"}
          {e.end_to_end_id && <span className="block font-mono text-xs">{e.end_to_end_id}</span>}
        </>
      ),
    },
    {
      id: "outcome",
      header: t("entries.columns.outcome"),
      cell: (e) => (
        <span data-testid="entry-outcome" data-outcome={e.outcome}>
          {t(`entries.outcomes.${e.outcome}`)}
        </span>
      ),
    },
    {
      id: "reason",
      header: t("entries.columns.reason"),
      cell: (e) => (e.reason ? t(`reasons.${e.reason.split(":")[0]}`, { defaultValue: e.reason }) : ""),
    },
  ];
  const opening = money(result.opening_balance);
  const closing = money(result.closing_balance);
  return (
    <div className="space-y-2">
      <h4 className="font-semibold text-slate-900 dark:text-white">{t("entries.title")}</h4>
      {opening !== null && closing !== null && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t("entries.balances", { opening, closing })}
        </p>
      )}
      {!result.dry_run &&
        result.entries.some((e) => e.outcome === "unmatched" || e.outcome === "refused") && (
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("exceptions.inQueue")}</p>
        )}
      <AdminTable
        caption={t("entries.caption")}
        columns={columns}
        rows={result.entries}
        rowKey={(e) => e.key}
        query={{ isPending: false, isError: false, isFetching: false }}
        texts={listTexts(t, "entries.title")}
        testId="statement-entries"
        rowProps={(e) => ({ "data-testid": "statement-entry", "data-outcome": e.outcome })}
      />
    </div>
  );
}
