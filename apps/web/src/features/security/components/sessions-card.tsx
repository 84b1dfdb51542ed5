import type { AccountSession, Device } from "@festgeld/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { OutcomeAlerts } from "../../../components/ui/form-alert.tsx";
import { QueryState } from "../../../components/ui/query-state.tsx";
import { Section } from "../../../components/ui/section.tsx";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatDateTime } from "../../../lib/format-date.ts";
import { revokeOtherSessions, revokeSession, useSecurityEvents, useSessions } from "../api/security-api.ts";

/** "Firefox 128 on Linux", or the kind of device when the browser is unknown. */
export function useDeviceLabel() {
  const { t } = useTranslation("security");
  return (device: Device | null) => {
    if (!device || (!device.browser && !device.os)) return t("sessions.unknownDevice");
    if (device.browser && device.os)
      return t("sessions.browserOn", { browser: device.browser, os: device.os });
    return device.browser ?? device.os ?? "";
  };
}

/** One signed-in device: which, when last used and from where; a sign-out unless it is this one. */
function SessionItem({ session, onRevoke }: { session: AccountSession; onRevoke: () => void }) {
  const { t, i18n } = useTranslation("security");
  const deviceLabel = useDeviceLabel();
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-3"
      data-testid="session-item"
      data-current={session.current}
    >
      <div>
        <p className="font-medium text-slate-900 dark:text-white">
          {deviceLabel(session.device)}
          {session.current && (
            <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
              {t("sessions.current")}
            </span>
          )}
        </p>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("sessions.lastUsed", { when: formatDateTime(session.last_used_at, i18n.language) })}
          {session.ip ? ` · ${session.ip}` : ""}
        </p>
      </div>
      {!session.current && (
        <button type="button" className="btn-secondary text-sm" onClick={onRevoke}>
          {t("sessions.revoke")}
        </button>
      )}
    </li>
  );
}

/** The account's signed-in devices, each with a sign-out, and "sign out everywhere else". */
export function SessionsCard() {
  const { t } = useTranslation(["security", "errors"]);
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const act = async (action: () => Promise<unknown>, message: string) => {
    setError(null);
    setDone(null);
    try {
      await action();
      setDone(message);
      await queryClient.invalidateQueries({ queryKey: ["security"] });
    } catch (err) {
      setError(errorMessage(err, t("errors:internal_error")));
    }
  };

  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  return (
    <Section
      id="sessions-heading"
      title={t("sessions.heading")}
      heading="box"
      className="card space-y-4"
      data-testid="sessions"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t("sessions.intro")}</p>
      <OutcomeAlerts error={error} done={done} doneTestId="sessions-done" />
      <QueryState query={sessions} loading={t("sessions.loading")} failed={t("errors:internal_error")}>
        {(list) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                onRevoke={() => act(() => revokeSession(session.id), t("sessions.revoked"))}
              />
            ))}
          </ul>
        )}
      </QueryState>
      {others > 0 && (
        <button
          type="button"
          className="btn-secondary"
          onClick={() => act(revokeOtherSessions, t("sessions.revokedOthers"))}
          data-testid="sessions-revoke-others"
        >
          {t("sessions.revokeOthers")}
        </button>
      )}
    </Section>
  );
}

/** The account's recent security events, newest first. */
export function SecurityEventsCard() {
  const { t, i18n } = useTranslation(["security", "errors"]);
  const events = useSecurityEvents();
  const deviceLabel = useDeviceLabel();
  return (
    <Section
      id="events-heading"
      title={t("events.heading")}
      heading="box"
      className="card space-y-4"
      data-testid="security-events"
    >
      <QueryState
        query={events}
        loading={t("events.loading")}
        failed={t("errors:internal_error")}
        empty={
          events.data?.length === 0 && (
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("events.empty")}</p>
          )
        }
      >
        {(list) => (
          <ul className="divide-y divide-slate-200 dark:divide-slate-800">
            {list.map((event) => (
              <li key={event.id} className="py-2" data-testid="security-event" data-event={event.event}>
                <p className="font-medium text-slate-900 dark:text-white">
                  {event.event === "profile_updated" && event.email_changed
                    ? t("events.types.email_changed")
                    : t(`events.types.${event.event}`)}
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {formatDateTime(event.created_at, i18n.language)}
                  {event.device ? ` · ${deviceLabel(event.device)}` : ""}
                  {event.ip ? ` · ${event.ip}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Section>
  );
}
