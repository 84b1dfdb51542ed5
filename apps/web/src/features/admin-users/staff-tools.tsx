import type { Role, User } from "@festgeld/domain";
import { ROLES } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { api, errorMessage } from "../../lib/api-client.ts";

/**
 * The staff tools of one account: lock or unlock it, sign it out everywhere, e-mail a reset link,
 * change its role. The server refuses an admin's own lock or demotion and writes every action to the
 * audit log.
 */
export function StaffTools({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation(["admin", "errors"]);
  const queryClient = useQueryClient();
  const id = useId();
  const key = [...ADMIN_KEYS.users, "account", user.id];
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(operations.adminUserAccount, { params: { id: user.id }, signal }),
  });
  const [role, setRole] = useState<Role>(user.role);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      queryClient.setQueryData(key, await action());
      setMessage({ kind: "success", text: done });
      void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
      if (done === t("users.tools.roleChanged"))
        void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
    } catch (err) {
      setMessage({ kind: "error", text: errorMessage(err, t("errors:internal_error")) });
    } finally {
      setBusy(false);
    }
  };
  const params = { params: { id: user.id } };

  if (status.isPending) return <Spinner label={t("users.tools.loading")} />;
  if (status.isError)
    return <FormAlert kind="error">{errorMessage(status.error, t("errors:internal_error"))}</FormAlert>;
  const s = status.data;
  return (
    <div className="space-y-3" data-testid="staff-tools">
      <ul className="flex flex-wrap gap-2 text-xs">
        <li className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800" data-testid="staff-locked">
          {s.locked ? t("users.tools.locked") : t("users.tools.active")}
        </li>
        <li className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
          {s.email_verified ? t("users.tools.emailVerified") : t("users.tools.emailUnverified")}
        </li>
        <li className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
          {s.two_factor_enabled ? t("users.tools.twoFactorOn") : t("users.tools.twoFactorOff")}
        </li>
        <li className="rounded-full bg-slate-100 px-2 py-0.5 dark:bg-slate-800" data-testid="staff-sessions">
          {t("users.tools.sessions", { count: s.active_sessions })}
        </li>
      </ul>
      {message && <FormAlert kind={message.kind}>{message.text}</FormAlert>}
      <div className="flex flex-wrap items-end gap-2">
        {s.locked ? (
          <button
            type="button"
            className="btn-secondary text-sm"
            disabled={busy}
            onClick={() => act(() => api.call(operations.adminUserUnlock, params), t("users.tools.unlocked"))}
          >
            {t("users.tools.unlock")}
          </button>
        ) : (
          <button
            type="button"
            className="btn-secondary text-sm"
            disabled={busy || self}
            onClick={() => act(() => api.call(operations.adminUserLock, params), t("users.tools.lockedDone"))}
            data-testid="staff-lock"
          >
            {t("users.tools.lock")}
          </button>
        )}
        <button
          type="button"
          className="btn-secondary text-sm"
          disabled={busy}
          onClick={() =>
            act(() => api.call(operations.adminUserRevokeSessions, params), t("users.tools.revoked"))
          }
        >
          {t("users.tools.revoke")}
        </button>
        <button
          type="button"
          className="btn-secondary text-sm"
          disabled={busy}
          onClick={() =>
            act(() => api.call(operations.adminUserSendReset, params), t("users.tools.resetSent"))
          }
        >
          {t("users.tools.sendReset")}
        </button>
        <div>
          <label htmlFor={`${id}-role`} className="label">
            {t("users.tools.role")}
          </label>
          <select
            id={`${id}-role`}
            className="input"
            value={role}
            disabled={self}
            onChange={(event) => setRole(event.target.value as Role)}
          >
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn-secondary text-sm"
          disabled={busy || self || role === s.role}
          onClick={() =>
            act(
              () => api.call(operations.adminUserChangeRole, { ...params, body: { role } }),
              t("users.tools.roleChanged"),
            )
          }
        >
          {t("users.tools.changeRole")}
        </button>
      </div>
      {self && <p className="text-sm text-slate-600 dark:text-slate-300">{t("users.tools.self")}</p>}
    </div>
  );
}
