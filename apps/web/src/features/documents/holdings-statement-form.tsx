import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField } from "../../components/ui/date-field.tsx";
import { FormAlert } from "../../components/ui/form-alert.tsx";
import { Section } from "../../components/ui/section.tsx";
import { errorMessage } from "../../lib/api-client.ts";
import { businessToday, formatCalendarDate } from "../../lib/format-date.ts";
import { useIssueHoldingsStatement } from "./api/holdings-api.ts";

/**
 * "Statement of holdings": the saver picks a day (today or earlier) and gets a PDF of their deposits
 * and balances on that day, computed from the books, in their postbox.
 */
export function HoldingsStatementForm() {
  const { t, i18n } = useTranslation("ledger");
  const id = useId();
  const today = businessToday();
  const [date, setDate] = useState(today);
  const issue = useIssueHoldingsStatement();
  const [issuedFor, setIssuedFor] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIssuedFor(null);
    issue.mutate(date, { onSuccess: () => setIssuedFor(date) });
  };

  return (
    <Section
      id={`${id}-title`}
      title={t("holdings.title")}
      heading="box"
      className="card mt-6"
      data-testid="holdings-statement"
    >
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t("holdings.intro")}</p>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={submit} noValidate>
        <DateField
          id={`${id}-date`}
          label={t("holdings.date")}
          required
          max={today}
          value={date}
          onChange={(event) => setDate(event.target.value)}
          aria-describedby={`${id}-hint`}
          data-testid="holdings-date"
        />
        <button type="submit" className="btn-primary" disabled={issue.isPending || date === ""}>
          {issue.isPending ? t("holdings.issuing") : t("holdings.issue")}
        </button>
      </form>
      <p id={`${id}-hint`} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
        {t("holdings.hint")}
      </p>
      <div aria-live="polite">
        {issue.isError && (
          <FormAlert kind="error" testId="holdings-error">
            {errorMessage(issue.error, t("holdings.failed"))}
          </FormAlert>
        )}
        {issuedFor && !issue.isError && (
          <FormAlert kind="success" testId="holdings-issued">
            {t("holdings.issued", { date: formatCalendarDate(issuedFor, i18n.language, "long") })}
          </FormAlert>
        )}
      </div>
    </Section>
  );
}
