import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** At most this many pages are drawn; the rest can be downloaded. */
const MAX_PAGES = 5;

/**
 * A PDF drawn inline with pdf.js: each page onto a canvas, so the document is shown without the
 * browser's PDF plugin, without frames and within the Content-Security-Policy (script and worker
 * from 'self', no eval). The PDF's own scripts and forms are never run. pdf.js loads only here.
 */
export function PdfPages({ blob, label }: { blob: Blob; label: string }) {
  const { t } = useTranslation("kyc");
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    const host = container.current;
    if (!host) return;
    host.replaceChildren();
    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import("pdfjs-dist"),
        import("pdfjs-dist/build/pdf.worker.min.mjs?url"),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({
        data: new Uint8Array(await blob.arrayBuffer()),
        isEvalSupported: false,
        enableXfa: false,
      });
      const doc = await task.promise;
      try {
        for (let n = 1; n <= Math.min(doc.numPages, MAX_PAGES) && !cancelled; n += 1) {
          const page = await doc.getPage(n);
          const viewport = page.getViewport({ scale: 1.5 });
          const canvas = document.createElement("canvas");
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          canvas.className = "w-full rounded-lg border border-slate-200 bg-white dark:border-slate-700";
          canvas.setAttribute("role", "img");
          canvas.setAttribute("aria-label", `${label} (${n}/${doc.numPages})`);
          canvas.dataset.testid = "pdf-page";
          host.append(canvas);
          await page.render({ canvas, viewport }).promise;
        }
      } finally {
        await doc.destroy();
      }
    })().catch((error: unknown) => {
      if (cancelled) return;
      console.error("Could not draw the PDF", error);
      setFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [blob, label]);

  return (
    <div className="space-y-2">
      <div ref={container} className="space-y-2" data-testid="pdf-inline" />
      {failed && <p className="text-slate-700 dark:text-slate-300">{t("review.pdfNote")}</p>}
    </div>
  );
}
