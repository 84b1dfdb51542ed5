import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Section } from "../../components/ui/section.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { afterReportedPaint } from "../../lib/after-reported-paint.ts";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { preloadable } from "../../lib/preloadable.ts";
import { useAfterPaint } from "../../lib/use-after-paint.ts";
import { fetchAnalytics, fetchDepositSummary } from "./api/analytics-api.ts";
import { BankExposure } from "./components/bank-exposure.tsx";

// The charts (and the chart library, most of this tab's code) load once the figures have been painted
// and the chart's place is near the screen (LazyChart): the figures are what an admin reads first, and on a
// phone the charts are below them.
const trendsChart = preloadable(() => import("./components/trends-chart.tsx"));
const statusChart = preloadable(() => import("./components/status-chart.tsx"));
const TrendsChart = trendsChart.component((m) => m.TrendsChart);
const StatusChart = statusChart.component((m) => m.StatusChart);
/** The place of a chart while its code loads: the chart's own height, so nothing below it moves. */
const chartSpace = <div className="mt-4 h-72" />;

/**
 * How near the screen a chart is drawn: within a quarter of a screen below it. Drawing one costs a slow
 * phone about a quarter of a second of blocked page (the chart library lays out and measures its axes);
 * on a phone the figures fill the first screen and the charts follow them, so a reader who does not
 * scroll down does not wait for them, and one who does finds them drawn (docs/decisions.md "Signed-in
 * pages, steady"). On a wide screen they are in view at once, and drawn at once.
 */
const DRAW_MARGIN = "0px 0px 25% 0px";

/**
 * True once `target` has come within DRAW_MARGIN of the screen (at once where the browser cannot tell);
 * it stays true.
 */
function useNearScreen(target: { current: Element | null }, enabled: boolean): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = target.current;
    if (!enabled || near || !element) return;
    if (typeof IntersectionObserver !== "function") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: DRAW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, enabled, near]);
  return near;
}

/**
 * Calls `then` once a figure is reported on screen (Element Timing: `elementtiming` on the figures), at
 * most a second after the call; at once where the browser does not report elements. A timeout queued from
 * the frame that drew the figures ran before that frame was on screen on a busy machine, so the chart
 * code (80 KB) was counted as needed for the figures' paint (docs/decisions.md "Signed-in pages, steady").
 * Returns a function that stops waiting.
 */
const afterFiguresShown = (then: () => void) =>
  afterReportedPaint("element", (entry) => entry.identifier === FIGURE_TIMING, then);

/** The Element Timing name of the figures (afterFiguresShown). */
const FIGURE_TIMING = "overview-figure";

/**
 * A lazily loaded chart: once `wanted` (after the figures' paint) and its space is near the screen
 * (useNearScreen), its code is asked for and the chart drawn; its space until then and while its code
 * loads. On a wide screen that is at once; on a phone only when the reader scrolls towards it, so a
 * reader who reads the figures only does not run the chart library (a long task of about 150 ms on a slow
 * phone: docs/decisions.md "The back office's first figures before the app").
 */
function LazyChart({ wanted, children }: { wanted: boolean; children: ReactNode }) {
  const space = useRef<HTMLDivElement>(null);
  const near = useNearScreen(space, wanted);
  if (wanted && near) return <Suspense fallback={chartSpace}>{children}</Suspense>;
  return <div ref={space} className="mt-4 h-72" />;
}

/**
 * Admin tab "Overview": the figures (investment and investors count money received and not paid
 * out, from the ledger; funds under management and the next 30 days' maturities), the monthly trends
 * and the status split.
 */
export default function OverviewTab() {
  const { t, i18n } = useTranslation(["admin", "deposits"]);
  const analytics = useQuery({
    queryKey: ADMIN_KEYS.analytics,
    queryFn: ({ signal }) => fetchAnalytics(signal),
  });
  const deposits = useQuery({
    queryKey: ADMIN_KEYS.depositSummary,
    queryFn: ({ signal }) => fetchDepositSummary(signal),
  });
  const figuresPainted = useAfterPaint(Boolean(analytics.data && deposits.data));
  // The charts and the banks' exposure below them wait until the figures are reported on screen.
  const [figuresShown, setFiguresShown] = useState(false);
  useEffect(() => {
    if (!figuresPainted) return;
    return afterFiguresShown(() => setFiguresShown(true));
  }, [figuresPainted]);

  if (analytics.isPending || deposits.isPending) return <Spinner label={t("overview.loading")} />;
  if (analytics.isError || deposits.isError) {
    // a failed analytics load is logged; the tab says so instead of showing zeros.
    console.error("Could not load the analytics", analytics.error ?? deposits.error);
    return (
      <p role="alert" className="card text-red-700 dark:text-red-400">
        {t("overview.loadFailed")}
      </p>
    );
  }
  const { overview, monthlyTrends } = analytics.data;
  const language = i18n.language;
  const summary = deposits.data;
  const cards = [
    {
      key: "totalUsers",
      label: t("overview.cards.totalUsers"),
      value: formatNumber(overview.totalUsers, language),
    },
    {
      key: "activeInvestors",
      label: t("overview.cards.activeInvestors"),
      value: formatNumber(overview.activeInvestors, language),
    },
    {
      key: "totalInvestment",
      label: t("overview.cards.totalInvestment"),
      value: formatMoney(overview.totalInvestmentAmount, "EUR", language),
    },
    {
      key: "pendingKyc",
      label: t("overview.cards.pendingKyc"),
      value: formatNumber(overview.pendingKYC, language),
    },
    {
      key: "fundsUnderManagement",
      label: t("deposits:admin.overview.funds"),
      value: formatMoney(summary.funds_under_management, "EUR", language),
    },
    {
      key: "maturing30",
      label: t("deposits:admin.overview.maturing"),
      value: formatMoney(summary.maturing_30_days.amount, "EUR", language),
      note: t("deposits:admin.overview.deposits", {
        count: summary.maturing_30_days.count,
        number: formatNumber(summary.maturing_30_days.count, language),
      }),
    },
    {
      key: "awaitingFunds",
      label: t("deposits:admin.overview.awaiting"),
      value: formatMoney(summary.awaiting_funds.amount, "EUR", language),
      note: t("deposits:admin.overview.deposits", {
        count: summary.awaiting_funds.count,
        number: formatNumber(summary.awaiting_funds.count, language),
      }),
    },
  ];

  return (
    <div className="space-y-8">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.key} className="card @container" data-testid={`overview-${card.key}`}>
            <p className="text-sm font-medium text-slate-600 dark:text-slate-400">{card.label}</p>
            {/* A figure stays on one line ("€" never alone below it): its size follows the card's width. */}
            <p
              className="mt-2 whitespace-nowrap text-[clamp(1.125rem,10cqi,1.875rem)] font-bold tabular-nums text-slate-900 dark:text-white"
              data-testid="overview-value"
              {...{ elementtiming: FIGURE_TIMING }}
            >
              {card.value}
            </p>
            {card.note && <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{card.note}</p>}
          </li>
        ))}
      </ul>
      <div className="grid gap-6 xl:grid-cols-3">
        <Section
          id="admin-trends-heading"
          title={t("overview.trends.title")}
          heading="box"
          className="card xl:col-span-2"
        >
          <LazyChart wanted={figuresShown}>
            <TrendsChart data={monthlyTrends} />
          </LazyChart>
        </Section>
        <Section id="admin-status-heading" title={t("overview.status.title")} heading="box" className="card">
          <LazyChart wanted={figuresShown}>
            <StatusChart overview={overview} />
          </LazyChart>
        </Section>
      </div>
      <BankExposure wanted={figuresShown} />
    </div>
  );
}
