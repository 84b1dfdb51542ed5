import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation } from "react-router";
import { useSecurityOverview } from "../../lib/security-overview.ts";
import { useSession } from "../../lib/session.tsx";
import { FormAlert } from "./form-alert.tsx";
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

/** The session could not be checked (no network, the server failing): say so and offer to try again. */
function SessionUnreachable() {
  const { refresh } = useSession();
  const { t } = useTranslation();
  // One check at a time: the button waits for the one under way (about a second when it fails again).
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    await refresh();
    setChecking(false);
  };
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <FormAlert kind="error" testId="session-unreachable">
        <p>{t("session.unreachable")}</p>
        <button
          type="button"
          className="btn-secondary mt-3"
          disabled={checking}
          aria-busy={checking}
          onClick={() => void retry()}
        >
          {checking ? t("loading") : t("session.retry")}
        </button>
      </FormAlert>
    </div>
  );
}

/**
 * Page-level access: no user -> /login (with the page to return to), unless the session could not be
 * checked for another reason than a 401, which is said with a way to try again;
 * `adminOnly` pages send anyone else to /, and admins without two-factor to its enrolment. The
 * server enforces the same rules on every call.
 */
export function RequireUser({ children, adminOnly = false }: { children: ReactNode; adminOnly?: boolean }) {
  const { user, loading, unreachable } = useSession();
  const location = useLocation();
  const { t } = useTranslation();
  if (loading) return <Spinner label={t("loading")} />;
  if (!user) {
    if (unreachable) return <SessionUnreachable />;
    if (adminOnly) return <Navigate to="/" replace />;
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  }
  if (adminOnly && user.role !== "admin") return <Navigate to="/" replace />;
  if (adminOnly) return <RequireTwoFactor>{children}</RequireTwoFactor>;
  return <>{children}</>;
}
