import { brand } from "@brand";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LegalBlock, LegalLayout, LegalSection, type LegalSectionText } from "./components/legal-layout.tsx";
import { RegulatorList } from "./components/regulator-list.tsx";

/** The countries whose regulators the page lists, in its order, with the key of each one's heading. */
const REGULATOR_COUNTRIES = [
  { code: "DE", key: "germany" },
  { code: "FR", key: "france" },
] as const;

/** Legal & compliance: structure, German and French regulators, funds, contact. */
export default function LegalCompliancePage() {
  const { t } = useTranslation("legal");
  const values = useBrandValues();
  useDocumentTitle(t("legalCompliance.title"), t("legalCompliance.description", values));
  const section = (key: string) =>
    t(`legalCompliance.${key}`, { ...values, returnObjects: true }) as LegalSectionText;

  return (
    <LegalLayout title={t("legalCompliance.title")} intro={t("legalCompliance.intro")}>
      <LegalBlock id="lc-structure" title={t("legalCompliance.structure.title")}>
        {section("structure").paragraphs?.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        <p className="rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-900 dark:bg-brand-900 dark:text-brand-50">
          {t("legalCompliance.structure.role")}
        </p>
      </LegalBlock>

      <LegalBlock id="lc-regulators" title={t("legalCompliance.regulators.title")}>
        {REGULATOR_COUNTRIES.map(({ code, key }) => {
          const regulators = brand.regulators.filter((r) => r.countryCode === code);
          return (
            regulators.length > 0 && (
              <Fragment key={code}>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {t(`legalCompliance.regulators.${key}`)}
                </h3>
                <RegulatorList regulators={regulators} />
              </Fragment>
            )
          );
        })}
      </LegalBlock>

      <LegalSection id="lc-funds" section={section("funds")} />
      <LegalSection id="lc-aml" section={section("aml")} />
      <LegalSection id="lc-data" section={section("dataProtection")} />
      <LegalSection id="lc-complaints" section={section("complaints")} />
      <LegalSection id="lc-contact" section={section("contact")} />
    </LegalLayout>
  );
}
