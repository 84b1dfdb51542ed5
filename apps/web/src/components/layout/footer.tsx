import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FOOTER_LINKS } from "./nav-links.ts";

/** The shared footer; the demonstration brand says so visibly. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      {brand.demonstration && (
        <p
          className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
          data-testid="demo-notice"
        >
          {t("footer.demoNotice")}
        </p>
      )}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-slate-900 dark:text-white">{brand.shortName}</p>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("footer.tagline")}</p>
        </div>
        {(["company", "products", "legal"] as const).map((group) => (
          <nav key={group} aria-label={t(`footer.${group}`)}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-900 dark:text-white">
              {t(`footer.${group}`)}
            </h2>
            <ul className="mt-3 space-y-2">
              {FOOTER_LINKS[group].map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="text-sm text-slate-700 hover:text-brand-700 hover:underline dark:text-slate-300 dark:hover:text-brand-300"
                  >
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-slate-200 px-4 py-4 text-center text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {t("footer.copyright", { year, name: brand.name })}
      </p>
    </footer>
  );
}
