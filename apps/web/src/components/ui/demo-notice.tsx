import { brand } from "@brand";
import { useTranslation } from "react-i18next";

/**
 * The visible "demonstration" notice of every legal page: shown whenever the
 * active brand is the fictional one, so a default install can never pass for a regulated offer.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  if (!brand.demonstration) return null;
  return (
    <p
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
      data-testid="legal-demo-notice"
    >
      {t("demo.legalNotice", { name: brand.name })}
    </p>
  );
}
