import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import type { Regulator } from "../../../content/brand/brand-types.ts";
import { localized } from "../../../lib/brand-text.ts";

/** The supervisory authorities of the brand, with the operator's licence or registration numbers. */
export function RegulatorList({ regulators = brand.regulators }: { regulators?: Regulator[] }) {
  const { t, i18n } = useTranslation("legal");
  return (
    <ul className="space-y-4">
      {regulators.map((regulator) => (
        <li
          key={regulator.id}
          className="rounded-xl border border-slate-200 p-4 dark:border-slate-700"
          data-testid="regulator"
        >
          <p className="font-semibold text-slate-900 dark:text-white">
            {regulator.name} ({regulator.shortName})
          </p>
          <p className="mt-1 text-sm">{localized(regulator.scope, i18n.language)}</p>
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium">{t("common.licence")}</dt>
            <dd>{regulator.licenceNumber}</dd>
            <dt className="font-medium">{t("common.address")}</dt>
            <dd>
              {regulator.address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </dd>
            <dt className="font-medium">{t("common.website")}</dt>
            <dd>
              <a href={regulator.website} className="break-all text-brand-700 underline dark:text-brand-200">
                {regulator.website.replace(/^https?:\/\//, "")}
              </a>
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
