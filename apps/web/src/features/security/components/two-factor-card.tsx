import { brand } from "@brand";
import {
  recoveryCodesRequestSchema,
  type SecurityOverview,
  type TwoFactorSetup,
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
} from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { FormAlert, FormErrorAlert } from "../../../components/ui/form-alert.tsx";
import { OneTimeCodeField, PasswordField } from "../../../components/ui/form-field.tsx";
import { SubmitButton, SubmitOrCancel } from "../../../components/ui/submit-button.tsx";
import { useApiAction, useApiForm } from "../../../lib/forms.ts";
import {
  disableTwoFactor,
  enableTwoFactor,
  regenerateRecoveryCodes,
  securityKeys,
  startTwoFactorSetup,
} from "../api/security-api.ts";

/** The recovery codes, shown once after enrolment or renewal: to copy, to download, or to write down. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  const [copied, setCopied] = useState<boolean | null>(null);
  const intro = useRef<HTMLDivElement>(null);
  // The codes replace the form the user was in: focus follows to their introduction.
  useEffect(() => intro.current?.focus(), []);
  const text = `${t("twoFactor.codesFileTitle", { name: brand.shortName })}\n\n${codes.join("\n")}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = t("twoFactor.codesFile", {
      name: brand.shortName.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
    });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-4">
      <div ref={intro} tabIndex={-1} className="outline-none">
        <FormAlert kind="success">{t("twoFactor.codesIntro")}</FormAlert>
      </div>
      <ol className="grid grid-cols-2 gap-2 font-mono text-sm" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1 dark:bg-slate-800">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-secondary"
          onClick={() => void copy()}
          data-testid="recovery-codes-copy"
        >
          {t("twoFactor.copyCodes")}
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={download}
          data-testid="recovery-codes-download"
        >
          {t("twoFactor.downloadCodes")}
        </button>
      </div>
      <p aria-live="polite" className="min-h-5 text-sm text-slate-700 dark:text-slate-200">
        {copied === null ? "" : copied ? t("twoFactor.codesCopied") : t("twoFactor.codesCopyFailed")}
      </p>
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
  const scan = useRef<HTMLParagraphElement>(null);
  // The start button gives way to the set-up: focus follows to its first instruction.
  useEffect(() => {
    if (setup) scan.current?.focus();
  }, [setup]);
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
          onClick={() => {
            if (!starting.pending) void starting.run(startTwoFactorSetup, setSetup);
          }}
          aria-disabled={starting.pending || undefined}
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
      <p ref={scan} tabIndex={-1} className="text-sm text-slate-700 outline-none dark:text-slate-200">
        {t("twoFactor.scan")}
      </p>
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
  const opener = useRef<"codes" | "disable" | null>(null);
  const buttons = useRef<HTMLDivElement>(null);
  // A closed form gives focus back to the button that opened it (not to <body>).
  useEffect(() => {
    if (mode !== "idle" || !opener.current) return;
    buttons.current?.querySelector<HTMLButtonElement>(`[data-mode="${opener.current}"]`)?.focus();
    opener.current = null;
  }, [mode]);
  const open = (next: "codes" | "disable") => {
    opener.current = next;
    setMode(next);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-200" data-testid="recovery-codes-left">
        {t("twoFactor.codesLeft", { count: overview.recovery_codes_left })}
      </p>
      {mode === "idle" ? (
        <div ref={buttons} className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary" data-mode="codes" onClick={() => open("codes")}>
            {t("twoFactor.newCodes")}
          </button>
          {!overview.two_factor_required && (
            <button
              type="button"
              className="btn-secondary"
              data-mode="disable"
              onClick={() => open("disable")}
            >
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
  // The form takes the place of the button that opened it: focus goes to its first field.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens
  useEffect(() => form.setFocus("current_password"), []);
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
      <SubmitOrCancel
        className="flex gap-2"
        pending={pending}
        label={label}
        cancelLabel={t("twoFactor.cancel")}
        onCancel={onClose}
      />
    </form>
  );
}

/** Two-factor sign-in on /security: status, enrolment, recovery codes. Admins must have it. */
export function TwoFactorCard({ overview, required }: { overview: SecurityOverview; required: boolean }) {
  const { t } = useTranslation("security");
  const queryClient = useQueryClient();
  const [codes, setCodes] = useState<string[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Recovery codes come only from a switched-on two-step sign-in: from then on the card says "on".
  const enabled = overview.two_factor_enabled || codes !== null;

  const showCodes = (next: string[]) => {
    setCodes(next);
    void queryClient.invalidateQueries({ queryKey: securityKeys.overview });
  };
  const done = () => {
    setCodes(null);
    heading.current?.focus();
  };

  return (
    <section className="card space-y-4" aria-labelledby="two-factor-heading" data-testid="two-factor">
      <div className="flex items-center justify-between gap-4">
        <h2
          id="two-factor-heading"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold text-slate-900 outline-none dark:text-white"
        >
          {t("twoFactor.heading")}
        </h2>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
            enabled
              ? "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100"
              : "bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100"
          }`}
          data-testid="two-factor-status"
        >
          {enabled ? t("twoFactor.on") : t("twoFactor.off")}
        </span>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("twoFactor.intro")}</p>
      {required && !enabled && (
        <FormAlert kind="error" testId="two-factor-required">
          {t("twoFactor.requiredForAdmins")}
        </FormAlert>
      )}
      {codes ? (
        <RecoveryCodeList codes={codes} onDone={done} />
      ) : overview.two_factor_enabled ? (
        <Enabled overview={overview} onCodes={showCodes} />
      ) : (
        <Enrol onCodes={showCodes} />
      )}
    </section>
  );
}
