import type { Application } from "@festgeld/domain";
import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../lib/format.ts";
import { formatCalendarDate, formatDate } from "../../../lib/format-date.ts";

/**
 * One line at the top of the dashboard saying what the saver should expect next, most urgent first:
 * a transfer to make (earliest deadline), details to complete, steps of the approval checklist still
 * to do, an application under review, the next maturity.
 */
export function WhatsNext({
  applications,
  checklistReady,
}: {
  applications: Application[];
  /** Whether the saver has done everything an approval needs (undefined while unknown). */
  checklistReady?: boolean | undefined;
}) {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const deposits = applications.flatMap((a) => (a.deposit ? [a.deposit] : []));

  const awaiting = deposits
    .filter((d) => d.status === "awaiting_funds" && d.transfer)
    .sort((a, b) => (a.transfer?.deadline ?? "").localeCompare(b.transfer?.deadline ?? ""))[0];
  const maturing = deposits
    .filter((d) => d.status === "active" && d.maturity_date)
    .sort((a, b) => (a.maturity_date ?? "").localeCompare(b.maturity_date ?? ""))[0];

  let text: string | null = null;
  if (awaiting?.transfer) {
    text = t("next.transfer", {
      amount: formatMoney(awaiting.transfer.amount, awaiting.transfer.currency, language),
      reference: awaiting.transfer.reference_formatted,
      date: formatDate(awaiting.transfer.deadline, language, "long", BUSINESS_TIME_ZONE),
    });
  } else if (applications.some((a) => a.status === "pending" && a.missing_details.length > 0)) {
    text = t("next.complete");
  } else if (applications.some((a) => a.status === "pending") && checklistReady === false) {
    text = t("next.checklist");
  } else if (applications.some((a) => a.status === "pending")) {
    text = t("next.review");
  } else if (maturing?.maturity_date) {
    text = t(`next.maturity.${maturing.maturity_instruction}`, {
      amount: formatMoney(maturing.amount, maturing.currency, language),
      date: formatCalendarDate(maturing.maturity_date, language, "long"),
    });
  }
  if (!text) return null;
  return (
    <p
      className="mt-6 rounded-xl border-l-4 border-brand-700 bg-brand-50 px-4 py-3 text-slate-900 dark:border-brand-300 dark:bg-slate-900 dark:text-white"
      data-testid="whats-next"
    >
      <span className="font-semibold">{t("next.label")}</span> {text}
    </p>
  );
}
