import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Section } from "../../components/ui/section.tsx";
import {
  ARTICLES,
  BLOG_CATEGORIES,
  type BlogCategory,
  filterArticles,
  isBlogCategory,
} from "../../content/blog/articles.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ArticleCard, FeaturedArticleCard } from "./components/article-card.tsx";
import { BlogCta } from "./components/blog-cta.tsx";
import { BlogSidebar } from "./components/blog-sidebar.tsx";
import { useContentLanguage } from "./hooks/use-content-language.ts";

/**
 * /blog: search (title or excerpt in the current language), category buttons, the
 * first match as the featured card, the others under 'Latest Articles', sidebar and closing call to
 * action. The category is kept in the address (?category=) so the sidebar links and the back button
 * work; the search text is local to the page.
 */
export default function BlogListPage() {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  const [params, setParams] = useSearchParams();
  const categoryParam = params.get("category");
  const category: BlogCategory | null = isBlogCategory(categoryParam) ? categoryParam : null;
  const [query, setQuery] = useState("");
  useDocumentTitle(t("meta.title"), t("meta.description"));

  const matches = filterArticles(ARTICLES, { query, category, language });
  const [featured, ...rest] = matches;

  function chooseCategory(next: BlogCategory | null) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set("category", next);
        else updated.delete("category");
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  }

  const categoryButton = (value: BlogCategory | null) => {
    const active = value === category;
    return (
      <button
        key={value ?? "all"}
        type="button"
        aria-pressed={active}
        onClick={() => chooseCategory(value)}
        className={`rounded-full border px-4 py-2 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300 ${
          active
            ? "border-brand-700 bg-brand-700 text-white dark:border-brand-300 dark:bg-brand-300 dark:text-slate-950"
            : "border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        }`}
      >
        {t(value ? `categories.${value}` : "categories.all")}
      </button>
    );
  };

  // Named with the category, so that each choice is announced (the same count alone is not re-read).
  const announcement = category
    ? matches.length === 0
      ? t("list.categoryNone", { category: t(`categories.${category}`) })
      : t("list.categoryCount", { count: matches.length, category: t(`categories.${category}`) })
    : matches.length === 0
      ? t("list.noMatch")
      : matches.length === 1
        ? t("list.oneMatch")
        : t("list.resultCount", { count: matches.length });

  return (
    <div>
      <section className="bg-linear-to-br from-brand-900 to-brand-700 px-4 py-14 text-white sm:py-20">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-bold sm:text-5xl">{t("list.title")}</h1>
          <p className="mt-4 text-lg text-brand-50">{t("list.subtitle")}</p>
          <search className="mx-auto mt-8 block max-w-xl">
            <label htmlFor="blog-search" className="sr-only">
              {t("list.searchLabel")}
            </label>
            <input
              id="blog-search"
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t("list.searchPlaceholder")}
              autoComplete="off"
              maxLength={200}
              className="block w-full rounded-xl border border-white/40 bg-white px-4 py-3 text-slate-900 shadow-lg placeholder:text-slate-600 focus:outline-3 focus:outline-offset-2 focus:outline-accent-400"
            />
          </search>
        </div>
      </section>

      <div className="mx-auto max-w-7xl px-4 py-10">
        <fieldset data-testid="category-filters">
          <legend className="sr-only">{t("list.categoriesLabel")}</legend>
          <div className="flex flex-wrap gap-2">
            {categoryButton(null)}
            {BLOG_CATEGORIES.map((value) => categoryButton(value))}
          </div>
        </fieldset>
        <p role="status" className="sr-only" data-testid="result-announcement">
          {announcement}
        </p>

        <div className="mt-8 grid gap-10 lg:grid-cols-3">
          <div className="lg:col-span-2">
            {featured ? (
              <>
                <FeaturedArticleCard article={featured} />
                <Section id="blog-latest-title" title={t("list.latest")} heading="section" className="mt-12">
                  {rest.length > 0 ? (
                    <div className="mt-6 grid gap-6 md:grid-cols-2" data-testid="article-grid">
                      {rest.map((article) => (
                        <ArticleCard key={article.id} article={article} />
                      ))}
                    </div>
                  ) : (
                    <p
                      className="mt-6 rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700 dark:border-slate-700 dark:text-slate-300"
                      data-testid="blog-message"
                    >
                      {t("list.oneMatch")}
                    </p>
                  )}
                </Section>
              </>
            ) : (
              <div
                className="rounded-2xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700"
                data-testid="blog-empty"
              >
                <p
                  className="text-xl font-semibold text-slate-900 dark:text-white"
                  data-testid="blog-message"
                >
                  {t("list.noMatch")}
                </p>
                <p className="mt-2 text-slate-700 dark:text-slate-300">{t("list.noMatchHint")}</p>
                <button
                  type="button"
                  className="btn-secondary mt-6"
                  onClick={() => {
                    setQuery("");
                    chooseCategory(null);
                  }}
                >
                  {t("list.showAll")}
                </button>
              </div>
            )}
          </div>
          <BlogSidebar activeCategory={category} />
        </div>

        <div className="mt-16">
          <BlogCta title={t("cta.title")} text={t("cta.text")} button={t("cta.button")} />
        </div>
      </div>
    </div>
  );
}
