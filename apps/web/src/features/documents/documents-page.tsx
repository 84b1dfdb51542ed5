import type { PostboxDocument } from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SaverPage } from "../../components/layout/saver-page.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { useScrollToHash } from "../../lib/use-scroll-to-hash.ts";
import { DOCUMENTS_KEY, downloadDocument, useDocuments } from "./api/documents-api.ts";
import { HoldingsStatementForm } from "./holdings-statement-form.tsx";

const fileNameOf = (doc: PostboxDocument) =>
  `${doc.kind}-${doc.created_at.slice(0, 10)}-${doc.id.slice(0, 8)}.pdf`;

function DocumentList() {
  const { t, i18n } = useTranslation(PAGE_NAMESPACES["/documents"]);
  const documents = useDocuments();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useScrollToHash(documents.isSuccess);

  const download = async (doc: PostboxDocument) => {
    setBusy(doc.id);
    setError(null);
    try {
      await downloadDocument(doc.id, fileNameOf(doc));
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    } catch (err) {
      setError(errorMessage(err, t("documents.downloadError")));
    } finally {
      setBusy(null);
    }
  };

  if (documents.isPending) return <Spinner label={t("documents.loading")} />;
  if (documents.isError) {
    return (
      <FormAlert kind="error" testId="documents-error">
        {errorMessage(documents.error, t("documents.loadError"))}
      </FormAlert>
    );
  }
  const items = documents.data;
  const unread = items.filter((d) => !d.read).length;
  return (
    <>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" aria-live="polite">
        {t("documents.unreadCount", { count: unread })}
      </p>
      {error && (
        <FormAlert kind="error" testId="documents-download-error">
          {error}
        </FormAlert>
      )}
      {items.length === 0 ? (
        <p className="card mt-6 text-slate-600 dark:text-slate-300" data-testid="documents-empty">
          {t("documents.empty")}
        </p>
      ) : (
        <ul className="mt-6 space-y-3" data-testid="documents-list">
          {items.map((doc) => (
            <li
              key={doc.id}
              id={`document-${doc.id}`}
              className="card flex flex-wrap items-center justify-between gap-4"
              data-testid="document-item"
              data-kind={doc.kind}
            >
              <div>
                <p className="font-semibold text-slate-900 dark:text-white">
                  {!doc.read && (
                    <span className="mr-2 rounded bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                      {t("documents.new")}
                    </span>
                  )}
                  {/* The kind's title in the reader's language; the PDF stays in the language it was issued in. */}
                  {t(`documents.kinds.${doc.kind}`)}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {t("documents.issued", { date: formatDateTime(doc.created_at, i18n.language) })}
                  {/* A statement issued with a day's maturities has its size once it was first downloaded. */}
                  {doc.size_bytes !== null &&
                    ` · ${t("documents.size", { size: Math.max(1, Math.round(doc.size_bytes / 1024)) })}`}
                </p>
              </div>
              <button
                type="button"
                className="btn-secondary"
                disabled={busy === doc.id}
                onClick={() => download(doc)}
                aria-label={t("documents.downloadNamed", { title: t(`documents.kinds.${doc.kind}`) })}
              >
                {busy === doc.id ? t("documents.downloading") : t("documents.download")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /documents: the saver's postbox of PDF documents, with an unread marker; signed-out visitors go to /login. */
export default function DocumentsPage() {
  const { t } = useTranslation("messages");
  return (
    <SaverPage title={t("documents.title")} intro={t("documents.subtitle")} width="max-w-4xl">
      <HoldingsStatementForm />
      <DocumentList />
    </SaverPage>
  );
}
