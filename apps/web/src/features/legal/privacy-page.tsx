import { useTranslation } from "react-i18next";
import { useBanks } from "../../lib/banks.ts";
import { listFormat, useBrandValues } from "../../lib/brand-text.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LegalLayout, LegalSection, type LegalSectionText } from "./components/legal-layout.tsx";

/** Date of the current version of the privacy policy (January 2025). */
const PRIVACY_UPDATED = "2025-01-01";

/** Privacy policy: overview, controller, data, cookies, rights, security. */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation("legal");
  // The partner banks are data (lib/banks.ts), not brand configuration.
  const banks = useBanks().data ?? [];
  const values = {
    ...useBrandValues(),
    partnerBankNames: listFormat(
      banks.map((b) => b.name),
      i18n.language,
      "conjunction",
    ),
  };
  useDocumentTitle(t("privacy.title"), t("privacy.description", values));
  const sections = t("privacy.sections", { ...values, returnObjects: true }) as LegalSectionText[];
  return (
    <LegalLayout title={t("privacy.title")} intro={t("privacy.intro")} updated={PRIVACY_UPDATED}>
      {sections.map((section, index) => (
        <LegalSection key={section.title} id={`privacy-${index + 1}`} section={section} />
      ))}
    </LegalLayout>
  );
}
