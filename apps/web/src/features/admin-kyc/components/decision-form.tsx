import { type KycDocument, kycDecisionRequestSchema } from "@festgeld/domain";
import {
  KYC_NEW_UPLOAD_REASONS,
  type KycDocumentType,
  type KycNewUploadReason,
} from "@festgeld/domain/constants";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { RadioChoices, SelectField, TextAreaField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { i18n } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { useDecision } from "../api/review-api.ts";

const REASON_MAX = 1000;

/** Whether the reviewer must say why (a rejection, or a new upload for "other"). */
const needsReason = (decision: string, code: string) =>
  decision === "reject" || (decision === "request_new_upload" && code === "other");

/** The reviewer's choice as typed, sent as the contract's kycDecisionRequestSchema. */
const decisionSchema = z
  .object({
    decision: z.enum(["approve", "reject", "request_new_upload"]),
    reason_code: z.enum(KYC_NEW_UPLOAD_REASONS),
    reason: z.string(),
  })
  .superRefine((values, ctx) => {
    if (needsReason(values.decision, values.reason_code) && !values.reason.trim()) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: i18n.t("kyc:review.reasonRequired") });
    }
  })
  .transform(({ decision, reason_code, reason }) => {
    const text = reason.trim();
    if (decision === "approve") return { decision };
    if (decision === "reject") return { decision, reason: text };
    return { decision, reason_code, ...(text ? { reason: text } : {}) };
  })
  .pipe(kycDecisionRequestSchema);

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
  const { form, formError, submit, pending } = useApiForm({
    schema: decisionSchema,
    defaultValues: { decision: undefined, reason_code: reasons[0] ?? "other", reason: "" },
    fallback: t("review.failed"),
  });
  const id = useId();
  const choice = form.watch("decision");
  const reasonRequired = needsReason(choice ?? "", form.watch("reason_code"));

  const save = submit(async (body) => {
    try {
      await decision.mutateAsync(body);
    } catch (err) {
      toast(errorMessage(err, t("review.failed")), "error");
      throw err;
    }
    toast(t(`review.done.${body.decision}`), "success");
    onDecided();
  });

  return (
    <form onSubmit={save} noValidate className="space-y-4" data-testid="kyc-decision-form">
      <fieldset>
        <legend className="label">{t("review.decision")}</legend>
        <RadioChoices
          form={form}
          name="decision"
          choices={["approve", "reject", "request_new_upload"] as const}
          label={(value) => t(`review.choices.${value}`)}
        />
      </fieldset>

      {choice === "request_new_upload" && (
        <SelectField form={form} name="reason_code" id={`${id}-code`} label={t("review.reasonCode")}>
          {reasons.map((value) => (
            <option key={value} value={value}>
              {t(`review.codes.${value}`)}
            </option>
          ))}
        </SelectField>
      )}

      {choice && choice !== "approve" && (
        <TextAreaField
          form={form}
          name="reason"
          id={`${id}-reason`}
          label={reasonRequired ? t("review.reason") : t("review.reasonOptional")}
          hint={t("review.reasonHint")}
          className="input min-h-24"
          maxLength={REASON_MAX}
          required={reasonRequired}
        />
      )}

      <FormErrorAlert message={formError} />
      <SubmitButton
        pending={pending}
        disabled={!choice}
        label={choice ? t(`review.submit.${choice}`) : t("identity:dossier.choose")}
        pendingLabel={t("review.saving")}
      />
    </form>
  );
}
