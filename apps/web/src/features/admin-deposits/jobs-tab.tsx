import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/ui/spinner.tsx";
import { formatDateTime, formatNumber } from "../../lib/format.ts";
import { useJobsOverview } from "./api/deposits-admin-api.ts";

/** "deposit.maturity" -> "deposit_maturity": catalogue keys cannot contain the key separator. */
const nameKey = (name: string) => name.replace(/\./g, "_");

/** Admin tab "Jobs": what the scheduler runs next, what waits for a retry, what failed. */
export default function JobsTab() {
  const { t, i18n } = useTranslation("deposits");
  const language = i18n.language;
  const jobs = useJobsOverview();

  if (jobs.isPending) return <Spinner label={t("admin.loading")} />;
  if (jobs.isError) {
    return (
      <p role="alert" className="card text-red-700 dark:text-red-400">
        {t("admin.loadFailed")}
      </p>
    );
  }
  const sections = [
    { key: "failed", items: jobs.data.failed },
    { key: "retrying", items: jobs.data.retrying },
    { key: "next", items: jobs.data.next },
  ] as const;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("admin.jobs.title")}</h2>
        <button type="button" className="btn-secondary" onClick={() => void jobs.refetch()}>
          {t("admin.jobs.refresh")}
        </button>
      </div>
      {sections.map((section) => (
        <section
          key={section.key}
          className="card"
          aria-labelledby={`jobs-${section.key}`}
          data-testid={`jobs-${section.key}`}
        >
          <h3 id={`jobs-${section.key}`} className="text-lg font-semibold text-slate-900 dark:text-white">
            {t(`admin.jobs.${section.key}`, { count: section.items.length })}
          </h3>
          {section.items.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{t("admin.jobs.none")}</p>
          ) : (
            <div className="mt-2 relative overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">
                  {t(`admin.jobs.${section.key}`, { count: section.items.length })}
                </caption>
                <thead className="text-slate-700 dark:text-slate-300">
                  <tr>
                    {(["job", "runAt", "attempts", "error"] as const).map((column) => (
                      <th key={column} scope="col" className="px-2 py-1">
                        {t(`admin.jobs.columns.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                  {section.items.map((job) => (
                    <tr key={job.id} className="align-top">
                      <td className="px-2 py-1 text-slate-900 dark:text-white">
                        {t(`admin.jobs.names.${nameKey(job.name)}`, job.name)}
                        <code className="block break-all text-xs text-slate-600 dark:text-slate-400">
                          {job.key}
                        </code>
                      </td>
                      <td className="whitespace-nowrap px-2 py-1 text-slate-800 dark:text-slate-200">
                        <time dateTime={job.run_at}>{formatDateTime(job.run_at, language)}</time>
                      </td>
                      <td className="px-2 py-1 text-slate-800 dark:text-slate-200">
                        {formatNumber(job.attempts, language)}
                      </td>
                      <td className="break-all px-2 py-1 text-slate-800 dark:text-slate-200">
                        {job.last_error ?? "–"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
