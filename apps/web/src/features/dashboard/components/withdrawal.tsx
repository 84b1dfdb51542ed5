import type { Application } from "@festgeld/domain";
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorText } from "../../../components/ui/form-alert.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDate, formatDateTime } from "../../../lib/format-date.ts";
import { toast } from "../../../lib/toast.ts";
import { useWithdrawApplication } from "../api/application-actions.ts";

/**
 * The right of withdrawal on the dashboard: "Withdraw from contract", then a confirmation step, then
 * an immediate acknowledgement of receipt with its time. The server decides whether it is still allowed.
 */
export function Withdrawal({
  application,
  deadline,
  onWithdrawn,
}: {
  application: Application;
  deadline: string;
  onWithdrawn: () => void;
}) {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawApplication();
  const openButton = useRef<HTMLButtonElement>(null);
  const confirmHeading = useRef<HTMLHeadingElement>(null);
  const deadlineText = formatDate(deadline, language, "long", BUSINESS_TIME_ZONE);
  const open = Date.now() <= new Date(deadline).getTime();

  useEffect(() => {
    if (confirming) confirmHeading.current?.focus();
  }, [confirming]);

  if (!open) {
    return (
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">
        {t("dashboard.withdrawal.ended", { date: deadlineText })}
      </p>
    );
  }

  const headingId = `withdraw-${application.id}`;
  const cancel = () => {
    setConfirming(false);
    requestAnimationFrame(() => openButton.current?.focus());
  };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("dashboard.withdrawal.info", { date: deadlineText })}
      </p>
      {!confirming ? (
        <button
          ref={openButton}
          type="button"
          className="btn-secondary mt-3"
          onClick={() => {
            withdraw.reset();
            setConfirming(true);
          }}
        >
          {t("dashboard.withdrawal.button")}
        </button>
      ) : (
        // Escape cancels the confirmation from any of its controls, as it would close a dialog.
        <section
          onKeyDown={(event) => {
            if (event.key === "Escape" && !withdraw.isPending) {
              event.stopPropagation();
              cancel();
            }
          }}
          aria-labelledby={headingId}
          className="mt-3 rounded-xl border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
          data-testid="withdrawal-confirm"
        >
          <h4
            id={headingId}
            ref={confirmHeading}
            tabIndex={-1}
            className="font-bold text-slate-900 outline-none dark:text-white"
          >
            {t("dashboard.withdrawal.confirmTitle")}
          </h4>
          <p className="mt-2 text-sm text-slate-800 dark:text-slate-200">
            {t("dashboard.withdrawal.confirmText", { iban: application.reference_iban })}
          </p>
          <ErrorText
            message={withdraw.isError && errorMessage(withdraw.error, t("dashboard.withdrawal.error"))}
            className="mt-2"
          />
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(application.id, {
                  onSuccess: (updated) => {
                    const at = formatDateTime(updated.withdrawn_at ?? new Date(), language);
                    toast(t("dashboard.withdrawal.received", { datetime: at }), "success");
                    onWithdrawn();
                  },
                })
              }
            >
              {withdraw.isPending ? t("dashboard.withdrawal.confirming") : t("dashboard.withdrawal.confirm")}
            </button>
            <button type="button" className="btn-secondary" disabled={withdraw.isPending} onClick={cancel}>
              {t("dashboard.withdrawal.cancel")}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
