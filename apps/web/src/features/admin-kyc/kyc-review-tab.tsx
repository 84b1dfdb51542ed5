import type { KycAdminDocument } from "@festgeld/domain";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { PAGE_SIZE, type QueueStatus, useReviewQueue } from "./api/review-api.ts";
import { DecisionForm } from "./components/decision-form.tsx";
import { FileViewer } from "./components/file-viewer.tsx";
import { ReviewHistory } from "./components/review-history.tsx";

const STATUSES: QueueStatus[] = ["pending", "approved", "rejected", "all"];

/** The review panel: the file beside the user's name, then the decision (pending) or its outcome. */
function ReviewPanel({ document, onDone }: { document: KycAdminDocument; onDone: () => void }) {
  const { t, i18n } = useTranslation(["kyc", "identity"]);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card space-y-5" data-testid="kyc-review-panel">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
            {document.user_full_name}
          </h3>
          <p className="text-slate-600 dark:text-slate-400">{document.user_email}</p>
        </div>
        <div className="flex gap-2">
          <Link to={`/admin/dossier/${document.user_id}`} className="btn-secondary">
            {t("identity:dossier.open")}
          </Link>
          <button type="button" className="btn-secondary" onClick={onDone}>
            {t("review.close")}
          </button>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="font-medium text-slate-700 dark:text-slate-300">{t("review.columns.document")}</dt>
        <dd className="text-slate-900 dark:text-slate-100">{t(`types.${document.document_type}.title`)}</dd>
        <dt className="font-medium text-slate-700 dark:text-slate-300">{t("review.columns.uploaded")}</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          {formatDate(document.uploaded_at, i18n.language)}
        </dd>
        <dt className="font-medium text-slate-700 dark:text-slate-300">{t("review.columns.status")}</dt>
        <dd className="text-slate-900 dark:text-slate-100">{t(`status.${document.status}`)}</dd>
        <dt className="font-medium text-slate-700 dark:text-slate-300">{t("review.userStatus")}</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          {t(`review.userStatuses.${document.user_kyc_status}`)}
        </dd>
        {document.file_name && (
          <>
            <dt className="font-medium text-slate-700 dark:text-slate-300">{t("review.fileName")}</dt>
            <dd className="break-all text-slate-900 dark:text-slate-100">{document.file_name}</dd>
          </>
        )}
      </dl>
      <FileViewer document={document} userName={document.user_full_name} />
      {document.status === "pending" ? (
        <DecisionForm document={document} onDecided={onDone} />
      ) : (
        <p className="text-slate-700 dark:text-slate-300">
          {t(`review.outcome.${document.status}`, { name: document.reviewed_by?.full_name ?? "" })}
          {document.rejection_reason && ` ${document.rejection_reason}`}
        </p>
      )}
      <ReviewHistory documentId={document.id} />
    </section>
  );
}

/** Admin tab "KYC review": the queue (oldest first), the file beside the user's name, and the decision. */
export default function KycReviewTab() {
  const { t, i18n } = useTranslation("kyc");
  const [status, setStatus] = useState<QueueStatus>("pending");
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<KycAdminDocument | null>(null);
  const queue = useReviewQueue(status, offset);
  const filterId = useId();
  const total = queue.data?.total ?? 0;
  const items = queue.data?.items ?? [];

  // After decisions empty the last page, step back to a page that has documents.
  useEffect(() => {
    if (queue.data && queue.data.items.length === 0 && offset > 0) {
      setOffset(Math.max(0, offset - PAGE_SIZE));
    }
  }, [queue.data, offset]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("review.title")}</h2>
          <p className="text-slate-600 dark:text-slate-400">{t("review.subtitle")}</p>
        </div>
        <div>
          <label htmlFor={filterId} className="label">
            {t("review.filter")}
          </label>
          <select
            id={filterId}
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as QueueStatus);
              setOffset(0);
              setSelected(null);
            }}
          >
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`review.filters.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="grid gap-6 xl:grid-cols-2">
        <div className="space-y-3">
          {queue.isPending ? (
            <Spinner label={t("review.loading")} />
          ) : queue.isError ? (
            <p role="alert" className="text-red-700 dark:text-red-400">
              {t("review.loadFailed")}
            </p>
          ) : items.length === 0 ? (
            <p className="card text-slate-600 dark:text-slate-300">{t("review.empty")}</p>
          ) : (
            <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
              <table className="w-full text-left text-sm" data-testid="kyc-queue">
                <caption className="sr-only">{t("review.caption")}</caption>
                <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t("review.columns.user")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("review.columns.document")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("review.columns.uploaded")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t("review.columns.status")}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      <span className="sr-only">{t("review.columns.actions")}</span>
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {items.map((doc) => (
                    <tr
                      key={doc.id}
                      data-testid="kyc-queue-row"
                      aria-current={selected?.id === doc.id ? "true" : undefined}
                      className={selected?.id === doc.id ? "bg-brand-50 dark:bg-brand-900/30" : undefined}
                    >
                      <td className="px-3 py-2">
                        <div className="font-medium text-slate-900 dark:text-white">{doc.user_full_name}</div>
                        <div className="break-all text-slate-600 dark:text-slate-400">{doc.user_email}</div>
                      </td>
                      <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                        {t(`types.${doc.document_type}.title`)}
                      </td>
                      <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                        {formatDate(doc.uploaded_at, i18n.language)}
                      </td>
                      <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                        {t(`status.${doc.status}`)}
                      </td>
                      <td className="px-3 py-2">
                        <button
                          type="button"
                          className="btn-secondary px-3 py-1 text-sm"
                          onClick={() => setSelected(doc)}
                          aria-label={t("review.openFor", {
                            document: t(`types.${doc.document_type}.title`),
                            name: doc.user_full_name,
                          })}
                        >
                          {t("review.open")}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {total > 0 && (
            <nav aria-label={t("review.pagination")} className="flex items-center justify-between gap-3">
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t("review.range", {
                  from: formatNumber(offset + 1, i18n.language),
                  to: formatNumber(Math.min(offset + PAGE_SIZE, total), i18n.language),
                  total: formatNumber(total, i18n.language),
                })}
              </p>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 text-sm"
                  disabled={offset === 0}
                  onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}
                >
                  {t("review.previous")}
                </button>
                <button
                  type="button"
                  className="btn-secondary px-3 py-1 text-sm"
                  disabled={offset + PAGE_SIZE >= total}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  {t("review.next")}
                </button>
              </div>
            </nav>
          )}
        </div>
        <div>
          {selected ? (
            <ReviewPanel key={selected.id} document={selected} onDone={() => setSelected(null)} />
          ) : (
            <p className="card text-slate-600 dark:text-slate-300">{t("review.select")}</p>
          )}
        </div>
      </div>
    </div>
  );
}
