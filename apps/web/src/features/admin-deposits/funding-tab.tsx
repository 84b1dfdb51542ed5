import { type AdminDeposit, fundingRequestSchema } from "@festgeld/domain";
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ListPaging, ListState, listTexts } from "../../components/admin/admin-table.tsx";
import { decimalValue } from "../../components/money/amount-rules.ts";
import { FormErrorAlert } from "../../components/ui/form-alert.tsx";
import { FormField, fieldsOf } from "../../components/ui/form-field.tsx";
import { SubmitOrCancel } from "../../components/ui/submit-button.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { businessToday, formatDate } from "../../lib/format-date.ts";
import { useApiForm } from "../../lib/forms.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { toast } from "../../lib/toast.ts";
import { useRecordFunding } from "./api/deposits-admin-api.ts";

const PAGE_SIZE = 25;

/**
 * Admin tab "Funding queue": deposits awaiting funds, oldest first, with their age in days; staff
 * record a receipt (amount, value date, payer IBAN). The server refuses another payer or amount and
 * the refusal is shown in the reader's language.
 */
export default function FundingTab() {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const [recording, setRecording] = useState<string | null>(null);
  const { list: queue, paging } = usePagedListState(
    [...ADMIN_KEYS.deposits, "queue"],
    operations.adminDepositsList,
    {
      status: "awaiting_funds",
    },
    PAGE_SIZE,
    t("admin.queue.pages"),
  );

  return (
    <div className="space-y-6">
      <div>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("admin.queue.subtitle")}</p>
      </div>
      <ListState
        query={queue}
        empty={queue.data?.items.length === 0}
        texts={listTexts(t, "admin.queue.empty", "admin.")}
      >
        <ul className="space-y-3" data-testid="funding-queue">
          {queue.data?.items.map((deposit) => (
            <li
              key={deposit.id}
              className="card"
              data-testid="funding-item"
              data-reference={deposit.reference}
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900 dark:text-white">{deposit.applicant_name}</p>
                  {deposit.account && (
                    <p className="break-all text-sm text-slate-600 dark:text-slate-400">
                      {deposit.account.email}
                    </p>
                  )}
                </div>
                <p className="text-right text-sm font-semibold text-slate-900 dark:text-white">
                  {t("admin.queue.age", {
                    count: deposit.age_days,
                    days: formatNumber(deposit.age_days, language),
                  })}
                </p>
              </div>
              <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t("admin.fields.reference")}</dt>
                  <dd className="font-mono text-slate-900 dark:text-white">{deposit.reference}</dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t("admin.fields.amount")}</dt>
                  <dd className="text-slate-900 dark:text-white">
                    {formatMoney(deposit.amount, deposit.currency, language)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t("admin.fields.approved")}</dt>
                  <dd className="text-slate-900 dark:text-white">
                    {formatDate(deposit.approved_at, language, "medium", BUSINESS_TIME_ZONE)}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t("admin.fields.deadline")}</dt>
                  <dd className="text-slate-900 dark:text-white">
                    {deposit.funding_deadline
                      ? formatDate(deposit.funding_deadline, language, "medium", BUSINESS_TIME_ZONE)
                      : "–"}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600 dark:text-slate-400">{t("admin.fields.payerIban")}</dt>
                  <dd className="font-mono text-slate-900 dark:text-white">{deposit.payer_iban}</dd>
                </div>
              </dl>
              {recording === deposit.id ? (
                <FundingForm deposit={deposit} onClose={() => setRecording(null)} />
              ) : (
                <button
                  type="button"
                  className="btn-secondary mt-3"
                  onClick={() => setRecording(deposit.id)}
                  aria-label={t("admin.queue.recordFor", { reference: deposit.reference })}
                >
                  {t("admin.queue.record")}
                </button>
              )}
            </li>
          ))}
        </ul>
      </ListState>
      <ListPaging paging={paging} rows={queue.data?.items.length} />
    </div>
  );
}

/** The booking as typed (the amount in the reviewer's language, see lib/decimal.ts), sent as the contract's. */
function fundingSchema(language: string) {
  return z
    .object({ amount: z.string(), value_date: z.string(), payer_iban: z.string() })
    .transform((values) => ({ ...values, amount: decimalValue(values.amount, language) }))
    .pipe(fundingRequestSchema);
}

function FundingForm({ deposit, onClose }: { deposit: AdminDeposit; onClose: () => void }) {
  const { t, i18n } = useTranslation("deposits");
  const id = useId();
  const record = useRecordFunding();
  const schema = useMemo(() => fundingSchema(i18n.language), [i18n.language]);
  const { form, formError, submit, pending } = useApiForm({
    schema,
    defaultValues: { amount: deposit.amount.toFixed(2), value_date: businessToday(), payer_iban: "" },
    fallback: t("admin.queue.failed"),
  });
  const field = fieldsOf(form, id);

  return (
    <form
      className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-3 dark:border-slate-700"
      noValidate
      onSubmit={submit(async (body) => {
        await record.mutateAsync({ id: deposit.id, body });
        toast(t("admin.queue.recorded", { reference: deposit.reference }), "success");
        onClose();
      })}
      data-testid="funding-form"
    >
      <FormField
        {...field("amount")}
        label={t("admin.queue.amount")}
        className="input w-full"
        inputMode="decimal"
      />
      <FormField
        {...field("value_date", "date")}
        label={t("admin.queue.valueDate")}
        type="date"
        className="input w-full"
      />
      <FormField
        {...field("payer_iban", "iban")}
        label={t("admin.queue.payerIban")}
        hint={t("admin.queue.payerHint", { iban: deposit.payer_iban })}
        className="input w-full font-mono"
        autoComplete="off"
      />
      <FormErrorAlert message={formError} className="sm:col-span-3" />
      <SubmitOrCancel
        className="flex flex-wrap gap-2 sm:col-span-3"
        pending={pending}
        label={t("admin.queue.confirm")}
        cancelLabel={t("admin.cancel")}
        onCancel={onClose}
      />
    </form>
  );
}
