import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { useSession } from "../../lib/session.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * Page-level access: no user -> /login (with the page to return to);
 * `adminOnly` pages send anyone else to /. The server enforces the same rules on every call.
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
  return <>{children}</>;
}
