import { type AudienceCount, LANGUAGES, type Language } from "@festgeld/domain";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { formatNumber } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { sendNewsletter } from "./api/newsletter-admin-api.ts";

type Texts = Record<Language, { title: string; message: string }>;
const EMPTY: Texts = {
  en: { title: "", message: "" },
  de: { title: "", message: "" },
  fr: { title: "", message: "" },
};

/**
 * Sends a newsletter issue to every confirmed address: a subject and text per language (or one, with
 * a note for the other readers); "Review recipients" shows the confirmed addresses per language first.
 * Every e-mail carries the subscriber's unsubscribe link.
 */
export function NewsletterSend() {
  const { t, i18n } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>(EMPTY);
  const [review, setReview] = useState<AudienceCount | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const baseId = useId();
  const written = LANGUAGES.filter((l) => texts[l].title.trim() && texts[l].message.trim());
  const body = (confirm: boolean) => ({
    texts: Object.fromEntries(
      written.map((l) => [l, { title: texts[l].title.trim(), message: texts[l].message.trim() }]),
    ),
    confirm,
  });

  const count = useMutation({
    mutationFn: () => sendNewsletter(body(false)),
    onSuccess: setReview,
    onError: (error) => setProblem(errorMessage(error, t("notifications.failed"))),
  });
  const send = useMutation({
    mutationFn: () => sendNewsletter(body(true)),
    onSuccess: (result) => {
      toast(
        t("messages.send.sent", {
          count: result.recipients,
          formatted: formatNumber(result.recipients, i18n.language),
        }),
        "success",
      );
      setTexts(EMPTY);
      setReview(null);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
    },
    onError: (error) => {
      setReview(null);
      setProblem(errorMessage(error, t("notifications.failed")));
    },
  });

  const edit = (language: Language, field: "title" | "message", value: string) => {
    setTexts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }));
    setProblem(null);
    setReview(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const half = LANGUAGES.some((l) => Boolean(texts[l].title.trim()) !== Boolean(texts[l].message.trim()));
    if (written.length === 0 || half) {
      setProblem(t("notifications.empty"));
      return;
    }
    count.mutate();
  };

  return (
    <section aria-labelledby={`${baseId}-heading`} className="space-y-4">
      <h3 id={`${baseId}-heading`} className="text-xl font-semibold text-slate-900 dark:text-white">
        {t("messages.send.title")}
      </h3>
      <form className="card space-y-4" onSubmit={submit} noValidate data-testid="newsletter-send-form">
        {problem && <FormAlert kind="error">{problem}</FormAlert>}
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("messages.send.hint")}</p>
        {LANGUAGES.map((language) => (
          <fieldset
            key={language}
            className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700"
          >
            <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">
              {t(`languages.${language}`)}
            </legend>
            <div>
              <label htmlFor={`${baseId}-${language}-title`} className="label">
                {t("messages.send.subjectIn", { language: t(`languages.${language}`) })}
              </label>
              <input
                id={`${baseId}-${language}-title`}
                className="input"
                lang={language}
                maxLength={200}
                value={texts[language].title}
                onChange={(e) => edit(language, "title", e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${baseId}-${language}-message`} className="label">
                {t("messages.send.textIn", { language: t(`languages.${language}`) })}
              </label>
              <textarea
                id={`${baseId}-${language}-message`}
                className="input min-h-24"
                lang={language}
                maxLength={5000}
                value={texts[language].message}
                onChange={(e) => edit(language, "message", e.target.value)}
              />
            </div>
          </fieldset>
        ))}
        {review ? (
          <div
            className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-slate-800"
            aria-live="polite"
            data-testid="newsletter-review"
          >
            <p className="font-medium text-slate-900 dark:text-white">
              {t("messages.send.reaches", {
                count: review.recipients,
                formatted: formatNumber(review.recipients, i18n.language),
              })}
            </p>
            <ul className="text-sm text-slate-700 dark:text-slate-300">
              {LANGUAGES.map((l) => (
                <li key={l}>
                  {t(`languages.${l}`)}: {formatNumber(review.by_language[l], i18n.language)}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn-primary"
                disabled={send.isPending || review.recipients === 0}
                onClick={() => send.mutate()}
              >
                {send.isPending ? t("notifications.sending") : t("messages.send.confirm")}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setReview(null)}>
                {t("notifications.review.back")}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className="btn-primary" disabled={count.isPending}>
            {count.isPending ? t("notifications.review.counting") : t("notifications.review.button")}
          </button>
        )}
      </form>
    </section>
  );
}
