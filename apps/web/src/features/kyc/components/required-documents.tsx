import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "../../../components/ui/section.tsx";

/** What must be sent. */
export function RequiredDocuments() {
  const { t } = useTranslation("kyc");
  const headingId = useId();
  return (
    <Section id={headingId} title={t("required.title")} heading="box" className="card">
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        <li>{t("required.identity")}</li>
        <li>{t("required.address")}</li>
        <li>{t("required.selfie")}</li>
      </ul>
    </Section>
  );
}
