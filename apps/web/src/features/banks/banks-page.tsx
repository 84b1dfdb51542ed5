import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CatalogueHeader } from "../../components/layout/catalogue-header.tsx";
import { CountryFlag } from "../../components/ui/flag.tsx";
import { countryName, useBanks } from "../../lib/banks.ts";
import { formatCents } from "../../lib/format.ts";
import { formatCalendarDate } from "../../lib/format-date.ts";
import { usePackages } from "../../lib/packages.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { bankPath } from "./components/bank-links.ts";
import { BankOffers } from "./components/bank-offers.tsx";

/**
 * /banks: every partner bank with its country, scheme, country rating and offers. Rendered at build
 * time from the seeded banks and refreshed from the API once loaded (lib/banks.ts).
 */
export default function BanksPage() {
  const { t, i18n } = useTranslation("banks");
  const { pathname } = useLocation();
  const banks = useBanks();
  const packages = usePackages();
  useDocumentTitle(t("list.title"), t("list.subtitle"));
  const list = banks.data ?? [];

  return (
    <section className="mx-auto max-w-5xl px-4 py-12">
      <CatalogueHeader title={t("list.title")} subtitle={t("list.subtitle")} />
      {list.length === 0 ? (
        <p className="mt-10 text-center">{t("list.empty")}</p>
      ) : (
        <ul className="mt-10 space-y-6" data-testid="bank-list">
          {list.map((bank) => {
            const offers = (packages.data ?? []).filter((p) => p.bank.id === bank.id);
            return (
              <li key={bank.id} className="card" data-testid="bank-item" data-slug={bank.slug}>
                <h2 className="flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-white">
                  <CountryFlag country={bank.country} decorative className="h-4 w-6" />
                  <Link to={bankPath(pathname, bank.slug)} className="hover:underline">
                    {bank.name}
                  </Link>
                </h2>
                {bank.description && <p className="mt-2">{bank.description}</p>}
                {!bank.accepting_deposits && (
                  <p className="mt-2 font-semibold text-amber-800 dark:text-amber-200">{t("list.paused")}</p>
                )}
                <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">{t("list.country")}</dt>
                    <dd className="font-semibold">{countryName(bank.country, i18n.language)}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">{t("list.scheme")}</dt>
                    <dd className="font-semibold">{bank.scheme.name}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">{t("list.coverage")}</dt>
                    <dd className="font-semibold">
                      {formatCents(bank.scheme.coverage_cents, "EUR", i18n.language, { whole: true })}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">{t("list.rating")}</dt>
                    <dd className="font-semibold">
                      {bank.country_rating
                        ? t("list.ratingValue", {
                            rating: bank.country_rating.rating,
                            source: bank.country_rating.source,
                            date: formatCalendarDate(bank.country_rating.date, i18n.language),
                          })
                        : t("list.noRating")}
                    </dd>
                  </div>
                </dl>
                <h3 className="mt-5 font-semibold text-slate-900 dark:text-white">
                  {t("list.offers", { count: offers.length })}
                </h3>
                {bank.accepting_deposits && <BankOffers packages={offers} />}
                <p className="mt-4">
                  <Link
                    to={bankPath(pathname, bank.slug)}
                    className="text-brand-700 underline dark:text-brand-200"
                  >
                    {t("list.profile", { name: bank.name })}
                  </Link>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
