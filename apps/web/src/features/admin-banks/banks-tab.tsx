import type { AdminBank, BankCreateRequest, FieldError } from "@festgeld/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminTable, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { CountryFlag } from "../../components/ui/flag.tsx";
import { ApiError, errorMessage } from "../../lib/api-client.ts";
import { formatCents, formatNumber } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { createBank, fetchAdminBanks, updateBank, uploadBankLogo } from "./api/banks-api.ts";
import { BankForm } from "./components/bank-form.tsx";

type Editing = { mode: "create" } | { mode: "edit"; bank: AdminBank } | null;
const BANKS_KEY = ["admin", "banks"] as const;

/**
 * Admin area "Partner banks": every bank with its receiving account and what savers placed there;
 * add one, edit it, upload its logo, pause it (its packages leave the offer) or resume it.
 */
export default function BanksTab() {
  const { t, i18n } = useTranslation("banks");
  const language = i18n.language;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<FieldError[]>([]);
  const banks = useQuery({ queryKey: BANKS_KEY, queryFn: ({ signal }) => fetchAdminBanks(signal) });

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: BANKS_KEY });
    // The public lists name each package's bank and leave out a paused bank's packages.
    void queryClient.invalidateQueries({ queryKey: ["packages"] });
    void queryClient.invalidateQueries({ queryKey: ["banks"] });
    void queryClient.invalidateQueries({ queryKey: ["admin", "packages"] });
  };

  const save = useMutation({
    mutationFn: (body: BankCreateRequest) =>
      editing?.mode === "edit" ? updateBank(editing.bank.id, body) : createBank(body),
    onSuccess: () => {
      toast(t("admin.saved"), "success");
      setEditing(null);
      refresh();
    },
    onError: (error) => {
      setServerError(errorMessage(error, t("admin.fieldInvalid")));
      setServerFields(error instanceof ApiError ? error.fields : []);
    },
  });

  const toggle = useMutation({
    mutationFn: (bank: AdminBank) =>
      updateBank(bank.id, { status: bank.status === "active" ? "paused" : "active" }),
    onSuccess: () => {
      toast(t("admin.saved"), "success");
      refresh();
    },
    onError: (error) => toast(errorMessage(error, t("admin.fieldInvalid")), "error"),
  });

  const logo = useMutation({
    mutationFn: ({ bank, file }: { bank: AdminBank; file: File }) => uploadBankLogo(bank.id, file),
    onSuccess: () => {
      toast(t("admin.logoSaved"), "success");
      refresh();
    },
    onError: (error) => toast(errorMessage(error, t("admin.fieldInvalid")), "error"),
  });

  const open = (next: Editing) => {
    setServerError(null);
    setServerFields([]);
    setEditing(next);
  };
  const money = (cents: number) => formatCents(cents, "EUR", language, { whole: true });

  const columns: Column<AdminBank>[] = [
    {
      id: "name",
      header: t("admin.fields.name"),
      cell: (bank) => (
        <span>
          <CountryFlag country={bank.country} /> {bank.name}
        </span>
      ),
    },
    {
      id: "status",
      header: t("admin.status"),
      cell: (bank) => t(bank.status === "active" ? "admin.statusActive" : "admin.statusPaused"),
    },
    {
      id: "packages",
      header: t("admin.packages"),
      cell: (bank) => formatNumber(bank.package_count, language),
    },
    {
      id: "account",
      header: t("admin.account"),
      cell: (bank) =>
        bank.account ? (
          <span className="font-mono text-xs">
            {bank.account.holder}
            <br />
            {bank.account.iban}
          </span>
        ) : (
          t("admin.noAccount")
        ),
    },
    {
      id: "exposure",
      header: t("admin.exposure"),
      cell: (bank) => (
        <span className="text-sm md:whitespace-nowrap" data-testid="bank-exposure">
          {t("admin.exposureLine", { label: t("admin.held"), value: money(bank.exposure.held_cents) })}
          <br />
          {t("admin.exposureLine", { label: t("admin.pending"), value: money(bank.exposure.pending_cents) })}
          <br />
          {t("admin.exposureLine", {
            label: t("admin.savers"),
            value: formatNumber(bank.exposure.savers, language),
          })}
        </span>
      ),
    },
    {
      id: "actions",
      header: t("admin.edit"),
      cell: (bank) => (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            onClick={() => open({ mode: "edit", bank })}
            aria-label={`${t("admin.edit")}: ${bank.name}`}
          >
            {t("admin.edit")}
          </button>
          <button
            type="button"
            className="btn-secondary px-3 py-1 text-sm"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(bank)}
            aria-label={`${t(bank.status === "active" ? "admin.pause" : "admin.resume")}: ${bank.name}`}
          >
            {t(bank.status === "active" ? "admin.pause" : "admin.resume")}
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-slate-600 dark:text-slate-400">{t("admin.intro")}</p>
        {editing === null && (
          <button type="button" className="btn-primary" onClick={() => open({ mode: "create" })}>
            {t("admin.add")}
          </button>
        )}
      </div>
      {editing !== null && (
        <BankForm
          key={editing.mode === "edit" ? editing.bank.id : "new"}
          initial={editing.mode === "edit" ? editing.bank : null}
          onSubmit={(body) => save.mutate(body)}
          onCancel={() => setEditing(null)}
          submitting={save.isPending}
          serverError={serverError}
          serverFields={serverFields}
          onLogo={editing.mode === "edit" ? (file) => logo.mutate({ bank: editing.bank, file }) : undefined}
        />
      )}
      <AdminTable
        caption={t("admin.title")}
        columns={columns}
        rows={banks.data}
        rowKey={(bank) => bank.id}
        query={banks}
        texts={listTexts(t, "list.empty", "admin.")}
        rowProps={(bank) => ({ "data-testid": "banks-row", "data-slug": bank.slug })}
        testId="banks-table"
      />
    </div>
  );
}
