import type { AuthResponse, LoginRequest, User } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { TextField } from "../../components/ui/text-field.tsx";
import { ApiError, api, errorMessage } from "../../lib/api-client.ts";
import { passkeyErrorMessage, passkeysSupported, signInWithPasskey } from "../../lib/passkeys.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { AuthCard } from "./components/auth-card.tsx";

/**
 * Where to go after signing in: the page that sent the visitor here (RequireUser passes it), else the
 * dashboard (admins: the back office). Only paths of this app are followed, never another origin.
 */
export function returnPath(state: unknown, role: User["role"]): string {
  const home = role === "admin" ? "/admin" : "/dashboard";
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from !== "string" || !from.startsWith("/") || from.startsWith("//")) return home;
  if (/^\/(login|register)(\/|\?|#|$)/.test(from)) return home;
  return from;
}

/** /login: error box, submitting state, 'Welcome back!', then the page asked for or the dashboard. */
export default function LoginPage() {
  const { t } = useTranslation(["account", "security"]);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [values, setValues] = useState<LoginRequest>({ email: "", password: "" });
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Set when the password was right for an account with two-factor: the code finishes the sign-in.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [code, setCode] = useState("");
  // Known only in the browser (after mount, so that a prerendered page hydrates unchanged).
  const [passkeys, setPasskeys] = useState(false);
  useEffect(() => setPasskeys(passkeysSupported()), []);
  useDocumentTitle(t("login.title"), t("login.description"));

  const finish = (auth: AuthResponse) => {
    signIn(auth);
    toast(t("login.welcome"), "success");
    navigate(returnPath(location.state, auth.user.role), { replace: true });
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    setSubmitting(true);
    setError(null);
    try {
      finish(await api.call(operations.authLoginTwoFactor, { body: { challenge_token: challenge, code } }));
    } catch (err) {
      // An ended or expired challenge: back to the password.
      if (err instanceof ApiError && (err.code === "token_invalid" || err.code === "token_expired")) {
        setChallenge(null);
        setCode("");
      }
      setError(errorMessage(err, t("authError")));
      setSubmitting(false);
    }
  };

  // No e-mail needed: the browser offers the passkeys it holds for this site.
  const passkeySignIn = async () => {
    setSubmitting(true);
    setError(null);
    try {
      finish(await signInWithPasskey());
    } catch (err) {
      setError(passkeyErrorMessage(err));
      setSubmitting(false);
    }
  };

  const change = (field: keyof LoginRequest) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      const answer = await api.call(operations.authLogin, { body: values });
      if ("two_factor_required" in answer) {
        setChallenge(answer.challenge_token);
        setSubmitting(false);
        return;
      }
      finish(answer);
    } catch (err) {
      setError(errorMessage(err, t("authError")));
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title={t("login.title")}
      subtitle={t("login.subtitle")}
      footer={
        <>
          {t("login.noAccount")}{" "}
          <Link to="/register" className="font-semibold text-brand-700 underline dark:text-brand-300">
            {t("login.registerLink")}
          </Link>
        </>
      }
    >
      {challenge ? (
        <form onSubmit={submitCode} className="space-y-5" data-testid="two-factor-step">
          {error && (
            <FormAlert kind="error" testId="auth-error">
              {error}
            </FormAlert>
          )}
          <p className="text-slate-700 dark:text-slate-200">{t("security:twoFactor.loginIntro")}</p>
          <div>
            <label htmlFor={`${id}-code`} className="label">
              {t("security:twoFactor.codeLabel")}
            </label>
            <input
              id={`${id}-code`}
              name="code"
              className="input"
              autoComplete="one-time-code"
              inputMode="text"
              required
              minLength={6}
              maxLength={32}
              // biome-ignore lint/a11y/noAutofocus: the only field of this step, shown after the password
              autoFocus
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                setError(null);
              }}
            />
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
              {t("security:twoFactor.codeHint")}
            </p>
          </div>
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={submitting}
            data-testid="two-factor-submit"
          >
            {submitting ? t("login.submitting") : t("security:twoFactor.verify")}
          </button>
        </form>
      ) : (
        <form onSubmit={submit} className="space-y-5">
          {error && (
            <FormAlert kind="error" testId="auth-error">
              {error}
            </FormAlert>
          )}
          <TextField
            id={`${id}-email`}
            label={t("fields.email")}
            name="email"
            type="email"
            autoComplete="username"
            required
            maxLength={254}
            value={values.email}
            onChange={change("email")}
          />
          <TextField
            id={`${id}-password`}
            label={t("fields.password")}
            name="password"
            type="password"
            autoComplete="current-password"
            required
            maxLength={LIMITS.passwordMaxLength}
            value={values.password}
            onChange={change("password")}
          >
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className="text-brand-700 underline dark:text-brand-300">
                {t("security:forgot.link")}
              </Link>
            </p>
          </TextField>
          <button
            type="submit"
            className="btn-primary w-full"
            disabled={submitting}
            data-testid="login-submit"
          >
            {submitting ? t("login.submitting") : t("login.submit")}
          </button>
          {passkeys && (
            <>
              <p className="text-center text-sm text-slate-600 dark:text-slate-300">
                {t("security:passkeys.or")}
              </p>
              <button
                type="button"
                className="btn-secondary w-full"
                disabled={submitting}
                onClick={passkeySignIn}
                data-testid="passkey-login"
              >
                {t("security:passkeys.signIn")}
              </button>
            </>
          )}
        </form>
      )}
    </AuthCard>
  );
}
