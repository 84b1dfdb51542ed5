import type { KycDecisionRequest, KycDocument } from "@festgeld/domain";
import type { KycDocumentType, KycNewUploadReason } from "@festgeld/domain/constants";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.ts";
import { useDecision } from "../api/review-api.ts";

type Choice = KycDecisionRequest["decision"];
const REASON_MAX = 1000;

/** The reasons for a new upload that fit each document type (a selfie cannot be "too old"). */
const REASONS_BY_TYPE: Record<KycDocumentType, readonly KycNewUploadReason[]> = {
  id_card: ["blurry", "expired", "name_mismatch", "incomplete", "other"],
  id_card_back: ["blurry", "expired", "incomplete", "other"],
  passport: ["blurry", "expired", "name_mismatch", "incomplete", "other"],
  utility_bill: ["too_old", "name_mismatch", "blurry", "incomplete", "other"],
  selfie: ["blurry", "incomplete", "other"],
};

/**
 * Approve; reject with a reason; or ask for a new upload with a reason code (free text for "other").
 * No decision is preselected, so a reviewer never approves by just pressing the button.
 */
export function DecisionForm({
  document,
  onDecided,
}: {
  document: Pick<KycDocument, "id" | "document_type">;
  onDecided: () => void;
}) {
  const { t } = useTranslation(["kyc", "identity"]);
  const decision = useDecision(document.id);
  const reasons = REASONS_BY_TYPE[document.document_type];
  const [choice, setChoice] = useState<Choice | null>(null);
  const [reason, setReason] = useState("");
  const [code, setCode] = useState<KycNewUploadReason>(reasons[0] ?? "other");
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const reasonRequired = choice === "reject" || (choice === "request_new_upload" && code === "other");

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!choice) return;
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
            {reasons.map((value) => (
              <option key={value} value={value}>
                {t(`review.codes.${value}`)}
              </option>
            ))}
          </select>
        </div>
      )}

      {choice !== null && choice !== "approve" && (
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
      <button type="submit" className="btn-primary" disabled={decision.isPending || choice === null}>
        {decision.isPending
          ? t("review.saving")
          : choice
            ? t(`review.submit.${choice}`)
            : t("identity:dossier.choose")}
      </button>
    </form>
  );
}
