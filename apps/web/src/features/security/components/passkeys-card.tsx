import {
  type Passkey,
  passkeyNameSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRenameRequestSchema,
} from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { FormErrorAlert, OutcomeAlerts } from "../../../components/ui/form-alert.tsx";
import { FormField, fieldsOf, PasswordField } from "../../../components/ui/form-field.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { SubmitOrCancel } from "../../../components/ui/submit-button.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDateTime } from "../../../lib/format-date.ts";
import { useApiForm } from "../../../lib/forms.ts";
import { addPasskey, passkeyErrorMessage, passkeysSupported } from "../../../lib/passkeys.ts";
import { deletePasskey, passkeyKeys, renamePasskey, usePasskeys } from "../api/security-api.ts";

const NAME_MAX = 60;

/** The password the contract asks for, and a name that may be left empty (the browser's name then). */
const addSchema = passkeyRegistrationOptionsRequestSchema.extend({
  name: z.union([z.literal(""), passkeyNameSchema]),
});

/** Adding a passkey: the current password (as for an e-mail change) and a name, then the browser asks. */
function AddPasskey({ onAdded }: { onAdded: (passkey: Passkey) => void }) {
  const { t } = useTranslation("security");
  const id = useId();
  const [open, setOpen] = useState(false);
  const { form, formError, submit, pending } = useApiForm({
    schema: addSchema,
    defaultValues: { current_password: "", name: "" },
    fallback: passkeyErrorMessage,
  });
  const field = fieldsOf(form, id);

  if (!open) {
    return (
      <button type="button" className="btn-primary" onClick={() => setOpen(true)} data-testid="passkey-add">
        {t("passkeys.add")}
      </button>
    );
  }
  return (
    <form
      onSubmit={submit(async ({ current_password, name }) => {
        const passkey = await addPasskey(current_password, name);
        setOpen(false);
        form.reset();
        onAdded(passkey);
      })}
      noValidate
      className="space-y-4"
      data-testid="passkey-add-form"
    >
      <FormErrorAlert message={formError} testId="passkey-error" />
      <FormField
        {...field("name")}
        label={t("passkeys.name")}
        maxLength={NAME_MAX}
        placeholder={t("passkeys.namePlaceholder")}
      />
      <PasswordField {...field("current_password", "password")} label={t("passkeys.password")} />
      <SubmitOrCancel
        className="flex flex-wrap gap-3"
        pending={pending}
        testId="passkey-add-submit"
        label={t("passkeys.create")}
        pendingLabel={t("passkeys.adding")}
        cancelLabel={t("twoFactor.cancel")}
        onCancel={() => setOpen(false)}
        cancelDisabled={pending}
      />
    </form>
  );
}

/** One passkey: name, when added and last used, and renaming or removing it. */
function PasskeyItem({
  passkey,
  onChanged,
}: {
  passkey: Passkey;
  onChanged: (message: string | null, error: string | null) => void;
}) {
  const { t, i18n } = useTranslation(["security", "errors"]);
  const id = useId();
  const [mode, setMode] = useState<"idle" | "rename" | "remove">("idle");
  const rename = useApiForm({
    schema: passkeyRenameRequestSchema,
    defaultValues: { name: passkey.name },
    fallback: t("errors:internal_error"),
  });

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action();
      setMode("idle");
      onChanged(message, null);
    } catch (err) {
      onChanged(null, errorMessage(err, t("errors:internal_error")));
    }
  };

  return (
    <li className="space-y-3 py-3" data-testid="passkey-item">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium text-slate-900 dark:text-white" data-testid="passkey-name">
            {passkey.name}
            {passkey.backed_up && (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                {t("passkeys.synced")}
              </span>
            )}
          </p>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            {t("passkeys.added", { when: formatDateTime(passkey.created_at, i18n.language) })}
            {" · "}
            {passkey.last_used_at
              ? t("passkeys.lastUsed", { when: formatDateTime(passkey.last_used_at, i18n.language) })
              : t("passkeys.neverUsed")}
          </p>
        </div>
        {mode === "idle" && (
          <div className="flex gap-2">
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => setMode("rename")}
              aria-label={t("passkeys.renameNamed", { name: passkey.name })}
            >
              {t("passkeys.rename")}
            </button>
            <button
              type="button"
              className="btn-secondary text-sm"
              onClick={() => setMode("remove")}
              aria-label={t("passkeys.removeNamed", { name: passkey.name })}
              data-testid="passkey-remove"
            >
              {t("passkeys.remove")}
            </button>
          </div>
        )}
      </div>
      {mode === "rename" && (
        <form
          className="flex flex-wrap items-end gap-3"
          noValidate
          onSubmit={rename.submit(({ name }) =>
            run(() => renamePasskey(passkey.id, name), t("passkeys.renamed")),
          )}
        >
          <FormField
            form={rename.form}
            name="name"
            id={`${id}-rename`}
            label={t("passkeys.name")}
            required
            maxLength={NAME_MAX}
          />
          <button type="submit" className="btn-primary text-sm" disabled={rename.pending}>
            {t("passkeys.save")}
          </button>
          <button type="button" className="btn-secondary text-sm" onClick={() => setMode("idle")}>
            {t("twoFactor.cancel")}
          </button>
        </form>
      )}
      {mode === "remove" && (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-slate-700 dark:text-slate-200" role="status">
            {t("passkeys.removeConfirm")}
          </p>
          <button
            type="button"
            className="btn-primary text-sm"
            onClick={() => void run(() => deletePasskey(passkey.id), t("passkeys.removed"))}
            data-testid="passkey-remove-confirm"
          >
            {t("passkeys.remove")}
          </button>
          <button type="button" className="btn-secondary text-sm" onClick={() => setMode("idle")}>
            {t("twoFactor.cancel")}
          </button>
        </div>
      )}
    </li>
  );
}

/** /security: the account's passkeys, a second way to sign in. */
export function PasskeysCard() {
  const { t } = useTranslation(["security", "errors"]);
  const passkeys = usePasskeys();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const supported = passkeysSupported();

  const changed = async (message: string | null, problem: string | null) => {
    setDone(message);
    setError(problem);
    if (message) await queryClient.invalidateQueries({ queryKey: ["security"] });
  };

  return (
    <Section
      id="passkeys-heading"
      title={t("passkeys.heading")}
      heading="box"
      className="card space-y-4"
      data-testid="passkeys"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("passkeys.intro")}</p>
      <OutcomeAlerts error={error} done={done} doneTestId="passkeys-done" />
      <QueryState
        query={passkeys}
        loading={t("passkeys.loading")}
        failed={t("errors:internal_error")}
        empty={
          passkeys.data?.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("passkeys.none")}</p>
          )
        }
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800" aria-labelledby="passkeys-heading">
            {list.map((passkey) => (
              <PasskeyItem key={passkey.id} passkey={passkey} onChanged={changed} />
            ))}
          </ul>
        )}
      </QueryState>
      {supported ? (
        <AddPasskey
          onAdded={(passkey) => {
            queryClient.setQueryData<Passkey[]>(passkeyKeys.list, (list) => [passkey, ...(list ?? [])]);
            void changed(t("passkeys.addedDone", { name: passkey.name }), null);
          }}
        />
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">{t("passkeys.unsupported")}</p>
      )}
    </Section>
  );
}
