import { type ComponentType, Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import {
  ADMIN_AREAS,
  type AdminAreaId,
  DEFAULT_AREA,
  useAdminArea,
} from "../components/admin/admin-areas.ts";
import { useHeadingFocus } from "../components/admin/use-heading-focus.ts";
import { RequireUser } from "../components/ui/require-user.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { fetchAnalytics, fetchDepositSummary } from "../features/admin-overview/api/analytics-api.ts";
import { ADMIN_KEYS } from "../lib/admin-query-keys.ts";
import { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";
import { preloadable } from "../lib/preloadable.ts";
import { queryClient } from "../lib/query-client.ts";
import { securityOverviewQuery } from "../lib/security-overview.ts";
import { storedAsSaver } from "../lib/stored-role.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/**
 * /admin: one back-office capability per area, chosen in the shell's navigation
 * (components/admin/admin-areas.ts). Each area's code loads only when opened. The open area is in the
 * address (/admin?tab=funding), so a reload, a bookmark or the back button keeps it. A new area adds
 * itself to ADMIN_GROUPS and here.
 */
/** An area's code, and the lazy component that renders it. */
function area(factory: () => Promise<{ default: ComponentType }>) {
  const code = preloadable(factory);
  return { code, Component: code.component((module) => module.default) };
}

const AREAS: Record<AdminAreaId, ReturnType<typeof area>> = {
  overview: area(() => import("../features/admin-overview/overview-tab.tsx")),
  users: area(() => import("../features/admin-users/users-tab.tsx")),
  kyc: area(() => import("../features/admin-kyc/kyc-review-tab.tsx")),
  sanctions: area(() => import("../features/admin-identity/sanctions-tab.tsx")),
  applications: area(() => import("../features/admin-applications/applications-tab.tsx")),
  funding: area(() => import("../features/admin-deposits/funding-tab.tsx")),
  statements: area(() => import("../features/admin-deposits/statements-tab.tsx")),
  payments: area(() => import("../features/admin-payments/payments-tab.tsx")),
  maturities: area(() => import("../features/admin-deposits/calendar-tab.tsx")),
  jobs: area(() => import("../features/admin-deposits/jobs-tab.tsx")),
  ledger: area(() => import("../features/admin-ledger/trial-balance-tab.tsx")),
  reconciliation: area(() => import("../features/admin-ledger/reconciliation-tab.tsx")),
  notifications: area(() => import("../features/admin-notifications/notifications-tab.tsx")),
  messages: area(() => import("../features/admin-messages/messages-tab.tsx")),
  packages: area(() => import("../features/admin-packages/packages-tab.tsx")),
  banks: area(() => import("../features/admin-banks/banks-tab.tsx")),
  audit: area(() => import("../features/admin-audit/audit-tab.tsx")),
};

/**
 * Loads the code of the area named in the address (/admin?tab=...), and asks for the account's
 * two-factor status, which the page checks before it shows anything (RequireUser), so that request does
 * not wait for the page's first render. The page's loader waits for the area's code
 * (app/signed-in-pages.ts), so the page's first render shows the area rather than a spinner that React
 * would keep for at least 300 ms (lib/preloadable.ts). A failed download is left to the area's own
 * render, which reports it.
 */
export function loadOpenedArea(): Promise<unknown> {
  const data = [queryClient.prefetchQuery(securityOverviewQuery)];
  // At build time (the back office's frame, entry-prerender.tsx) there is no address: the overview.
  const requested = new URLSearchParams(globalThis.location?.search ?? "").get("tab");
  const opened = ADMIN_AREAS.find((candidate) => candidate.id === requested) ?? DEFAULT_AREA;
  // Not for a reader stored as a saver, who would be refused them and is sent elsewhere (lib/stored-role.ts).
  if (opened.id === "overview" && !storedAsSaver()) {
    // The overview's figures, what its first screen shows, asked for with its code rather than after the
    // page's first render (docs/decisions.md "Signed-in pages, steady"); the tab's queries find them.
    data.push(
      queryClient.prefetchQuery({
        queryKey: ADMIN_KEYS.analytics,
        queryFn: ({ signal }) => fetchAnalytics(signal),
      }),
      queryClient.prefetchQuery({
        queryKey: ADMIN_KEYS.depositSummary,
        queryFn: ({ signal }) => fetchDepositSummary(signal),
      }),
    );
  }
  const code = AREAS[opened.id].code.load().catch(() => undefined);
  // With the overview's frame on screen (public/signed-in-frame.js; the app starts after it), the first
  // render waits for the figures too, the answers the frame was drawn from, so the app takes the frame
  // over as it is rather than a spinner in its place (app-root.tsx, showsSessionFrame; docs/decisions.md
  // "The back office's first figures before the app"). prefetchQuery never rejects.
  const framed = globalThis.document?.getElementById("root")?.dataset.frame !== undefined;
  return framed ? Promise.all([code, ...data]) : code;
}

function AdminArea() {
  const { t } = useTranslation(PAGE_NAMESPACES["/admin"]);
  const area = useAdminArea();
  const Area = AREAS[area.id].Component;
  const heading = useRef<HTMLHeadingElement>(null);
  // After a change of area, focus goes to the new area's heading.
  useHeadingFocus(heading, area.id);
  useDocumentTitle(`${t(area.labelKey)} – ${t("title")}`, t("description"));

  return (
    <div className="px-4 py-6 lg:px-8">
      <h1
        ref={heading}
        id="admin-area-heading"
        tabIndex={-1}
        className="rounded-sm text-2xl font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white dark:focus-visible:outline-brand-300"
        data-testid="admin-area-heading"
      >
        {t(area.labelKey)}
      </h1>
      <div className="pt-6" data-area={area.id}>
        <Suspense fallback={<Spinner label={t("loading")} />}>
          <Area key={area.id} />
        </Suspense>
      </div>
    </div>
  );
}

export default function AdminPage() {
  return (
    <RequireUser adminOnly>
      <AdminArea />
    </RequireUser>
  );
}
