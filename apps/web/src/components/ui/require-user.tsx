import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { useSecurityOverview } from "../../lib/security-overview.ts";
import { useSession } from "../../lib/session.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * Admins sign in with two-factor: until enrolled, a back-office page sends them to /security to set
 * it up (and back afterwards). The server refuses every back-office call meanwhile.
 */
function RequireTwoFactor({ children }: { children: ReactNode }) {
  const overview = useSecurityOverview();
  const location = useLocation();
  const { t } = useTranslation();
  if (overview.isPending) return <Spinner label={t("loading")} />;
  if (overview.data && !overview.data.two_factor_enabled) {
    return <Navigate to="/security" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  return <>{children}</>;
}

/**
 * Page-level access: no user -> /login (with the page to return to);
 * `adminOnly` pages send anyone else to /, and admins without two-factor to its enrolment. The
 * server enforces the same rules on every call.
 */
export function RequireUser({ children, adminOnly = false }: { children: ReactNode; adminOnly?: boolean }) {
  const { user, loading } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading) return <Spinner label={t("loading")} />;
  if (!user) {
    if (adminOnly) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (adminOnly && user.role !== "admin") return <Navigate to="/" replace />;
  if (adminOnly) return <RequireTwoFactor>{children}</RequireTwoFactor>;
  return <>{children}</>;
}
