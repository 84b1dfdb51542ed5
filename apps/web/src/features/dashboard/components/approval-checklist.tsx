import type { ApprovalChecklist as Checklist } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useApprovalChecklist } from "../api/approval-checklist.ts";

type Step = Checklist["steps"][number];

const STATE_STYLES: Record<Step["state"], string> = {
  done: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100",
  to_do: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100",
  in_review: "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100",
};

/** Where the saver does a step that is theirs. */
function stepLink(step: Step["step"], applicationId: string): string {
  switch (step) {
    case "confirm_email":
      return "/security";
    case "verify_identity":
      return "/kyc";
    case "personal_data":
      return "/kyc#kyc-personal-heading";
    case "complete_details":
      return `#details-${applicationId}`;
  }
}

/**
 * What must still happen before this pending application can be approved: the server's checklist
 * (GET /api/me/approval-checklist), each step done, the saver's turn (with a link to where it is
 * done) or with staff. The details step is this application's own.
 */
export function ApprovalChecklist({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation("invest");
  const { data } = useApprovalChecklist();
  if (!data)
    return <p className="mt-4 text-sm text-slate-600 dark:text-slate-300">{t("dashboard.pendingNote")}</p>;
  const steps = data.steps.map((s) =>
    s.step === "complete_details"
      ? { ...s, state: data.incomplete_applications.includes(applicationId) ? "to_do" : "done" }
      : s,
  ) as Step[];
  const documents = data.documents_to_provide.map((d) => t(`checklist.documents.${d}`)).join(", ");
  return (
    <section className="mt-4" aria-labelledby={`checklist-${applicationId}`} data-testid="approval-checklist">
      <h4 id={`checklist-${applicationId}`} className="font-bold text-slate-900 dark:text-white">
        {steps.every((s) => s.state !== "to_do") ? t("dashboard.pendingNote") : t("checklist.title")}
      </h4>
      <ol className="mt-2 space-y-2">
        {steps.map((s) => (
          <li
            key={s.step}
            className="flex flex-wrap items-center gap-x-3 gap-y-1"
            data-testid={`checklist-${s.step}`}
            data-state={s.state}
          >
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATE_STYLES[s.state]}`}>
              {t(`checklist.states.${s.state}`)}
            </span>
            <span className="text-slate-900 dark:text-white">
              {t(`checklist.steps.${s.step}.${s.state}`, { documents })}
            </span>
            {s.state === "to_do" &&
              (s.step === "complete_details" ? (
                <a
                  href={stepLink(s.step, applicationId)}
                  className="text-brand-700 underline dark:text-brand-300"
                >
                  {t(`checklist.steps.${s.step}.action`)}
                </a>
              ) : (
                <Link
                  to={stepLink(s.step, applicationId)}
                  className="text-brand-700 underline dark:text-brand-300"
                >
                  {t(`checklist.steps.${s.step}.action`)}
                </Link>
              ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
