import { PAYMENT_ORDER_STATUSES, type PaymentFile, type PaymentOrder } from "@festgeld/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, amountColumn, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { ErrorText } from "../../components/ui/form-alert.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { ReasonForm } from "../../components/ui/reason-form.tsx";
import { Section } from "../../components/ui/section.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { formatCalendarDate, formatDateTime } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import {
  downloadPaymentFile,
  useCancelPayment,
  useCreatePaymentFiles,
  useReleasePayment,
  useReorderPayment,
} from "./api/payments-api.ts";
import { BankExceptions } from "./bank-exceptions.tsx";

const PAGE_SIZE = 25;
const AGES = ["", "1", "3", "7", "14"] as const;

/**
 * Back-office area "Payments": the payment orders (filter by state, age and debtor account), cancel
 * an open one with a reason, order a returned one again, correct and release a held one, release one
 * another staff member asked for (never one's own: docs/decisions.md "Four eyes on where a payout
 * goes"), turn the open orders into SEPA files (one per debtor account, held orders listed) and
 * download them; the exception queue of statement entries the import could not settle
 * (bank-exceptions.tsx).
 */
export default function PaymentsTab() {
  const { t } = useTranslation("payments");
  return (
    <div className="space-y-10">
      <p className="text-slate-600 dark:text-slate-400">{t("subtitle")}</p>
      <Orders />
      <Files />
      <BankExceptions />
    </div>
  );
}

function Orders() {
  const { t, i18n } = useTranslation("payments");
  const language = i18n.language;
  const id = useId();
  const [status, setStatus] = useState<(typeof PAYMENT_ORDER_STATUSES)[number] | "">("ordered");
  const [age, setAge] = useState<(typeof AGES)[number]>("");
  const [account, setAccount] = useState("");
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [reordering, setReordering] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<string | null>(null);
  const cancel = useCancelPayment();
  const release = useReleasePayment();
  const { user: me } = useSession();
  const query = {
    ...(status ? { status } : {}),
    ...(age ? { older_than_days: Number(age) } : {}),
    ...(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(account.replace(/\s+/g, "").toUpperCase())
      ? { account: account.replace(/\s+/g, "").toUpperCase() }
      : {}),
  };
  const { table } = usePagedListState(
    ADMIN_KEYS.payments,
    operations.adminPaymentsList,
    query,
    PAGE_SIZE,
    t("orders.pages"),
  );

  const columns: Column<PaymentOrder>[] = [
    {
      id: "created",
      header: t("orders.columns.created"),
      cell: (o) => (
        <>
          {formatDateTime(o.created_at, language)}
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {t("orders.age", { count: o.age_days, days: formatNumber(o.age_days, language) })}
          </span>
        </>
      ),
      className: "whitespace-nowrap",
    },
    { id: "source", header: t("orders.columns.source"), cell: (o) => t(`sources.${o.source}`) },
    {
      id: "status",
      header: t("orders.columns.status"),
      cell: (o) => (
        <span data-testid="payment-status" data-status={o.status}>
          {t(`statuses.${o.status}`)}
          {o.booking_date && (
            <span className="block text-xs">{formatCalendarDate(o.booking_date, language)}</span>
          )}
          {o.return_reason && <span className="block text-xs">{o.return_reason}</span>}
          {o.cancel_reason && <span className="block text-xs">{o.cancel_reason}</span>}
          {o.hold_reason && (
            <span className="block text-xs" data-testid="hold-reason">
              {t(`holdReasons.${o.hold_reason}`, { defaultValue: o.hold_reason })}
            </span>
          )}
        </span>
      ),
    },
    amountColumn("amount", t("orders.columns.amount"), (o) => formatMoney(o.amount, o.currency, language)),
    {
      id: "creditor",
      header: t("orders.columns.creditor"),
      cell: (o) => (
        <>
          {o.creditor_name}
          <span className="block font-mono text-xs">{o.creditor_iban}</span>
        </>
      ),
    },
    {
      id: "debtor",
      header: t("orders.columns.debtor"),
      cell: (o) => <span className="font-mono text-xs">{o.debtor_iban}</span>,
      className: "break-all",
    },
    {
      id: "remittance",
      header: t("orders.columns.remittance"),
      cell: (o) => (
        <>
          {o.remittance}
          <span className="block font-mono text-xs text-slate-600 dark:text-slate-400">
            {o.end_to_end_id}
          </span>
        </>
      ),
    },
    {
      id: "actions",
      header: t("orders.columns.actions"),
      headerHidden: true,
      sticky: true,
      cell: (o) =>
        o.status === "ordered" || o.status === "held" || o.status === "awaiting_release" ? (
          <div className="flex flex-wrap gap-2">
            {o.status === "held" && (
              <button
                type="button"
                className="btn-primary px-3 py-1 text-sm"
                aria-expanded={correcting === o.id}
                aria-controls={`${id}-correct-${o.id}`}
                onClick={() => setCorrecting(correcting === o.id ? null : o.id)}
              >
                {t("orders.correct")}
              </button>
            )}
            {o.status === "awaiting_release" &&
              (o.requested_by === me?.id ? (
                <span className="text-xs" data-testid="awaits-second">
                  {t("orders.awaitsSecond")}
                </span>
              ) : (
                <button
                  type="button"
                  className="btn-primary px-3 py-1 text-sm"
                  disabled={release.isPending}
                  data-testid="release-payment"
                  onClick={() =>
                    release.mutate(
                      { id: o.id },
                      {
                        onSuccess: () => toast(t("orders.released"), "success"),
                        onError: (error) => toast(errorMessage(error, t("failed")), "error"),
                      },
                    )
                  }
                >
                  {t("orders.release")}
                </button>
              ))}
            <button
              type="button"
              className="btn-secondary px-3 py-1 text-sm"
              aria-expanded={cancelling === o.id}
              aria-controls={`${id}-cancel-${o.id}`}
              onClick={() => setCancelling(cancelling === o.id ? null : o.id)}
            >
              {t("orders.cancel")}
            </button>
          </div>
        ) : o.status === "returned" ? (
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            aria-expanded={reordering === o.id}
            aria-controls={`${id}-reorder-${o.id}`}
            onClick={() => setReordering(reordering === o.id ? null : o.id)}
          >
            {t("orders.reorder")}
          </button>
        ) : null,
    },
  ];

  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 id={`${id}-title`} className="text-xl font-semibold text-slate-900 dark:text-white">
          {t("orders.title")}
        </h2>
        <CreateFiles />
      </div>
      <div className="flex flex-wrap gap-4">
        <LabelledSelect
          label={t("orders.filters.status")}
          value={status}
          options={[
            { value: "" as typeof status, label: t("orders.filters.all") },
            ...PAYMENT_ORDER_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          ]}
          onChange={setStatus}
          selectClassName="input mt-1"
          testId="payments-status-filter"
        />
        <LabelledSelect
          label={t("orders.filters.age")}
          value={age}
          options={AGES.map((a) => ({
            value: a,
            label: a ? t("orders.filters.olderThan", { count: Number(a) }) : t("orders.filters.anyAge"),
          }))}
          onChange={setAge}
          selectClassName="input mt-1"
        />
        <TextField
          id={`${id}-account`}
          label={t("orders.filters.account")}
          className="input mt-1 font-mono"
          value={account}
          placeholder="DE.."
          onChange={(e) => setAccount(e.target.value)}
        />
      </div>
      <AdminTable
        caption={t("orders.title")}
        columns={columns}
        {...table}
        rowKey={(o) => o.id}
        texts={listTexts(t, "orders.empty")}
        testId="payments-table"
        rowProps={(o) => ({ "data-testid": "payment-row", "data-end-to-end-id": o.end_to_end_id })}
        detail={(o) =>
          cancelling === o.id
            ? {
                id: `${id}-cancel-${o.id}`,
                content: (
                  <ReasonForm
                    label={t("orders.cancelReason")}
                    requiredMessage={t("orders.reasonRequired")}
                    submitLabel={t("orders.confirmCancel")}
                    cancelLabel={t("orders.keep")}
                    fallback={t("failed")}
                    maxLength={500}
                    onSubmit={async (reason) => {
                      await cancel.mutateAsync({ id: o.id, reason });
                      setCancelling(null);
                      toast(t("orders.cancelled"), "success");
                    }}
                    onCancel={() => setCancelling(null)}
                  />
                ),
              }
            : reordering === o.id
              ? {
                  id: `${id}-reorder-${o.id}`,
                  content: <Reorder order={o} onDone={() => setReordering(null)} />,
                }
              : correcting === o.id
                ? {
                    id: `${id}-correct-${o.id}`,
                    content: <Reorder order={o} correct onDone={() => setCorrecting(null)} />,
                  }
                : null
        }
      />
    </section>
  );
}

/**
 * The payee of a returned order ordered again, or of a held order corrected: IBAN and name, each
 * optional. Either way another IBAN waits for a second staff member's release.
 */
function Reorder({ order, correct, onDone }: { order: PaymentOrder; correct?: boolean; onDone: () => void }) {
  const { t } = useTranslation("payments");
  const id = useId();
  const [iban, setIban] = useState("");
  const [name, setName] = useState("");
  const reorder = useReorderPayment();
  const release = useReleasePayment();
  const mutation = correct ? release : reorder;
  return (
    <form
      className="flex flex-col gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(
          { id: order.id, iban, name },
          {
            onSuccess: (updated) => {
              toast(
                updated.status === "awaiting_release"
                  ? t("orders.awaitingRelease")
                  : t(correct ? "orders.released" : "orders.reordered"),
                "success",
              );
              onDone();
            },
          },
        );
      }}
    >
      <label htmlFor={`${id}-iban`} className="label">
        {t("orders.correctedIban")}
      </label>
      <input
        id={`${id}-iban`}
        className="input font-mono"
        value={iban}
        onChange={(e) => setIban(e.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
        {t("orders.correctedIbanHint", { iban: order.creditor_iban })} {t("orders.fourEyesHint")}
      </p>
      <label htmlFor={`${id}-name`} className="label">
        {t("orders.correctedName")}
      </label>
      <input
        id={`${id}-name`}
        className="input"
        value={name}
        maxLength={70}
        placeholder={order.creditor_name}
        onChange={(e) => setName(e.target.value)}
      />
      <ErrorText message={mutation.isError && errorMessage(mutation.error, t("failed"))} />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary px-3 py-1 text-sm" disabled={mutation.isPending}>
          {t(correct ? "orders.confirmCorrect" : "orders.confirmReorder")}
        </button>
        <button type="button" className="btn-secondary px-3 py-1 text-sm" onClick={onDone}>
          {t("orders.keep")}
        </button>
      </div>
    </form>
  );
}

function CreateFiles() {
  const { t, i18n } = useTranslation("payments");
  const create = useCreatePaymentFiles();
  const held = create.data?.held ?? [];
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        className="btn-primary"
        disabled={create.isPending}
        onClick={() =>
          create.mutate("", {
            onSuccess: ({ files }) =>
              toast(
                t("files.created", {
                  count: files.length,
                  orders: formatNumber(
                    files.reduce((sum, f) => sum + f.order_count, 0),
                    i18n.language,
                  ),
                }),
                "success",
              ),
          })
        }
        data-testid="create-payment-files"
      >
        {t("files.create")}
      </button>
      <ErrorText message={create.isError && errorMessage(create.error, t("failed"))} />
      {held.length > 0 && (
        <div role="status" className="text-sm text-amber-900 dark:text-amber-200" data-testid="held-orders">
          <p className="font-medium">{t("files.held", { count: held.length })}</p>
          <ul className="list-disc pl-5">
            {held.map((o) => (
              <li key={o.id}>
                {o.creditor_name} ({o.creditor_iban}):{" "}
                {t(`holdReasons.${o.hold_reason ?? ""}`, { defaultValue: o.hold_reason ?? "" })}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function Files() {
  const { t, i18n } = useTranslation("payments");
  const language = i18n.language;
  const id = useId();
  const [failed, setFailed] = useState<string | null>(null);
  const { table } = usePagedListState(
    ADMIN_KEYS.paymentFiles,
    operations.adminPaymentFilesList,
    {},
    10,
    t("files.pages"),
  );
  const columns: Column<PaymentFile>[] = [
    {
      id: "created",
      header: t("files.columns.created"),
      cell: (f) => (
        <>
          {formatDateTime(f.created_at, language)}
          {f.created_by && <span className="block text-xs">{f.created_by.email}</span>}
        </>
      ),
    },
    {
      id: "account",
      header: t("files.columns.account"),
      cell: (f) => <span className="font-mono text-xs">{f.debtor_iban}</span>,
      className: "break-all",
    },
    {
      id: "date",
      header: t("files.columns.executionDate"),
      cell: (f) => formatCalendarDate(f.requested_date, language),
    },
    {
      id: "count",
      header: t("files.columns.count"),
      cell: (f) => formatNumber(f.order_count, language),
      className: "text-right",
    },
    amountColumn("sum", t("files.columns.controlSum"), (f) => formatMoney(f.control_sum, "EUR", language)),
    {
      id: "download",
      header: t("files.columns.download"),
      headerHidden: true,
      sticky: true,
      cell: (f) => (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          data-testid="download-payment-file"
          onClick={() => {
            setFailed(null);
            downloadPaymentFile(f.id, `${f.message_id}.xml`).catch((error: unknown) =>
              setFailed(errorMessage(error, t("failed"))),
            );
          }}
        >
          {t("files.download")}
        </button>
      ),
    },
  ];
  return (
    <Section id={`${id}-title`} title={t("files.title")} heading="panel" className="space-y-4">
      <ErrorText message={failed} />
      <AdminTable
        caption={t("files.title")}
        columns={columns}
        {...table}
        rowKey={(f) => f.id}
        texts={listTexts(t, "files.empty")}
        testId="payment-files-table"
        rowProps={(f) => ({ "data-testid": "payment-file-row", "data-file-id": f.id })}
      />
    </Section>
  );
}
