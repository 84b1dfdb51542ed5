import { passwordChangeRequestSchema } from "@festgeld/domain";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { OutcomeAlerts } from "../../../components/ui/form-alert.tsx";
import { PasswordField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { api } from "../../../lib/api-client.ts";
import { withConfirmation } from "../../../lib/confirmation-schema.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { i18n } from "../../../lib/i18n.ts";
import { operations } from "../../../lib/operations.ts";

const schema = withConfirmation(passwordChangeRequestSchema, "new_password", () =>
  i18n.t("account:password.mismatch"),
);
const EMPTY = { current_password: "", new_password: "", confirm: "" };

/** Changes the password; the server signs out every other device of the user (this one stays). */
export function PasswordForm() {
  const { t } = useTranslation("account");
  const id = useId();
  const { form, formError, submit, pending, done } = useApiForm({
    schema,
    defaultValues: EMPTY,
    fallback: t("password.error"),
  });

  return (
    <form
      onSubmit={submit(async ({ current_password, new_password }) => {
        await api.call(operations.authChangePassword, { body: { current_password, new_password } });
        form.reset(EMPTY);
      })}
      noValidate
      className="space-y-5"
      aria-labelledby={`${id}-heading`}
    >
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("password.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("password.intro")}</p>
      </div>
      <OutcomeAlerts
        error={formError}
        errorTestId="password-error"
        done={done && t("password.success")}
        doneTestId="password-success"
      />
      <PasswordField form={form} name="current_password" id={`${id}-current`} label={t("password.current")} />
      <PasswordField form={form} name="new_password" id={`${id}-new`} label={t("password.new")} isNew />
      <PasswordField
        form={form}
        name="confirm"
        id={`${id}-confirm`}
        label={t("password.confirm")}
        isNew
        hint={undefined}
      />
      <SubmitButton
        pending={pending}
        className="btn-secondary"
        testId="password-submit"
        label={t("password.submit")}
        pendingLabel={t("password.submitting")}
      />
    </form>
  );
}
