import type { ApprovalChecklist } from "@festgeld/domain";
import type { KycStatus } from "@festgeld/domain/constants";
import { useTranslation } from "react-i18next";
import { CheckCircleIcon, ClockIcon, UploadIcon, XCircleIcon } from "./kyc-icons.tsx";

const STYLES: Record<KycStatus, { box: string; icon: typeof CheckCircleIcon }> = {
  approved: {
    box: "border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/60 dark:text-green-100",
    icon: CheckCircleIcon,
  },
  pending: {
    box: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100",
    icon: ClockIcon,
  },
  rejected: {
    box: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100",
    icon: XCircleIcon,
  },
  not_started: {
    box: "border-brand-200 bg-brand-50 text-brand-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-brand-50",
    icon: UploadIcon,
  },
};

/**
 * The overall status: approved, pending, rejected, or please upload; one icon each. "Pending" says
 * "under review" only when the server's checklist has nothing left for the saver (every required
 * document and the personal data are in); otherwise it says what is still missing.
 */
export function StatusBanner({
  status,
  checklist,
}: {
  status: KycStatus;
  checklist?: ApprovalChecklist | undefined;
}) {
  const { t } = useTranslation("kyc");
  const missing = [
    ...(checklist?.documents_to_provide ?? []),
    ...(checklist?.steps.some((s) => s.step === "personal_data" && s.state === "to_do")
      ? ["personal_data"]
      : []),
  ];
  const incomplete = status === "pending" && missing.length > 0;
  const style = incomplete ? STYLES.not_started : (STYLES[status] ?? STYLES.not_started);
  const Icon = style.icon;
  return (
    <section
      aria-live="polite"
      data-testid="kyc-overall-status"
      data-status={incomplete ? "incomplete" : status}
      className={`flex items-start gap-4 rounded-2xl border p-5 ${style.box}`}
    >
      <Icon className="mt-0.5 h-8 w-8 shrink-0" />
      <div>
        {incomplete ? (
          <>
            <h2 className="text-lg font-semibold">{t("banner.incomplete.title")}</h2>
            <p className="mt-1">
              {t("banner.incomplete.text", {
                missing: missing.map((m) => t(`banner.missing.${m}`)).join(", "),
              })}
            </p>
          </>
        ) : (
          <>
            <h2 className="text-lg font-semibold">{t(`banner.${status}.title`)}</h2>
            <p className="mt-1">{t(`banner.${status}.text`)}</p>
          </>
        )}
      </div>
    </section>
  );
}
