import type { KycDocumentType } from "@festgeld/domain/constants";
import { useId, useState } from "react";
import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { RadioChoices } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { useApiForm } from "../../../lib/forms.ts";
import { toast } from "../../../lib/toast.ts";
import { useKycUpload } from "../api/use-kyc-upload.ts";
import { checkKycFile } from "../lib/check-file.ts";
import { FilePicker } from "./file-picker.tsx";
import { CheckCircleIcon } from "./kyc-icons.tsx";
import { UploadProgress } from "./upload-progress.tsx";

/** The form's one value: the kind of identity document (an ID card is two files, a passport one). */
const valuesSchema = z.object({ identity_type: z.enum(["id_card", "passport"]) });

type Slot = "identity" | "identity_back" | "utility_bill" | "selfie";

/**
 * Registration step 2: the identity document (ID card or passport), the
 * proof of address and a selfie holding the identity document. "Complete Registration" needs all three;
 * they are sent one after another, and those already sent are not sent again after a failure. A user
 * who leaves here continues on /kyc (the page that composes this step offers the way out).
 */
export function RegistrationDocuments({ onComplete }: { onComplete: () => void }) {
  const { t } = useTranslation("kyc");
  const { upload, uploading } = useKycUpload();
  // The shared form plumbing keeps the kind of identity document, the form's message and the submit
  // state; the chosen files and those already sent stay here.
  const { form, formError, setFormError, submit, pending } = useApiForm({
    schema: valuesSchema,
    defaultValues: { identity_type: "id_card" as const },
    fallback: t("upload.failed"),
  });
  const identityType = useWatch({ control: form.control, name: "identity_type" });
  const [files, setFiles] = useState<Partial<Record<Slot, File>>>({});
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Slot, string>>>({});
  const [sent, setSent] = useState<Partial<Record<Slot, boolean>>>({});
  const legendId = useId();

  const typeOf = (slot: Slot): KycDocumentType =>
    slot === "identity" ? identityType : slot === "identity_back" ? "id_card_back" : slot;
  // An ID card is two files, front and back; a passport one.
  const slots: Slot[] =
    identityType === "id_card"
      ? ["identity", "identity_back", "utility_bill", "selfie"]
      : ["identity", "utility_bill", "selfie"];

  const choose = (slot: Slot, file: File) => {
    setFormError(null);
    const problem = checkKycFile(file, typeOf(slot));
    setFieldErrors((e) => ({ ...e, [slot]: problem ? t(`errors.${problem}`) : undefined }));
    setFiles((f) => ({ ...f, [slot]: problem ? undefined : file }));
  };

  const send = submit(async () => {
    if (slots.some((slot) => !sent[slot] && !files[slot])) {
      setFormError(t("registration.missing"));
      return;
    }
    for (const slot of slots) {
      if (sent[slot]) continue;
      const result = await upload(typeOf(slot), files[slot] as File, { notify: false });
      // Already with us (an earlier attempt reached the server before the answer was lost).
      const alreadySent = !result.ok && result.code === "kyc_document_locked";
      if (!result.ok && !alreadySent) {
        setFieldErrors((e) => ({ ...e, [slot]: result.message }));
        setFormError(result.message);
        toast(result.message, "error");
        return;
      }
      setSent((s) => ({ ...s, [slot]: true }));
    }
    toast(t("upload.success"), "success");
    onComplete();
  });

  const label = (slot: Slot) =>
    slot === "identity"
      ? t("registration.identityFile", { document: t(`types.${identityType}.title`) })
      : slot === "identity_back"
        ? t("registration.identityFile", { document: t("types.id_card_back.title") })
        : t(`registration.${slot === "utility_bill" ? "addressFile" : "selfieFile"}`);

  return (
    <form onSubmit={send} noValidate className="space-y-6" data-testid="registration-documents">
      <p className="text-slate-600 dark:text-slate-300">{t("registration.intro")}</p>

      <fieldset aria-describedby={legendId} disabled={pending || sent.identity}>
        <legend className="label">{t("registration.identityLegend")}</legend>
        <p id={legendId} className="mb-2 text-sm text-slate-600 dark:text-slate-400">
          {t("required.identity")}
        </p>
        <RadioChoices
          form={form}
          name="identity_type"
          choices={["id_card", "passport"] as const}
          label={(type) => t(`registration.choice.${type}`)}
          className="flex flex-wrap gap-4"
          onChange={() => {
            setFiles((f) => ({ ...f, identity: undefined, identity_back: undefined }));
            setFieldErrors((e) => ({ ...e, identity: undefined, identity_back: undefined }));
          }}
        />
      </fieldset>

      {slots.map((slot) => (
        <div key={slot} data-testid={`registration-slot-${slot}`}>
          {sent[slot] ? (
            <p className="flex items-center gap-2 text-green-800 dark:text-green-300">
              <CheckCircleIcon className="h-5 w-5" />
              {label(slot)}: {t("registration.done")}
            </p>
          ) : (
            <>
              <FilePicker
                key={slot === "identity" ? identityType : slot}
                documentType={typeOf(slot)}
                label={label(slot)}
                disabled={pending}
                error={fieldErrors[slot] ?? null}
                testId={`registration-file-${slot}`}
                onFile={(file) => choose(slot, file)}
              />
              {files[slot] && (
                <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                  {t("registration.selected", { name: files[slot]?.name })}
                </p>
              )}
              {uploading && uploading.type === typeOf(slot) && (
                <UploadProgress
                  fraction={uploading.progress}
                  label={t("upload.progress", { document: label(slot) })}
                />
              )}
            </>
          )}
        </div>
      ))}

      <FormErrorAlert message={formError} />
      <SubmitButton
        pending={pending}
        className="btn-primary w-full"
        label={t("registration.complete")}
        pendingLabel={t("registration.uploading")}
      />
    </form>
  );
}
