import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { resendVerification } from "../api/security-api.ts";

/** Whether the account's address is confirmed; if not, a button sends the link again (limited by the server). */
export function EmailStatus({
  email,
  verified,
  staff = false,
}: {
  email: string;
  verified: boolean;
  /** A staff account: no deposits wait for its address, so the saver's reason is not given. */
  staff?: boolean;
}) {
  const { t } = useTranslation(["security", "errors"]);
  const [state, setState] = useState<"idle" | "sending" | "sent" | { error: string }>("idle");

  const resend = async () => {
    setState("sending");
    try {
      await resendVerification();
      setState("sent");
    } catch (err) {
      setState({ error: errorMessage(err, t("errors:internal_error")) });
    }
  };

  return (
    <Section
      id="email-status-heading"
      title={t("page.email.heading")}
      heading="box"
      className="card space-y-4"
      data-testid="email-status"
    >
      <p className="text-slate-700 dark:text-slate-200">
        <span className="font-medium">{email}</span>{" "}
        <span
          className={`ml-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
            verified
              ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100"
              : "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
          }`}
          data-testid="email-verified"
          data-verified={verified}
        >
          {verified ? t("page.email.verified") : t("page.email.unverified")}
        </span>
      </p>
      {!verified && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {staff ? t("page.email.staffWhy") : t("page.email.why")}
          </p>
          {state === "sent" && (
            <FormAlert kind="success" testId="resend-done">
              {t("page.email.sent", { email })}
            </FormAlert>
          )}
          {typeof state === "object" && (
            <FormAlert kind="error" testId="resend-error">
              {state.error}
            </FormAlert>
          )}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              if (state !== "sending") void resend();
            }}
            aria-disabled={state === "sending" || undefined}
            data-testid="resend-verification"
          >
            {state === "sending" ? t("page.email.sending") : t("page.email.resend")}
          </button>
        </>
      )}
    </Section>
  );
}
