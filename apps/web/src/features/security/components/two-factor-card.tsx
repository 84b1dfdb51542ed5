import {
  recoveryCodesRequestSchema,
  type SecurityOverview,
  type TwoFactorSetup,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
} from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormAlert, FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { OneTimeCodeField, PasswordField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { useApiAction, useApiForm } from "../../../lib/forms.ts";
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
  const starting = useApiAction(t("errors:internal_error"));
  const { form, formError, submit, pending, done } = useApiForm({
    schema: twoFactorEnableRequestSchema,
    defaultValues: { code: "" },
    fallback: t("errors:internal_error"),
    messages: { code: t("twoFactor.codeFormat") },
  });

  if (!setup) {
    return (
      <div className="space-y-4">
        <FormErrorAlert message={starting.error} />
        <button
          type="button"
          className="btn-primary"
          onClick={() => starting.run(startTwoFactorSetup, setSetup)}
          disabled={starting.pending}
          data-testid="two-factor-start"
        >
          {t("twoFactor.start")}
        </button>
      </div>
    );
  }
  return (
    <form
      onSubmit={submit(async ({ code }) => onCodes((await enableTwoFactor(code)).recovery_codes))}
      noValidate
      className="space-y-4"
      data-testid="two-factor-setup"
    >
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
      <FormErrorAlert message={formError} testId="two-factor-error" />
      <OneTimeCodeField form={form} name="code" id={`${id}-code`} label={t("twoFactor.firstCode")} />
      <SubmitButton
        pending={pending || done}
        testId="two-factor-confirm"
        label={t("twoFactor.confirm")}
        pendingLabel={t("twoFactor.confirm")}
      />
    </form>
  );
}

/** When two-factor is on: recovery codes left, new ones for the password, and (savers only) switching off. */
function Enabled({ overview, onCodes }: { overview: SecurityOverview; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation("security");
  const [mode, setMode] = useState<"idle" | "codes" | "disable">("idle");

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
      ) : mode === "codes" ? (
        <NewCodesForm onCodes={onCodes} onClose={() => setMode("idle")} />
      ) : (
        <DisableForm onClose={() => setMode("idle")} />
      )}
    </div>
  );
}

/** New recovery codes for the current password. */
function NewCodesForm({ onCodes, onClose }: { onCodes: (codes: string[]) => void; onClose: () => void }) {
  const { t } = useTranslation("security");
  return (
    <PasswordConfirmForm
      schema={recoveryCodesRequestSchema}
      defaultValues={{ current_password: "" }}
      label={t("twoFactor.newCodes")}
      onClose={onClose}
      onConfirm={async ({ current_password }) =>
        onCodes((await regenerateRecoveryCodes(current_password)).recovery_codes)
      }
    />
  );
}

/** Switching two-factor off: the current password and a code of the app. */
function DisableForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("security");
  const queryClient = useQueryClient();
  return (
    <PasswordConfirmForm
      schema={twoFactorDisableRequestSchema}
      defaultValues={{ current_password: "", code: "" }}
      label={t("twoFactor.disable")}
      withCode
      onClose={onClose}
      onConfirm={async ({ current_password, code }) => {
        await disableTwoFactor(current_password, code ?? "");
        await queryClient.invalidateQueries({ queryKey: securityKeys.overview });
      }}
    />
  );
}

type Confirmation = { current_password: string; code?: string };

/** A change confirmed with the current password (and, `withCode`, a code of the app). */
function PasswordConfirmForm({
  schema,
  defaultValues,
  label,
  withCode = false,
  onConfirm,
  onClose,
}: {
  schema: z.ZodType<Confirmation, Confirmation>;
  defaultValues: Confirmation;
  label: string;
  withCode?: boolean;
  onConfirm: (values: Confirmation) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(["security", "errors"]);
  const id = useId();
  const { form, formError, submit, pending } = useApiForm({
    schema,
    defaultValues,
    fallback: t("errors:internal_error"),
    messages: { code: t("twoFactor.codeFormat") },
  });
  return (
    <form
      onSubmit={submit(async (values) => {
        await onConfirm(values);
        onClose();
      })}
      noValidate
      className="space-y-4"
    >
      <FormErrorAlert message={formError} />
      <PasswordField
        form={form}
        name="current_password"
        id={`${id}-password`}
        label={t("twoFactor.password")}
      />
      {withCode && (
        <OneTimeCodeField form={form} name="code" id={`${id}-code`} label={t("twoFactor.codeLabel")} />
      )}
      <div className="flex gap-2">
        <SubmitButton pending={pending} label={label} pendingLabel={label} />
        <button type="button" className="btn-secondary" onClick={onClose}>
          {t("twoFactor.cancel")}
        </button>
      </div>
    </form>
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
