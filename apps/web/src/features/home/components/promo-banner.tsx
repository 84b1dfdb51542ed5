import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CloseIcon } from "../../../components/ui/icons.tsx";
import type { BrandValues } from "../../../lib/brand-text.ts";

// Dismissed for the rest of the visit (SPA navigation), not remembered across reloads; see docs/decisions.md,
// "The promo banner stays dismissed for the visit, not across reloads".
let dismissedThisVisit = false;

/** The dismissible promo banner at the top of the home page. */
export function PromoBanner({ values }: { values: BrandValues }) {
  const { t } = useTranslation("marketing");
  const [visible, setVisible] = useState(!dismissedThisVisit);
  if (!visible) return null;

  const dismiss = () => {
    dismissedThisVisit = true;
    setVisible(false);
    // The button disappears with the banner: keep keyboard focus inside the page.
    document.getElementById("main")?.focus({ preventScroll: true });
  };

  return (
    <section
      aria-label={t("promo.label")}
      className="bg-brand-800 text-white dark:bg-brand-900"
      data-testid="promo-banner"
    >
      <div className="mx-auto flex max-w-7xl items-center gap-3 px-4 py-2 text-sm">
        <p className="flex-1">
          {t("promo.text", values)}{" "}
          <Link
            to="/packages"
            className="font-semibold whitespace-nowrap underline underline-offset-2 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t("promo.link")}
          </Link>
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t("promo.dismiss")}
          className="rounded-md p-1 hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white"
          data-testid="promo-dismiss"
        >
          <CloseIcon className="h-4 w-4" />
        </button>
      </div>
    </section>
  );
}
