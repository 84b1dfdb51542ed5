import type { KycAdminDocument, KycDecisionRequest } from "@festgeld/domain";
import { KYC_NEW_UPLOAD_REASONS, type KycNewUploadReason } from "@festgeld/domain/constants";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useDecision } from "../api/review-api.ts";

type Choice = KycDecisionRequest["decision"];
const REASON_MAX = 1000;

/** Approve; reject with a reason; or ask for a new upload with a reason code (free text for "other"). */
export function DecisionForm({ document, onDecided }: { document: KycAdminDocument; onDecided: () => void }) {
  const { t } = useTranslation("kyc");
  const decision = useDecision(document.id);
  const [choice, setChoice] = useState<Choice>("approve");
  const [reason, setReason] = useState("");
  const [code, setCode] = useState<KycNewUploadReason>("blurry");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const reasonRequired = choice === "reject" || (choice === "request_new_upload" && code === "other");

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const text = reason.trim();
    if (reasonRequired && !text) {
      setError(t("review.reasonRequired"));
      return;
    }
    const body: KycDecisionRequest =
      choice === "approve"
        ? { decision: "approve" }
        : choice === "reject"
          ? { decision: "reject", reason: text }
          : { decision: "request_new_upload", reason_code: code, ...(text ? { reason: text } : {}) };
    try {
      await decision.mutateAsync(body);
      toast(t(`review.done.${choice}`), "success");
      onDecided();
    } catch (err) {
      const message = errorMessage(err, t("review.failed"));
      setError(message);
      toast(message, "error");
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" data-testid="kyc-decision-form">
      <fieldset>
        <legend className="label">{t("review.decision")}</legend>
        <div className="flex flex-col gap-2">
          {(["approve", "reject", "request_new_upload"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
              <input
                type="radio"
                name={`${id}-decision`}
                value={value}
                checked={choice === value}
                onChange={() => {
                  setChoice(value);
                  setError(null);
                }}
                className="h-4 w-4 accent-brand-700"
              />
              {t(`review.choices.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {choice === "request_new_upload" && (
        <div>
          <label htmlFor={`${id}-code`} className="label">
            {t("review.reasonCode")}
          </label>
          <select
            id={`${id}-code`}
            className="input"
            value={code}
            onChange={(e) => setCode(e.target.value as KycNewUploadReason)}
          >
            {KYC_NEW_UPLOAD_REASONS.map((value) => (
              <option key={value} value={value}>
                {t(`review.codes.${value}`)}
              </option>
            ))}
          </select>
        </div>
      )}

      {choice !== "approve" && (
        <div>
          <label htmlFor={`${id}-reason`} className="label">
            {reasonRequired ? t("review.reason") : t("review.reasonOptional")}
          </label>
          <textarea
            id={`${id}-reason`}
            className="input min-h-24"
            value={reason}
            maxLength={REASON_MAX}
            required={reasonRequired}
            aria-invalid={error && reasonRequired && !reason.trim() ? true : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{t("review.reasonHint")}</p>
        </div>
      )}

      {error && (
        <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      <button type="submit" className="btn-primary" disabled={decision.isPending}>
        {decision.isPending ? t("review.saving") : t(`review.submit.${choice}`)}
      </button>
    </form>
  );
}
