import type { MessagePreferences } from "@festgeld/domain";
import { LANGUAGE_OPTIONS, type Language } from "@festgeld/domain/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../../components/ui/form-alert.tsx";
import { api, errorMessage } from "../../../lib/api-client.ts";

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
  const [choice, setChoice] = useState<Language | null>(null);
  const save = useMutation({
    mutationFn: (language: Language) => api.put<MessagePreferences>("/me/message-preferences", { language }),
    onSuccess: (data) => queryClient.setQueryData(PREFERENCES_KEY, data),
  });
  const value = choice ?? preferences.data?.language ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value) save.mutate(value);
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t("language.heading")}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("language.text")}</p>
      {save.isError && (
        <FormAlert kind="error" testId="message-language-error">
          {errorMessage(save.error, t("language.error"))}
        </FormAlert>
      )}
      {save.isSuccess && (
        <FormAlert kind="success" testId="message-language-saved">
          {t("language.saved")}
        </FormAlert>
      )}
      <div>
        <label htmlFor={`${id}-language`} className="label">
          {t("language.label")}
        </label>
        <select
          id={`${id}-language`}
          name="message_language"
          className="input"
          value={value ?? ""}
          disabled={!value}
          onChange={(event) => {
            setChoice(event.target.value as Language);
            save.reset();
          }}
        >
          {LANGUAGE_OPTIONS.map((option) => (
            <option key={option.code} value={option.code}>
              {option.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-secondary" disabled={!value || save.isPending}>
        {save.isPending ? t("language.saving") : t("language.save")}
      </button>
    </form>
  );
}
