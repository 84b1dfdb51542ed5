import { passwordResetConfirmRequestSchema } from "@festgeld/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert, FormErrorAlert } from "../../components/ui/form-alert.tsx";
import { fieldsOf, PasswordField } from "../../components/ui/form-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { api } from "../../lib/api-client.ts";
import { withConfirmation } from "../../lib/confirmation-schema.ts";
import { useApiForm } from "../../lib/forms.ts";
import { i18n } from "../../lib/i18n.ts";
import { operations } from "../../lib/operations.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SecurityCard, useLinkToken } from "./components/security-card.tsx";

const schema = withConfirmation(
  passwordResetConfirmRequestSchema.pick({ new_password: true }),
  "new_password",
  () => i18n.t("security:reset.mismatch"),
);

/**
 * /reset-password#token=... (and /de/reset-password#token=..., prerendered, which the e-mail links to):
 * the page of the e-mailed reset link.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation(["security", "errors"]);
  const id = useId();
  // Undefined on the prerendered page until it is hydrated: the form is shown, as for a link with its
  // token (its submits are held until then, lib/hold-submits.ts).
  const token = useLinkToken();
  const { form, formError, submit, pending, done } = useApiForm({
    schema,
    defaultValues: { new_password: "", confirm: "" },
    fallback: t("errors:internal_error"),
  });
  const field = fieldsOf(form, id);
  useDocumentTitle(t("reset.title"), t("reset.description"));

  const again = (
    <Link to="/forgot-password" className="font-semibold text-brand-700 underline dark:text-brand-300">
      {t("reset.again")}
    </Link>
  );

  if (token === null) {
    return (
      <SecurityCard title={t("reset.title")} footer={again}>
        <FormAlert kind="error">{t("reset.missing")}</FormAlert>
      </SecurityCard>
    );
  }
  if (done) {
    return (
      <SecurityCard title={t("reset.title")}>
        <FormAlert kind="success" testId="reset-done">
          {t("reset.done")}
        </FormAlert>
        <Link to="/login" className="btn-primary mt-5 w-full" data-testid="reset-login">
          {t("reset.login")}
        </Link>
      </SecurityCard>
    );
  }
  return (
    <SecurityCard title={t("reset.title")} intro={t("reset.intro")} footer={again}>
      <form
        onSubmit={submit(async ({ new_password }) => {
          if (!token) throw new Error("the link's token is not read yet");
          await api.call(operations.authPasswordResetConfirm, { body: { token, new_password } });
        })}
        noValidate
        className="space-y-5"
      >
        <FormErrorAlert message={formError} testId="reset-error" />
        <PasswordField {...field("new_password")} label={t("reset.newPassword")} isNew hint={undefined} />
        <PasswordField {...field("confirm")} label={t("reset.confirm")} isNew hint={undefined} />
        <SubmitButton
          pending={pending}
          className="btn-primary w-full"
          testId="reset-submit"
          label={t("reset.submit")}
          pendingLabel={t("reset.submitting")}
        />
      </form>
    </SecurityCard>
  );
}
