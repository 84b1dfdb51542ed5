import type { AdminApplication, ApplicationDecision } from "@festgeld/domain";
import { APPLICATION_STATUSES } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, type Column } from "../../components/admin/admin-table.tsx";
import { FilterSelect } from "../../components/admin/filter-select.tsx";
import { DepositTimeline } from "../../components/deposits/deposit-timeline.tsx";
import { ReasonForm } from "../../components/ui/reason-form.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { formatDate, formatMoney, formatRate } from "../../lib/format.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { toast } from "../../lib/toast.ts";

const PAGE_SIZE = 25;
type StatusFilter = "" | (typeof APPLICATION_STATUSES)[number];

const STATUS_STYLES: Record<AdminApplication["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  approved: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  withdrawn: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
};

/**
 * Admin tab "Applications": all applications, newest first, with Approve and
 * Reject for pending ones. After a decision the list and the analytics reload.
 */
export default function ApplicationsTab() {
  const { t, i18n } = useTranslation("admin");
  const { t: td } = useTranslation("deposits");
  const language = i18n.language;
  const queryClient = useQueryClient();
  // The application being rejected and the reason the saver will read.
  const [rejecting, setRejecting] = useState<{ id: string } | null>(null);
  const [status, setStatus] = useState<StatusFilter>("");

  const { list: applications, paging } = usePagedListState(
    ADMIN_KEYS.applications,
    operations.adminApplicationsList,
    {
      status,
    },
    PAGE_SIZE,
    t("applications.pages"),
  );

  const decide = useMutation({
    mutationFn: ({
      id,
      decision,
      reason,
    }: {
      id: string;
      decision: ApplicationDecision;
      reason?: string | undefined;
    }) =>
      // The notes text the original back office wrote; the decision itself is what counts.
      api.call(operations.adminApplicationsDecide, {
        params: { id },
        body: {
          decision,
          admin_notes: `${decision} by admin`,
          ...(decision === "rejected" ? { rejection_reason: reason } : {}),
        },
      }),
    onSuccess: (_result, { decision }) => {
      toast(t(`applications.decided.${decision}`), "success");
      setRejecting(null);
    },
    onError: (error) => {
      toast(errorMessage(error, t("applications.decisionFailed")), "error");
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.applications });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.analytics });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.deposits });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.depositSummary });
    },
  });

  const columns: Column<AdminApplication>[] = [
    {
      id: "applicant",
      header: t("applications.columns.applicant"),
      cell: (application) => (
        <>
          <div className="font-medium text-slate-900 dark:text-white">{application.full_name}</div>
          <div className="break-all text-slate-600 dark:text-slate-400">{application.email}</div>
        </>
      ),
    },
    {
      id: "package",
      header: t("applications.columns.package"),
      cell: (application) =>
        t("applications.packageSummary", {
          months: application.package.duration_months,
          rate: formatRate(application.package.interest_rate, language),
        }),
      className: "whitespace-nowrap",
    },
    {
      id: "amount",
      header: t("applications.columns.amount"),
      cell: (application) => formatMoney(application.amount, application.currency, language),
      className: "whitespace-nowrap text-right",
    },
    {
      id: "term",
      header: t("applications.columns.term"),
      cell: (application) => t("applications.months", { count: application.term }),
      className: "whitespace-nowrap",
    },
    {
      id: "status",
      header: t("applications.columns.status"),
      cell: (application) => (
        <>
          <span
            className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLES[application.status]}`}
          >
            {t(`statuses.${application.status}`)}
          </span>
          <DepositDetails application={application} />
        </>
      ),
    },
    {
      id: "date",
      header: t("applications.columns.date"),
      cell: (application) => formatDate(application.created_at, language),
      className: "whitespace-nowrap",
    },
    {
      id: "account",
      header: t("applications.columns.account"),
      cell: (application) =>
        application.account ? (
          <>
            <div className="break-all">{application.account.email}</div>
            <div className="text-slate-600 dark:text-slate-400">
              {t("applications.kyc", { status: t(`kycStatuses.${application.account.kycStatus}`) })}
            </div>
          </>
        ) : (
          <span className="text-slate-600 dark:text-slate-400">{t("applications.noAccount")}</span>
        ),
    },
    {
      id: "actions",
      header: t("applications.columns.actions"),
      cell: (application) => {
        const busy = decide.isPending && decide.variables?.id === application.id;
        return (
          <>
            {application.status === "pending" ? (
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn-primary px-3 py-1 text-sm"
                  disabled={busy}
                  onClick={() => decide.mutate({ id: application.id, decision: "approved" })}
                  aria-label={t("applications.approveFor", { name: application.full_name })}
                >
                  {t("applications.approve")}
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 text-sm"
                  disabled={busy}
                  aria-expanded={rejecting?.id === application.id}
                  onClick={() => setRejecting({ id: application.id })}
                  aria-label={t("applications.rejectFor", { name: application.full_name })}
                >
                  {t("applications.reject")}
                </button>
              </div>
            ) : null}
            {application.status === "pending" && rejecting?.id === application.id ? (
              <ReasonForm
                label={td("reject.reasonLabel", { name: application.full_name })}
                requiredMessage={td("reject.reasonRequired")}
                submitLabel={td("reject.confirm")}
                cancelLabel={td("reject.cancel")}
                fallback={t("applications.decisionFailed")}
                onSubmit={(reason) =>
                  decide.mutateAsync({ id: application.id, decision: "rejected", reason })
                }
                onCancel={() => setRejecting(null)}
              />
            ) : null}
          </>
        );
      },
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("applications.title")}</h2>
        <FilterSelect
          label={t("applications.filter")}
          value={status}
          options={[
            { value: "" as StatusFilter, label: t("applications.allStatuses") },
            ...APPLICATION_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) })),
          ]}
          onChange={(value) => {
            setStatus(value);
          }}
          testId="applications-status-filter"
        />
      </div>

      <AdminTable
        caption={t("applications.caption")}
        columns={columns}
        rows={applications.data?.items}
        rowKey={(application) => application.id}
        query={applications}
        texts={{
          loading: t("applications.loading"),
          error: t("applications.loadFailed"),
          empty: t("applications.empty"),
        }}
        paging={paging}
        rowProps={(application) => ({ "data-testid": "applications-row", "data-status": application.status })}
        testId="applications-table"
      />
    </div>
  );
}

/** The deposit of an approved application, its state and timeline, opened on demand. */
function DepositDetails({ application }: { application: AdminApplication }) {
  const { t } = useTranslation("deposits");
  const deposit = application.deposit;
  if (!deposit) return null;
  return (
    <details className="mt-2 min-w-56" data-testid="application-deposit">
      <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-300">
        {t("admin.applicationDeposit", { status: t(`status.${deposit.status}`) })}
      </summary>
      <p className="mt-2 font-mono text-xs text-slate-700 dark:text-slate-300">{deposit.reference}</p>
      <DepositTimeline deposit={deposit} appliedAt={application.created_at} />
      {application.previous_deposits.length > 0 && (
        <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">
          {t("admin.renewals", { count: application.previous_deposits.length })}
        </p>
      )}
    </details>
  );
}
