import { closeAccountRequestSchema } from "@festgeld/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { PasswordField } from "../../../components/ui/form-field.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format-date.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { useSession } from "../../../lib/session.tsx";
import { toast } from "../../../lib/toast.ts";
import { closeAccount, downloadExport } from "../api/data-rights-api.ts";

/** Data rights on the profile: download everything held (art. 15/20 GDPR) and close the account. */
export function DataRights() {
  const { t, i18n } = useTranslation("identity");
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { form, formError, submit, pending } = useApiForm({
    schema: closeAccountRequestSchema,
    defaultValues: { password: "" },
    fallback: t("rights.closeFailed"),
  });
  const password = form.watch("password");
  const id = useId();

  const exportData = async () => {
    setExporting(true);
    try {
      const blob = await downloadExport();
      const url = URL.createObjectURL(blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = "my-data.zip";
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      toast(errorMessage(err, t("rights.exportFailed")), "error");
    } finally {
      setExporting(false);
    }
  };

  const close = submit(async ({ password }) => {
    const result = await closeAccount(password);
    toast(t("rights.closed", { date: formatDate(result.kept_until, i18n.language) }), "success");
    await signOut();
    navigate("/");
  });

  return (
    <Section
      id={`${id}-title`}
      title={t("rights.title")}
      heading="box"
      className="card space-y-4"
      data-testid="data-rights"
    >
      <p className="text-slate-600 dark:text-slate-300">{t("rights.intro")}</p>
      <button type="button" className="btn-secondary" disabled={exporting} onClick={() => void exportData()}>
        {exporting ? t("rights.exporting") : t("rights.export")}
      </button>
      {confirming ? (
        <form onSubmit={close} noValidate className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("rights.closeIntro")}</p>
          <PasswordField form={form} name="password" id={`${id}-password`} label={t("rights.password")} />
          <FormErrorAlert message={formError} />
          <SubmitButton
            pending={pending}
            disabled={!password}
            label={t("rights.confirmClose")}
            pendingLabel={t("rights.closing")}
          />
        </form>
      ) : (
        <button type="button" className="btn-secondary block" onClick={() => setConfirming(true)}>
          {t("rights.close")}
        </button>
      )}
    </Section>
  );
}
