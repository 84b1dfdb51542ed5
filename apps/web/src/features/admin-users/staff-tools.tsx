import type { Role, User } from "@festgeld/domain";
import { ROLES } from "@festgeld/domain/constants";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert, OutcomeAlerts } from "../../components/ui/form-alert.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { api, errorMessage } from "../../lib/api-client.ts";
import { useApiAction } from "../../lib/forms.ts";
import { operations } from "../../lib/operations.ts";

/**
 * The staff tools of one account: lock or unlock it, sign it out everywhere, e-mail a reset link
 * (and a new confirmation link while the address is unconfirmed), change its role. The server refuses an admin's own lock or demotion and writes every action to the
 * audit log.
 */
export function StaffTools({ user, self }: { user: User; self: boolean }) {
  const { t } = useTranslation(["admin", "errors"]);
  const queryClient = useQueryClient();
  const key = [...ADMIN_KEYS.users, "account", user.id];
  const status = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.call(operations.adminUserAccount, { params: { id: user.id }, signal }),
  });
  const [role, setRole] = useState<Role>(user.role);
  const action = useApiAction(t("errors:internal_error"));
  const [done, setDone] = useState<string | null>(null);
  const busy = action.pending;
  const params = { params: { id: user.id } };

  /** A button that runs one staff action; the account's new state comes back and is shown. */
  const tool = (
    label: string,
    request: () => Promise<unknown>,
    doneText: string,
    extra: { disabled?: boolean; testId?: string; listChanges?: boolean } = {},
  ) => (
    <button
      type="button"
      className="btn-secondary text-sm"
      disabled={busy || extra.disabled}
      data-testid={extra.testId}
      onClick={() => {
        setDone(null);
        void action.run(request, (account) => {
          queryClient.setQueryData(key, account);
          setDone(doneText);
          void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
          if (extra.listChanges) void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.users });
        });
      }}
    >
      {label}
    </button>
  );

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
      <OutcomeAlerts error={action.error} done={done} />
      <div className="flex flex-wrap items-end gap-2">
        {s.locked
          ? tool(
              t("users.tools.unlock"),
              () => api.call(operations.adminUserUnlock, params),
              t("users.tools.unlocked"),
            )
          : tool(
              t("users.tools.lock"),
              () => api.call(operations.adminUserLock, params),
              t("users.tools.lockedDone"),
              { disabled: self, testId: "staff-lock" },
            )}
        {tool(
          t("users.tools.revoke"),
          () => api.call(operations.adminUserRevokeSessions, params),
          t("users.tools.revoked"),
        )}
        {!s.email_verified &&
          tool(
            t("users.tools.sendVerification"),
            () => api.call(operations.adminUserSendVerification, params),
            t("users.tools.verificationSent"),
            { testId: "staff-send-verification" },
          )}
        {tool(
          t("users.tools.sendReset"),
          () => api.call(operations.adminUserSendReset, params),
          t("users.tools.resetSent"),
        )}
        <LabelledSelect
          label={t("users.tools.role")}
          value={role}
          options={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
          onChange={setRole}
          disabled={self}
        />
        {tool(
          t("users.tools.changeRole"),
          () => api.call(operations.adminUserChangeRole, { ...params, body: { role } }),
          t("users.tools.roleChanged"),
          { disabled: self || role === s.role, listChanges: true },
        )}
      </div>
      {self && <p className="text-sm text-slate-600 dark:text-slate-300">{t("users.tools.self")}</p>}
    </div>
  );
}
