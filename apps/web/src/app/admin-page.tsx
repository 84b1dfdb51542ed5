import { type ComponentType, type KeyboardEvent, lazy, Suspense, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { RequireUser } from "../components/ui/require-user.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/**
 * /admin: one page, one tab per back-office capability. Each tab's code loads only when opened. A new
 * area adds itself by appending to TABS (id, label key in the admin namespace, component). The open
 * tab is in the address (/admin?tab=funding), so a reload, a bookmark or the back button keeps it.
 */
interface AdminTab {
  id: string;
  labelKey: string;
  Component: ComponentType;
}

const TABS: AdminTab[] = [
  {
    id: "overview",
    labelKey: "tabs.overview",
    Component: lazy(() => import("../features/admin-overview/overview-tab.tsx")),
  },
  {
    id: "users",
    labelKey: "tabs.users",
    Component: lazy(() => import("../features/admin-users/users-tab.tsx")),
  },
  {
    id: "applications",
    labelKey: "tabs.applications",
    Component: lazy(() => import("../features/admin-applications/applications-tab.tsx")),
  },
  {
    id: "funding",
    labelKey: "deposits:admin.tabs.funding",
    Component: lazy(() => import("../features/admin-deposits/funding-tab.tsx")),
  },
  {
    id: "statements",
    labelKey: "deposits:admin.tabs.statements",
    Component: lazy(() => import("../features/admin-deposits/statements-tab.tsx")),
  },
  {
    id: "maturities",
    labelKey: "deposits:admin.tabs.maturities",
    Component: lazy(() => import("../features/admin-deposits/calendar-tab.tsx")),
  },
  {
    id: "kyc",
    labelKey: "tabs.kyc",
    Component: lazy(() => import("../features/admin-kyc/kyc-review-tab.tsx")),
  },
  {
    id: "sanctions",
    labelKey: "identity:aml.tab",
    Component: lazy(() => import("../features/admin-identity/sanctions-tab.tsx")),
  },
  {
    id: "notifications",
    labelKey: "tabs.notifications",
    Component: lazy(() => import("../features/admin-notifications/notifications-tab.tsx")),
  },
  {
    id: "packages",
    labelKey: "tabs.packages",
    Component: lazy(() => import("../features/admin-packages/packages-tab.tsx")),
  },
  {
    id: "messages",
    labelKey: "tabs.messages",
    Component: lazy(() => import("../features/admin-messages/messages-tab.tsx")),
  },
  {
    id: "audit",
    labelKey: "tabs.audit",
    Component: lazy(() => import("../features/admin-audit/audit-tab.tsx")),
  },
  {
    id: "jobs",
    labelKey: "deposits:admin.tabs.jobs",
    Component: lazy(() => import("../features/admin-deposits/jobs-tab.tsx")),
  },
];

function AdminTabs() {
  const { t } = useTranslation(["admin", "identity", "deposits"]);
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const active = TABS.some((tab) => tab.id === requested) ? (requested as string) : (TABS[0]?.id ?? "");
  const setActive = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === TABS[0]?.id) next.delete("tab");
        else next.set("tab", id);
        return next;
      },
      { preventScrollReset: true },
    );
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const baseId = useId();
  useDocumentTitle(t("title"), t("description"));

  // WAI-ARIA tabs: arrow keys, Home and End move between tabs.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? index === last
          ? 0
          : index + 1
        : event.key === "ArrowLeft"
          ? index === 0
            ? last
            : index - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    setActive(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t("title")}</h1>
      <div
        role="tablist"
        aria-label={t("tabs.label")}
        className="mt-6 flex gap-1 relative overflow-x-auto border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((tab, index) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                tabRefs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActive(tab.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2 font-medium focus-visible:outline-2 focus-visible:outline-brand-600 ${
                selected
                  ? "border-brand-700 text-brand-800 dark:border-brand-300 dark:text-brand-200"
                  : "border-transparent text-slate-700 hover:text-brand-700 dark:text-slate-300 dark:hover:text-brand-300"
              }`}
            >
              {t(tab.labelKey)}
            </button>
          );
        })}
      </div>
      {TABS.filter((tab) => tab.id === active).map(({ id, Component }) => (
        <div
          key={id}
          role="tabpanel"
          id={`${baseId}-panel-${id}`}
          aria-labelledby={`${baseId}-tab-${id}`}
          className="pt-6"
        >
          <Suspense fallback={<Spinner label={t("loading")} />}>
            <Component />
          </Suspense>
        </div>
      ))}
    </section>
  );
}

export default function AdminPage() {
  return (
    <RequireUser adminOnly>
      <AdminTabs />
    </RequireUser>
  );
}
