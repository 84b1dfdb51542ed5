import type { PasswordChangeRequest } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { TextField } from "../../../components/ui/text-field.tsx";
import { api, errorMessage } from "../../../lib/api-client.ts";

const EMPTY = { current_password: "", new_password: "", confirm: "" };

/** Changes the password; the server signs out every other device of the user (this one stays). */
export function PasswordForm() {
  const { t } = useTranslation("account");
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const change = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setError(null);
    setDone(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (values.new_password !== values.confirm) {
      setError(t("password.mismatch"));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const body: PasswordChangeRequest = {
        current_password: values.current_password,
        new_password: values.new_password,
      };
      await api.call(operations.authChangePassword, { body });
      setValues(EMPTY);
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, t("password.error")));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-labelledby={`${id}-heading`}>
      <div>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("password.heading")}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("password.intro")}</p>
      </div>
      {error && (
        <FormAlert kind="error" testId="password-error">
          {error}
        </FormAlert>
      )}
      {done && (
        <FormAlert kind="success" testId="password-success">
          {t("password.success")}
        </FormAlert>
      )}
      <TextField
        id={`${id}-current`}
        label={t("password.current")}
        name="current_password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={LIMITS.passwordMaxLength}
        value={values.current_password}
        onChange={change("current_password")}
      />
      <TextField
        id={`${id}-new`}
        label={t("password.new")}
        hint={t("register.passwordHint", { min: LIMITS.passwordMinLength })}
        name="new_password"
        type="password"
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMinLength}
        maxLength={LIMITS.passwordMaxLength}
        value={values.new_password}
        onChange={change("new_password")}
      />
      <TextField
        id={`${id}-confirm`}
        label={t("password.confirm")}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        minLength={LIMITS.passwordMinLength}
        maxLength={LIMITS.passwordMaxLength}
        value={values.confirm}
        onChange={change("confirm")}
      />
      <button type="submit" className="btn-secondary" disabled={submitting} data-testid="password-submit">
        {submitting ? t("password.submitting") : t("password.submit")}
      </button>
    </form>
  );
}
