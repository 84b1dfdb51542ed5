import { KYC_STATUSES, ROLES } from "@festgeld/domain/constants";
import { operations } from "@festgeld/domain/operations";
import { Fragment, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Pagination } from "../../components/ui/pagination.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatDate } from "../../lib/format.ts";
import { usePagedList } from "../../lib/paged-list.ts";
import { useSession } from "../../lib/session.tsx";
import { StaffTools } from "./staff-tools.tsx";

const PAGE_SIZE = 25;
/** The search is sent once typing pauses, not on every key. */
const SEARCH_DEBOUNCE_MS = 300;

type RoleFilter = "" | (typeof ROLES)[number];
type KycFilter = "" | (typeof KYC_STATUSES)[number];

function useDebounced<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}

/**
 * Admin tab "Users": role and KYC filters and an e-mail search, all applied by the
 * server, always with the filters as they are now, one page at a time.
 */
export default function UsersTab() {
  const { t, i18n } = useTranslation("admin");
  const [role, setRole] = useState<RoleFilter>("");
  const [kycStatus, setKycStatus] = useState<KycFilter>("");
  const [search, setSearch] = useState("");
  const [offset, setOffset] = useState(0);
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const ids = { role: useId(), kyc: useId(), search: useId() };

  // A new filter or search starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each filter change
  useEffect(() => setOffset(0), [role, kycStatus, debouncedSearch]);

  const users = usePagedList(ADMIN_KEYS.users, operations.adminUsersList, {
    role,
    kyc_status: kycStatus,
    search: debouncedSearch,
    limit: PAGE_SIZE,
    offset,
  });
  const { user: me } = useSession();
  const [open, setOpen] = useState<string | null>(null);

  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;

  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("users.title")}</h2>
      <search className="grid gap-4 md:grid-cols-3">
        <div>
          <label htmlFor={ids.role} className="label">
            {t("users.filters.role")}
          </label>
          <select
            id={ids.role}
            className="input"
            value={role}
            onChange={(e) => setRole(e.target.value as RoleFilter)}
            data-testid="users-role-filter"
          >
            <option value="">{t("users.filters.allRoles")}</option>
            {ROLES.map((value) => (
              <option key={value} value={value}>
                {t(`roles.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.kyc} className="label">
            {t("users.filters.kycStatus")}
          </label>
          <select
            id={ids.kyc}
            className="input"
            value={kycStatus}
            onChange={(e) => setKycStatus(e.target.value as KycFilter)}
            data-testid="users-kyc-filter"
          >
            <option value="">{t("users.filters.allStatuses")}</option>
            {KYC_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`kycStatuses.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.search} className="label">
            {t("users.filters.search")}
          </label>
          <input
            id={ids.search}
            type="search"
            className="input"
            value={search}
            maxLength={254}
            autoComplete="off"
            placeholder={t("users.filters.searchPlaceholder")}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="users-search"
          />
        </div>
      </search>

      {users.isPending ? (
        <Spinner label={t("users.loading")} />
      ) : users.isError ? (
        <p role="alert" className="card text-red-700 dark:text-red-400">
          {t("users.loadFailed")}
        </p>
      ) : items.length === 0 ? (
        <p className="card text-slate-600 dark:text-slate-300">{t("users.empty")}</p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm" data-testid="users-table" aria-busy={users.isFetching}>
            <caption className="sr-only">{t("users.caption")}</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {(["email", "name", "role", "kycStatus", "created"] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`users.columns.${column}`)}
                  </th>
                ))}
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t("users.tools.heading")}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((user) => (
                <Fragment key={user.id}>
                  <tr data-testid="users-row">
                    <td className="break-all px-3 py-2 text-slate-900 dark:text-white">{user.email}</td>
                    <td className="px-3 py-2 text-slate-800 dark:text-slate-200">{user.full_name}</td>
                    <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                      {t(`roles.${user.role}`)}
                    </td>
                    <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                      {t(`kycStatuses.${user.kycStatus ?? "not_started"}`)}
                    </td>
                    <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                      {(user.created_at && formatDate(user.created_at, i18n.language)) ||
                        t("users.notAvailable")}
                    </td>
                    <td className="px-3 py-2">
                      <button
                        type="button"
                        className="btn-secondary text-sm"
                        aria-expanded={open === user.id}
                        aria-controls={`tools-${user.id}`}
                        onClick={() => setOpen((current) => (current === user.id ? null : user.id))}
                        data-testid="users-manage"
                      >
                        {t("users.tools.manage", { name: user.full_name })}
                      </button>
                    </td>
                  </tr>
                  {open === user.id && (
                    <tr id={`tools-${user.id}`}>
                      <td colSpan={6} className="bg-slate-50 px-3 py-3 dark:bg-slate-900">
                        <StaffTools user={user} self={me?.id === user.id} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination
        offset={offset}
        limit={PAGE_SIZE}
        total={total}
        onChange={setOffset}
        label={t("users.pages")}
      />
    </div>
  );
}
