import type { PasswordResetRequest } from "@festgeld/domain";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { api, errorMessage } from "../../lib/api-client.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { SecurityCard } from "./components/security-card.tsx";

/** /forgot-password: asks for a reset link. The answer is the same whether or not the account exists. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(["security", "account", "errors"]);
  const id = useId();
  const [email, setEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useDocumentTitle(t("forgot.title"), t("forgot.description"));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const body: PasswordResetRequest = { email };
      await api.call(operations.authPasswordResetRequest, { body });
      setSentTo(email.trim());
    } catch (err) {
      setError(errorMessage(err, t("errors:internal_error")));
    } finally {
      setSubmitting(false);
    }
  };

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
        <form onSubmit={submit} className="space-y-5">
          {error && (
            <FormAlert kind="error" testId="reset-request-error">
              {error}
            </FormAlert>
          )}
          <TextField
            id={`${id}-email`}
            label={t("account:fields.email")}
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={submitting}
            data-testid="reset-request-submit"
          >
            {submitting ? t("forgot.submitting") : t("forgot.submit")}
          </button>
        </form>
      )}
    </SecurityCard>
  );
}
