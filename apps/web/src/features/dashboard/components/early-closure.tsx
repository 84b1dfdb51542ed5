import type { Deposit } from "@festgeld/domain";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/api-client.ts";
import { formatMoney } from "../../../lib/format.ts";
import { formatCalendarDate } from "../../../lib/format-date.ts";
import { useCloseEarly, useEarlyClosureQuote } from "../api/early-closure.ts";

/**
 * Closing an active deposit before maturity where its package allows it: the saver asks, sees what a
 * closure today pays beside what holding it to maturity would earn, and confirms those figures. The
 * server refuses if they are no longer today's.
 */
export function EarlyClosure({ deposit }: { deposit: Deposit }) {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  const [open, setOpen] = useState(false);
  const quote = useEarlyClosureQuote(deposit.id, open);
  const close = useCloseEarly(deposit.id);
  const heading = useRef<HTMLHeadingElement>(null);
  const money = (value: number) => formatMoney(value, deposit.currency, language);
  const headingId = `early-closure-${deposit.id}`;

  useEffect(() => {
    if (open) heading.current?.focus();
  }, [open]);

  if (!open) {
    return (
      <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t(`earlyClosure.rule.${deposit.early_closure}`)}
        </p>
        <button
          type="button"
          className="btn-secondary mt-3"
          onClick={() => {
            close.reset();
            setOpen(true);
          }}
        >
          {t("earlyClosure.button")}
        </button>
      </div>
    );
  }

  const q = quote.data;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700"
      data-testid="early-closure"
    >
      <h4 id={headingId} ref={heading} tabIndex={-1} className="font-bold text-slate-900 dark:text-white">
        {t("earlyClosure.title")}
      </h4>
      {quote.isPending && <p className="mt-2 text-sm">{t("earlyClosure.loading")}</p>}
      {quote.isError && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-800 dark:text-red-300">
          {errorMessage(quote.error, t("earlyClosure.failed"))}
        </p>
      )}
      {q && (
        <>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            {t("earlyClosure.intro", { date: formatCalendarDate(q.close_date, language, "long") })}
          </p>
          <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-2">
            {[
              ["monthsHeld", String(q.months_held)],
              ["principal", money(q.principal)],
              ["interest", money(q.interest)],
              ["payout", money(q.payout)],
              ["interestAtMaturity", money(q.interest_at_maturity)],
            ].map(([key, value]) => (
              <div key={key}>
                <dt className="text-sm text-slate-600 dark:text-slate-300">
                  {t(`earlyClosure.fields.${key}`)}
                </dt>
                <dd
                  className="font-semibold text-slate-900 dark:text-white"
                  data-testid={`early-closure-${key}`}
                >
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          {close.isError && (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-800 dark:text-red-300">
              {errorMessage(close.error, t("earlyClosure.failed"))}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <button
              type="button"
              className="btn-primary"
              disabled={close.isPending}
              onClick={() =>
                close.mutate({ expected_payout: q.payout }, { onError: () => void quote.refetch() })
              }
            >
              {close.isPending
                ? t("earlyClosure.closing")
                : t("earlyClosure.confirm", { amount: money(q.payout) })}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)}>
              {t("earlyClosure.cancel")}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
