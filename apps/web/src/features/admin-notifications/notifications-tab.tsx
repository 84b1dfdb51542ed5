import { type AudienceCount, LANGUAGES, type Language, type User } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { errorMessage } from "../../lib/api-client.ts";
import { formatNumber } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { findUsers, notificationAudience, sendNotification } from "./api/notifications-admin-api.ts";

/** Same limits as the server (packages/domain contract/notifications.ts). */
const TITLE_MAX = 200;
const MESSAGE_MAX = 5000;
const RECIPIENTS_MAX = 1000;
const SEARCH_DEBOUNCE_MS = 300;

type Audience = "all" | "selected";

/** Finds accounts by e-mail for the "selected users" audience. */
function RecipientPicker({ chosen, onChange }: { chosen: User[]; onChange: (users: User[]) => void }) {
  const { t } = useTranslation("admin");
  const [term, setTerm] = useState("");
  const [debounced, setDebounced] = useState("");
  const searchId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(term.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  const matches = useQuery({
    queryKey: [...ADMIN_KEYS.users, "picker", debounced],
    queryFn: ({ signal }): Promise<User[]> => findUsers(debounced, signal),
    enabled: debounced.length > 0,
  });
  const chosenIds = new Set(chosen.map((u) => u.id));

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-300 p-4 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t("notifications.recipients.legend")}
      </legend>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("notifications.recipients.chosen")}>
          {chosen.map((user) => (
            <li
              key={user.id}
              className="flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-900 dark:bg-slate-800 dark:text-slate-100"
            >
              <span className="break-all">{user.email}</span>
              <button
                type="button"
                className="rounded-full px-1 font-bold focus-visible:outline-2 focus-visible:outline-brand-600"
                onClick={() => onChange(chosen.filter((u) => u.id !== user.id))}
                aria-label={t("notifications.recipients.remove", { email: user.email })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("notifications.recipients.none")}</p>
      )}
      <div>
        <label htmlFor={searchId} className="label">
          {t("notifications.recipients.search")}
        </label>
        <input
          id={searchId}
          type="search"
          className="input"
          value={term}
          autoComplete="off"
          maxLength={254}
          onChange={(e) => setTerm(e.target.value)}
          data-testid="recipient-search"
        />
      </div>
      {debounced.length > 0 && (
        <div aria-live="polite">
          {matches.isPending ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("notifications.recipients.searching")}
            </p>
          ) : matches.isError ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t("users.loadFailed")}
            </p>
          ) : matches.data.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("notifications.recipients.noMatch")}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {matches.data.map((user) => (
                <li key={user.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block break-all text-slate-900 dark:text-white">{user.email}</span>
                    <span className="block text-slate-600 dark:text-slate-400">{user.full_name}</span>
                  </span>
                  <button
                    type="button"
                    className="btn-secondary shrink-0 px-3 py-1 text-sm"
                    disabled={chosenIds.has(user.id) || chosen.length >= RECIPIENTS_MAX}
                    onClick={() => onChange([...chosen, user])}
                  >
                    {chosenIds.has(user.id)
                      ? t("notifications.recipients.added")
                      : t("notifications.recipients.add")}
                    <span className="sr-only"> {user.email}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </fieldset>
  );
}

type Texts = Record<Language, { title: string; message: string }>;
const EMPTY_TEXTS: Texts = {
  en: { title: "", message: "" },
  de: { title: "", message: "" },
  fr: { title: "", message: "" },
};

/**
 * Admin tab "Notifications": a title and message per language (at least one language; readers of a
 * language left empty get the first written one with a note saying so), to all users or to chosen
 * accounts. Review first shows how many accounts it reaches per language; only then is it sent.
 */
export default function NotificationsTab() {
  const { t, i18n } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>(EMPTY_TEXTS);
  const [audience, setAudience] = useState<Audience>("all");
  const [recipients, setRecipients] = useState<User[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [review, setReview] = useState<AudienceCount | null>(null);
  const baseId = useId();
  const ids = { audience: useId(), messageHint: useId() };

  const written = LANGUAGES.filter((l) => texts[l].title.trim() && texts[l].message.trim());
  const missing = LANGUAGES.filter((l) => !written.includes(l));
  const userIds = audience === "all" ? null : recipients.map((u) => u.id);

  const count = useMutation({
    mutationFn: () => notificationAudience(userIds),
    onSuccess: (result) => setReview(result),
    onError: (error) => setProblem(errorMessage(error, t("notifications.failed"))),
  });

  const send = useMutation({
    mutationFn: () =>
      sendNotification({
        texts: Object.fromEntries(
          written.map((l) => [l, { title: texts[l].title.trim(), message: texts[l].message.trim() }]),
        ),
        user_ids: userIds,
      }),
    onSuccess: (result) => {
      toast(
        t("notifications.sent", { recipients: formatNumber(result.recipients, i18n.language) }),
        "success",
      );
      setTexts(EMPTY_TEXTS);
      setRecipients([]);
      setReview(null);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
    },
    onError: (error) => {
      const text = errorMessage(error, t("notifications.failed"));
      setProblem(text);
      setReview(null);
      toast(text, "error");
    },
  });

  const edit = (language: Language, field: "title" | "message", value: string) => {
    setTexts((current) => ({ ...current, [language]: { ...current[language], [field]: value } }));
    setProblem(null);
    setReview(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const half = LANGUAGES.some((l) => Boolean(texts[l].title.trim()) !== Boolean(texts[l].message.trim()));
    if (written.length === 0 || half) {
      setProblem(t("notifications.empty"));
      return;
    }
    if (audience === "selected" && recipients.length === 0) {
      setProblem(t("notifications.noRecipients"));
      return;
    }
    count.mutate();
  };

  const first = written[0];
  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("notifications.title")}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("notifications.subtitle")}</p>
      </div>
      <form className="card space-y-5" onSubmit={submit} noValidate data-testid="notification-form">
        {problem && <FormAlert kind="error">{problem}</FormAlert>}
        <p id={ids.messageHint} className="text-sm text-slate-600 dark:text-slate-400">
          {t("notifications.fields.languagesHint")} {t("notifications.fields.messageHint")}
        </p>
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
                {t("notifications.fields.titleIn", { language: t(`languages.${language}`) })}
              </label>
              <input
                id={`${baseId}-${language}-title`}
                className="input"
                lang={language}
                value={texts[language].title}
                maxLength={TITLE_MAX}
                onChange={(e) => edit(language, "title", e.target.value)}
              />
            </div>
            <div>
              <label htmlFor={`${baseId}-${language}-message`} className="label">
                {t("notifications.fields.messageIn", { language: t(`languages.${language}`) })}
              </label>
              <textarea
                id={`${baseId}-${language}-message`}
                className="input min-h-24"
                lang={language}
                value={texts[language].message}
                maxLength={MESSAGE_MAX}
                aria-describedby={ids.messageHint}
                onChange={(e) => edit(language, "message", e.target.value)}
              />
            </div>
          </fieldset>
        ))}
        <fieldset>
          <legend className="label">{t("notifications.audience.legend")}</legend>
          <div className="flex flex-wrap gap-6">
            {(["all", "selected"] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
                <input
                  type="radio"
                  name={ids.audience}
                  value={value}
                  checked={audience === value}
                  onChange={() => {
                    setAudience(value);
                    setProblem(null);
                    setReview(null);
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                {t(`notifications.audience.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {audience === "selected" && (
          <RecipientPicker
            chosen={recipients}
            onChange={(users) => {
              setRecipients(users);
              setReview(null);
            }}
          />
        )}
        {review ? (
          <section
            className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-slate-800"
            aria-live="polite"
            data-testid="notification-review"
          >
            <p className="font-medium text-slate-900 dark:text-white">
              {t("notifications.review.reaches", {
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
            {first && missing.length > 0 && (
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {t("notifications.review.fallback", {
                  missing: missing.map((l) => t(`languages.${l}`)).join(", "),
                  language: t(`languages.${first}`),
                })}
              </p>
            )}
            <div className="flex flex-wrap gap-3">
              <button
                type="button"
                className="btn-primary"
                disabled={send.isPending}
                onClick={() => send.mutate()}
              >
                {send.isPending
                  ? t("notifications.sending")
                  : audience === "all"
                    ? t("notifications.sendAll")
                    : t("notifications.sendSelected", { count: recipients.length })}
              </button>
              <button type="button" className="btn-secondary" onClick={() => setReview(null)}>
                {t("notifications.review.back")}
              </button>
            </div>
          </section>
        ) : (
          <button type="submit" className="btn-primary" disabled={count.isPending}>
            {count.isPending ? t("notifications.review.counting") : t("notifications.review.button")}
          </button>
        )}
      </form>
    </div>
  );
}
