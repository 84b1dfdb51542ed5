import { AUDIT_ACTIONS } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatDateTime } from "../../lib/format.ts";
import { usePagedList } from "../../lib/paged-list.ts";

const PAGE_SIZE = 25;
type ActionFilter = "" | (typeof AUDIT_ACTIONS)[number];
/** "package.updated" -> "package_updated": catalogue keys cannot contain the key separator. */
const actionKey = (action: string) => action.replace(".", "_");

/** Admin tab "Audit log": who did what, to which record, and when; newest first. */
export default function AuditTab() {
  const { t, i18n } = useTranslation("admin");
  const [action, setAction] = useState<ActionFilter>("");
  const [offset, setOffset] = useState(0);
  const filterId = useId();

  const log = usePagedList(ADMIN_KEYS.audit, operations.adminAuditLogList, {
    ...(action ? { action } : {}),
    limit: PAGE_SIZE,
    offset,
  });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("audit.title")}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("audit.subtitle")}</p>
        </div>
        <div>
          <label htmlFor={filterId} className="label">
            {t("audit.filter")}
          </label>
          <select
            id={filterId}
            className="input"
            value={action}
            onChange={(e) => {
              setAction(e.target.value as ActionFilter);
              setOffset(0);
            }}
          >
            <option value="">{t("audit.allActions")}</option>
            {AUDIT_ACTIONS.map((value) => (
              <option key={value} value={value}>
                {t(`audit.actions.${actionKey(value)}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {log.isPending ? (
        <Spinner label={t("audit.loading")} />
      ) : log.isError ? (
        <p role="alert" className="card text-red-700 dark:text-red-400">
          {t("audit.loadFailed")}
        </p>
      ) : log.data.items.length === 0 ? (
        <p className="card text-slate-600 dark:text-slate-300">{t("audit.empty")}</p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm" data-testid="audit-table">
            <caption className="sr-only">{t("audit.title")}</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {(["when", "who", "action", "target", "details"] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`audit.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {log.data.items.map((entry) => (
                <tr key={entry.id} className="align-top">
                  <td className="whitespace-nowrap px-3 py-2 text-slate-800 dark:text-slate-200">
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, i18n.language)}</time>
                  </td>
                  <td className="break-all px-3 py-2 text-slate-900 dark:text-white">{entry.actor.email}</td>
                  <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                    {t(`audit.actions.${actionKey(entry.action)}`)}
                  </td>
                  <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                    <span className="block">
                      {t(`audit.targets.${entry.target_type}`, entry.target_type)}
                    </span>
                    {entry.target_id && (
                      <code className="break-all text-xs text-slate-600 dark:text-slate-400">
                        {entry.target_id}
                      </code>
                    )}
                  </td>
                  <td className="px-3 py-2">
                    <details>
                      <summary className="cursor-pointer text-brand-700 dark:text-brand-300">
                        {t("audit.show")}
                      </summary>
                      <pre className="mt-2 max-w-md overflow-x-auto whitespace-pre-wrap break-all rounded bg-slate-100 p-2 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-100">
                        {JSON.stringify(entry.details, null, 2)}
                      </pre>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        offset={offset}
        limit={PAGE_SIZE}
        total={log.data?.total ?? 0}
        onChange={setOffset}
        label={t("audit.pages")}
      />
    </div>
  );
}
