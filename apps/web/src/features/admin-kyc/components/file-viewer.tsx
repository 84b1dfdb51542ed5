import type { KycDocument } from "@festgeld/domain";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client.ts";
import { fetchDocumentFile } from "../api/review-api.ts";
import { PdfPages } from "./pdf-pages.tsx";

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}

type Loaded = { kind: "image"; src: string; href: string } | { kind: "pdf"; href: string; blob: Blob };

/**
 * Shows one document to the reviewer. Images are shown inline as a data: URL (the CSP allows images
 * from 'self' and data: only, not blob:); every file can also be saved through an object URL.
 */
export function FileViewer({
  document,
  userName,
}: {
  document: Pick<KycDocument, "id" | "content_type" | "document_type">;
  userName: string;
}) {
  const { t } = useTranslation("kyc");
  const [state, setState] = useState<
    { status: "loading" } | { status: "error"; message: string } | ({ status: "ready" } & Loaded)
  >({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: "loading" });
    (async () => {
      try {
        const blob = await fetchDocumentFile(document.id, controller.signal);
        objectUrl = URL.createObjectURL(blob);
        if (document.content_type === "application/pdf") {
          setState({ status: "ready", kind: "pdf", href: objectUrl, blob });
        } else {
          setState({ status: "ready", kind: "image", src: await readAsDataUrl(blob), href: objectUrl });
        }
      } catch (error) {
        if ((error as Error).name === "AbortError") return;
        console.error("Could not load the document file", error);
        setState({ status: "error", message: errorMessage(error, t("review.fileFailed")) });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id, document.content_type, t]);

  const extension = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" }[
    document.content_type
  ];
  const downloadName = `kyc-${document.document_type}-${document.id.slice(0, 8)}.${extension}`;
  const documentName = t([
    `staffTypes.${document.document_type}.title`,
    `types.${document.document_type}.title`,
  ]);

  if (state.status === "loading") {
    return (
      <p role="status" className="text-slate-600 dark:text-slate-300">
        {t("review.fileLoading")}
      </p>
    );
  }
  if (state.status === "error") {
    return (
      <p role="alert" className="text-red-700 dark:text-red-400">
        {state.message}
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid="kyc-file-viewer">
      {state.kind === "image" ? (
        <img
          src={state.src}
          alt={t("review.imageAlt", { document: documentName, name: userName })}
          className="max-h-[32rem] w-full rounded-lg border border-slate-200 bg-slate-100 object-contain dark:border-slate-700 dark:bg-slate-800"
        />
      ) : (
        <PdfPages
          blob={state.blob}
          label={t("review.imageAlt", { document: documentName, name: userName })}
        />
      )}
      <a href={state.href} download={downloadName} className="btn-secondary">
        {state.kind === "pdf" ? t("review.downloadPdf") : t("review.download")}
      </a>
    </div>
  );
}
