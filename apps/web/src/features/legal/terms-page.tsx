import { useTranslation } from "react-i18next";
import { useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LegalLayout, LegalSection, type LegalSectionText } from "./components/legal-layout.tsx";

/** Date of the current version of the special terms. */
const TERMS_UPDATED = "2025-01-01";

/** Terms: the special terms for fixed deposits, in nine sections. */
export default function TermsPage() {
  const { t } = useTranslation("legal");
  const values = useBrandValues();
  useDocumentTitle(t("terms.title"), t("terms.description", values));
  const sections = t("terms.sections", { ...values, returnObjects: true }) as LegalSectionText[];
  return (
    <LegalLayout
      title={t("terms.title")}
      subtitle={t("terms.subtitle")}
      intro={t("terms.intro", values)}
      updated={TERMS_UPDATED}
    >
      <nav aria-labelledby="terms-contents" className="rounded-xl bg-slate-50 p-5 dark:bg-slate-900">
        <h2 id="terms-contents" className="font-semibold text-slate-900 dark:text-white">
          {t("common.contents")}
        </h2>
        <ol className="mt-2 space-y-1">
          {sections.map((section, index) => (
            <li key={section.title}>
              <a href={`#terms-${index + 1}`} className="text-brand-700 underline dark:text-brand-200">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <LegalSection key={section.title} id={`terms-${index + 1}`} section={section} />
      ))}
    </LegalLayout>
  );
}
