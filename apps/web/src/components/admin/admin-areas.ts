import { useSearchParams } from "react-router";

/**
 * The back office's areas, in the order of its navigation, grouped as operators work. Each area lives
 * at /admin?tab=<id> (the overview at /admin); links, bookmarks and tests use these ids. The label keys
 * are in the admin namespace unless they name another one.
 */
export const ADMIN_GROUPS = [
  { id: "start", labelKey: null, areas: [{ id: "overview", labelKey: "tabs.overview" }] },
  {
    id: "customers",
    labelKey: "shell.groups.customers",
    areas: [
      { id: "users", labelKey: "tabs.users" },
      { id: "kyc", labelKey: "tabs.kyc" },
      { id: "sanctions", labelKey: "identity:aml.tab" },
    ],
  },
  {
    id: "deposits",
    labelKey: "shell.groups.deposits",
    areas: [
      { id: "applications", labelKey: "tabs.applications" },
      { id: "funding", labelKey: "deposits:admin.tabs.funding" },
      { id: "statements", labelKey: "deposits:admin.tabs.statements" },
      { id: "payments", labelKey: "payments:tab" },
      { id: "maturities", labelKey: "deposits:admin.tabs.maturities" },
      { id: "jobs", labelKey: "deposits:admin.tabs.jobs" },
    ],
  },
  {
    id: "books",
    labelKey: "ledger:group",
    areas: [
      { id: "ledger", labelKey: "ledger:tabs.trialBalance" },
      { id: "reconciliation", labelKey: "ledger:tabs.reconciliation" },
    ],
  },
  {
    id: "communication",
    labelKey: "shell.groups.communication",
    areas: [
      { id: "notifications", labelKey: "tabs.notifications" },
      { id: "messages", labelKey: "tabs.messages" },
    ],
  },
  {
    id: "catalogue",
    labelKey: "shell.groups.catalogue",
    areas: [
      { id: "packages", labelKey: "tabs.packages" },
      { id: "banks", labelKey: "banks:admin.tab" },
    ],
  },
  { id: "records", labelKey: null, areas: [{ id: "audit", labelKey: "tabs.audit" }] },
] as const;

export type AdminAreaId = (typeof ADMIN_GROUPS)[number]["areas"][number]["id"];
export type AdminArea = (typeof ADMIN_GROUPS)[number]["areas"][number];

export const ADMIN_AREAS: readonly AdminArea[] = ADMIN_GROUPS.flatMap(
  (group): readonly AdminArea[] => group.areas,
);
export const DEFAULT_AREA: AdminArea = ADMIN_GROUPS[0].areas[0];

/** The address of an area: the overview is /admin itself. */
export function adminAreaPath(id: AdminAreaId): string {
  return id === DEFAULT_AREA.id ? "/admin" : `/admin?tab=${id}`;
}

/** The area the address names (/admin?tab=funding); an unknown or missing tab is the overview. */
export function useAdminArea(): AdminArea {
  const [params] = useSearchParams();
  const requested = params.get("tab");
  return ADMIN_AREAS.find((area) => area.id === requested) ?? DEFAULT_AREA;
}
