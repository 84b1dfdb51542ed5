import type { Application } from "@festgeld/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney, formatRate } from "../../../lib/format.ts";
import { formatCalendarDate, formatDate, formatDateTime } from "../../../lib/format-date.ts";
import { ApprovalChecklist } from "./approval-checklist.tsx";
import { CompleteDetails } from "./complete-details.tsx";
import { DepositPanel } from "./deposit-panel.tsx";
import { EarlyClosure } from "./early-closure.tsx";
import { Withdrawal } from "./withdrawal.tsx";

const STATUS_STYLES: Record<Application["status"], string> = {
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  approved: "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  withdrawn: "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100",
};

/** One application on the dashboard; approved ones show their expected return, maturity and withdrawal. */
export function ApplicationCard({ application }: { application: Application }) {
  const { t, i18n } = useTranslation("invest");
  const [justWithdrawn, setJustWithdrawn] = useState(false);
  const receipt = useRef<HTMLParagraphElement>(null);
  // The withdrawal controls disappear with the answer: move focus to the acknowledgement that replaces them.
  useEffect(() => {
    if (justWithdrawn) receipt.current?.focus();
  }, [justWithdrawn]);
  const language = i18n.language;
  const money = (value: number) => formatMoney(value, application.currency, language);
  const titleId = `application-${application.id}`;
  const approved = application.status === "approved";

  // With a deposit, the title and the deposit panel below show the amount, the term, the rate, the
  // expected interest and the maturity date: each figure is shown once.
  const withDeposit = application.deposit !== null && application.deposit !== undefined;
  const details: Array<{ key: string; label: string; value: string }> = [
    ...(withDeposit
      ? []
      : [
          { key: "amount", label: t("dashboard.fields.amount"), value: money(application.amount) },
          {
            key: "rate",
            label: t("dashboard.fields.rate"),
            value: formatRate(application.package.interest_rate, language),
          },
          {
            key: "term",
            label: t("dashboard.fields.term"),
            value: t("packages.months", { count: application.term }),
          },
        ]),
    {
      key: "submitted",
      label: t("dashboard.fields.submitted"),
      value: formatDate(application.created_at, language, "long"),
    },
  ];
  // Missing on an application sent with only the original fields, until the saver gives them.
  if (application.reference_iban) {
    details.push({ key: "iban", label: t("dashboard.fields.iban"), value: application.reference_iban });
  }
  // With a deposit, its own instruction (which the saver may have changed) is shown with the deposit.
  if (application.maturity_instruction && !application.deposit) {
    details.push({
      key: "maturity-instruction",
      label: t("dashboard.fields.maturityInstruction"),
      value: t(`maturity.${application.maturity_instruction}.label`),
    });
  }
  if (approved) {
    if (!withDeposit) {
      details.push({
        key: "expected-return",
        label: t("dashboard.fields.expectedReturn"),
        value: money(application.expected_interest),
      });
    }
    details.push({
      key: "maturity-amount",
      label: t("dashboard.fields.maturityAmount"),
      value: money(application.maturity_amount),
    });
    if (application.decided_at) {
      details.push({
        key: "approved-on",
        label: t("dashboard.fields.approvedOn"),
        value: formatDate(application.decided_at, language, "long"),
      });
    }
    if (application.maturity_date && !withDeposit) {
      details.push({
        key: "maturity-date",
        label: t("dashboard.fields.maturityDate"),
        value: formatCalendarDate(application.maturity_date, language, "long"),
      });
    }
  }
  if (application.status === "withdrawn" && application.withdrawn_at) {
    details.push({
      key: "withdrawn-on",
      label: t("dashboard.fields.withdrawnOn"),
      value: formatDateTime(application.withdrawn_at, language),
    });
  }

  return (
    <li className="card" aria-labelledby={titleId} data-testid="application" data-status={application.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={titleId} className="text-lg font-bold text-slate-900 dark:text-white">
          {t("dashboard.applicationTitle", {
            term: t("packages.months", { count: application.term }),
            amount: money(application.amount),
          })}
        </h3>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_STYLES[application.status]}`}
          data-testid="application-status"
        >
          {t(`dashboard.status.${application.status}`)}
        </span>
      </div>
      <dl className="mt-4 grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
        {details.map((d) => (
          <div key={d.key}>
            <dt className="text-sm text-slate-600 dark:text-slate-300">{d.label}</dt>
            <dd className="font-semibold text-slate-900 dark:text-white" data-testid={`application-${d.key}`}>
              {d.value}
            </dd>
          </div>
        ))}
      </dl>
      {application.status === "pending" && <ApprovalChecklist applicationId={application.id} />}
      {application.status === "pending" && application.missing_details.length > 0 && (
        <CompleteDetails application={application} />
      )}
      {application.deposit && <DepositPanel application={application} />}
      {application.deposit?.status === "active" && application.deposit.early_closure !== "not_allowed" && (
        <EarlyClosure deposit={application.deposit} />
      )}
      {approved && application.withdrawal_deadline && (
        <Withdrawal
          application={application}
          deadline={application.withdrawal_deadline}
          onWithdrawn={() => setJustWithdrawn(true)}
        />
      )}
      {application.status === "withdrawn" && application.withdrawn_at && (
        <p
          role="status"
          className="mt-4 text-sm text-slate-700 dark:text-slate-300"
          data-testid="withdrawal-receipt"
        >
          {t("dashboard.withdrawnNote", { datetime: formatDateTime(application.withdrawn_at, language) })}
        </p>
      )}
    </li>
  );
}
