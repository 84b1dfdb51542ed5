import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { BlogArticleMeta } from "../../../content/blog/articles.ts";
import { useContentLanguage } from "../hooks/use-content-language.ts";
import { ArticleCover } from "./article-cover.tsx";
import { ArticleMeta } from "./article-meta.tsx";

const linkClass =
  "rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300";
const titleLinkClass = `hover:text-brand-700 dark:hover:text-brand-300 ${linkClass}`;

/** A link to the article's page; `label` names it for screen readers where its text alone does not. */
function ArticleLink({
  article,
  className,
  label,
  children,
}: {
  article: BlogArticleMeta;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <Link to={`/blog/${article.id}`} className={className} aria-label={label}>
      {children}
    </Link>
  );
}

/** The first match of the list: large card with the 'Featured' badge. */
export function FeaturedArticleCard({ article }: { article: BlogArticleMeta }) {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  const title = article.title[language];
  return (
    <article
      className="card grid gap-0 overflow-hidden p-0 md:grid-cols-2"
      data-testid="featured-article"
      data-article-id={article.id}
    >
      <ArticleCover article={article} eager className="h-56 w-full md:h-full" />
      <div className="flex flex-col p-6 md:p-8">
        <p>
          <span className="inline-block rounded-full bg-accent-400 px-3 py-1 text-xs font-bold uppercase tracking-wide text-slate-900">
            {t("list.featured")}
          </span>
        </p>
        <ArticleMeta article={article} className="mt-4" />
        <h2 className="mt-3 text-2xl font-bold text-slate-900 md:text-3xl dark:text-white">
          <ArticleLink article={article} className={titleLinkClass}>
            {title}
          </ArticleLink>
        </h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{article.excerpt[language]}</p>
        <p className="mt-6">
          <ArticleLink article={article} className="btn-primary" label={t("list.readMoreAria", { title })}>
            {t("list.readMore")}
            <span aria-hidden="true">→</span>
          </ArticleLink>
        </p>
      </div>
    </article>
  );
}

/** The other matches, in the 'Latest Articles' grid. */
export function ArticleCard({ article }: { article: BlogArticleMeta }) {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  const title = article.title[language];
  return (
    <article
      className="card flex flex-col overflow-hidden p-0"
      data-testid="article-card"
      data-article-id={article.id}
    >
      <ArticleCover article={article} className="h-44 w-full" />
      <div className="flex flex-1 flex-col p-6">
        <ArticleMeta article={article} />
        <h3 className="mt-3 text-xl font-bold text-slate-900 dark:text-white">
          <ArticleLink article={article} className={titleLinkClass}>
            {title}
          </ArticleLink>
        </h3>
        <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{article.excerpt[language]}</p>
        <p className="mt-4">
          <ArticleLink
            article={article}
            className={`font-semibold text-brand-700 hover:underline dark:text-brand-300 ${linkClass}`}
            label={t("list.readMoreAria", { title })}
          >
            {t("list.readMore")} <span aria-hidden="true">→</span>
          </ArticleLink>
        </p>
      </div>
    </article>
  );
}
