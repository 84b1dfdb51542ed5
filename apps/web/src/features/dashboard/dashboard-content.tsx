import type { Application } from "@festgeld/domain";
import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { DepositGuaranteeWarning } from "../../components/money/deposit-guarantee-warning.tsx";
import { useOnePerFrame } from "../../lib/use-one-per-frame.ts";
import { useScrollToHash } from "../../lib/use-scroll-to-hash.ts";
import { useApprovalChecklist } from "./api/approval-checklist.ts";
import { ApplicationCard } from "./components/application-card.tsx";
import { groupLadders, LadderGroup } from "./components/ladder-group.tsx";
import { StatCards } from "./components/stat-cards.tsx";
import { WhatsNext } from "./components/whats-next.tsx";

/** The dashboard below its welcome: what comes next, the figures and every application with its deposit. */
export default function DashboardContent({ applications }: { applications: UseQueryResult<Application[]> }) {
  const { t } = useTranslation("invest");
  const { data, isError, refetch, isFetching } = applications;
  const checklist = useApprovalChecklist(Boolean(data?.some((a) => a.status === "pending")));
  const entries = useMemo(() => (data ? groupLadders(data) : []), [data]);
  // The cards one per painted frame: each card's render, commit and layout a task of its own
  // (lib/use-one-per-frame.ts).
  const shown = useOnePerFrame(entries.length);
  // An inbox message opens its application's card (#application-<id>), once every card is there; a card
  // added later by a refetch does not scroll the page back to it.
  const [listShown, setListShown] = useState(false);
  useEffect(() => {
    if (data !== undefined && shown === entries.length) setListShown(true);
  }, [data, shown, entries.length]);
  useScrollToHash(listShown);

  if (isError || !data) {
    // This failure is logged; we also offer to try again (docs/decisions.md, "Calculator and dashboard failures are shown").
    return (
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
    );
  }

  return (
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
          <ul className="mt-6 space-y-4" data-testid="application-list" aria-busy={shown < entries.length}>
            {entries
              .slice(0, shown)
              .map((entry) =>
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
  );
}
