import type { Application } from "@festgeld/domain";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CheckIcon } from "../../../components/ui/icons.tsx";
import { formatMoney, formatRate } from "../../../lib/format.ts";

/** Success state of /apply: the thank-you panel and "submit another". */
export function ThankYouPanel({
  application,
  signedIn,
  onSubmitAnother,
}: {
  application: Application;
  signedIn: boolean;
  onSubmitAnother: () => void;
}) {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the confirmation so keyboard and screen-reader users learn the form was sent.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card text-center" aria-labelledby="apply-success-title" data-testid="apply-success">
      <span className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-200">
        <CheckIcon className="h-6 w-6" />
      </span>
      <h2
        id="apply-success-title"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-2xl font-bold text-slate-900 outline-none dark:text-white"
      >
        {t("apply.success")}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{t("apply.successText")}</p>
      <dl className="mx-auto mt-6 max-w-sm space-y-2 text-left text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">{t("apply.summary.package")}</dt>
          <dd className="font-semibold">
            {t("packages.months", { count: application.term })} ·{" "}
            {formatRate(application.package.interest_rate, language)}
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">{t("apply.summary.amount")}</dt>
          <dd className="font-semibold">{formatMoney(application.amount, application.currency, language)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-slate-600 dark:text-slate-300">{t("apply.summary.expectedInterest")}</dt>
          <dd className="font-semibold">
            {formatMoney(application.expected_interest, application.currency, language)}
          </dd>
        </div>
      </dl>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        {signedIn && (
          <Link to="/dashboard" className="btn-primary">
            {t("apply.toDashboard")}
          </Link>
        )}
        <button type="button" className="btn-secondary" onClick={onSubmitAnother}>
          {t("apply.submitAnother")}
        </button>
      </div>
    </section>
  );
}
