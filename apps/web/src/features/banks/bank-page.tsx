import { useTranslation } from "react-i18next";
import { Link, useLocation, useParams } from "react-router";
import { CountryFlag } from "../../components/ui/flag.tsx";
import { Section } from "../../components/ui/section.tsx";
import { countryName, useBanks } from "../../lib/banks.ts";
import { formatCents } from "../../lib/format.ts";
import { formatCalendarDate } from "../../lib/format-date.ts";
import { usePackages } from "../../lib/packages.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { bankPath } from "./components/bank-links.ts";
import { BankOffers } from "./components/bank-offers.tsx";
import { InformationSheet } from "./components/information-sheet.tsx";

/** /banks/{slug}: a partner bank's profile, offers, depositor information sheet and scheme. */
export default function BankPage() {
  const { t, i18n } = useTranslation("banks");
  const { slug = "" } = useParams();
  const { pathname } = useLocation();
  const banks = useBanks();
  const packages = usePackages();
  const bank = banks.data?.find((b) => b.slug === slug);
  useDocumentTitle(bank?.name ?? t("profile.notFoundTitle"), bank?.description || undefined);

  if (!bank) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">
          {banks.isFetching ? "…" : t("profile.notFoundTitle")}
        </h1>
        {!banks.isFetching && <p className="mt-4">{t("profile.notFoundText")}</p>}
        <p className="mt-6">
          <Link to={bankPath(pathname)} className="text-brand-700 underline dark:text-brand-200">
            {t("profile.back")}
          </Link>
        </p>
      </section>
    );
  }
  const offers = (packages.data ?? []).filter((p) => p.bank.id === bank.id);
  const coverage = formatCents(bank.scheme.coverage_cents, "EUR", i18n.language, { whole: true });
  const facts: Array<[string, string | null]> = [
    [t("list.country"), countryName(bank.country, i18n.language)],
    [t("profile.city"), bank.city],
    [t("profile.bic"), bank.bic],
    [t("profile.lei"), bank.lei],
    [t("profile.supervisor"), bank.supervisor],
    [t("profile.register"), bank.register_entry],
    [
      t("list.rating"),
      bank.country_rating
        ? t("list.ratingValue", {
            rating: bank.country_rating.rating,
            source: bank.country_rating.source,
            date: formatCalendarDate(bank.country_rating.date, i18n.language),
          })
        : t("list.noRating"),
    ],
    [t("profile.partnerSince"), bank.partner_since ? String(bank.partner_since) : null],
  ];

  return (
    <article
      className="mx-auto max-w-5xl space-y-10 px-4 py-12"
      data-testid="bank-profile"
      data-slug={bank.slug}
    >
      <header>
        <p>
          <Link to={bankPath(pathname)} className="text-brand-700 underline dark:text-brand-200">
            {t("profile.back")}
          </Link>
        </p>
        <h1 className="mt-4 flex items-center gap-3 text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">
          <CountryFlag country={bank.country} decorative className="h-6 w-9" />
          {bank.logo_url && <img src={bank.logo_url} alt="" className="h-10 w-auto" width={40} height={40} />}
          {bank.name}
        </h1>
        {bank.description && (
          <p className="mt-3 text-lg text-slate-600 dark:text-slate-300">{bank.description}</p>
        )}
        {!bank.accepting_deposits && (
          <p className="mt-3 font-semibold text-amber-800 dark:text-amber-200">{t("list.paused")}</p>
        )}
      </header>

      <Section id="bank-facts" title={t("profile.facts")}>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          {facts
            .filter((fact): fact is [string, string] => Boolean(fact[1]))
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
                <dd className="font-semibold">{value}</dd>
              </div>
            ))}
        </dl>
      </Section>

      <Section id="bank-offers-title" title={t("profile.offers", { name: bank.name })}>
        {bank.accepting_deposits ? (
          <BankOffers packages={offers} />
        ) : (
          <p className="mt-2">{t("list.paused")}</p>
        )}
      </Section>

      <Section id="bank-scheme" title={t("profile.scheme")}>
        <p className="mt-2">
          {t("profile.schemeText", { name: bank.name, scheme: bank.scheme.name, amount: coverage })}
        </p>
        {bank.scheme.website && (
          <p className="mt-2">
            <a
              href={bank.scheme.website}
              className="text-brand-700 underline dark:text-brand-200"
              rel="noopener"
            >
              {bank.scheme.website.replace(/^https:\/\//, "")}
            </a>
          </p>
        )}
      </Section>

      <InformationSheet bank={bank} />
    </article>
  );
}
