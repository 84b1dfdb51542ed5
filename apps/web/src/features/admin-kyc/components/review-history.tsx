import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../lib/format-date.ts";
import { useReviewHistory } from "../api/review-api.ts";

/** The audit trail of one document: every view and decision, who and when. */
export function ReviewHistory({ documentId }: { documentId: string }) {
  const { t, i18n } = useTranslation("kyc");
  const history = useReviewHistory(documentId);
  if (history.isPending) return null;
  if (history.isError)
    return <p className="text-sm text-slate-600 dark:text-slate-400">{t("review.historyFailed")}</p>;
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{t("review.history")}</h3>
      {history.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("review.historyEmpty")}</p>
      ) : (
        <ol className="mt-2 space-y-1 text-sm text-slate-700 dark:text-slate-300">
          {history.data.map((entry) => (
            <li key={entry.id}>
              <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, i18n.language)}</time>
              {" · "}
              {t(`review.actions.${entry.action}`, { name: entry.actor.full_name })}
              {entry.reason_code && ` · ${t(`review.codes.${entry.reason_code}`)}`}
              {entry.reason && ` · ${entry.reason}`}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
