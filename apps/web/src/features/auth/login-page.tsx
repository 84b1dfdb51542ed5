import {
  type AuthResponse,
  loginRequestSchema,
  twoFactorLoginRequestSchema,
  type User,
} from "@festgeld/domain";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { FormErrorAlert } from "../../components/ui/form-alert.tsx";
import { EmailField, FormField, PasswordField } from "../../components/ui/form-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { ApiError, api, errorMessage } from "../../lib/api-client.ts";
import { useApiForm } from "../../lib/forms.ts";
import { operations } from "../../lib/operations.ts";
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

/** The second step's field: a code of the authenticator app or a recovery code. */
const codeSchema = twoFactorLoginRequestSchema.pick({ code: true });

/** /login: error box, submitting state, 'Welcome back!', then the page asked for or the dashboard. */
export default function LoginPage() {
  const { t } = useTranslation(["account", "security"]);
  const { signIn } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const login = useApiForm({
    schema: loginRequestSchema,
    defaultValues: { email: "", password: "" },
    fallback: t("authError"),
  });
  const second = useApiForm({ schema: codeSchema, defaultValues: { code: "" }, fallback: t("authError") });
  // Set when the password was right for an account with two-factor: the code finishes the sign-in.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // Known only in the browser (after mount, so that a prerendered page hydrates unchanged). The page is
  // rendered with the passkey button, which nearly every browser can use: one without WebAuthn drops it
  // after mount, rather than every other browser shifting the page down to add it.
  const [passkeys, setPasskeys] = useState(true);
  useEffect(() => setPasskeys(passkeysSupported()), []);
  useDocumentTitle(t("login.title"), t("login.description"));

  const finish = (auth: AuthResponse) => {
    signIn(auth);
    toast(t("login.welcome"), "success");
    navigate(returnPath(location.state, auth.user.role), { replace: true });
  };

  const submitCode = second.submit(async ({ code }) => {
    if (!challenge) return;
    try {
      finish(await api.call(operations.authLoginTwoFactor, { body: { challenge_token: challenge, code } }));
    } catch (err) {
      // An ended or expired challenge: back to the password, with the message there.
      if (err instanceof ApiError && (err.code === "token_invalid" || err.code === "token_expired")) {
        setChallenge(null);
        second.form.reset();
        login.setDone(false);
        login.setFormError(errorMessage(err, t("authError")));
        return;
      }
      throw err;
    }
  });

  // No e-mail needed: the browser offers the passkeys it holds for this site.
  const passkeySignIn = async () => {
    setPasskeyPending(true);
    login.setFormError(null);
    try {
      finish(await signInWithPasskey());
    } catch (err) {
      login.setFormError(passkeyErrorMessage(err));
      setPasskeyPending(false);
    }
  };

  const submit = login.submit(async (body) => {
    const answer = await api.call(operations.authLogin, { body });
    if ("two_factor_required" in answer) {
      setChallenge(answer.challenge_token);
      return;
    }
    finish(answer);
  });
  const loginPending = login.pending || passkeyPending || login.done;

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
        <form onSubmit={submitCode} noValidate className="space-y-5" data-testid="two-factor-step">
          <FormErrorAlert message={second.formError} testId="auth-error" />
          <p className="text-slate-700 dark:text-slate-200">{t("security:twoFactor.loginIntro")}</p>
          <FormField
            form={second.form}
            name="code"
            id={`${id}-code`}
            label={t("security:twoFactor.codeLabel")}
            hint={t("security:twoFactor.codeHint")}
            autoComplete="one-time-code"
            inputMode="text"
            required
            minLength={6}
            maxLength={32}
            autoFocus
          />
          <SubmitButton
            pending={second.pending || second.done}
            className="btn-primary w-full"
            testId="two-factor-submit"
            label={t("security:twoFactor.verify")}
            pendingLabel={t("login.submitting")}
          />
        </form>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-5">
          <FormErrorAlert message={login.formError} testId="auth-error" />
          <EmailField form={login.form} name="email" id={`${id}-email`} autoComplete="username" />
          <PasswordField form={login.form} name="password" id={`${id}-password`}>
            <p className="mt-2 text-right text-sm">
              <Link to="/forgot-password" className="text-brand-700 underline dark:text-brand-300">
                {t("security:forgot.link")}
              </Link>
            </p>
          </PasswordField>
          <SubmitButton
            pending={loginPending}
            className="btn-primary w-full"
            testId="login-submit"
            label={t("login.submit")}
            pendingLabel={t("login.submitting")}
          />
          {passkeys && (
            <>
              <p className="text-center text-sm text-slate-600 dark:text-slate-300">
                {t("security:passkeys.or")}
              </p>
              <button
                type="button"
                className="btn-secondary w-full"
                disabled={loginPending}
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
