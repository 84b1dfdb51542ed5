import type { SecurityOverview, TwoFactorSetup } from "@festgeld/domain";
import { LIMITS } from "@festgeld/domain/constants";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  securityKeys,
  startTwoFactorSetup,
} from "../api/security-api.ts";

/** The recovery codes, shown once after enrolment or renewal. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  return (
    <div className="space-y-4">
      <FormAlert kind="success">{t("twoFactor.codesIntro")}</FormAlert>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ol>
      <button type="button" className="btn-primary" onClick={onDone} data-testid="recovery-codes-done">
        {t("twoFactor.codesSaved")}
      </button>
    </div>
  );
}

/** Enrolment: the QR code (and the secret to type), then a first code confirms it. */
function Enrol({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(["security", "errors"]);
  const id = useId();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup(await startTwoFactorSetup());
    } catch (err) {
      setError(errorMessage(err, t("errors:internal_error")));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onCodes((await enableTwoFactor(code.trim())).recovery_codes);
    } catch (err) {
      setError(errorMessage(err, t("errors:internal_error")));
      setBusy(false);
    }
  };

  if (!setup) {
    return (
      <div className="space-y-4">
        {error && <FormAlert kind="error">{error}</FormAlert>}
        <button
          type="button"
          className="btn-primary"
          onClick={start}
          disabled={busy}
          data-testid="two-factor-start"
        >
          {t("twoFactor.start")}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={confirm} className="space-y-4" data-testid="two-factor-setup">
      <p className="text-sm text-slate-700 dark:text-slate-200">{t("twoFactor.scan")}</p>
      <img
        src={setup.qr_code}
        alt={t("twoFactor.qrAlt")}
        width={192}
        height={192}
        className="rounded bg-white"
      />
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {t("twoFactor.manual")}{" "}
        <code
          className="break-all rounded bg-slate-100 px-1 font-mono dark:bg-slate-800"
          data-testid="totp-secret"
        >
          {setup.secret}
        </code>
      </p>
      {error && (
        <FormAlert kind="error" testId="two-factor-error">
          {error}
        </FormAlert>
      )}
      <div>
        <label htmlFor={`${id}-code`} className="label">
          {t("twoFactor.firstCode")}
        </label>
        <input
          id={`${id}-code`}
          className="input max-w-40"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="\d{6}"
          maxLength={6}
          required
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={busy} data-testid="two-factor-confirm">
        {t("twoFactor.confirm")}
      </button>
    </form>
  );
}

/** When two-factor is on: recovery codes left, new ones for the password, and (savers only) switching off. */
function Enabled({ overview, onCodes }: { overview: SecurityOverview; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(["security", "errors"]);
  const queryClient = useQueryClient();
  const id = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [mode, setMode] = useState<"idle" | "codes" | "disable">("idle");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      if (mode === "codes") onCodes((await regenerateRecoveryCodes(password)).recovery_codes);
      else {
        await disableTwoFactor(password, code.trim());
        await queryClient.invalidateQueries({ queryKey: securityKeys.overview });
      }
      setMode("idle");
      setPassword("");
      setCode("");
    } catch (err) {
      setError(errorMessage(err, t("errors:internal_error")));
    }
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="recovery-codes-left">
        {t("twoFactor.codesLeft", { count: overview.recovery_codes_left })}
      </p>
      {mode === "idle" ? (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" onClick={() => setMode("codes")}>
            {t("twoFactor.newCodes")}
          </button>
          {!overview.two_factor_required && (
            <button type="button" className="btn-secondary" onClick={() => setMode("disable")}>
              {t("twoFactor.disable")}
            </button>
          )}
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {error && <FormAlert kind="error">{error}</FormAlert>}
          <div>
            <label htmlFor={`${id}-password`} className="label">
              {t("twoFactor.password")}
            </label>
            <input
              id={`${id}-password`}
              type="password"
              className="input"
              autoComplete="current-password"
              required
              maxLength={LIMITS.passwordMaxLength}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
          {mode === "disable" && (
            <div>
              <label htmlFor={`${id}-code`} className="label">
                {t("twoFactor.codeLabel")}
              </label>
              <input
                id={`${id}-code`}
                className="input max-w-40"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                required
                value={code}
                onChange={(event) => setCode(event.target.value)}
              />
            </div>
          )}
          <div className="flex gap-2">
            <button type="submit" className="btn-primary">
              {mode === "codes" ? t("twoFactor.newCodes") : t("twoFactor.disable")}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setMode("idle")}>
              {t("twoFactor.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

/** Two-factor sign-in on /security: status, enrolment, recovery codes. Admins must have it. */
export function TwoFactorCard({ overview, required }: { overview: SecurityOverview; required: boolean }) {
  const { t } = useTranslation("security");
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);

  const done = () => {
    setCodes(null);
    void queryClient.invalidateQueries({ queryKey: securityKeys.overview });
  };

  return (
    <section className="card space-y-4" aria-labelledby="two-factor-heading" data-testid="two-factor">
      <div className="flex items-center justify-between gap-4">
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          {t("twoFactor.heading")}
        </h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            overview.two_factor_enabled
              ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100"
              : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          }`}
          data-testid="two-factor-status"
        >
          {overview.two_factor_enabled ? t("twoFactor.on") : t("twoFactor.off")}
        </span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("twoFactor.intro")}</p>
      {required && !overview.two_factor_enabled && (
        <FormAlert kind="error" testId="two-factor-required">
          {t("twoFactor.requiredForAdmins")}
        </FormAlert>
      )}
      {codes ? (
        <RecoveryCodeList codes={codes} onDone={done} />
      ) : overview.two_factor_enabled ? (
        <Enabled overview={overview} onCodes={setCodes} />
      ) : (
        <Enrol onCodes={setCodes} />
      )}
    </section>
  );
}
