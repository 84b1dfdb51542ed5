import type { AuthResponse, RegisterRequest } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useId, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { api, errorMessage } from "../../../lib/api-client.ts";

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
  const [values, setValues] = useState<RegisterRequest>({ full_name: "", email: "", password: "" });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const change = (field: keyof RegisterRequest) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const auth = await api.call(operations.authRegister, { body: values });
      onRegistered(auth);
    } catch (err) {
      setError(errorMessage(err, t("authError")));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-describedby={`${id}-legal`}>
      {error && (
        <FormAlert kind="error" testId="auth-error">
          {error}
        </FormAlert>
      )}
      <TextField
        id={`${id}-name`}
        label={t("fields.fullName")}
        name="full_name"
        autoComplete="name"
        required
        maxLength={200}
        value={values.full_name}
        onChange={change("full_name")}
      />
      <TextField
        id={`${id}-email`}
        label={t("fields.email")}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={254}
        value={values.email}
        onChange={change("email")}
      />
      <TextField
        id={`${id}-password`}
        label={t("fields.password")}
        hint={t("register.passwordHint", { min: LIMITS.passwordMinLength })}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMinLength}
        maxLength={LIMITS.passwordMaxLength}
        value={values.password}
        onChange={change("password")}
      />
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
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={submitting}
        data-testid="register-submit"
      >
        {submitting ? t("register.submitting") : (submitLabel ?? t("register.submit"))}
      </button>
    </form>
  );
}
