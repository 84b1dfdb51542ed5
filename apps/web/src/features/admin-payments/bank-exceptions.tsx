import {
  BANK_EXCEPTION_STATUSES,
  type BankException,
  type BankExceptionActionCode,
  FOUR_EYES_ACTIONS,
} from "@festgeld/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { ErrorText } from "../../components/ui/form-alert.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { Section } from "../../components/ui/section.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { formatMoney } from "../../lib/format.ts";
import { formatCalendarDate } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { useExceptionAction, useReleaseException } from "./api/payments-api.ts";

const PAGE_SIZE = 25;
const NEEDS_REASON: readonly BankExceptionActionCode[] = ["write_off", "handled_outside"];

/**
 * The exception queue (docs/decisions.md "Bank exceptions"): every statement entry the import could
 * not settle, with kind, amount and currency, date, counterparty and statement, and the actions that
 * fit it. Returning to the payer and writing off wait for a second staff member, who releases them;
 * the one who asked sees "waiting for a second person" and no release button.
 */
export function BankExceptions() {
  const { t } = useTranslation("payments");
  const id = useId();
  const [status, setStatus] = useState<(typeof BANK_EXCEPTION_STATUSES)[number] | "">("open");
  const { list, table } = usePagedListState(
    ADMIN_KEYS.bankExceptions,
    operations.adminBankExceptionsList,
    status ? { status } : {},
    PAGE_SIZE,
    t("exceptions.pages"),
  );
  const [open, setOpen] = useState<{ id: string; action: BankExceptionActionCode } | null>(null);
  const release = useReleaseException();
  const { user: me } = useSession();
  const { i18n } = useTranslation();
  const language = i18n.language;

  const columns: Column<BankException>[] = [
    {
      id: "date",
      header: t("exceptions.columns.date"),
      cell: (e) => (e.booking_date ? formatCalendarDate(e.booking_date, language) : "–"),
      className: "whitespace-nowrap",
    },
    {
      id: "kind",
      header: t("exceptions.columns.kind"),
      cell: (e) => (
        <>
          {t(`exceptions.kinds.${e.kind}`)}
          {e.direction && <span className="block text-xs">{t(`entries.${e.direction}`)}</span>}
        </>
      ),
    },
    {
      id: "amount",
      header: t("exceptions.columns.amount"),
      cell: (e) =>
        e.amount === null || !e.currency ? (
          <span className="font-mono">{e.amount_text ?? "–"}</span>
        ) : (
          formatMoney(e.amount, e.currency, language)
        ),
      className: "whitespace-nowrap text-right",
    },
    {
      id: "party",
      header: t("exceptions.columns.party"),
      cell: (e) => (
        <>
          {e.counterparty_name ?? "–"}
          {e.counterparty_iban && <span className="block font-mono text-xs">{e.counterparty_iban}</span>}
          {e.remittance && <span className="block text-xs">{e.remittance}</span>}
        </>
      ),
    },
    {
      id: "reason",
      header: t("exceptions.columns.reason"),
      cell: (e) => t(`reasons.${e.reason.split(":")[0]}`, { defaultValue: e.reason }),
    },
    {
      id: "statement",
      header: t("exceptions.columns.statement"),
      cell: (e) => (
        <span className="font-mono text-xs">
          {e.account_iban}
          <span className="block">{e.entry_key}</span>
        </span>
      ),
      className: "break-all",
    },
    {
      id: "state",
      header: t("exceptions.columns.status"),
      cell: (e) => (
        <span data-testid="exception-status" data-status={e.status}>
          {e.status === "pending_release"
            ? t("exceptions.waiting", {
                action: t(`exceptions.actions.${e.action}`),
                who: e.action_by?.email ?? "",
              })
            : t(`exceptions.statuses.${e.status}`)}
          {e.status === "resolved" && e.action && (
            <span className="block text-xs">{t(`exceptions.actions.${e.action}`)}</span>
          )}
          {e.action_reason && <span className="block text-xs">{e.action_reason}</span>}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("exceptions.columns.actions"),
      headerHidden: true,
      sticky: true,
      cell: (e) =>
        e.status === "pending_release" ? (
          e.action_by?.id === me?.id ? (
            <span className="text-xs">{t("exceptions.releaseByOther")}</span>
          ) : (
            <button
              type="button"
              className="btn-primary px-3 py-1 text-sm"
              disabled={release.isPending}
              onClick={() => {
                if (
                  !window.confirm(
                    t("exceptions.confirmRelease", { action: t(`exceptions.actions.${e.action}`) }),
                  )
                )
                  return;
                release.mutate(e.id, { onSuccess: () => toast(t("exceptions.released"), "success") });
              }}
            >
              {t("exceptions.release")}
            </button>
          )
        ) : (
          <div className="flex flex-wrap gap-2">
            {e.actions.map((action) => (
              <button
                key={action}
                type="button"
                className="btn-secondary px-3 py-1 text-sm"
                aria-expanded={open?.id === e.id && open.action === action}
                aria-controls={`${id}-form-${e.id}`}
                onClick={() =>
                  setOpen(open?.id === e.id && open.action === action ? null : { id: e.id, action })
                }
              >
                {t(`exceptions.actions.${action}`)}
              </button>
            ))}
          </div>
        ),
    },
  ];

  const current = open ? list.data?.items.find((e) => e.id === open.id) : undefined;
  return (
    <Section
      id={`${id}-title`}
      title={t("exceptions.title")}
      heading="panel"
      className="space-y-4"
      data-testid="bank-exceptions"
    >
      <p className="text-sm text-slate-600 dark:text-slate-400">{t("exceptions.subtitle")}</p>
      <LabelledSelect
        label={t("exceptions.filter")}
        value={status}
        options={[
          { value: "" as typeof status, label: t("orders.filters.all") },
          ...BANK_EXCEPTION_STATUSES.map((s) => ({ value: s, label: t(`exceptions.statuses.${s}`) })),
        ]}
        onChange={setStatus}
        selectClassName="input mt-1"
      />
      <ErrorText message={release.isError && errorMessage(release.error, t("failed"))} />
      <AdminTable
        caption={t("exceptions.title")}
        columns={columns}
        {...table}
        rowKey={(e) => e.id}
        texts={listTexts(t, "exceptions.empty")}
        testId="bank-exceptions-table"
        rowProps={(e) => ({ "data-testid": "bank-exception-row", "data-exception-id": e.id })}
      />
      {open && current && (
        <ActionForm
          key={`${open.id}-${open.action}`}
          formId={`${id}-form-${open.id}`}
          exception={current}
          action={open.action}
          onDone={() => setOpen(null)}
        />
      )}
    </Section>
  );
}

/** Confirms one action on one exception: a reason where required, the deposit for an assignment. */
function ActionForm({
  formId,
  exception,
  action,
  onDone,
}: {
  formId: string;
  exception: BankException;
  action: BankExceptionActionCode;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation("payments");
  const act = useExceptionAction();
  const [reason, setReason] = useState("");
  const [depositId, setDepositId] = useState("");
  const [missing, setMissing] = useState<string | null>(null);
  const needsReason = NEEDS_REASON.includes(action);
  const amount =
    exception.amount === null || !exception.currency
      ? (exception.amount_text ?? "–")
      : formatMoney(exception.amount, exception.currency, i18n.language);
  return (
    <form
      id={formId}
      className="card max-w-xl space-y-3 p-4"
      aria-labelledby={`${formId}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (needsReason && !reason.trim()) return setMissing(t("exceptions.reasonRequired"));
        if (action === "assign_to_deposit" && !depositId.trim())
          return setMissing(t("exceptions.depositRequired"));
        setMissing(null);
        act.mutate(
          {
            id: exception.id,
            action,
            ...(reason.trim() ? { reason: reason.trim() } : {}),
            ...(action === "assign_to_deposit" ? { deposit_id: depositId.trim() } : {}),
          },
          {
            onSuccess: () => {
              toast(
                t(FOUR_EYES_ACTIONS.includes(action) ? "exceptions.requested" : "exceptions.done"),
                "success",
              );
              onDone();
            },
          },
        );
      }}
    >
      <h3 id={`${formId}-title`} className="font-semibold text-slate-900 dark:text-white">
        {t(`exceptions.actions.${action}`)}: {amount}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t(`exceptions.explain.${action}`)}
        {FOUR_EYES_ACTIONS.includes(action) && ` ${t("exceptions.fourEyes")}`}
      </p>
      {action === "assign_to_deposit" && (
        <TextField
          id={`${formId}-deposit`}
          label={t("exceptions.deposit")}
          className="input mt-1 w-full font-mono"
          value={depositId}
          onChange={(e) => setDepositId(e.target.value)}
          autoComplete="off"
          // The form opens on the staff member's click.
          autoFocus
        />
      )}
      <div>
        <label htmlFor={`${formId}-reason`} className="label">
          {needsReason ? t("exceptions.reason") : t("exceptions.reasonOptional")}
        </label>
        <textarea
          id={`${formId}-reason`}
          className="input mt-1 w-full"
          maxLength={500}
          rows={2}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-required={needsReason}
          // biome-ignore lint/a11y/noAutofocus: the form opens on the staff member's click
          autoFocus={action !== "assign_to_deposit"}
        />
      </div>
      <ErrorText message={(missing || act.isError) && (missing ?? errorMessage(act.error, t("failed")))} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary px-3 py-1 text-sm" disabled={act.isPending}>
          {t("exceptions.confirm")}
        </button>
        <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={onDone}>
          {t("exceptions.cancel")}
        </button>
      </div>
    </form>
  );
}
