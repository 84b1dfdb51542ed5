import type { KycDocument } from "@festgeld/domain";
import type { KycDocumentStatus, KycDocumentType } from "@festgeld/domain/constants";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "../../../lib/format-date.ts";
import type { UploadResult } from "../api/use-kyc-upload.ts";
import { FilePicker } from "./file-picker.tsx";
import { CheckCircleIcon, ClockIcon, DocumentIcon, XCircleIcon } from "./kyc-icons.tsx";
import { UploadProgress } from "./upload-progress.tsx";

const BADGES: Record<KycDocumentStatus, string> = {
  not_uploaded: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  approved: "bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100",
  rejected: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
};

/** Why a document was rejected, in the reader's language when staff chose a reason code. */
function RejectionReason({ document }: { document: KycDocument }) {
  const { t } = useTranslation("kyc");
  if (document.rejection_code) {
    return (
      <>
        <p>{t("notes.rejected", { reason: t(`reasons.${document.rejection_code}`) })}</p>
        {document.rejection_note && (
          <p className="mt-1">{t("notes.reviewerNote", { note: document.rejection_note })}</p>
        )}
      </>
    );
  }
  if (document.rejection_reason) return <p>{t("notes.rejected", { reason: document.rejection_reason })}</p>;
  return <p>{t("notes.rejectedNoReason")}</p>;
}

/**
 * One document type: its status, a note per status, the rejection reason, and an
 * upload control only when nothing was uploaded yet or the last one was rejected.
 */
export function DocumentCard({
  type,
  status,
  document,
  uploadingProgress,
  busy,
  notNeeded = false,
  onUpload,
}: {
  type: KycDocumentType;
  status: KycDocumentStatus;
  document: KycDocument | null;
  /** 0..1 while this type uploads, else null. */
  uploadingProgress: number | null;
  /** Another upload runs: controls stay disabled. */
  busy: boolean;
  /** Nothing was sent and none is needed (the identity is verified with the other document). */
  notNeeded?: boolean;
  onUpload: (type: KycDocumentType, file: File) => Promise<UploadResult>;
}) {
  const { t, i18n } = useTranslation("kyc");
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // The picker is disabled while the file uploads, which drops the keyboard focus: a refused file
  // gives it back to the picker (beside the error), an accepted one to the card's title.
  useEffect(() => {
    if (error) input.current?.focus();
  }, [error]);
  const title = t(`types.${type}.title`);
  const skipped = notNeeded && status === "not_uploaded";
  const canUpload = !skipped && (status === "not_uploaded" || status === "rejected");

  return (
    <article
      aria-labelledby={headingId}
      className="card flex flex-col gap-3"
      data-testid={`kyc-card-${type}`}
      data-status={status}
    >
      {/* The badge has the same place on every card, under the title, whatever the title's length and
          the card's width (beside a long German title it used to wrap on some cards and not others). */}
      <div className="flex min-w-0 items-start gap-3">
        <DocumentIcon className="mt-0.5 h-6 w-6 shrink-0 text-brand-700 dark:text-brand-300" />
        <div className="min-w-0">
          <h3
            id={headingId}
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
          >
            {title}
          </h3>
          <span
            className={`mt-1 inline-block rounded-full px-3 py-1 text-sm font-medium ${BADGES[status]}`}
            data-testid="kyc-card-status"
          >
            {skipped ? t("status.not_needed") : t(`status.${status}`)}
          </span>
        </div>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t(`types.${type}.description`)}</p>

      {document && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t("notes.uploadedOn", { date: formatDate(document.uploaded_at, i18n.language) })}
        </p>
      )}
      {skipped && (
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="kyc-not-needed">
          {t("notes.notNeeded")}
        </p>
      )}
      {status === "pending" && (
        <p className="flex items-center gap-2 text-amber-900 dark:text-amber-200">
          <ClockIcon className="h-5 w-5" />
          {t("notes.pending")}
        </p>
      )}
      {status === "approved" && (
        <p className="flex items-center gap-2 text-green-800 dark:text-green-300">
          <CheckCircleIcon className="h-5 w-5" />
          {t("notes.approved")}
        </p>
      )}
      {status === "rejected" && document && (
        <div className="flex gap-2 rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950/60 dark:text-red-100">
          <XCircleIcon className="h-5 w-5 shrink-0" />
          <div data-testid="kyc-rejection-reason">
            <RejectionReason document={document} />
          </div>
        </div>
      )}

      {canUpload && (
        <div className="mt-auto pt-2">
          <FilePicker
            documentType={type}
            label={t(status === "rejected" ? "upload.again" : "upload.choose", { document: title })}
            disabled={busy || uploadingProgress !== null}
            error={error}
            testId={`kyc-upload-${type}`}
            inputRef={input}
            onFile={async (file) => {
              setError(null);
              const result = await onUpload(type, file);
              if (!result.ok) setError(result.message);
              else heading.current?.focus();
            }}
          />
          {uploadingProgress !== null && (
            <UploadProgress fraction={uploadingProgress} label={t("upload.progress", { document: title })} />
          )}
        </div>
      )}
    </article>
  );
}
