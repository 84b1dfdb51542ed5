import { type AuthResponse, registerRequestSchema } from "@festgeld/domain";
import { useId } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { EmailField, FullNameField, PasswordField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { api } from "../../../lib/api-client.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { operations } from "../../../lib/operations.ts";

/**
 * Step 1 of registration: full name, e-mail and password create the account.
 * The caller decides what follows (`onRegistered` gets the token and user; it signs in and moves on).
 */
export function RegisterForm({
  onRegistered,
  submitLabel,
}: {
  onRegistered: (auth: AuthResponse) => void;
  /** The button text when a further step follows (default: "Create account"). */
  submitLabel?: string;
}) {
  const { t } = useTranslation("account");
  const id = useId();
  const { form, formError, submit, pending, done } = useApiForm({
    schema: registerRequestSchema,
    defaultValues: { full_name: "", email: "", password: "" },
    fallback: t("authError"),
  });

  return (
    <form
      onSubmit={submit(async (body) => onRegistered(await api.call(operations.authRegister, { body })))}
      noValidate
      className="space-y-5"
      aria-describedby={`${id}-legal`}
    >
      <FormErrorAlert message={formError} testId="auth-error" />
      <FullNameField form={form} name="full_name" id={`${id}-name`} />
      <EmailField form={form} name="email" id={`${id}-email`} />
      <PasswordField form={form} name="password" id={`${id}-password`} isNew />
      <p id={`${id}-legal`} className="text-sm text-slate-600 dark:text-slate-300">
        <Trans
          t={t}
          i18nKey="register.legalNotice"
          components={{
            terms: <Link to="/terms" className="font-medium text-brand-700 underline dark:text-brand-300" />,
            privacy: (
              <Link to="/privacy" className="font-medium text-brand-700 underline dark:text-brand-300" />
            ),
          }}
        />
      </p>
      <SubmitButton
        pending={pending || done}
        className="btn-primary w-full"
        testId="register-submit"
        label={submitLabel ?? t("register.submit")}
        pendingLabel={t("register.submitting")}
      />
    </form>
  );
}
