import type { PasswordResetConfirmRequest } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { api, errorMessage } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SecurityCard, tokenFromHash } from "./components/security-card.tsx";

/** /reset-password#token=...: the page of the e-mailed reset link. */
export default function ResetPasswordPage() {
  const { t } = useTranslation(["security", "errors"]);
  const id = useId();
  const location = useLocation();
  const [token] = useState(() => tokenFromHash(location.hash));
  const [values, setValues] = useState({ new_password: "", confirm: "" });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  useDocumentTitle(t("reset.title"), t("reset.description"));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return;
    if (values.new_password !== values.confirm) {
      setError(t("reset.mismatch"));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const body: PasswordResetConfirmRequest = { token, new_password: values.new_password };
      await api.call(operations.authPasswordResetConfirm, { body });
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, t("errors:internal_error")));
    } finally {
      setSubmitting(false);
    }
  };

  const again = (
    <Link to="/forgot-password" className="font-semibold text-brand-700 underline dark:text-brand-300">
      {t("reset.again")}
    </Link>
  );

  if (!token) {
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
      <form onSubmit={submit} className="space-y-5">
        {error && (
          <FormAlert kind="error" testId="reset-error">
            {error}
          </FormAlert>
        )}
        {(["new_password", "confirm"] as const).map((field) => (
          <div key={field}>
            <label htmlFor={`${id}-${field}`} className="label">
              {field === "new_password" ? t("reset.newPassword") : t("reset.confirm")}
            </label>
            <input
              id={`${id}-${field}`}
              name={field}
              type="password"
              className="input"
              autoComplete="new-password"
              required
              minLength={LIMITS.passwordMinLength}
              maxLength={LIMITS.passwordMaxLength}
              value={values[field]}
              onChange={(event) => {
                setValues((v) => ({ ...v, [field]: event.target.value }));
                setError(null);
              }}
            />
          </div>
        ))}
        <button type="submit" className="btn-primary w-full" disabled={submitting} data-testid="reset-submit">
          {submitting ? t("reset.submitting") : t("reset.submit")}
        </button>
      </form>
    </SecurityCard>
  );
}
