import type { Analytics } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { TableHead } from "../../../components/ui/table-head.tsx";
import { cached, formatNumber, localeFor } from "../../../lib/format.ts";
import { useDarkMode } from "../../../lib/theme.ts";

/** "2025-03" as "Mar 25" / "März 25" / "mars 25". */
function monthLabel(month: string, language: string) {
  const [year, monthNumber] = month.split("-").map(Number);
  return cached(
    `month:${language}`,
    () =>
      new Intl.DateTimeFormat(localeFor(language), {
        month: "short",
        year: "2-digit",
        timeZone: "UTC",
      }),
  ).format(new Date(Date.UTC(year ?? 1970, (monthNumber ?? 1) - 1, 1)));
}

/** The chart's lines: new users solid, new investments dashed (told apart without colour too). */
const SERIES = [
  { key: "users", dash: undefined },
  { key: "investments", dash: "6 3" },
] as const;

/**
 * 'Monthly Trends': new users and new investments (deposits whose money arrived) per month, oldest first. The same
 * figures follow in a table for screen readers and keyboard users.
 */
export function TrendsChart({ data }: { data: Analytics["monthlyTrends"] }) {
  const { t, i18n } = useTranslation("admin");
  const dark = useDarkMode();
  const language = i18n.language;
  const rows = data.map((m) => ({ ...m, label: monthLabel(m.month, language) }));
  const axis = dark ? "#cbd5e1" : "#334155";
  const colors = dark
    ? { users: "#7eaee2", investments: "#fbbf24" }
    : { users: "#1f569c", investments: "#b45309" };

  return (
    <figure className="mt-4">
      <div className="h-72" aria-hidden="true" data-testid="trends-chart">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            data={rows}
            margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={dark ? "#334155" : "#e2e8f0"} strokeDasharray="3 3" />
            <XAxis dataKey="label" stroke={axis} tick={{ fill: axis, fontSize: 12 }} />
            <YAxis
              allowDecimals={false}
              stroke={axis}
              tick={{ fill: axis, fontSize: 12 }}
              tickFormatter={(v: number) => formatNumber(v, language)}
            />
            <Tooltip
              formatter={(value) => formatNumber(Number(value), language)}
              contentStyle={{
                background: dark ? "#0f172a" : "#ffffff",
                borderColor: dark ? "#334155" : "#cbd5e1",
                color: dark ? "#f1f5f9" : "#0f172a",
              }}
            />
            <Legend />
            {SERIES.map(({ key, dash }) => (
              <Line
                key={key}
                type="monotone"
                dataKey={key}
                name={t(`overview.trends.${key}`)}
                stroke={colors[key]}
                strokeWidth={2}
                strokeDasharray={dash}
                dot={{ r: 3 }}
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="sr-only">{t("overview.trends.caption")}</figcaption>
      {/* A table cannot be narrower than its content, so the hidden copy is clipped by a hidden box. */}
      <div className="sr-only">
        <table>
          <caption>{t("overview.trends.title")}</caption>
          <TableHead
            columns={[
              { label: t("overview.trends.month") },
              { label: t("overview.trends.users") },
              { label: t("overview.trends.investments") },
            ]}
          />
          <tbody>
            {rows.map((row) => (
              <tr key={row.month}>
                <th scope="row">{row.label}</th>
                <td>{formatNumber(row.users, language)}</td>
                <td>{formatNumber(row.investments, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
