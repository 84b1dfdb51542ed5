import { useId } from "react";
import { z } from "zod";
import { useApiForm } from "../../lib/forms.ts";
import { FormErrorAlert } from "./form-alert.tsx";
import { TextAreaField } from "./form-field.tsx";
import { SubmitOrCancel } from "./submit-button.tsx";

const reasonSchema = z.object({ reason: z.string().trim().min(1) });

/**
 * A decision that needs its reason (a rejection): the reason, the confirming button and cancel. An
 * empty reason shows `requiredMessage` on the field; `onSubmit` gets the trimmed reason, and when it
 * throws its translated error shows above the buttons.
 */
export function ReasonForm({
  label,
  requiredMessage,
  submitLabel,
  cancelLabel,
  fallback,
  maxLength = 1000,
  onSubmit,
  onCancel,
}: {
  label: string;
  requiredMessage: string;
  submitLabel: string;
  cancelLabel: string;
  fallback: string;
  maxLength?: number;
  onSubmit: (reason: string) => Promise<unknown>;
  onCancel: () => void;
}) {
  const id = useId();
  const { form, formError, submit, pending } = useApiForm({
    schema: reasonSchema,
    defaultValues: { reason: "" },
    fallback,
    requiredMessages: { reason: requiredMessage },
  });
  return (
    <form className="mt-2 flex flex-col gap-2" noValidate onSubmit={submit(({ reason }) => onSubmit(reason))}>
      <TextAreaField
        form={form}
        name="reason"
        id={`${id}-reason`}
        label={label}
        className="input mt-1 w-full"
        rows={2}
        required
        maxLength={maxLength}
      />
      <FormErrorAlert message={formError} />
      <SubmitOrCancel
        className="flex gap-2"
        size="px-3 py-1 text-sm"
        pending={pending}
        label={submitLabel}
        cancelLabel={cancelLabel}
        onCancel={onCancel}
      />
    </form>
  );
}
