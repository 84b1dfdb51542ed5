import { useTranslation } from "react-i18next";
import type { BlogArticleMeta } from "../../../content/blog/articles.ts";

/**
 * An article's cover illustration (shipped with the app). `decorative`
 * where the title next to it already says everything, e.g. inside a link named by the title.
 */
export function ArticleCover({
  article,
  className = "",
  decorative = false,
  eager = false,
}: {
  article: BlogArticleMeta;
  className?: string;
  decorative?: boolean;
  eager?: boolean;
}) {
  const { t } = useTranslation("blog");
  return (
    <img
      src={article.image}
      alt={decorative ? "" : t(`images.${article.id}`)}
      width={1200}
      height={630}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={`bg-brand-100 object-cover dark:bg-brand-900 ${className}`}
    />
  );
}
