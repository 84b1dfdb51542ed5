import { type ComponentType, lazy, Suspense, useRef } from "react";
import { useTranslation } from "react-i18next";
import { type AdminAreaId, useAdminArea } from "../components/admin/admin-areas.ts";
import { useHeadingFocus } from "../components/admin/use-heading-focus.ts";
import { RequireUser } from "../components/ui/require-user.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";
import { useDocumentTitle } from "../lib/use-document-title.ts";

/**
 * /admin: one back-office capability per area, chosen in the shell's navigation
 * (components/admin/admin-areas.ts). Each area's code loads only when opened. The open area is in the
 * address (/admin?tab=funding), so a reload, a bookmark or the back button keeps it. A new area adds
 * itself to ADMIN_GROUPS and here.
 */
const AREAS: Record<AdminAreaId, ComponentType> = {
  overview: lazy(() => import("../features/admin-overview/overview-tab.tsx")),
  users: lazy(() => import("../features/admin-users/users-tab.tsx")),
  kyc: lazy(() => import("../features/admin-kyc/kyc-review-tab.tsx")),
  sanctions: lazy(() => import("../features/admin-identity/sanctions-tab.tsx")),
  applications: lazy(() => import("../features/admin-applications/applications-tab.tsx")),
  funding: lazy(() => import("../features/admin-deposits/funding-tab.tsx")),
  statements: lazy(() => import("../features/admin-deposits/statements-tab.tsx")),
  payments: lazy(() => import("../features/admin-payments/payments-tab.tsx")),
  maturities: lazy(() => import("../features/admin-deposits/calendar-tab.tsx")),
  jobs: lazy(() => import("../features/admin-deposits/jobs-tab.tsx")),
  ledger: lazy(() => import("../features/admin-ledger/trial-balance-tab.tsx")),
  reconciliation: lazy(() => import("../features/admin-ledger/reconciliation-tab.tsx")),
  notifications: lazy(() => import("../features/admin-notifications/notifications-tab.tsx")),
  messages: lazy(() => import("../features/admin-messages/messages-tab.tsx")),
  packages: lazy(() => import("../features/admin-packages/packages-tab.tsx")),
  banks: lazy(() => import("../features/admin-banks/banks-tab.tsx")),
  audit: lazy(() => import("../features/admin-audit/audit-tab.tsx")),
};

function AdminArea() {
  const { t } = useTranslation(PAGE_NAMESPACES["/admin"]);
  const area = useAdminArea();
  const Area = AREAS[area.id];
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
