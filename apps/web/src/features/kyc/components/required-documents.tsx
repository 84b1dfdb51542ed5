import { useId } from "react";
import { useTranslation } from "react-i18next";

/** What must be sent. */
export function RequiredDocuments() {
  const { t } = useTranslation("kyc");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("required.title")}
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700 dark:text-slate-300">
        <li>{t("required.identity")}</li>
        <li>{t("required.address")}</li>
        <li>{t("required.selfie")}</li>
      </ul>
    </section>
  );
}
