import type { Application, Package } from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { usePackages } from "../../lib/packages.ts";
import { useSession } from "../../lib/session.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { ApplicationForm } from "./components/application-form.tsx";
import { ThankYouPanel } from "./components/thank-you-panel.tsx";
import type { Carried } from "./lib/application-form.ts";

const NO_PACKAGES: Package[] = [];

/**
 * /apply: the package (and the amount) come preselected from navigation state; states
 * idle -> submitting -> success (thank-you panel, "submit another") or error (shown until any edit).
 * Signed in, name and e-mail are prefilled and the application is linked to the account.
 */
export default function ApplyPage() {
  const { t } = useTranslation("invest");
  useDocumentTitle(t("apply.title"), t("apply.subtitle"));
  const location = useLocation();
  // From /packages, /compare or the calculator: the chosen package, the amount, or a term to pick by;
  // "submit another" starts from an empty form.
  const [carried, setCarried] = useState<Carried>(() => (location.state ?? {}) as Carried);
  const { user, loading: sessionLoading } = useSession();
  const packages = usePackages();
  // The list last loaded: a change of language loads it again without taking the form (and what the
  // saver typed) away meanwhile.
  const [list, setList] = useState<Package[] | undefined>(undefined);
  if (packages.data && packages.data !== list) setList(packages.data);
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState<Application | null>(null);

  function onSubmitted(application: Application) {
    setSubmitted(application);
    void queryClient.invalidateQueries({ queryKey: ["applications"] });
  }

  // "Submit another" replaces the confirmation with an empty form: focus goes to the page's title.
  const heading = useRef<HTMLHeadingElement>(null);
  const [again, setAgain] = useState(0);
  useEffect(() => {
    if (again > 0) heading.current?.focus();
  }, [again]);

  function submitAnother() {
    setCarried({});
    setSubmitted(null);
    setAgain((n) => n + 1);
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <header>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-4xl font-bold text-slate-900 outline-none dark:text-white"
        >
          {t("apply.title")}
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{t("apply.subtitle")}</p>
      </header>

      {!sessionLoading && !user && !submitted && (
        <p className="mt-6 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-slate-800 dark:border-brand-700 dark:bg-brand-900 dark:text-slate-100">
          {t("apply.signedOut")}{" "}
          <Link
            to="/login"
            state={{ from: "/apply" }}
            className="font-semibold text-brand-700 underline dark:text-brand-200"
          >
            {t("apply.login")}
          </Link>{" "}
          ·{" "}
          <Link to="/register" className="font-semibold text-brand-700 underline dark:text-brand-200">
            {t("apply.register")}
          </Link>
        </p>
      )}

      <div className="mt-8">
        {submitted ? (
          <ThankYouPanel application={submitted} signedIn={Boolean(user)} onSubmitAnother={submitAnother} />
        ) : !list && packages.isPending ? (
          <Spinner label={t("packages.loading")} />
        ) : (
          <ApplicationForm
            packages={list ?? NO_PACKAGES}
            packagesFailed={packages.isError}
            carried={carried}
            onSubmitted={onSubmitted}
          />
        )}
      </div>
    </section>
  );
}
