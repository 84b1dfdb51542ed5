import { useTranslation } from "react-i18next";
import { articleDate, type BlogArticleMeta } from "../../../content/blog/articles.ts";
import { formatDate } from "../../../lib/format-date.ts";
import { useContentLanguage } from "../hooks/use-content-language.ts";

/** Date, reading time and category of an article, in the current language. */
export function ArticleMeta({
  article,
  showCategory = true,
  className = "",
}: {
  article: BlogArticleMeta;
  showCategory?: boolean;
  className?: string;
}) {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  return (
    <p
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600 dark:text-slate-300 ${className}`}
    >
      <time dateTime={article.date}>{formatDate(articleDate(article), language, "long")}</time>
      <span aria-hidden="true">·</span>
      <span>{t("readTime", { minutes: article.readingMinutes })}</span>
      {showCategory && (
        <>
          <span aria-hidden="true">·</span>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-100">
            {t(`categories.${article.category}`)}
          </span>
        </>
      )}
    </p>
  );
}
