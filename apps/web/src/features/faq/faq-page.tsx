import { DURATIONS_MONTHS } from "@festgeld/domain/constants";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PublicPage } from "../../components/layout/public-page.tsx";
import { ChevronDownIcon } from "../../components/ui/icons.tsx";
import { Section } from "../../components/ui/section.tsx";
import { listFormat, useBrandValues } from "../../lib/brand-text.ts";
import { formatNumber } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

/** The eight questions of the specification, grouped by category, in display order. */
const CATEGORIES = [
  { id: "basics", items: ["whatIs", "who"] },
  { id: "security", items: ["safe", "data"] },
  { id: "pricing", items: ["fees", "interest"] },
  { id: "terms", items: ["termsEarly"] },
  { id: "process", items: ["apply"] },
] as const;

type ItemId = (typeof CATEGORIES)[number]["items"][number];

/**
 * FAQ: one answer open at a time; clicking the open question closes it. Each
 * question is a button inside a heading with aria-expanded and aria-controls (WAI-ARIA accordion).
 */
export default function FaqPage() {
  const { t, i18n } = useTranslation("marketing");
  const brandValues = useBrandValues();
  const values = {
    ...brandValues,
    durations: listFormat(
      DURATIONS_MONTHS.map((m) => formatNumber(m, i18n.language)),
      i18n.language,
      "conjunction",
    ),
  };
  const [open, setOpen] = useState<ItemId | null>(null);
  const baseId = useId();
  useDocumentTitle(t("faq.title"), t("faq.description"));

  const toggle = (id: ItemId) => setOpen((current) => (current === id ? null : id));

  return (
    <PublicPage title={t("faq.title")} intro={t("faq.intro")}>
      {CATEGORIES.map((category) => (
        <Section
          id={`${baseId}-${category.id}`}
          title={t(`faq.categories.${category.id}`)}
          headingClassName="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-200"
          key={category.id}
          className="mt-10"
        >
          <div className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {category.items.map((item) => {
              const expanded = open === item;
              const buttonId = `${baseId}-${item}-button`;
              const panelId = `${baseId}-${item}-panel`;
              return (
                <div key={item} data-testid="faq-item" data-open={expanded}>
                  <h3>
                    <button
                      id={buttonId}
                      type="button"
                      aria-expanded={expanded}
                      aria-controls={panelId}
                      onClick={() => toggle(item)}
                      className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 dark:text-white dark:hover:bg-slate-900 dark:focus-visible:outline-brand-300"
                      data-testid="faq-question"
                    >
                      {t(`faq.items.${item}.question`)}
                      <ChevronDownIcon
                        className={`h-5 w-5 shrink-0 transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`}
                      />
                    </button>
                  </h3>
                  <section
                    id={panelId}
                    aria-labelledby={buttonId}
                    hidden={!expanded}
                    className="px-5 pb-5 text-slate-700 dark:text-slate-200"
                    data-testid="faq-answer"
                  >
                    <p>{t(`faq.items.${item}.answer`, values)}</p>
                  </section>
                </div>
              );
            })}
          </div>
        </Section>
      ))}

      <Section id="faq-more" title={t("faq.more.title")} heading="section" className="card mt-12 text-center">
        <p className="mt-2 text-slate-600 dark:text-slate-300">{t("faq.more.text", values)}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/contact" className="btn-primary">
            {t("faq.more.contact")}
          </Link>
          <Link to="/packages" className="btn-secondary">
            {t("faq.more.packages")}
          </Link>
        </div>
      </Section>
    </PublicPage>
  );
}
