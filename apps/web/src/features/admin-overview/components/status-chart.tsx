import type { Analytics } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from "recharts";
import { formatNumber } from "../../../lib/format.ts";
import { useDarkMode } from "../../../lib/theme.ts";

const LIGHT = { pending: "#b45309", approved: "#15803d", rejected: "#b91c1c", withdrawn: "#475569" };
const DARK = { pending: "#fbbf24", approved: "#4ade80", rejected: "#f87171", withdrawn: "#94a3b8" };

/** 'Application Status': pending, approved and rejected applications (and withdrawn ones, if any). */
export function StatusChart({ overview }: { overview: Analytics["overview"] }) {
  const { t, i18n } = useTranslation("admin");
  const dark = useDarkMode();
  const language = i18n.language;
  const colors = dark ? DARK : LIGHT;
  const slices = (
    [
      ["pending", overview.pendingApplications],
      ["approved", overview.approvedApplications],
      ["rejected", overview.rejectedApplications],
      ["withdrawn", overview.withdrawnApplications],
    ] as const
  )
    .filter(([status, value]) => status !== "withdrawn" || value > 0)
    .map(([status, value]) => ({ status, name: t(`statuses.${status}`), value }));
  const total = slices.reduce((sum, s) => sum + s.value, 0);

  return (
    <figure className="mt-4">
      {total === 0 ? (
        <p className="py-16 text-center text-slate-600 dark:text-slate-400">{t("overview.status.empty")}</p>
      ) : (
        <div className="h-72" aria-hidden="true" data-testid="status-chart">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart accessibilityLayer={false}>
              <Pie
                data={slices}
                dataKey="value"
                nameKey="name"
                innerRadius="45%"
                outerRadius="80%"
                rootTabIndex={-1}
                stroke={dark ? "#0f172a" : "#ffffff"}
                isAnimationActive={false}
              >
                {slices.map((slice) => (
                  <Cell key={slice.status} fill={colors[slice.status]} />
                ))}
              </Pie>
              <Tooltip
                formatter={(value) => formatNumber(Number(value), language)}
                contentStyle={{
                  background: dark ? "#0f172a" : "#ffffff",
                  borderColor: dark ? "#334155" : "#cbd5e1",
                }}
                itemStyle={{ color: dark ? "#f1f5f9" : "#0f172a" }}
              />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </div>
      )}
      <figcaption className="sr-only">{t("overview.status.caption")}</figcaption>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm" data-testid="status-figures">
        {slices.map((slice) => (
          <div key={slice.status} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{slice.name}</dt>
            <dd className="text-right font-semibold text-slate-900 dark:text-white">
              {formatNumber(slice.value, language)}
            </dd>
          </div>
        ))}
      </dl>
    </figure>
  );
}
