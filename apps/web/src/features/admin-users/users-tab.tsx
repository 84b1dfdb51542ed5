import type { User } from "@festgeld/domain";
import { KYC_STATUSES, ROLES } from "@festgeld/domain/constants";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { FilterSearch } from "../../components/admin/filter-select.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { TruncatedText } from "../../components/ui/truncated-text.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatDate } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";
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
  const debouncedSearch = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);

  const { table } = usePagedListState(
    ADMIN_KEYS.users,
    operations.adminUsersList,
    {
      role,
      kyc_status: kycStatus,
      search: debouncedSearch,
    },
    PAGE_SIZE,
    t("users.pages"),
  );
  const { user: me } = useSession();
  const [open, setOpen] = useState<string | null>(null);

  const columns: Column<User>[] = [
    { id: "email", header: t("users.columns.email"), cell: (user) => <TruncatedText text={user.email} /> },
    { id: "name", header: t("users.columns.name"), cell: (user) => <TruncatedText text={user.full_name} /> },
    { id: "role", header: t("users.columns.role"), cell: (user) => t(`roles.${user.role}`) },
    {
      id: "kycStatus",
      header: t("users.columns.kycStatus"),
      cell: (user) => t(`kycStatuses.${user.kycStatus ?? "not_started"}`),
    },
    {
      id: "created",
      header: t("users.columns.created"),
      cell: (user) =>
        (user.created_at && formatDate(user.created_at, i18n.language)) || t("users.notAvailable"),
    },
    {
      id: "tools",
      header: t("users.tools.heading"),
      headerHidden: true,
      sticky: true,
      cell: (user) => (
        <button
          type="button"
          className="btn-secondary block max-w-[12rem] truncate px-3 py-1 text-sm"
          title={t("users.tools.manage", { name: user.full_name })}
          aria-expanded={open === user.id}
          aria-controls={`tools-${user.id}`}
          onClick={() => setOpen((current) => (current === user.id ? null : user.id))}
          data-testid="users-manage"
        >
          {t("users.tools.manage", { name: user.full_name })}
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <search className="grid gap-4 md:grid-cols-3">
        <LabelledSelect
          label={t("users.filters.role")}
          value={role}
          options={[
            { value: "" as RoleFilter, label: t("users.filters.allRoles") },
            ...ROLES.map((value) => ({ value, label: t(`roles.${value}`) })),
          ]}
          onChange={setRole}
          testId="users-role-filter"
        />
        <LabelledSelect
          label={t("users.filters.kycStatus")}
          value={kycStatus}
          options={[
            { value: "" as KycFilter, label: t("users.filters.allStatuses") },
            ...KYC_STATUSES.map((value) => ({ value, label: t(`kycStatuses.${value}`) })),
          ]}
          onChange={setKycStatus}
          testId="users-kyc-filter"
        />
        <FilterSearch
          label={t("users.filters.search")}
          value={search}
          placeholder={t("users.filters.searchPlaceholder")}
          onChange={setSearch}
          testId="users-search"
        />
      </search>

      <AdminTable
        caption={t("users.caption")}
        columns={columns}
        {...table}
        rowKey={(user) => user.id}
        texts={listTexts(t, "users.empty", "users.")}
        rowProps={() => ({ "data-testid": "users-row" })}
        detail={(user) =>
          open === user.id
            ? { id: `tools-${user.id}`, content: <StaffTools user={user} self={me?.id === user.id} /> }
            : null
        }
        testId="users-table"
      />
    </div>
  );
}
