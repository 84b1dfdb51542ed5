import type { User } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DepositGuaranteeWarning } from "../../components/money/deposit-guarantee-warning.tsx";
import { RequireUser } from "../../components/ui/require-user.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { useSession } from "../../lib/session.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { useScrollToHash } from "../../lib/use-scroll-to-hash.ts";
import { useApprovalChecklist } from "./api/approval-checklist.ts";
import { useMyApplications } from "./api/use-my-applications.ts";
import { ApplicationCard } from "./components/application-card.tsx";
import { groupLadders, LadderGroup } from "./components/ladder-group.tsx";
import { StatCards } from "./components/stat-cards.tsx";
import { WhatsNext } from "./components/whats-next.tsx";

/** /dashboard: signed-out visitors go to /login. */
/**
 * The namespaces the dashboard's parts use, asked for together: one by one, each part's own request began
 * only once the part before it had rendered, and the page stayed hidden behind its loading state until the
 * last had arrived.
 */
const NAMESPACES = ["invest", "deposits", "tools", "banks", "messages"];

export default function DashboardPage() {
  const { t } = useTranslation(NAMESPACES);
  useDocumentTitle(t("dashboard.title"), t("dashboard.subtitle"));
  return (
    <RequireUser>
      <DashboardContent />
    </RequireUser>
  );
}

function DashboardContent() {
  const { t } = useTranslation("invest");
  const { user } = useSession() as { user: User };
  const { data, isPending, isError, refetch, isFetching } = useMyApplications(Boolean(user));
  const checklist = useApprovalChecklist(Boolean(data?.some((a) => a.status === "pending")));
  // An inbox message opens its application's card (#application-<id>).
  useScrollToHash(data !== undefined);

  return (
    <section className="mx-auto max-w-6xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-bold text-slate-900 dark:text-white" data-testid="dashboard-welcome">
          {t("dashboard.welcome", { name: user.full_name })}
        </h1>
        <p className="mt-2 text-lg text-slate-600 dark:text-slate-300">{t("dashboard.subtitle")}</p>
      </header>

      {isPending ? (
        <Spinner label={t("dashboard.loading")} />
      ) : isError ? (
        // This failure is logged; we also offer to try again (docs/decisions.md, "Calculator and dashboard failures are shown").
        <div className="card mt-10 text-center">
          <p className="text-slate-700 dark:text-slate-300">{t("dashboard.loadError")}</p>
          <button
            type="button"
            className="btn-secondary mt-4"
            disabled={isFetching}
            onClick={() => void refetch()}
          >
            {t("dashboard.retry")}
          </button>
        </div>
      ) : (
        <>
          <WhatsNext applications={data} checklistReady={checklist.data?.ready} />
          <div className="mt-10">
            <StatCards applications={data} />
            <DepositGuaranteeWarning where="dashboard" />
          </div>
          <section className="mt-12" aria-labelledby="my-applications-title">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <h2 id="my-applications-title" className="text-2xl font-bold text-slate-900 dark:text-white">
                {t("dashboard.listTitle")}
              </h2>
              {data.length > 0 && (
                <Link to="/packages" className="btn-secondary">
                  {t("dashboard.newApplication")}
                </Link>
              )}
            </div>
            {data.length === 0 ? (
              <div className="card mt-6 text-center" data-testid="dashboard-empty">
                <p className="text-lg font-semibold text-slate-900 dark:text-white">{t("dashboard.empty")}</p>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{t("dashboard.emptyText")}</p>
                <Link to="/packages" className="btn-primary mt-6">
                  {t("dashboard.browse")}
                </Link>
              </div>
            ) : (
              <ul className="mt-6 space-y-4" data-testid="application-list">
                {groupLadders(data).map((entry) =>
                  entry.kind === "single" ? (
                    <ApplicationCard key={entry.application.id} application={entry.application} />
                  ) : (
                    <LadderGroup key={entry.id} id={entry.id} rungs={entry.rungs} />
                  ),
                )}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
