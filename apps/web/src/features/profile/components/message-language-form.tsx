import { type MessagePreferences, messagePreferencesUpdateSchema } from "@festgeld/domain";
import { LANGUAGE_OPTIONS } from "@festgeld/domain/constants";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { OutcomeAlerts } from "../../../components/ui/form-alert.tsx";
import { SelectField } from "../../../components/ui/form-field.tsx";
import { SubmitButton } from "../../../components/ui/submit-button.tsx";
import { api } from "../../../lib/api-client.ts";
import { useApiForm } from "../../../lib/forms.ts";

const PREFERENCES_KEY = ["me", "message-preferences"] as const;

/** The account's language for e-mails, inbox messages and PDF documents (set at registration). */
export function MessageLanguageForm() {
  const { t } = useTranslation("messages");
  const id = useId();
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: PREFERENCES_KEY,
    queryFn: ({ signal }) => api.get<MessagePreferences>("/me/message-preferences", undefined, signal),
  });
  const { form, formError, submit, pending, done } = useApiForm({
    schema: messagePreferencesUpdateSchema,
    defaultValues: { language: undefined },
    fallback: t("language.error"),
  });
  const saved = preferences.data?.language;
  const { reset } = form;
  useEffect(() => {
    if (saved) reset({ language: saved });
  }, [saved, reset]);

  return (
    <form
      onSubmit={submit(async (body) => {
        queryClient.setQueryData(
          PREFERENCES_KEY,
          await api.put<MessagePreferences>("/me/message-preferences", body),
        );
      })}
      noValidate
      className="space-y-4"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("language.heading")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("language.text")}</p>
      <OutcomeAlerts
        error={formError}
        errorTestId="message-language-error"
        done={done && t("language.saved")}
        doneTestId="message-language-saved"
      />
      <SelectField
        form={form}
        name="language"
        id={`${id}-language`}
        label={t("language.label")}
        disabled={!saved}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </SelectField>
      <SubmitButton
        pending={pending}
        disabled={!saved}
        className="btn-secondary"
        label={t("language.save")}
        pendingLabel={t("language.saving")}
      />
    </form>
  );
}
