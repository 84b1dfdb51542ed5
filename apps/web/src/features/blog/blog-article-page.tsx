import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { type BlogArticleMeta, findArticle } from "../../content/blog/articles.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ArticleBody } from "./components/article-body.tsx";
import { ArticleCover } from "./components/article-cover.tsx";
import { ArticleMeta } from "./components/article-meta.tsx";
import { BlogCta } from "./components/blog-cta.tsx";
import { ShareButton } from "./components/share-button.tsx";
import { useArticleBody } from "./hooks/use-article-body.ts";
import { useContentLanguage } from "./hooks/use-content-language.ts";

const backLinkClass =
  "inline-flex items-center gap-2 rounded font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:focus-visible:outline-brand-300";

/** /blog/{id}; an unknown id shows 'Article Not Found' with a link back. */
export default function BlogArticlePage() {
  const { id } = useParams();
  const article = findArticle(id);
  return article ? <Article key={article.id} article={article} /> : <ArticleNotFound />;
}

function Article({ article }: { article: BlogArticleMeta }) {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  const title = article.title[language];
  const excerpt = article.excerpt[language];
  const body = useArticleBody(article.id, language);
  useDocumentTitle(title, excerpt);

  return (
    <article className="mx-auto max-w-4xl px-4 py-10" data-testid="blog-article" data-article-id={article.id}>
      <p>
        <Link to="/blog" className={backLinkClass}>
          <span aria-hidden="true">←</span>
          {t("article.back")}
        </Link>
      </p>
      <ArticleCover article={article} eager className="mt-6 aspect-[40/21] w-full rounded-2xl" />

      <header className="mt-8">
        <ArticleMeta article={article} />
        <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">{title}</h1>
        <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{excerpt}</p>
        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4 dark:border-slate-800">
          <div className="flex items-center gap-3">
            <span
              aria-hidden="true"
              className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            >
              {brand.shortName.charAt(0)}
            </span>
            <p className="flex flex-col">
              <span className="font-semibold text-slate-900 dark:text-white" data-testid="article-author">
                {t("article.author", { name: brand.shortName })}
              </span>
              <span className="text-sm text-slate-600 dark:text-slate-400">{t("article.authorRole")}</span>
            </p>
          </div>
          <ShareButton title={title} text={excerpt} />
        </div>
      </header>

      <div className="mt-4" lang={language}>
        {body.isPending ? (
          <Spinner label={t("article.loading")} />
        ) : body.isError ? (
          <div
            role="alert"
            className="mt-8 rounded-xl border border-red-300 bg-red-50 p-6 dark:border-red-800 dark:bg-red-950"
          >
            <p className="text-red-900 dark:text-red-100">{t("article.loadError")}</p>
            <button type="button" className="btn-secondary mt-4" onClick={() => body.refetch()}>
              {t("article.retry")}
            </button>
          </div>
        ) : (
          <ArticleBody html={body.data} />
        )}
      </div>

      <p className="mt-10 rounded-xl bg-slate-100 p-4 text-sm text-slate-700 dark:bg-slate-900 dark:text-slate-300">
        {t("article.disclaimer")}
      </p>

      <div className="mt-12">
        <BlogCta title={t("article.ctaTitle")} text={t("article.ctaText")} button={t("article.ctaButton")} />
      </div>
    </article>
  );
}

function ArticleNotFound() {
  const { t } = useTranslation("blog");
  useDocumentTitle(t("article.notFoundTitle"));
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center" data-testid="article-not-found">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("article.notFoundTitle")}</h1>
      <p className="mt-4 text-slate-700 dark:text-slate-300">{t("article.notFoundText")}</p>
      <Link to="/blog" className="btn-primary mt-8 inline-flex">
        <span aria-hidden="true">←</span>
        {t("article.back")}
      </Link>
    </section>
  );
}
