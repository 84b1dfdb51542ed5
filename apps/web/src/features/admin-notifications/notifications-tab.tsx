import type { NotificationSendRequest, NotificationSendResponse, User } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { formatNumber } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";

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
    queryFn: ({ signal }) => api.get<User[]>("/admin/users", { search: debounced, limit: 8 }, signal),
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

/**
 * Admin tab "Notifications": Title, Message and 'Send to All Users', or send to
 * chosen accounts. Empty fields are refused before anything is sent.
 */
export default function NotificationsTab() {
  const { t, i18n } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [audience, setAudience] = useState<Audience>("all");
  const [recipients, setRecipients] = useState<User[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { title: useId(), message: useId(), audience: useId(), messageHint: useId() };

  const send = useMutation({
    mutationFn: (body: NotificationSendRequest) =>
      api.post<NotificationSendResponse>("/admin/notifications/send", body),
    onSuccess: (result) => {
      toast(
        t("notifications.sent", { recipients: formatNumber(result.recipients, i18n.language) }),
        "success",
      );
      setTitle("");
      setMessage("");
      setRecipients([]);
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
    },
    onError: (error) => {
      const text = errorMessage(error, t("notifications.failed"));
      setProblem(text);
      toast(text, "error");
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!title.trim() || !message.trim()) {
      setProblem(t("notifications.empty"));
      return;
    }
    if (audience === "selected" && recipients.length === 0) {
      setProblem(t("notifications.noRecipients"));
      return;
    }
    send.mutate({
      title: title.trim(),
      message: message.trim(),
      user_ids: audience === "all" ? null : recipients.map((u) => u.id),
    });
  };

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("notifications.title")}</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("notifications.subtitle")}</p>
      </div>
      <form className="card space-y-5" onSubmit={submit} noValidate data-testid="notification-form">
        {problem && <FormAlert kind="error">{problem}</FormAlert>}
        <div>
          <label htmlFor={ids.title} className="label">
            {t("notifications.fields.title")}
          </label>
          <input
            id={ids.title}
            className="input"
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => {
              setTitle(e.target.value);
              setProblem(null);
            }}
          />
        </div>
        <div>
          <label htmlFor={ids.message} className="label">
            {t("notifications.fields.message")}
          </label>
          <textarea
            id={ids.message}
            className="input min-h-32"
            value={message}
            maxLength={MESSAGE_MAX}
            aria-describedby={ids.messageHint}
            onChange={(e) => {
              setMessage(e.target.value);
              setProblem(null);
            }}
          />
          <p id={ids.messageHint} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            {t("notifications.fields.messageHint")}
          </p>
        </div>
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
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                {t(`notifications.audience.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {audience === "selected" && <RecipientPicker chosen={recipients} onChange={setRecipients} />}
        <button type="submit" className="btn-primary" disabled={send.isPending}>
          {send.isPending
            ? t("notifications.sending")
            : audience === "all"
              ? t("notifications.sendAll")
              : t("notifications.sendSelected", { count: recipients.length })}
        </button>
      </form>
    </div>
  );
}
