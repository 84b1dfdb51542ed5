import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DemoNotice } from "../../../components/ui/demo-notice.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { cached, localeFor } from "../../../lib/format.ts";

/** Frame of every legal page: one h1, the demonstration notice, optional date of the last update. */
export function LegalLayout({
  title,
  subtitle,
  intro,
  updated,
  children,
}: {
  title: string;
  subtitle?: string;
  intro?: string;
  /** ISO date of the text's last revision. */
  updated?: string;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation("legal");
  return (
    <article className="mx-auto max-w-3xl px-4 py-16">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        {subtitle && <p className="mt-2 text-xl text-slate-700 dark:text-slate-200">{subtitle}</p>}
        {updated && (
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300" data-testid="last-updated">
            {t("common.lastUpdated", {
              date: cached(
                `month-year:${i18n.language}`,
                () =>
                  new Intl.DateTimeFormat(localeFor(i18n.language), {
                    month: "long",
                    year: "numeric",
                    timeZone: "UTC",
                  }),
              ).format(new Date(updated)),
            })}
          </p>
        )}
        <div className="mt-6">
          <DemoNotice />
        </div>
        {intro && <p className="mt-6 text-lg text-slate-700 dark:text-slate-200">{intro}</p>}
      </header>
      <div className="mt-10 space-y-10">{children}</div>
    </article>
  );
}

/** A section of a legal text as the catalogues hold it: paragraphs, then a list, then paragraphs. */
export interface LegalSectionText {
  title: string;
  text?: string;
  paragraphs?: string[];
  items?: string[];
  after?: string[];
}

export function LegalSection({ section, id }: { section: LegalSectionText; id: string }) {
  return (
    <Section id={id} title={section.title} heading="section">
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-200">
        {section.text && <p>{section.text}</p>}
        {section.paragraphs?.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {section.items && (
          <ul className="list-disc space-y-2 pl-6">
            {section.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
        {section.after?.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Section>
  );
}

/** A heading-and-body block for pages that lay out their own content. */
export function LegalBlock({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Section id={id} title={title} heading="section">
      <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-200">{children}</div>
    </Section>
  );
}
