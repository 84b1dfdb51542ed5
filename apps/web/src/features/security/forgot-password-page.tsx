import { passwordResetRequestSchema } from "@festgeld/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert, FormErrorAlert } from "../../components/ui/form-alert.tsx";
import { EmailField } from "../../components/ui/form-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/forms.ts";
import { operations } from "../../lib/operations.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SecurityCard } from "./components/security-card.tsx";

/** /forgot-password: asks for a reset link. The answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(["security", "account", "errors"]);
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, formError, submit, pending } = useApiForm({
    schema: passwordResetRequestSchema,
    defaultValues: { email: "" },
    fallback: t("errors:internal_error"),
  });
  useDocumentTitle(t("forgot.title"), t("forgot.description"));

  return (
    <SecurityCard
      title={t("forgot.title")}
      intro={t("forgot.intro")}
      footer={
        <Link to="/login" className="font-semibold text-brand-700 underline dark:text-brand-300">
          {t("forgot.back")}
        </Link>
      }
    >
      {sentTo ? (
        <FormAlert kind="success" testId="reset-requested">
          {t("forgot.sent", { email: sentTo })}
        </FormAlert>
      ) : (
        <form
          onSubmit={submit(async (body) => {
            await api.call(operations.authPasswordResetRequest, { body });
            setSentTo(form.getValues("email").trim());
          })}
          noValidate
          className="space-y-5"
        >
          <FormErrorAlert message={formError} testId="reset-request-error" />
          <EmailField form={form} name="email" id={`${id}-email`} autoComplete="username" />
          <SubmitButton
            pending={pending}
            className="btn-primary w-full"
            testId="reset-request-submit"
            label={t("forgot.submit")}
            pendingLabel={t("forgot.submitting")}
          />
        </form>
      )}
    </SecurityCard>
  );
}
