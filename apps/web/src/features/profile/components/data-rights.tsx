import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
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
  const [password, setPassword] = useState("");
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string | null>(null);
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

  const close = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setClosing(true);
    try {
      const result = await closeAccount(password);
      toast(t("rights.closed", { date: formatDate(result.kept_until, i18n.language) }), "success");
      await signOut();
      navigate("/");
    } catch (err) {
      setError(errorMessage(err, t("rights.closeFailed")));
    } finally {
      setClosing(false);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-4" data-testid="data-rights">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("rights.title")}
      </h2>
      <p className="text-slate-600 dark:text-slate-300">{t("rights.intro")}</p>
      <button type="button" className="btn-secondary" disabled={exporting} onClick={() => void exportData()}>
        {exporting ? t("rights.exporting") : t("rights.export")}
      </button>
      {confirming ? (
        <form onSubmit={close} className="space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("rights.closeIntro")}</p>
          <div>
            <label htmlFor={`${id}-password`} className="label">
              {t("rights.password")}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="current-password"
              className="input"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          {error && <FormAlert kind="error">{error}</FormAlert>}
          <button type="submit" className="btn-primary" disabled={closing || !password}>
            {closing ? t("rights.closing") : t("rights.confirmClose")}
          </button>
        </form>
      ) : (
        <button type="button" className="btn-secondary block" onClick={() => setConfirming(true)}>
          {t("rights.close")}
        </button>
      )}
    </section>
  );
}
