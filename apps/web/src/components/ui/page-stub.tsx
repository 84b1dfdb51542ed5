import { useTranslation } from "react-i18next";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

/** A route whose full page is still being built: it renders, translated, and says so honestly. */
export function PageStub({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  useDocumentTitle(title);
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{title}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t("stub.comingSoon")}</p>
    </section>
  );
}
