import type { AdminPackage, FieldError, Language } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, amountColumn, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { formatMoney, formatRate } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import {
  createPackage,
  fetchAdminPackages,
  fetchBanksForPackages,
  updatePackage,
} from "./api/packages-api.ts";
import { PackageForm, type PackageFormValues } from "./components/package-form.tsx";

type Editing = { mode: "create" } | { mode: "edit"; pkg: AdminPackage } | null;

/**
 * Admin tab "Packages" (beyond the specification; operators must change rates): every package, active or not,
 * create one, edit its rate, limits and features, withdraw it from sale or offer it again. Existing
 * applications keep the terms they were made with.
 */
export default function PackagesTab() {
  const { t, i18n } = useTranslation(["admin", "banks", "invest"]);
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<FieldError[]>([]);

  const packages = useQuery({
    queryKey: ADMIN_KEYS.packages,
    queryFn: ({ signal }) => fetchAdminPackages(signal),
  });

  const banks = useQuery({
    queryKey: [...ADMIN_KEYS.packages, "banks"],
    queryFn: ({ signal }) => fetchBanksForPackages(signal),
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

  const nameOf = (pkg: AdminPackage) =>
    t("applications.packageSummary", {
      months: pkg.duration_months,
      rate: formatRate(pkg.interest_rate, language),
    });
  const columns: Column<AdminPackage>[] = [
    {
      id: "term",
      header: t("packages.columns.term"),
      cell: (pkg) => t("applications.months", { count: pkg.duration_months }),
      className: "whitespace-nowrap",
    },
    {
      id: "rate",
      header: t("packages.columns.rate"),
      cell: (pkg) => formatRate(pkg.interest_rate, language),
      className: "whitespace-nowrap",
    },
    {
      id: "bank",
      header: t("banks:admin.packageBank"),
      cell: (pkg) => (
        <span data-testid="package-bank-cell">
          {pkg.bank.name}
          {pkg.bank.status === "paused" ? ` (${t("banks:admin.statusPaused")})` : ""}
        </span>
      ),
    },
    {
      id: "payout",
      header: t("packages.columns.payout"),
      cell: (pkg) => (
        <span data-testid="package-payout-cell">{t(`invest:interestPayout.${pkg.interest_payout}`)}</span>
      ),
    },
    amountColumn("min", t("packages.columns.min"), (pkg) =>
      formatMoney(pkg.min_amount, pkg.currency, language),
    ),
    amountColumn("max", t("packages.columns.max"), (pkg) =>
      formatMoney(pkg.max_amount, pkg.currency, language),
    ),
    {
      id: "features",
      header: t("packages.columns.features"),
      cell: (pkg) => (
        <ul className="list-inside list-disc">
          {(pkg.features[language as Language] ?? pkg.features.en).map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      ),
    },
    {
      id: "status",
      header: t("packages.columns.status"),
      cell: (pkg) => (
        <span
          className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${
            pkg.is_active
              ? "bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100"
              : "bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100"
          }`}
        >
          {t(pkg.is_active ? "packages.active" : "packages.inactive")}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("packages.columns.actions"),
      cell: (pkg) => (
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            onClick={() => open({ mode: "edit", pkg })}
            aria-label={t("packages.editFor", { name: nameOf(pkg) })}
          >
            {t("packages.edit")}
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            disabled={toggle.isPending && toggle.variables?.id === pkg.id}
            onClick={() => toggle.mutate(pkg)}
            aria-label={t(pkg.is_active ? "packages.deactivateFor" : "packages.reactivateFor", {
              name: nameOf(pkg),
            })}
          >
            {t(pkg.is_active ? "packages.deactivate" : "packages.reactivate")}
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("packages.subtitle")}</p>
        </div>
        {editing === null && (
          <button type="button" className="btn-primary" onClick={() => open({ mode: "create" })}>
            {t("packages.new")}
          </button>
        )}
      </div>

      {editing !== null && banks.data && (
        <PackageForm
          key={editing.mode === "edit" ? editing.pkg.id : "new"}
          initial={editing.mode === "edit" ? editing.pkg : null}
          banks={banks.data}
          onSubmit={(values) => save.mutate(values)}
          onCancel={() => setEditing(null)}
          submitting={save.isPending}
          serverError={serverError}
          serverFields={serverFields}
        />
      )}

      <AdminTable
        caption={t("packages.caption")}
        columns={columns}
        rows={packages.data}
        rowKey={(pkg) => pkg.id}
        query={packages}
        texts={listTexts(t, "packages.empty", "packages.")}
        rowProps={(pkg) => ({
          "data-testid": "packages-row",
          "data-active": pkg.is_active ? "true" : "false",
        })}
        testId="packages-table"
      />
    </div>
  );
}
