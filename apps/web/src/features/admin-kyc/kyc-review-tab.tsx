import type { KycAdminDocument } from "@festgeld/domain";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminTable, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { TruncatedText } from "../../components/ui/truncated-text.tsx";
import { formatDate } from "../../lib/format-date.ts";
import { PAGE_SIZE, type QueueStatus, useReviewQueue } from "./api/review-api.ts";
import { DecisionForm } from "./components/decision-form.tsx";
import { FileViewer } from "./components/file-viewer.tsx";
import { ReviewHistory } from "./components/review-history.tsx";

const STATUSES: QueueStatus[] = ["pending", "approved", "rejected", "all"];

/** The review panel: the file beside the user's name, then the decision (pending) or its outcome. */
function ReviewPanel({ document, onDone }: { document: KycAdminDocument; onDone: () => void }) {
  const { t, i18n } = useTranslation(["kyc", "identity"]);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opening a document moves focus to the panel, so the keyboard continues there.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby={headingId} className="card space-y-5" data-testid="kyc-review-panel">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="rounded-sm text-xl font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white dark:focus-visible:outline-brand-300"
          >
            {document.user_full_name}
          </h2>
          <p className="break-all text-slate-600 dark:text-slate-400">{document.user_email}</p>
        </div>
        <div className="flex gap-2">
          <Link
            to={`/admin/dossier/${document.user_id}`}
            state={{ from: "/admin?tab=kyc" }}
            className="btn-secondary"
          >
            {t("identity:dossier.open")}
          </Link>
          <button type="button" className="btn-secondary" onClick={onDone}>
            {t("review.close")}
          </button>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <dt className="font-medium text-slate-700 dark:text-slate-300">{t("review.columns.document")}</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          {t([`staffTypes.${document.document_type}.title`, `types.${document.document_type}.title`])}
        </dd>
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
  const total = queue.data?.total ?? 0;
  // Closing the panel gives focus back to the document's "Open" button, or the first one left.
  const close = (id: string) => {
    setSelected(null);
    requestAnimationFrame(() => {
      const buttons = [...window.document.querySelectorAll<HTMLElement>("[data-open-document]")];
      (buttons.find((button) => button.dataset.openDocument === id) ?? buttons[0])?.focus();
    });
  };
  const documentTitle = (doc: KycAdminDocument) =>
    t([`staffTypes.${doc.document_type}.title`, `types.${doc.document_type}.title`]);
  const columns: Column<KycAdminDocument>[] = [
    {
      id: "user",
      header: t("review.columns.user"),
      cell: (doc) => (
        <>
          <TruncatedText text={doc.user_full_name} className="font-medium text-slate-900 dark:text-white" />
          <TruncatedText text={doc.user_email} className="text-slate-600 dark:text-slate-400" />
        </>
      ),
    },
    { id: "document", header: t("review.columns.document"), cell: documentTitle },
    {
      id: "uploaded",
      header: t("review.columns.uploaded"),
      cell: (doc) => formatDate(doc.uploaded_at, i18n.language),
    },
    { id: "status", header: t("review.columns.status"), cell: (doc) => t(`status.${doc.status}`) },
    {
      id: "actions",
      header: t("review.columns.actions"),
      headerHidden: true,
      sticky: true,
      cell: (doc) => (
        <button
          type="button"
          className="btn-secondary px-3 py-1 text-sm"
          onClick={() => setSelected(doc)}
          data-open-document={doc.id}
          aria-label={t("review.openFor", { document: documentTitle(doc), name: doc.user_full_name })}
        >
          {t("review.open")}
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-slate-600 dark:text-slate-400">{t("review.subtitle")}</p>
        </div>
        <LabelledSelect
          label={t("review.filter")}
          value={status}
          options={STATUSES.map((value) => ({ value, label: t(`review.filters.${value}`) }))}
          onChange={(value) => {
            setStatus(value);
            setOffset(0);
            setSelected(null);
          }}
        />
      </div>

      {/* Columns no wider than the screen: a long name or address must not widen the page. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-2">
        <div className="min-w-0 space-y-3">
          <AdminTable
            caption={t("review.caption")}
            columns={columns}
            rows={queue.data?.items}
            rowKey={(doc) => doc.id}
            query={queue}
            texts={listTexts(t, "review.empty", "review.")}
            paging={{ offset, limit: PAGE_SIZE, total, onChange: setOffset, label: t("review.pagination") }}
            rowProps={(doc) => ({
              "data-testid": "kyc-queue-row",
              ...(selected?.id === doc.id
                ? { "aria-current": "true", className: "bg-brand-50 dark:bg-brand-900/30" }
                : {}),
            })}
            testId="kyc-queue"
          />
        </div>
        <div className="min-w-0">
          {selected ? (
            <ReviewPanel key={selected.id} document={selected} onDone={() => close(selected.id)} />
          ) : (
            <p className="card text-slate-600 dark:text-slate-300">{t("review.select")}</p>
          )}
        </div>
      </div>
    </div>
  );
}
