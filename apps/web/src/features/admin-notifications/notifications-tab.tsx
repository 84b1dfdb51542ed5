import { NOTIFICATION_LIMITS, type User } from "@festgeld/domain";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilterSearch } from "../../components/admin/filter-select.tsx";
import { BroadcastForm } from "../../components/broadcast/broadcast-form.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatNumber } from "../../lib/format.ts";
import { findUsers, notificationAudience, sendNotification } from "./api/notifications-admin-api.ts";

const RECIPIENTS_MAX = NOTIFICATION_LIMITS.recipientsMax;
const SEARCH_DEBOUNCE_MS = 300;

type Audience = "all" | "selected";

/** Finds accounts by e-mail for the "selected users" audience. */
function RecipientPicker({ chosen, onChange }: { chosen: User[]; onChange: (users: User[]) => void }) {
  const { t } = useTranslation("admin");
  const [term, setTerm] = useState("");
  const [debounced, setDebounced] = useState("");
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
                className="rounded-full px-1 font-bold focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-300"
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
      <FilterSearch
        label={t("notifications.recipients.search")}
        value={term}
        onChange={setTerm}
        testId="recipient-search"
      />
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
 * Admin tab "Notifications": a title and message per language (at least one language; readers of a
 * language left empty get the first written one with a note saying so), to all users or to chosen
 * accounts. Review first shows how many accounts it reaches per language; only then is it sent.
 */
export default function NotificationsTab() {
  const { t, i18n } = useTranslation("admin");
  const queryClient = useQueryClient();
  const [audience, setAudience] = useState<Audience>("all");
  const [recipients, setRecipients] = useState<User[]>([]);
  const audienceName = useId();
  const userIds = audience === "all" ? null : recipients.map((u) => u.id);

  return (
    <div className="max-w-3xl space-y-6">
      <div>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t("notifications.subtitle")}</p>
      </div>
      <BroadcastForm
        testId="notification-form"
        reviewTestId="notification-review"
        hint={`${t("notifications.fields.languagesHint")} ${t("notifications.fields.messageHint")}`}
        titleLabel={(language) => t("notifications.fields.titleIn", { language })}
        messageLabel={(language) => t("notifications.fields.messageIn", { language })}
        audienceKey={`${audience}:${userIds?.join(",") ?? ""}`}
        check={() =>
          audience === "selected" && recipients.length === 0 ? t("notifications.noRecipients") : null
        }
        count={() => notificationAudience(userIds)}
        send={async (texts) => (await sendNotification({ texts, user_ids: userIds })).recipients}
        reaches={(review) =>
          t("notifications.review.reaches", {
            count: review.recipients,
            formatted: formatNumber(review.recipients, i18n.language),
          })
        }
        sentText={(count) => t("notifications.sent", { recipients: formatNumber(count, i18n.language) })}
        confirmLabel={
          audience === "all"
            ? t("notifications.sendAll")
            : t("notifications.sendSelected", { count: recipients.length })
        }
        fallbackNote
        toastFailures
        onSent={() => {
          setRecipients([]);
          void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
        }}
        audience={
          <>
            <fieldset>
              <legend className="label">{t("notifications.audience.legend")}</legend>
              <div className="flex flex-wrap gap-6">
                {(["all", "selected"] as const).map((value) => (
                  <label key={value} className="flex items-center gap-2 text-slate-800 dark:text-slate-200">
                    <input
                      type="radio"
                      name={audienceName}
                      value={value}
                      checked={audience === value}
                      onChange={() => setAudience(value)}
                      className="h-4 w-4 accent-brand-700"
                    />
                    {t(`notifications.audience.${value}`)}
                  </label>
                ))}
              </div>
            </fieldset>
            {audience === "selected" && <RecipientPicker chosen={recipients} onChange={setRecipients} />}
          </>
        }
      />
    </div>
  );
}
