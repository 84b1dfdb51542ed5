import { RATE_ALERT_LIMIT, type RateAlert } from "@festgeld/domain";
import { DURATIONS_MONTHS, LIMITS } from "@festgeld/domain/constants";
import { toBasisPoints } from "@festgeld/domain/interest";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SaverPage } from "../../components/layout/saver-page.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { LabelledSelect } from "../../components/ui/labelled-select.tsx";
import { QueryState } from "../../components/ui/query-state.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { parseDecimal } from "../../lib/decimal.ts";
import { formatNumber, formatRate } from "../../lib/format.ts";
import { PAGE_NAMESPACES } from "../../lib/page-namespaces.ts";
import { toast } from "../../lib/toast.ts";
import { useCreateRateAlert, useDeleteRateAlert, useRateAlerts } from "./api/rate-alerts-api.ts";

function RateAlerts() {
  const { t, i18n } = useTranslation(PAGE_NAMESPACES["/rate-alerts"]);
  const language = i18n.language;
  const base = useId();
  const alerts = useRateAlerts();
  const create = useCreateRateAlert();
  const remove = useDeleteRateAlert();
  const [term, setTerm] = useState<number>(12);
  const [rate, setRate] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rateInput = useRef<HTMLInputElement>(null);
  const termLabel = (months: number) => t("invest:packages.months", { count: months });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // What is allowed is said before the request: a rate the contract refuses would only come back as
    // "some details are invalid".
    const value = parseDecimal(rate, language);
    if (value === null || value < LIMITS.minRate || value > LIMITS.maxRate || toBasisPoints(value) === null) {
      setProblem(
        t("rateAlerts.rateRange", {
          min: formatNumber(LIMITS.minRate, language),
          max: formatNumber(LIMITS.maxRate, language),
        }),
      );
      rateInput.current?.focus();
      return;
    }
    try {
      await create.mutateAsync({ term: term as (typeof DURATIONS_MONTHS)[number], rate: value });
      setRate("");
      toast(t("rateAlerts.added"), "success");
    } catch (error) {
      setProblem(errorMessage(error, t("rateAlerts.failed")));
    }
  };
  // The deleted alert's button leaves the page with it: focus goes to the next alert's button, else the
  // previous one's, else the list's heading, never to <body>.
  const onDelete = (alert: RateAlert, index: number) =>
    remove.mutate(alert.id, {
      onSuccess: () => {
        toast(t("rateAlerts.deleted"), "success");
        const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>("[data-rate-alert-delete]"));
        const next = buttons[index + 1] ?? buttons[index - 1];
        (next ?? heading.current)?.focus();
      },
      onError: (error) => toast(errorMessage(error, t("rateAlerts.failed")), "error"),
    });

  return (
    <>
      <form className="card mt-6" noValidate onSubmit={submit} data-testid="rate-alert-form">
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          <LabelledSelect
            label={t("rateAlerts.term")}
            value={term}
            options={DURATIONS_MONTHS.map((months) => ({ value: months, label: termLabel(months) }))}
            onChange={setTerm}
          />
          <div>
            <label htmlFor={`${base}-rate`} className="label">
              {t("rateAlerts.rate")}
            </label>
            <input
              ref={rateInput}
              id={`${base}-rate`}
              className="input"
              aria-invalid={problem ? true : undefined}
              inputMode="decimal"
              autoComplete="off"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              required
            />
          </div>
          <button type="submit" className="btn-primary" disabled={create.isPending}>
            {create.isPending ? t("rateAlerts.adding") : t("rateAlerts.add")}
          </button>
        </div>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
          {t("rateAlerts.limit", { count: RATE_ALERT_LIMIT })}
        </p>
        {problem && (
          <FormAlert kind="error" className="mt-3">
            {problem}
          </FormAlert>
        )}
      </form>

      <h2
        ref={heading}
        tabIndex={-1}
        className="mt-10 text-xl font-bold text-slate-900 dark:text-white"
        data-testid="rate-alert-heading"
      >
        {t("rateAlerts.list")}
      </h2>
      <QueryState
        query={alerts}
        loading={t("rateAlerts.loading")}
        failed={t("rateAlerts.loadError")}
        empty={
          alerts.data?.length === 0 && (
            <p className="card mt-4 text-slate-600 dark:text-slate-300">{t("rateAlerts.empty")}</p>
          )
        }
      >
        {(list) => (
          <ul className="mt-4 space-y-3" data-testid="rate-alert-list">
            {list.map((alert, index) => {
              const values = { term: termLabel(alert.term), rate: formatRate(alert.rate, language) };
              return (
                <li key={alert.id} className="card flex flex-wrap items-center justify-between gap-3">
                  <div>
                    <p className="font-semibold text-slate-900 dark:text-white">
                      {t("rateAlerts.alert", values)}
                    </p>
                    <p className="text-sm text-slate-600 dark:text-slate-300">
                      {alert.best_rate === null
                        ? t("rateAlerts.noOffer")
                        : t("rateAlerts.bestToday", { rate: formatRate(alert.best_rate, language) })}
                      {" · "}
                      {alert.reached ? t("rateAlerts.reached") : t("rateAlerts.waiting")}
                    </p>
                  </div>
                  <button
                    type="button"
                    className="btn-secondary px-3 py-1 text-sm"
                    onClick={() => onDelete(alert, index)}
                    data-rate-alert-delete
                    aria-label={t("rateAlerts.deleteLabel", values)}
                  >
                    {t("rateAlerts.delete")}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </>
  );
}

/** /rate-alerts: the saver's rate alerts; signed-out visitors go to /login. */
export default function RateAlertsPage() {
  const { t } = useTranslation("tools");
  return (
    <SaverPage
      title={t("rateAlerts.title")}
      intro={t("rateAlerts.intro")}
      description={t("rateAlerts.description")}
      width="max-w-3xl"
    >
      <RateAlerts />
    </SaverPage>
  );
}
