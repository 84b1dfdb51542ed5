import { useTranslation } from "react-i18next";
import { AdminTable, type Column, ListState, listTexts } from "../../components/admin/admin-table.tsx";
import { Section } from "../../components/ui/section.tsx";
import { formatNumber } from "../../lib/format.ts";
import { formatDateTime } from "../../lib/format-date.ts";
import { useJobsOverview } from "./api/deposits-admin-api.ts";

type Job = NonNullable<ReturnType<typeof useJobsOverview>["data"]>["failed"][number];

/** "deposit.maturity" -> "deposit_maturity": catalogue keys cannot contain the key separator. */
const nameKey = (name: string) => name.replace(/\./g, "_");

/** Admin tab "Jobs": what the scheduler runs next, what waits for a retry, what failed. */
export default function JobsTab() {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const jobs = useJobsOverview();

  const columns: Column<Job>[] = [
    {
      id: "job",
      header: t("admin.jobs.columns.job"),
      cell: (job) => (
        <>
          <span className="text-slate-900 dark:text-white">
            {t(`admin.jobs.names.${nameKey(job.name)}`, job.name)}
          </span>
          <code className="block break-all text-xs text-slate-600 dark:text-slate-400">{job.key}</code>
        </>
      ),
    },
    {
      id: "runAt",
      header: t("admin.jobs.columns.runAt"),
      cell: (job) => <time dateTime={job.run_at}>{formatDateTime(job.run_at, language)}</time>,
      className: "whitespace-nowrap",
    },
    {
      id: "attempts",
      header: t("admin.jobs.columns.attempts"),
      cell: (job) => formatNumber(job.attempts, language),
    },
    {
      id: "error",
      header: t("admin.jobs.columns.error"),
      cell: (job) => job.last_error ?? "–",
      className: "break-all",
    },
  ];
  const sections = [
    { key: "failed", items: jobs.data?.failed },
    { key: "retrying", items: jobs.data?.retrying },
    { key: "next", items: jobs.data?.next },
  ] as const;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("admin.jobs.title")}</h2>
        <button type="button" className="btn-secondary" onClick={() => void jobs.refetch()}>
          {t("admin.jobs.refresh")}
        </button>
      </div>
      <ListState
        query={jobs}
        empty={false}
        texts={{ loading: t("admin.loading"), error: t("admin.loadFailed"), empty: "" }}
      >
        {sections.map((section) => (
          <Section
            id={`jobs-${section.key}`}
            title={t(`admin.jobs.${section.key}`, { count: section.items?.length ?? 0 })}
            heading="box"
            level={3}
            key={section.key}
            className="card"
            data-testid={`jobs-${section.key}`}
          >
            <div className="mt-2">
              <AdminTable
                caption={t(`admin.jobs.${section.key}`, { count: section.items?.length ?? 0 })}
                columns={columns}
                rows={section.items}
                rowKey={(job) => job.id}
                query={jobs}
                texts={listTexts(t, "admin.jobs.none", "admin.")}
              />
            </div>
          </Section>
        ))}
      </ListState>
    </div>
  );
}
