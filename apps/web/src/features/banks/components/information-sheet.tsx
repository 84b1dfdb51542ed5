import type { PublicBank } from "@festgeld/domain";
import { useTranslation } from "react-i18next";
import { Section } from "../../../components/ui/section.tsx";
import { StackedRow } from "../../../components/ui/stacked-row.tsx";
import { formatCents } from "../../../lib/format.ts";

/**
 * The bank's depositor information sheet: the basic part of the EU standard form (Directive 2014/49/EU,
 * Annex I) filled from the bank's scheme, followed by the bank's own notes in the page's language.
 */
export function InformationSheet({ bank }: { bank: PublicBank }) {
  const { t, i18n } = useTranslation("banks");
  const amount = formatCents(bank.scheme.coverage_cents, "EUR", i18n.language, { whole: true });
  const rows: Array<[string, string]> = [
    [t("sheet.protectedBy", { bank: bank.name }), bank.scheme.name],
    [t("sheet.limit"), t("sheet.limitValue", { amount })],
    [t("sheet.period"), t("sheet.periodValue", { count: bank.scheme.repayment_days })],
    [t("sheet.currency"), t("sheet.currencyValue")],
  ];
  if (bank.scheme.contact) rows.push([t("sheet.contact"), bank.scheme.contact]);
  if (bank.scheme.website) rows.push([t("sheet.more"), bank.scheme.website]);
  return (
    <Section
      id={`sheet-${bank.slug}`}
      title={t("sheet.title")}
      className="rounded-xl border border-slate-300 p-5 dark:border-slate-600"
      data-testid="bank-information-sheet"
    >
      <table className="mt-4 w-full border-collapse text-left text-sm">
        <caption className="pb-2 text-left font-semibold text-slate-900 dark:text-white">
          {t("sheet.basic")}
        </caption>
        <tbody>
          {rows.map(([label, value]) => (
            <StackedRow key={label} label={label}>
              {value}
            </StackedRow>
          ))}
        </tbody>
      </table>
      {bank.info_sheet && (
        <>
          <h3 className="mt-5 font-semibold text-slate-900 dark:text-white">{t("sheet.notes")}</h3>
          <p className="mt-2 text-sm whitespace-pre-line">{bank.info_sheet}</p>
        </>
      )}
    </Section>
  );
}
