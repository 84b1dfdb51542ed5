import type { Application, MaturityInstruction } from "@festgeld/domain";
import { MATURITY_INSTRUCTIONS } from "@festgeld/domain/constants";
import { formatIban } from "@festgeld/domain/iban";
import { useId, useRef, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/api-client.ts";
import { useCompleteDetails } from "../api/complete-details.ts";

/**
 * A pending application sent without the details a deposit needs (reference IBAN, instruction at
 * maturity, receipt of the depositor information sheet): the saver gives them here. Until then staff
 * cannot approve it (the server answers application_incomplete).
 */
export function CompleteDetails({ application }: { application: Application }) {
  const { t } = useTranslation("invest");
  const base = useId();
  const complete = useCompleteDetails(application.id);
  const [iban, setIban] = useState("");
  const [instruction, setInstruction] = useState<MaturityInstruction | "">(
    application.maturity_instruction ?? "",
  );
  const [acknowledged, setAcknowledged] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const problemRef = useRef<HTMLParagraphElement>(null);
  const headingId = `${base}-heading`;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const missing = !iban.trim()
      ? t("completeDetails.needIban")
      : !instruction
        ? t("completeDetails.needInstruction")
        : !acknowledged
          ? t("completeDetails.needAcknowledgement")
          : null;
    if (missing || !instruction) {
      setProblem(missing);
      queueMicrotask(() => problemRef.current?.focus());
      return;
    }
    setProblem(null);
    complete.mutate(
      { reference_iban: iban, maturity_instruction: instruction, info_sheet_acknowledged: true },
      {
        onError: (error) => {
          setProblem(errorMessage(error, t("completeDetails.failed")));
          queueMicrotask(() => problemRef.current?.focus());
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={headingId}
      className="mt-4 space-y-4 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950"
      data-testid="complete-details"
    >
      <div>
        <h4 id={headingId} className="font-bold text-slate-900 dark:text-white">
          {t("completeDetails.title")}
        </h4>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-200">{t("completeDetails.intro")}</p>
        <ul className="mt-2 list-disc ps-5 text-sm text-slate-700 dark:text-slate-200">
          {application.missing_details.map((detail) => (
            <li key={detail}>{t(`completeDetails.missing.${detail}`)}</li>
          ))}
        </ul>
      </div>
      <div>
        <label htmlFor={`${base}-iban`} className="label">
          {t("apply.fields.reference_iban")}
        </label>
        <input
          id={`${base}-iban`}
          className="input"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          value={iban}
          onChange={(e) => setIban(e.target.value)}
          onBlur={(e) => setIban(formatIban(e.target.value))}
          aria-describedby={`${base}-iban-hint`}
        />
        <p id={`${base}-iban-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          {t("apply.ibanHint")}
        </p>
      </div>
      <fieldset>
        <legend className="label">{t("apply.fields.maturity_instruction")}</legend>
        <div className="space-y-2">
          {MATURITY_INSTRUCTIONS.map((option) => (
            <label key={option} className="flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
              <input
                type="radio"
                name={`${base}-instruction`}
                value={option}
                className="mt-1 accent-brand-700"
                checked={instruction === option}
                onChange={() => setInstruction(option)}
              />
              <span>{t(`maturity.${option}.label`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-start gap-3">
        <input
          id={`${base}-ack`}
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-700"
          checked={acknowledged}
          onChange={(e) => setAcknowledged(e.target.checked)}
        />
        <label htmlFor={`${base}-ack`} className="text-sm text-slate-800 dark:text-slate-200">
          <Trans
            t={t}
            i18nKey="apply.acknowledge"
            components={{
              infoLink: (
                <Link
                  to="/deposit-insurance"
                  target="_blank"
                  rel="noopener"
                  className="font-semibold text-brand-700 underline dark:text-brand-200"
                />
              ),
              newTab: <span className="sr-only" />,
            }}
          />
        </label>
      </div>
      {problem && (
        <p
          ref={problemRef}
          tabIndex={-1}
          role="alert"
          className="text-sm font-semibold text-red-800 dark:text-red-300"
        >
          {problem}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={complete.isPending}>
        {complete.isPending ? t("completeDetails.saving") : t("completeDetails.submit")}
      </button>
    </form>
  );
}
