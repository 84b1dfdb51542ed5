import type { AdminApplication, ApplicationDecision } from "@festgeld/domain";
import { APPLICATION_STATUSES } from "@festgeld/domain/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminTable, amountColumn, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { DepositTimeline } from "../../components/deposits/deposit-timeline.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { ReasonForm } from "../../components/ui/reason-form.tsx";
import { TruncatedText } from "../../components/ui/truncated-text.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { ApiError, api, errorMessage } from "../../lib/api-client.ts";
import { formatMoney, formatRate } from "../../lib/format.ts";
import { formatDate } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
import { toast } from "../../lib/toast.ts";

const PAGE_SIZE = 25;

/** Moves focus to the element with this id, if it is on the page; says whether it did. */
function focusById(id: string): boolean {
  const element = document.getElementById(id);
  element?.focus();
  return element !== null;
}
type StatusFilter = "" | (typeof APPLICATION_STATUSES)[number];

/** Where this tab returns to from a page it links to. */
const BACK = { from: "/admin?tab=applications" };

/**
 * The place that fixes a refused approval, by the refusal's code: the saver's dossier for what is
 * missing about them (confirmed address, identity, personal data), the sanctions area for the list and
 * its matches (docs/decisions.md "A refused approval links to its fix").
 */
function fixFor(code: string, userId: string | undefined): { to: string; label: string } | null {
  if (
    userId &&
    ["email_not_verified", "kyc_not_approved", "kyc_profile_missing", "kyc_profile_not_approved"].includes(
      code,
    )
  )
    return { to: `/admin/dossier/${userId}`, label: "applications.fix.dossier" };
  if (code === "sanctions_list_outdated")
    return { to: "/admin?tab=sanctions", label: "applications.fix.list" };
  if (code === "sanctions_review_open" || code === "sanctions_hit_confirmed")
    return { to: "/admin?tab=sanctions", label: "applications.fix.hits" };
  return null;
}

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
  // The application whose approval waits for its confirming click.
  const [confirming, setConfirming] = useState<string | null>(null);
  // Why the server refused a decision, per application, until the admin dismisses it.
  const [refused, setRefused] = useState<Record<string, { message: string; code: string }>>({});
  // Where focus goes once the decision's outcome is on screen (the confirming button is gone then).
  const [focusTarget, setFocusTarget] = useState<string[] | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    focusTarget.some(focusById);
    setFocusTarget(null);
  }, [focusTarget]);
  const [status, setStatus] = useState<StatusFilter>("");

  const { table } = usePagedListState(
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
    onSuccess: (_result, { id, decision }) => {
      toast(t(`applications.decided.${decision}`), "success");
      setRejecting(null);
      setConfirming(null);
      setRefused(({ [id]: _, ...rest }) => rest);
      setFocusTarget([`status-${id}`, "admin-area-heading"]);
    },
    onError: (error, { id, decision }) => {
      const message = errorMessage(error, t("applications.decisionFailed"));
      toast(message, "error");
      if (decision === "approved") {
        setConfirming(null);
        const code = error instanceof ApiError ? error.code : "unknown_error";
        setRefused((current) => ({ ...current, [id]: { message, code } }));
        setFocusTarget([`approve-${id}`, "admin-area-heading"]);
      }
    },
    onSettled: async (_result, _error, { id }) => {
      // The decided row's buttons go (or the row leaves a filtered list): focus goes to the row's
      // status, else to the heading, never to <body>.
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.applications });
      if (document.activeElement === document.body || !document.activeElement?.isConnected) {
        focusById(`approve-${id}`) || focusById(`status-${id}`) || focusById("admin-area-heading");
      }
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.analytics });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.deposits });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.depositSummary });
    },
  });

  const columns: Column<AdminApplication>[] = [
    {
      // The applicant, and the account behind the application with its identity check: one column, so
      // that the row fits a 1366 px screen with its actions.
      id: "applicant",
      header: t("applications.columns.applicant"),
      cell: (application) => (
        <>
          <TruncatedText
            text={application.full_name}
            className="font-medium text-slate-900 dark:text-white"
          />
          <TruncatedText text={application.email} className="text-slate-600 dark:text-slate-400" />
          {application.account ? (
            <>
              {application.account.email !== application.email && (
                <TruncatedText
                  text={application.account.email}
                  className="text-slate-600 dark:text-slate-400"
                />
              )}
              <div className="text-slate-600 dark:text-slate-400">
                {t("applications.kyc", { status: t(`kycStatuses.${application.account.kycStatus}`) })}
              </div>
              <Link
                to={`/admin/dossier/${application.account.id}`}
                state={BACK}
                className="font-medium text-brand-700 underline dark:text-brand-300"
                data-testid="application-dossier"
              >
                {t("applications.dossier", { name: application.account.full_name })}
              </Link>
            </>
          ) : (
            <div className="text-slate-600 dark:text-slate-400">{t("applications.noAccount")}</div>
          )}
        </>
      ),
    },
    {
      id: "package",
      header: t("applications.columns.package"),
      cell: (application) =>
        t("applications.packageSummary", {
          months: application.term,
          rate: formatRate(application.package.interest_rate, language),
        }),
      className: "whitespace-nowrap",
    },
    amountColumn("amount", t("applications.columns.amount"), (application) =>
      formatMoney(application.amount, application.currency, language),
    ),
    {
      id: "status",
      header: t("applications.columns.status"),
      cell: (application) => (
        <>
          <span
            id={`status-${application.id}`}
            tabIndex={-1}
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
      id: "actions",
      header: t("applications.columns.actions"),
      // Always in sight: the column sticks to the table's right edge when the table scrolls sideways.
      sticky: true,
      cell: (application) => {
        const busy = decide.isPending && decide.variables?.id === application.id;
        const amount = formatMoney(application.amount, application.currency, language);
        const which = {
          name: application.full_name,
          amount,
          date: formatDate(application.created_at, language),
        };
        const refusal = refused[application.id];
        const fix = refusal ? fixFor(refusal.code, application.account?.id) : null;
        return (
          <>
            {application.status === "pending" ? (
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  id={`approve-${application.id}`}
                  className="btn-primary px-3 py-1 text-sm"
                  aria-disabled={busy || undefined}
                  aria-expanded={confirming === application.id}
                  onClick={() => {
                    if (busy) return;
                    setRejecting(null);
                    setConfirming(application.id);
                  }}
                  aria-label={t("applications.approveFor", which)}
                >
                  {t("applications.approve")}
                </button>
                <button
                  type="button"
                  id={`reject-${application.id}`}
                  className="btn-secondary px-3 py-1 text-sm"
                  aria-disabled={busy || undefined}
                  aria-expanded={rejecting?.id === application.id}
                  onClick={() => {
                    if (busy) return;
                    setConfirming(null);
                    setRejecting({ id: application.id });
                  }}
                  aria-label={t("applications.rejectFor", which)}
                >
                  {t("applications.reject")}
                </button>
              </div>
            ) : null}
            {application.status === "pending" && confirming === application.id ? (
              <div className="mt-2 max-w-xs space-y-2" data-testid="approve-confirmation">
                <p className="text-sm">{t("applications.confirm.question", which)}</p>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className="btn-primary px-3 py-1 text-sm"
                    // biome-ignore lint/a11y/noAutofocus: the confirmation was just asked for; focus moves to it
                    autoFocus
                    aria-disabled={busy || undefined}
                    onClick={() => {
                      if (!busy) decide.mutate({ id: application.id, decision: "approved" });
                    }}
                  >
                    {t("applications.confirm.approve")}
                  </button>
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1 text-sm"
                    onClick={() => {
                      setConfirming(null);
                      focusById(`approve-${application.id}`);
                    }}
                  >
                    {t("applications.confirm.cancel")}
                  </button>
                </div>
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
                onCancel={() => {
                  setRejecting(null);
                  focusById(`reject-${application.id}`);
                }}
              />
            ) : null}
            {refusal ? (
              // A refused decision stays on its row until dismissed (a toast alone vanishes, WCAG 2.2.1).
              <div
                role="alert"
                className="mt-2 max-w-xs rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
                data-testid="application-refusal"
              >
                <p>{t("applications.refused", { reason: refusal.message })}</p>
                {fix && (
                  <Link
                    to={fix.to}
                    state={BACK}
                    className="mt-1 block font-medium underline"
                    data-testid="application-refusal-fix"
                  >
                    {t(fix.label)}
                  </Link>
                )}
                <button
                  type="button"
                  className="mt-1 text-sm font-medium underline"
                  onClick={() => {
                    setRefused(({ [application.id]: _, ...rest }) => rest);
                    focusById(`approve-${application.id}`);
                  }}
                >
                  {t("applications.dismiss")}
                </button>
              </div>
            ) : null}
          </>
        );
      },
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-end gap-4">
        <LabelledSelect
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
        {...table}
        rowKey={(application) => application.id}
        texts={listTexts(t, "applications.empty", "applications.")}
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
        {t("admin.applicationDeposit", {
          status: t([`staffStatus.${deposit.status}`, `status.${deposit.status}`]),
        })}
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
