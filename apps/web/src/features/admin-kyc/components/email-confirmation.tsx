import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { useAccountStatus, useSendVerification } from "../api/dossier-api.ts";

/**
 * Whether the saver confirmed their e-mail address (an application cannot be approved before), and,
 * while not, a button that sends the confirmation link again (audited and limited by the server).
 */
export function EmailConfirmation({ userId, email }: { userId: string; email: string }) {
  const { t } = useTranslation(["identity", "errors"]);
  const status = useAccountStatus(userId);
  const send = useSendVerification(userId);
  if (!status.data) return null;
  const confirmed = status.data.email_verified;
  return (
    <div className="space-y-2" data-testid="dossier-email" data-confirmed={String(confirmed)}>
      <p className="text-slate-800 dark:text-slate-200">
        {confirmed ? t("dossier.emailConfirmed") : t("dossier.emailUnconfirmed")}
      </p>
      {!confirmed && (
        <button
          type="button"
          className="btn-secondary text-sm"
          disabled={send.isPending}
          onClick={() => send.mutate()}
          data-testid="dossier-resend-confirmation"
        >
          {t("dossier.resendConfirmation")}
        </button>
      )}
      {send.isSuccess && <FormAlert kind="success">{t("dossier.confirmationSent", { email })}</FormAlert>}
      {send.isError && (
        <FormAlert kind="error">{errorMessage(send.error, t("errors:internal_error"))}</FormAlert>
      )}
    </div>
  );
}
