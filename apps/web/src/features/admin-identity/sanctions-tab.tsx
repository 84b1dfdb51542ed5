import type { SanctionsHit, SanctionsList } from "@festgeld/domain";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { z } from "zod";
import { ListState } from "../../components/admin/admin-table.tsx";
import { FILE_INPUT } from "../../components/ui/file-field.tsx";
import { SubmitButton } from "../../components/ui/submit-button.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { formatDate, formatDateTime } from "../../lib/format-date.ts";
import { useApiForm } from "../../lib/forms.ts";
import { toast } from "../../lib/toast.ts";
import {
  type HitStatus,
  useDecideHit,
  useDemoListAvailable,
  useLoadDemoList,
  useLoadList,
  usePendingErasures,
  useSanctionsHits,
  useSanctionsLists,
} from "./api/sanctions-api.ts";

/**
 * A list by its source and date ("EU consolidated list of 20 Nov 2026"), the demonstration list marked
 * as such; the version as published when it is not a date.
 */
export function useListName() {
  const { t, i18n } = useTranslation("identity");
  return (list: Pick<SanctionsList, "version" | "demonstration">) => {
    const date = Number.isNaN(Date.parse(list.version))
      ? list.version
      : formatDate(list.version, i18n.language);
    return t(list.demonstration ? "aml.demoListName" : "aml.euListName", { date });
  };
}

/** Outside production: the demonstration list (invented names), so that a first run can approve. */
function DemoList() {
  const { t } = useTranslation("identity");
  const available = useDemoListAvailable();
  const load = useLoadDemoList();
  const name = useListName();
  const [message, setMessage] = useState<string | null>(null);
  if (!available.data?.available) return null;
  return (
    <div
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
      data-testid="sanctions-demo"
    >
      <p>{t("aml.demoIntro")}</p>
      <button
        type="button"
        className="btn-secondary"
        aria-disabled={load.isPending || undefined}
        data-testid="sanctions-demo-load"
        onClick={async () => {
          if (load.isPending) return;
          setMessage(null);
          try {
            const list = await load.mutateAsync();
            setMessage(
              t("aml.loaded", {
                version: name(list),
                entries: list.entries,
                total: list.screening?.total ?? 0,
              }),
            );
          } catch (err) {
            setMessage(errorMessage(err, t("aml.loadFailed")));
          }
        }}
      >
        {load.isPending ? t("aml.loading") : t("aml.demoLoad")}
      </button>
      {message && <p role="status">{message}</p>}
    </div>
  );
}

/** The chosen list file (the input's FileList); one file is required. */
const loadSchema = z.object({
  file: z
    .custom<FileList>((value) => typeof FileList !== "undefined" && value instanceof FileList)
    .refine((files) => files.length > 0)
    .transform((files) => files[0] as File),
});

function LoadList() {
  const { t } = useTranslation("identity");
  const load = useLoadList();
  const name = useListName();
  const [message, setMessage] = useState<string | null>(null);
  const { form, formError, submit, pending } = useApiForm({
    schema: loadSchema,
    defaultValues: {},
    fallback: t("aml.loadFailed"),
  });
  const chosen = (form.watch("file")?.length ?? 0) > 0;
  const id = useId();
  const save = submit(async ({ file }) => {
    setMessage(null);
    try {
      const list = await load.mutateAsync(file);
      const text = t("aml.loaded", {
        version: name(list),
        entries: list.entries,
        total: list.screening?.total ?? 0,
      });
      setMessage(text);
      toast(text, "success");
    } catch (err) {
      toast(errorMessage(err, t("aml.loadFailed")), "error");
      throw err;
    }
  });
  const status = formError ?? message;
  return (
    <form onSubmit={save} noValidate className="space-y-2" data-testid="sanctions-load">
      <label htmlFor={`${id}-file`} className="label">
        {t("aml.file")}
      </label>
      <input
        id={`${id}-file`}
        type="file"
        accept=".xml,application/xml,text/xml"
        className={FILE_INPUT}
        {...form.register("file")}
      />
      <SubmitButton
        pending={pending}
        disabled={!chosen}
        label={t("aml.load")}
        pendingLabel={t("aml.loading")}
      />
      {status && (
        <p role="status" className="text-sm">
          {status}
        </p>
      )}
    </form>
  );
}

function HitItem({ hit }: { hit: SanctionsHit }) {
  const { t } = useTranslation("identity");
  const decide = useDecideHit();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const act = async (decision: "clear" | "confirm") => {
    if (!reason.trim()) {
      setError(t("aml.reasonRequired"));
      return;
    }
    try {
      await decide.mutateAsync({ id: hit.id, body: { decision, reason: reason.trim() } });
      toast(t("aml.decided"), "success");
    } catch (err) {
      setError(errorMessage(err, t("aml.decideFailed")));
    }
  };
  const dob =
    hit.date_of_birth_match === true
      ? "dobMatch"
      : hit.date_of_birth_match === false
        ? "dobDiffers"
        : "dobUnknown";
  return (
    <li
      className="space-y-2 border-b border-slate-200 pb-3 dark:border-slate-700"
      data-testid="sanctions-hit"
    >
      <p>
        {t("aml.hitLine", {
          saver: hit.user_full_name,
          email: hit.user_email,
          listed: hit.matched_name,
          reference: hit.entry_reference,
          score: hit.score.toFixed(2),
        })}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t(`aml.${dob}`)} · {hit.list_version} ·{" "}
        <Link
          to={`/admin/dossier/${hit.user_id}`}
          state={{ from: "/admin?tab=sanctions" }}
          className="underline"
        >
          {t("dossier.open")}
        </Link>
      </p>
      {hit.status === "open" ? (
        <div className="space-y-2">
          <label htmlFor={`${id}-reason`} className="label">
            {t("aml.reason")}
          </label>
          <input
            id={`${id}-reason`}
            className="input"
            maxLength={1000}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-secondary"
              disabled={decide.isPending}
              onClick={() => void act("clear")}
            >
              {t("aml.clear")}
            </button>
            <button
              type="button"
              className="btn-primary"
              disabled={decide.isPending}
              onClick={() => void act("confirm")}
            >
              {t("aml.confirm")}
            </button>
          </div>
        </div>
      ) : (
        <p className="text-sm">
          {t(`aml.filters.${hit.status}`)}: {hit.reason} ({hit.decided_by?.full_name})
        </p>
      )}
    </li>
  );
}

/** Admin tab "Sanctions": load the EU list, review possible matches, see pending erasures. */
export default function SanctionsTab() {
  const { t, i18n } = useTranslation("identity");
  const [status, setStatus] = useState<HitStatus>("open");
  const lists = useSanctionsLists();
  const hits = useSanctionsHits(status);
  const erasures = usePendingErasures();
  const filterId = useId();
  const name = useListName();
  return (
    <div className="space-y-8">
      <section className="card space-y-3">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t("aml.title")}</h2>
        <p className="text-slate-600 dark:text-slate-300">{t("aml.intro")}</p>
        <LoadList />
        <DemoList />
        <h3 className="font-semibold">{t("aml.lists")}</h3>
        {lists.data && lists.data.length === 0 && <p>{t("aml.noLists")}</p>}
        <ul className="text-sm">
          {lists.data?.map((l) => (
            <li key={l.id}>
              {t("aml.listLine", {
                version: name(l),
                entries: l.entries,
                date: formatDateTime(l.checked_at, i18n.language),
                name: l.loaded_by.full_name,
              })}
              {l.screening && (
                <span data-testid="sanctions-screening-progress">
                  {"; "}
                  {t("aml.progress", {
                    screened: l.screening.screened,
                    total: l.screening.total,
                    status: t(`aml.runStatus.${l.screening.status}`),
                    hits: l.screening.new_hits,
                  })}
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t("aml.hits")}</h2>
          <div className="flex items-center gap-2">
            <label htmlFor={filterId} className="text-sm">
              {t("aml.filter")}
            </label>
            <select
              id={filterId}
              className="input w-auto"
              value={status}
              onChange={(e) => setStatus(e.target.value as HitStatus)}
            >
              {(["open", "cleared", "confirmed", "all"] as const).map((s) => (
                <option key={s} value={s}>
                  {t(`aml.filters.${s}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <ListState
          query={hits}
          empty={hits.data?.length === 0}
          texts={{ loading: t("aml.loadingHits"), error: t("aml.hitsFailed"), empty: t("aml.noHits") }}
        >
          <ul className="space-y-3">
            {hits.data?.map((hit) => (
              <HitItem key={hit.id} hit={hit} />
            ))}
          </ul>
        </ListState>
      </section>

      <section className="card space-y-3">
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t("aml.erasures")}</h2>
        <ListState
          query={erasures}
          empty={erasures.data?.length === 0}
          texts={{
            loading: t("aml.loadingHits"),
            error: t("aml.erasuresFailed"),
            empty: t("aml.noErasures"),
          }}
        >
          <ul className="text-sm">
            {erasures.data?.map((e) => (
              <li key={e.user_id}>
                {t("aml.erasureLine", {
                  name: e.full_name,
                  closed: formatDate(e.closed_at, i18n.language),
                  after: formatDate(e.erase_after, i18n.language),
                })}
              </li>
            ))}
          </ul>
        </ListState>
      </section>
    </div>
  );
}
