import type { AdminPackage, FieldError } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/ui/spinner.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { formatMoney, formatRate } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { createPackage, fetchAdminPackages, updatePackage } from "./api/packages-api.ts";
import { PackageForm, type PackageFormValues } from "./components/package-form.tsx";

type Editing = { mode: "create" } | { mode: "edit"; pkg: AdminPackage } | null;

/**
 * Admin tab "Packages" (beyond SPEC.md; operators must change rates): every package, active or not,
 * create one, edit its rate, limits and features, withdraw it from sale or offer it again. Existing
 * applications keep the terms they were made with.
 */
export default function PackagesTab() {
  const { t, i18n } = useTranslation("admin");
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<FieldError[]>([]);

  const packages = useQuery({
    queryKey: ADMIN_KEYS.packages,
    queryFn: ({ signal }) => fetchAdminPackages(signal),
  });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.packages });
    // The public package lists (packages, compare, apply) read the new terms at once.
    void queryClient.invalidateQueries({ queryKey: ["packages"] });
    void queryClient.invalidateQueries({ queryKey: ADMIN_KEYS.audit });
  };

  const save = useMutation({
    mutationFn: (values: PackageFormValues) =>
      editing?.mode === "edit" ? updatePackage(editing.pkg.id, values) : createPackage(values),
    onSuccess: () => {
      toast(t(editing?.mode === "edit" ? "packages.updated" : "packages.created"), "success");
      setEditing(null);
      refresh();
    },
    onError: (error) => {
      setServerError(errorMessage(error, t("packages.saveFailed")));
      setServerFields(error instanceof ApiError ? error.fields : []);
    },
  });

  const toggle = useMutation({
    mutationFn: (pkg: AdminPackage) => updatePackage(pkg.id, { is_active: !pkg.is_active }),
    onSuccess: (pkg) => {
      toast(t(pkg.is_active ? "packages.reactivated" : "packages.deactivated"), "success");
      refresh();
    },
    onError: (error) => toast(errorMessage(error, t("packages.saveFailed")), "error"),
  });

  const open = (next: Editing) => {
    setServerError(null);
    setServerFields([]);
    setEditing(next);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">{t("packages.title")}</h2>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("packages.subtitle")}</p>
        </div>
        {editing === null && (
          <button type="button" className="btn-primary" onClick={() => open({ mode: "create" })}>
            {t("packages.new")}
          </button>
        )}
      </div>

      {editing !== null && (
        <PackageForm
          key={editing.mode === "edit" ? editing.pkg.id : "new"}
          initial={editing.mode === "edit" ? editing.pkg : null}
          onSubmit={(values) => save.mutate(values)}
          onCancel={() => setEditing(null)}
          submitting={save.isPending}
          serverError={serverError}
          serverFields={serverFields}
        />
      )}

      {packages.isPending ? (
        <Spinner label={t("packages.loading")} />
      ) : packages.isError ? (
        <p role="alert" className="card text-red-700 dark:text-red-400">
          {t("packages.loadFailed")}
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-2xl border border-slate-200 dark:border-slate-800">
          <table className="w-full text-left text-sm" data-testid="packages-table">
            <caption className="sr-only">{t("packages.caption")}</caption>
            <thead className="bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300">
              <tr>
                {(["term", "rate", "min", "max", "features", "status", "actions"] as const).map((column) => (
                  <th key={column} scope="col" className="px-3 py-2">
                    {t(`packages.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {packages.data.map((pkg) => {
                const name = t("applications.packageSummary", {
                  months: pkg.duration_months,
                  rate: formatRate(pkg.interest_rate, language),
                });
                const features = pkg.features[language as "en" | "de" | "fr"] ?? pkg.features.en;
                return (
                  <tr key={pkg.id} data-testid="packages-row" data-active={pkg.is_active ? "true" : "false"}>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-900 dark:text-white">
                      {t("applications.months", { count: pkg.duration_months })}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-slate-900 dark:text-white">
                      {formatRate(pkg.interest_rate, language)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right text-slate-800 dark:text-slate-200">
                      {formatMoney(pkg.min_amount, pkg.currency, language)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right text-slate-800 dark:text-slate-200">
                      {formatMoney(pkg.max_amount, pkg.currency, language)}
                    </td>
                    <td className="px-3 py-2 text-slate-800 dark:text-slate-200">
                      <ul className="list-inside list-disc">
                        {features.map((feature) => (
                          <li key={feature}>{feature}</li>
                        ))}
                      </ul>
                    </td>
                    <td className="px-3 py-2">
                      <span
                        className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
                          pkg.is_active
                            ? "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100"
                            : "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100"
                        }`}
                      >
                        {t(pkg.is_active ? "packages.active" : "packages.inactive")}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex gap-2">
                        <button
                          type="button"
                          className="btn-secondary px-3 py-1 text-sm"
                          onClick={() => open({ mode: "edit", pkg })}
                          aria-label={t("packages.editFor", { name })}
                        >
                          {t("packages.edit")}
                        </button>
                        <button
                          type="button"
                          className="btn-secondary px-3 py-1 text-sm"
                          disabled={toggle.isPending && toggle.variables?.id === pkg.id}
                          onClick={() => toggle.mutate(pkg)}
                          aria-label={t(pkg.is_active ? "packages.deactivateFor" : "packages.reactivateFor", {
                            name,
                          })}
                        >
                          {t(pkg.is_active ? "packages.deactivate" : "packages.reactivate")}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
