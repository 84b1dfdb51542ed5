import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDocumentTitle } from "../lib/use-document-title.ts";

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t("notFound.title"));
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <p className="text-6xl font-bold text-brand-700 dark:text-brand-300">404</p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900 dark:text-white">{t("notFound.title")}</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-300">{t("notFound.text")}</p>
      <Link to="/" className="btn-primary mt-8 inline-flex">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
