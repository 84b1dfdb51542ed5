import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import { FigureList } from "../../components/ui/figure-list.tsx";
import { FileIcon, ShieldIcon, UsersIcon } from "../../components/ui/icons.tsx";
import { Section } from "../../components/ui/section.tsx";
import { localized, useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";

/** "AB" for "Anna Beispiel": avatars are initials, never photos of real people. */
function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase())
    .slice(0, 2)
    .join("");
}

/** About: hero, stats, story, leadership team, three values. */
export default function AboutPage() {
  const { t, i18n } = useTranslation("marketing");
  const values = useBrandValues();
  useDocumentTitle(t("about.title"), t("about.description", values));

  const stats = [
    { value: values.customers, label: t("about.stats.customers") },
    { value: values.yearsInBusiness, label: t("about.stats.years") },
    { value: values.depositProtection, label: t("about.stats.protection") },
    { value: values.assets, label: t("about.stats.assets") },
  ];
  const paragraphs = t("about.story.paragraphs", { ...values, returnObjects: true }) as string[];
  const ourValues = [
    { key: "security", icon: <ShieldIcon className="h-6 w-6" /> },
    { key: "transparency", icon: <FileIcon className="h-6 w-6" /> },
    { key: "customerFirst", icon: <UsersIcon className="h-6 w-6" /> },
  ] as const;

  return (
    <>
      <section
        aria-labelledby="about-title"
        className="bg-gradient-to-b from-brand-50 to-white dark:from-brand-900 dark:to-slate-950"
      >
        <div className="mx-auto max-w-4xl px-4 py-16 text-center lg:py-20">
          <h1
            id="about-title"
            className="text-4xl font-extrabold tracking-tight text-slate-900 dark:text-white"
          >
            {t("about.hero.title", values)}
          </h1>
          <p className="mt-6 text-lg text-slate-700 dark:text-slate-200">{t("about.hero.text")}</p>
        </div>
      </section>

      <section aria-label={t("about.stats.label")} className="mx-auto max-w-7xl px-4">
        <FigureList
          figures={stats}
          className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
          centered
          labelClassName="mt-1 text-sm text-slate-600 dark:text-slate-300"
          testId="about-stats"
        />
      </section>

      <Section
        id="about-story"
        title={t("about.story.title")}
        heading="page"
        className="mx-auto max-w-3xl px-4 py-16"
      >
        <div className="mt-6 space-y-4 text-lg leading-relaxed text-slate-700 dark:text-slate-200">
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <section aria-labelledby="about-team" className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="about-team" className="text-center text-3xl font-bold text-slate-900 dark:text-white">
            {t("about.team.title")}
          </h2>
          {brand.demonstration && (
            <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-300">
              {t("about.team.fictionalNote")}
            </p>
          )}
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="team">
            {brand.team.map((person) => (
              <li key={person.name} className="card text-center">
                <span
                  aria-hidden="true"
                  className="mx-auto flex h-20 w-20 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white"
                >
                  {initials(person.name)}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{person.name}</h3>
                <p className="text-sm font-medium text-brand-700 dark:text-brand-200">
                  {localized(person.role, i18n.language)}
                </p>
                <p className="mt-3 text-sm text-slate-600 dark:text-slate-300">
                  {localized(person.bio, i18n.language)}
                </p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <Section
        id="about-values"
        title={t("about.values.title")}
        headingClassName="text-center text-3xl font-bold text-slate-900 dark:text-white"
        className="mx-auto max-w-7xl px-4 py-16"
      >
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {ourValues.map(({ key, icon }) => (
            <li key={key} className="card">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
                {icon}
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900 dark:text-white">
                {t(`about.values.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`about.values.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
