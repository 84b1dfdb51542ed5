import { LIMITS } from "@festgeld/domain/constants";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Section } from "../../../components/ui/section.tsx";
import { ARTICLES, articleDate, BLOG_CATEGORIES, type BlogCategory } from "../../../content/blog/articles.ts";
import { formatDate } from "../../../lib/format-date.ts";
import { useContentLanguage } from "../hooks/use-content-language.ts";
import { ArticleCover } from "./article-cover.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

const focusRing =
  "rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300";

/** The blog sidebar: newsletter, category list, the first three articles as popular posts. */
export function BlogSidebar({ activeCategory }: { activeCategory: BlogCategory | null }) {
  const { t } = useTranslation("blog");
  const language = useContentLanguage();
  const popular = ARTICLES.slice(0, LIMITS.popularPosts);

  return (
    <aside aria-label={t("sidebar.label")} className="space-y-8">
      <NewsletterForm />

      <Section id="blog-categories-title" title={t("sidebar.categories")} className="card">
        <ul className="mt-4 space-y-1" data-testid="sidebar-categories">
          {BLOG_CATEGORIES.map((category) => {
            const count = ARTICLES.filter((article) => article.category === category).length;
            const active = category === activeCategory;
            return (
              <li key={category}>
                <Link
                  to={`/blog?category=${category}`}
                  replace
                  aria-current={active ? "true" : undefined}
                  className={`flex items-center justify-between px-3 py-2 hover:bg-brand-50 dark:hover:bg-slate-800 ${focusRing} ${
                    active
                      ? "bg-brand-50 font-semibold text-brand-800 dark:bg-slate-800 dark:text-brand-200"
                      : "text-slate-700 dark:text-slate-300"
                  }`}
                >
                  <span>{t(`categories.${category}`)}</span>
                  <span className="text-sm text-slate-600 dark:text-slate-400">
                    {t("sidebar.categoryCount", { count })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="blog-popular-title" title={t("sidebar.popular")} className="card">
        <ul className="mt-4 space-y-4" data-testid="popular-posts">
          {popular.map((article) => (
            <li key={article.id}>
              <Link to={`/blog/${article.id}`} className={`group flex gap-3 ${focusRing}`}>
                <ArticleCover article={article} decorative className="h-16 w-24 flex-none rounded-lg" />
                <span className="flex flex-col">
                  <span className="font-semibold text-slate-900 group-hover:text-brand-700 group-hover:underline dark:text-white dark:group-hover:text-brand-300">
                    {article.title[language]}
                  </span>
                  <time dateTime={article.date} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                    {formatDate(articleDate(article), language, "long")}
                  </time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>
    </aside>
  );
}
