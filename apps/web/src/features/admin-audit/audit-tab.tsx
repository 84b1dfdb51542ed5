import type { AuditLogEntry } from "@festgeld/domain";
import { AUDIT_ACTIONS } from "@festgeld/domain/constants";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { AdminTable, type Column, listTexts } from "../../components/admin/admin-table.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { ADMIN_KEYS } from "../../lib/admin-query-keys.ts";
import { formatCalendarDate, formatDateTime } from "../../lib/format-date.ts";
import { operations } from "../../lib/operations.ts";
import { usePagedListState } from "../../lib/paged-list.ts";

const PAGE_SIZE = 25;
type ActionFilter = "" | (typeof AUDIT_ACTIONS)[number];
/** "package.updated" -> "package_updated": catalogue keys cannot contain the key separator. */
const actionKey = (action: string) => action.replace(".", "_");

/** Admin tab "Audit log": who did what, to which record, and when; newest first. */
export default function AuditTab() {
  const { t, i18n } = useTranslation("admin");
  const [action, setAction] = useState<ActionFilter>("");

  const { table } = usePagedListState(
    ADMIN_KEYS.audit,
    operations.adminAuditLogList,
    {
      ...(action ? { action } : {}),
    },
    PAGE_SIZE,
    t("audit.pages"),
  );

  const columns: Column<AuditLogEntry>[] = [
    {
      id: "when",
      header: t("audit.columns.when"),
      cell: (entry) => (
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at, i18n.language)}</time>
      ),
      className: "whitespace-nowrap",
    },
    { id: "who", header: t("audit.columns.who"), cell: (entry) => entry.actor.email, className: "break-all" },
    {
      id: "action",
      header: t("audit.columns.action"),
      cell: (entry) => t(`audit.actions.${actionKey(entry.action)}`),
    },
    {
      id: "subject",
      header: t("audit.columns.subject"),
      cell: (entry) =>
        entry.subject ? (
          <>
            <Link
              to={`/admin/dossier/${entry.subject.id}`}
              state={{ from: "/admin?tab=audit" }}
              className="font-medium text-brand-700 underline dark:text-brand-300"
            >
              {entry.subject.full_name || entry.subject.email}
            </Link>
            <span className="block break-all text-xs text-slate-600 dark:text-slate-400">
              {entry.subject.email}
            </span>
          </>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">–</span>
        ),
    },
    { id: "target", header: t("audit.columns.target"), cell: (entry) => <AuditTarget entry={entry} /> },
    {
      id: "details",
      header: t("audit.columns.details"),
      cell: (entry) => <AuditDetails details={entry.details} />,
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t("audit.subtitle")}</p>
        </div>
        <LabelledSelect
          label={t("audit.filter")}
          value={action}
          options={[
            { value: "" as ActionFilter, label: t("audit.allActions") },
            ...AUDIT_ACTIONS.map((value) => ({ value, label: t(`audit.actions.${actionKey(value)}`) })),
          ]}
          onChange={(value) => {
            setAction(value);
          }}
        />
      </div>
      <AdminTable
        caption={t("audit.title")}
        columns={columns}
        {...table}
        rowKey={(entry) => entry.id}
        texts={listTexts(t, "audit.empty", "audit.")}
        testId="audit-table"
      />
    </div>
  );
}

/** The back-office tab where each kind of record is handled; the saver's records are in their dossier. */
const TARGET_TAB: Partial<Record<string, string>> = {
  package: "packages",
  notification: "notifications",
  newsletter: "messages",
  sanctions_hit: "sanctions",
  sanctions_list: "sanctions",
  bank_statement: "statements",
};

/** The record an entry is about, in words: its kind and a short reference, linked to where it is kept. */
function AuditTarget({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation("admin");
  const kind = t(`audit.targets.${entry.target_type}`, entry.target_type);
  const id = entry.target_id;
  // Applications are quoted by the first 8 hex digits of their id, as savers and staff do.
  const reference =
    typeof entry.details.reference === "string"
      ? entry.details.reference
      : id && /^[0-9a-f-]{36}$/i.test(id)
        ? id.replace(/-/g, "").slice(0, 8).toUpperCase()
        : id;
  const label = reference ? `${kind} ${reference}` : kind;
  const tab = TARGET_TAB[entry.target_type];
  const to = entry.subject && !tab ? `/admin/dossier/${entry.subject.id}` : tab ? `/admin?tab=${tab}` : null;
  return to ? (
    <Link to={to} className="text-brand-700 underline dark:text-brand-300" title={id ?? undefined}>
      {label}
    </Link>
  ) : (
    <span title={id ?? undefined}>{label}</span>
  );
}

/** What an entry recorded, as labelled values (dates and yes/no in words) instead of raw JSON. */
function AuditDetails({ details }: { details: Record<string, unknown> }) {
  const { t, i18n } = useTranslation("admin");
  const entries = Object.entries(details).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return <span className="text-slate-500 dark:text-slate-400">–</span>;
  const show = (value: unknown): string => {
    if (value === null || value === "") return "–";
    if (typeof value === "boolean") return value ? t("audit.yes") : t("audit.no");
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value))
      return formatCalendarDate(value, i18n.language);
    if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value))
      return formatDateTime(value, i18n.language);
    if (Array.isArray(value)) return value.map(show).join(", ");
    if (typeof value === "object")
      return Object.entries(value as Record<string, unknown>)
        .map(([key, inner]) => `${fieldLabel(key)}: ${show(inner)}`)
        .join("; ");
    return String(value);
  };
  const fieldLabel = (key: string) => t(`audit.fields.${key}`, key.replace(/_/g, " "));
  return (
    <dl className="grid max-w-md grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{fieldLabel(key)}</dt>
          <dd className="break-words text-slate-900 dark:text-slate-100">{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
