import type { Application } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { formatAmount } from "../../../lib/format.ts";
import { totalOf } from "../../../lib/money.ts";
import { ApplicationCard } from "./application-card.tsx";

/** The dashboard's list: single applications, and the rungs of each deposit ladder together. */
export type DashboardEntry =
  | { kind: "single"; application: Application }
  | { kind: "ladder"; id: string; rungs: Application[] };

/** Groups a ladder's applications where its first rung appears; the rest keep their order. */
export function groupLadders(applications: Application[]): DashboardEntry[] {
  const entries: DashboardEntry[] = [];
  const ladders = new Map<string, Application[]>();
  for (const application of applications) {
    if (!application.ladder_id) {
      entries.push({ kind: "single", application });
      continue;
    }
    const rungs = ladders.get(application.ladder_id);
    if (rungs) rungs.push(application);
    else {
      const list = [application];
      ladders.set(application.ladder_id, list);
      entries.push({ kind: "ladder", id: application.ladder_id, rungs: list });
    }
  }
  for (const entry of entries) if (entry.kind === "ladder") entry.rungs.sort((a, b) => a.term - b.term);
  return entries;
}

/** One deposit ladder: its total and terms, then each rung's card. */
export function LadderGroup({ id, rungs }: { id: string; rungs: Application[] }) {
  const { t, i18n } = useTranslation(["tools", "invest"]);
  const total = totalOf(
    rungs.map((r) => r.amount),
    "EUR",
  );
  const longest = Math.max(...rungs.map((r) => r.term));
  const headingId = `ladder-${id}`;
  return (
    <li
      className="rounded-xl border-2 border-brand-200 p-4 dark:border-brand-800"
      aria-labelledby={headingId}
      data-testid="ladder-group"
    >
      <h3 id={headingId} className="text-lg font-bold text-slate-900 dark:text-white">
        {t("ladder.group", { amount: formatAmount(total, i18n.language) })}
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t("ladder.groupTerms", {
          count: rungs.length,
          term: t("invest:packages.months", { count: longest }),
        })}
      </p>
      <ul className="mt-4 space-y-4">
        {rungs.map((application) => (
          <ApplicationCard key={application.id} application={application} />
        ))}
      </ul>
    </li>
  );
}
