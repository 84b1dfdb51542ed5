import type { Application } from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { decimalInputText } from "../../lib/decimal.ts";
import { formatMoney } from "../../lib/format.ts";
import { usePackages } from "../../lib/packages.ts";
import { useSession } from "../../lib/session.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { createApplication } from "./api/applications-api.ts";
import { ApplicationForm } from "./components/application-form.tsx";
import { ThankYouPanel } from "./components/thank-you-panel.tsx";
import {
  type ApplicationFormValues,
  emptyApplication,
  FIELD_OF_ERROR_CODE,
  FIELD_ORDER,
  type FieldName,
  type FieldProblem,
  toRequest,
  validateApplication,
} from "./lib/application-form.ts";

/**
 * /apply: the package (and the amount) come preselected from navigation state; states
 * idle -> submitting -> success (thank-you panel, "submit another") or error (shown until any edit).
 * Signed in, name and e-mail are prefilled and the application is linked to the account.
 */
export default function ApplyPage() {
  const { t, i18n } = useTranslation("invest");
  useDocumentTitle(t("apply.title"), t("apply.subtitle"));
  const location = useLocation();
  // From /packages, /compare or the calculator: the chosen package, the amount, or a term to pick by.
  const carried = (location.state ?? {}) as { packageId?: unknown; amount?: unknown; term?: unknown };
  const { user, loading: sessionLoading } = useSession();
  const packages = usePackages();
  const queryClient = useQueryClient();
  const formId = useId();

  const [values, setValues] = useState<ApplicationFormValues>(() =>
    emptyApplication(
      typeof carried.packageId === "string" ? carried.packageId : "",
      typeof carried.amount === "number" && carried.amount > 0
        ? decimalInputText(carried.amount, i18n.language)
        : "",
    ),
  );
  const [attempted, setAttempted] = useState(false);
  const [serverProblems, setServerProblems] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitted, setSubmitted] = useState<Application | null>(null);

  // Prefill from the signed-in user without overwriting what the saver typed.
  useEffect(() => {
    if (!user) return;
    setValues((v) => ({ ...v, full_name: v.full_name || user.full_name, email: v.email || user.email }));
  }, [user]);

  // A package id from navigation state that is not (or no longer) offered selects nothing; a term
  // from the calculator selects the best rate for that term whose limits take the amount.
  useEffect(() => {
    if (!packages.data) return;
    const offered = packages.data;
    setValues((v) => {
      if (v.package_id) return offered.some((p) => p.id === v.package_id) ? v : { ...v, package_id: "" };
      if (typeof carried.term !== "number") return v;
      const amount = typeof carried.amount === "number" ? carried.amount : 0;
      const best = offered
        .filter((p) => p.duration_months === carried.term && amount >= p.min_amount && amount <= p.max_amount)
        .sort((a, b) => b.interest_rate - a.interest_rate)[0];
      return best ? { ...v, package_id: best.id } : v;
    });
  }, [packages.data, carried.term, carried.amount]);

  const list = packages.data ?? [];
  const problems = attempted ? validateApplication(values, list, i18n.language) : {};
  const translate = (problem: FieldProblem) => {
    const vals = { ...problem.values };
    if (problem.key.startsWith("validation.amount")) {
      for (const k of ["min", "max", "step"] as const) {
        if (typeof vals[k] === "number")
          vals[k] = formatMoney(vals[k], "EUR", i18n.language, { whole: true });
      }
    }
    return t(problem.key, vals);
  };
  const fieldErrors: Partial<Record<FieldName, string>> = { ...serverProblems };
  for (const [field, problem] of Object.entries(problems) as Array<[FieldName, FieldProblem]>) {
    fieldErrors[field] = translate(problem);
  }

  function change<K extends FieldName>(field: K, value: ApplicationFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    // the error message clears on any field edit.
    setFailure(null);
    setServerProblems((p) => {
      if (!(field in p)) return p;
      const { [field]: _, ...rest } = p;
      return rest;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    setFailure(null);
    setServerProblems({});
    const found = validateApplication(values, list, i18n.language);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      setFailure(t("apply.fixFields"));
      document.getElementById(`${formId}-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const application = await createApplication(toRequest(values, i18n.language));
      setSubmitted(application);
      setAttempted(false);
      void queryClient.invalidateQueries({ queryKey: ["applications"] });
    } catch (error) {
      console.error("Application failed", error);
      setFailure(errorMessage(error, t("apply.error")));
      if (error instanceof ApiError) {
        const mapped: Partial<Record<FieldName, string>> = {};
        const field = FIELD_OF_ERROR_CODE[error.code];
        if (field) mapped[field] = errorMessage(error, t("apply.error"));
        for (const f of error.fields) {
          const name = f.path.replace(/^body\./, "") as FieldName;
          if (FIELD_ORDER.includes(name) && !mapped[name]) mapped[name] = t("validation.invalid");
        }
        setServerProblems(mapped);
        if (error.code === "package_inactive" || error.code === "package_not_found") {
          void queryClient.invalidateQueries({ queryKey: ["packages"] });
        }
      }
    } finally {
      setSubmitting(false);
    }
  }

  function submitAnother() {
    setSubmitted(null);
    setAttempted(false);
    setServerProblems({});
    setFailure(null);
    setValues({ ...emptyApplication(), full_name: user?.full_name ?? "", email: user?.email ?? "" });
  }

  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white">{t("apply.title")}</h1>
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
        ) : packages.isPending ? (
          <Spinner label={t("packages.loading")} />
        ) : (
          <ApplicationForm
            idPrefix={formId}
            values={values}
            errors={fieldErrors}
            packages={list}
            packagesFailed={packages.isError}
            failure={failure}
            submitting={submitting}
            onChange={change}
            onSubmit={onSubmit}
          />
        )}
      </div>
    </section>
  );
}
