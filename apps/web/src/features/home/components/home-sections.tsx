import { brand } from "@brand";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FigureList } from "../../../components/ui/figure-list.tsx";
import {
  ArrowRightIcon,
  AwardIcon,
  BankIcon,
  CalendarIcon,
  CheckIcon,
  ClockIcon,
  FileIcon,
  GlobeIcon,
  LockIcon,
  ShieldIcon,
  SparklesIcon,
  StarIcon,
  TrendingUpIcon,
  UsersIcon,
} from "../../../components/ui/icons.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { type BrandValues, localized } from "../../../lib/brand-text.ts";
import { SectionHeading } from "./section-heading.tsx";

type Props = { values: BrandValues };

/** A small "Illustrative" tag for sample content of the demonstration brand. */
function IllustrativeTag() {
  const { t } = useTranslation();
  return (
    <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-900 dark:text-amber-50">
      {t("illustrative")}
    </span>
  );
}

function IconBubble({ children }: { children: ReactNode }) {
  return (
    <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-900 dark:text-brand-100">
      {children}
    </span>
  );
}

export function HeroSection({ values }: Props) {
  const { t } = useTranslation("marketing");
  const points = ["protection", "fees", "fixed"] as const;
  return (
    <section
      aria-labelledby="home-hero-title"
      className="bg-gradient-to-b from-brand-50 to-white dark:from-brand-900 dark:to-slate-950"
    >
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 lg:grid-cols-2 lg:items-center lg:py-24">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-200">
            {t("home.hero.eyebrow", values)}
          </p>
          <h1
            id="home-hero-title"
            className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
          >
            {t("home.hero.title", values)}
          </h1>
          <p className="mt-6 text-lg text-slate-700 dark:text-slate-200">{t("home.hero.text", values)}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/packages" className="btn-primary px-6 py-3 text-base" data-testid="hero-packages">
              {t("home.hero.primary")}
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
            <Link
              to="/calculator"
              className="btn-secondary px-6 py-3 text-base"
              data-testid="hero-calculator"
            >
              {t("home.hero.secondary")}
            </Link>
          </div>
          <p className="mt-6 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <StarIcon className="h-5 w-5 fill-current text-amber-600 dark:text-accent-400" />
            {t("home.hero.rating", values)}
            {brand.demonstration && <IllustrativeTag />}
          </p>
        </div>
        <ul className="card space-y-5">
          {points.map((point) => (
            <li key={point} className="flex items-start gap-3">
              <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100">
                <CheckIcon className="h-4 w-4" />
              </span>
              <span className="text-lg font-medium text-slate-800 dark:text-slate-100">
                {t(`home.hero.points.${point}`, values)}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function FeaturesSection({ values }: Props) {
  const { t } = useTranslation("marketing");
  const features = [
    { key: "security", icon: <ShieldIcon className="h-6 w-6" /> },
    { key: "returns", icon: <TrendingUpIcon className="h-6 w-6" /> },
    { key: "flexibility", icon: <CalendarIcon className="h-6 w-6" /> },
    { key: "ease", icon: <SparklesIcon className="h-6 w-6" /> },
  ] as const;
  return (
    <section aria-labelledby="home-features" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="home-features"
        title={t("home.features.title")}
        subtitle={t("home.features.subtitle")}
      />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {features.map(({ key, icon }) => (
          <li key={key} className="card">
            <IconBubble>{icon}</IconBubble>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
              {t(`home.features.${key}.title`)}
            </h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">
              {t(`home.features.${key}.text`, values)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function WhySection({ values }: Props) {
  const { t } = useTranslation("marketing");
  const items = [
    { key: "regulated", icon: <BankIcon className="h-6 w-6" /> },
    { key: "transparent", icon: <FileIcon className="h-6 w-6" /> },
    { key: "fees", icon: <CheckIcon className="h-6 w-6" /> },
    { key: "fast", icon: <ClockIcon className="h-6 w-6" /> },
    { key: "languages", icon: <UsersIcon className="h-6 w-6" /> },
    { key: "europe", icon: <GlobeIcon className="h-6 w-6" /> },
  ] as const;
  return (
    <section aria-labelledby="home-why" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="home-why" title={t("home.why.title", values)} subtitle={t("home.why.subtitle")} />
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {items.map(({ key, icon }) => (
            <li key={key} className="flex gap-4">
              <IconBubble>{icon}</IconBubble>
              <div>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {t(`home.why.items.${key}.title`)}
                </h3>
                <p className="mt-1 text-slate-600 dark:text-slate-300">
                  {t(`home.why.items.${key}.text`, values)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function StepsSection() {
  const { t } = useTranslation("marketing");
  const steps = ["apply", "verify", "details", "earn"] as const;
  return (
    <section aria-labelledby="home-steps" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="home-steps" title={t("home.steps.title")} subtitle={t("home.steps.subtitle")} />
      <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
        {steps.map((step, index) => (
          <li key={step} className="card relative">
            <span
              aria-hidden="true"
              className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
            >
              {index + 1}
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
              <span className="sr-only">{t("home.steps.step", { number: index + 1 })}: </span>
              {t(`home.steps.${step}.title`)}
            </h3>
            <p className="mt-2 text-slate-600 dark:text-slate-300">{t(`home.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ValuesAndBadgesSection({ values }: Props) {
  const { t } = useTranslation("marketing");
  const ourValues = ["security", "transparency", "customers"] as const;
  const badges = [
    { key: "protection", icon: <ShieldIcon className="h-6 w-6" /> },
    { key: "supervised", icon: <BankIcon className="h-6 w-6" /> },
    { key: "encryption", icon: <LockIcon className="h-6 w-6" /> },
    { key: "gdpr", icon: <FileIcon className="h-6 w-6" /> },
  ] as const;
  return (
    <>
      <section aria-labelledby="home-values" className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-2 lg:items-center">
          <div>
            <h2 id="home-values" className="text-3xl font-bold text-slate-900 dark:text-white">
              {t("home.values.title")}
            </h2>
            <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("home.values.text", values)}</p>
            <Link
              to="/about"
              className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-200"
            >
              {t("home.values.more")}
              <ArrowRightIcon className="h-4 w-4" />
            </Link>
          </div>
          <ul className="grid gap-4 sm:grid-cols-3 lg:grid-cols-1">
            {ourValues.map((value) => (
              <li key={value} className="card flex items-center gap-3 py-4">
                <CheckIcon className="h-5 w-5 text-green-700 dark:text-green-300" />
                <span className="font-semibold text-slate-900 dark:text-white">
                  {t(`home.values.${value}`)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Section
        id="home-badges"
        title={t("home.badges.title")}
        headingClassName="text-center text-xl font-semibold text-slate-900 dark:text-white"
        className="mx-auto max-w-7xl px-4 py-12"
      >
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {badges.map(({ key, icon }) => (
            <li
              key={key}
              className="flex items-center gap-3 rounded-xl border border-slate-200 px-4 py-3 dark:border-slate-700"
            >
              <span className="text-brand-700 dark:text-brand-200">{icon}</span>
              <span className="text-sm font-medium text-slate-800 dark:text-slate-100">
                {t(`home.badges.${key}`, values)}
              </span>
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}

export function MediaSection() {
  const { t, i18n } = useTranslation("marketing");
  if (brand.media.length === 0 && brand.awards.length === 0) return null;
  const illustrative = brand.media.some((m) => m.illustrative) || brand.awards.some((a) => a.illustrative);
  return (
    <section aria-labelledby="home-media" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="home-media" title={t("home.media.title")} />
        {illustrative && (
          <p className="mx-auto mt-4 max-w-2xl text-center text-sm text-slate-600 dark:text-slate-300">
            {t("home.media.illustrativeNote")}
          </p>
        )}
        <div className="mt-10 grid gap-10 lg:grid-cols-2">
          <div>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("home.media.pressTitle")}
            </h3>
            <ul className="mt-4 grid grid-cols-[repeat(auto-fit,minmax(8.5rem,1fr))] gap-4">
              {brand.media.map((outlet) => (
                <li
                  key={outlet.name}
                  className="flex min-w-0 items-center break-words justify-center rounded-xl border border-slate-200 bg-white px-3 py-5 text-center font-serif text-lg font-semibold text-slate-700 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200"
                >
                  {outlet.name}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
              {t("home.media.awardsTitle")}
            </h3>
            <ul className="mt-4 space-y-3">
              {brand.awards.map((award) => (
                <li
                  key={`${award.issuer}-${award.year}`}
                  className="card flex flex-wrap items-center gap-4 py-4"
                >
                  <AwardIcon className="h-8 w-8 shrink-0 text-amber-600 dark:text-accent-400" />
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900 dark:text-white">
                      {localized(award.title, i18n.language)}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {award.issuer}, {award.year}
                    </p>
                  </div>
                  {award.illustrative && <IllustrativeTag />}
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

export function PremiumSection({ values }: Props) {
  const { t } = useTranslation("marketing");
  const items: Array<"languages" | "hours" | "always"> = ["languages", "hours"];
  if (brand.support247) items.push("always");
  return (
    <section aria-labelledby="home-premium" className="mx-auto max-w-7xl px-4 py-16">
      <div className="card grid gap-8 bg-brand-800 text-white lg:grid-cols-2 lg:items-center dark:bg-brand-900">
        <div>
          <h2 id="home-premium" className="text-3xl font-bold">
            {t("home.premium.title")}
          </h2>
          <p className="mt-3 text-brand-50">{t("home.premium.text")}</p>
          <Link
            to="/contact"
            className="mt-6 inline-flex items-center gap-2 rounded-lg bg-white px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t("home.premium.contact")}
          </Link>
        </div>
        <ul className="space-y-3">
          {items.map((item) => (
            <li key={item} className="flex items-start gap-3">
              <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-accent-400" />
              <span>{t(`home.premium.${item}`, values)}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function TrustSection({ values }: Props) {
  const { t } = useTranslation("marketing");
  const stats = [
    { value: values.customersCompact, label: t("home.trust.customers") },
    { value: values.assets, label: t("home.trust.assets") },
    { value: values.countries, label: t("home.trust.countries") },
    { value: String(brand.figures.foundedYear), label: t("home.trust.founded") },
  ];
  return (
    <section aria-labelledby="home-trust" className="bg-slate-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="home-trust" title={t("home.trust.title")} />
        <FigureList figures={stats} className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4" centered />
        <p className="mt-8 flex items-center justify-center gap-2 text-slate-700 dark:text-slate-200">
          <StarIcon className="h-5 w-5 fill-current text-amber-600 dark:text-accent-400" />
          {t("home.trust.rating", {
            // The hero's reading: one rating on the page (docs/decisions.md "One set of figures on the home page").
            score: values.ratingScore,
            outOf: values.ratingOutOf,
            count: values.ratingCountNumber,
          })}
          {brand.demonstration && <IllustrativeTag />}
        </p>
      </div>
    </section>
  );
}

export function TestimonialsSection() {
  const { t, i18n } = useTranslation("marketing");
  if (brand.testimonials.length === 0) return null;
  const illustrative = brand.testimonials.some((item) => item.illustrative);
  return (
    <section aria-labelledby="home-testimonials" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="home-testimonials" title={t("home.testimonials.title")} />
      {illustrative && (
        <p className="mx-auto mt-4 max-w-2xl text-center text-sm text-slate-600 dark:text-slate-300">
          {t("home.testimonials.illustrativeNote")}
        </p>
      )}
      <ul className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="testimonials">
        {brand.testimonials.map((item) => (
          <li key={item.name} className="card flex flex-col" data-testid="testimonial">
            <figure className="flex flex-1 flex-col">
              <div className="flex items-center justify-between">
                <p
                  className="flex gap-0.5 text-amber-600 dark:text-accent-400"
                  role="img"
                  aria-label={t("home.testimonials.stars", { rating: item.rating })}
                >
                  {Array.from({ length: item.rating }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: identical decorative stars
                    <StarIcon key={i} className="h-4 w-4 fill-current" />
                  ))}
                </p>
                {item.illustrative && <IllustrativeTag />}
              </div>
              <blockquote className="mt-4 flex-1 border-l-4 border-brand-200 pl-4 text-slate-700 dark:border-brand-700 dark:text-slate-200">
                <p>{localized(item.quote, i18n.language)}</p>
              </blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-slate-900 dark:text-white">
                {item.name}, {item.city}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function CtaSection() {
  const { t } = useTranslation("marketing");
  return (
    <Section
      id="home-cta"
      title={t("home.cta.title")}
      heading="page"
      className="mx-auto max-w-4xl px-4 pt-8 pb-16 text-center"
    >
      <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("home.cta.text")}</p>
      <Link to="/apply" className="btn-primary mt-8 px-8 py-3 text-base" data-testid="cta-apply">
        {t("home.cta.button")}
        <ArrowRightIcon className="h-4 w-4" />
      </Link>
    </Section>
  );
}
