import { brand } from "@brand";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FigureList } from "../../components/ui/figure-list.tsx";
import { Section } from "../../components/ui/section.tsx";
import { StackedRow } from "../../components/ui/stacked-row.tsx";
import { countryName, useBanks } from "../../lib/banks.ts";
import { useBrandValues } from "../../lib/brand-text.ts";
import { formatCents } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { LegalBlock, LegalLayout, LegalSection, type LegalSectionText } from "./components/legal-layout.tsx";

const SHEET_ROWS = [
  ["protectedBy", null],
  ["limit", "limitValue"],
  ["several", "severalValue"],
  ["joint", "jointValue"],
  ["period", "periodValue"],
  ["currency", "currencyValue"],
  ["contact", null],
  ["more", null],
  ["acknowledgement", "acknowledgementValue"],
] as const;

/** What the guarantee covers and what it does not, side by side: each list's section of the page. */
const COVERAGE = [
  {
    key: "covered",
    id: "di-covered",
    border: "border-green-300 dark:border-green-800",
    testId: "covered-list",
  },
  {
    key: "notCovered",
    id: "di-not-covered",
    border: "border-red-300 dark:border-red-800",
    testId: "not-covered-list",
  },
] as const;

/**
 * Deposit insurance: coverage figures, covered and not-covered lists, temporary
 * high balances, the EU depositor information sheet per partner bank (filled from the bank's data:
 * lib/banks.ts, the build's copy first, then the live list),
 * regulatory framework, partner banks, the statutory scheme and a link to /packages.
 */
export default function DepositInsurancePage() {
  const { t, i18n } = useTranslation("legal");
  const values = useBrandValues();
  useDocumentTitle(t("depositInsurance.title"), t("depositInsurance.description", values));
  const dgs = brand.depositGuaranteeScheme;
  const dgsContact = [...dgs.address, dgs.phone, dgs.email].join(", ");
  const sheetValues = { ...values, dgsContact };
  const section = (key: string) =>
    t(`depositInsurance.${key}`, { ...values, returnObjects: true }) as LegalSectionText;
  const notes = t("depositInsurance.sheet.notes", { ...sheetValues, returnObjects: true }) as string[];
  const banks = useBanks().data ?? [];

  const figures = [
    { value: values.coverage, label: t("depositInsurance.figures.coverage") },
    { value: values.highBalance, label: t("depositInsurance.figures.highBalance", values) },
    { value: values.reimbursementDays, label: t("depositInsurance.figures.reimbursement") },
    { value: t("depositInsurance.figures.euro"), label: t("depositInsurance.figures.currency") },
  ];

  const rowValue = (row: (typeof SHEET_ROWS)[number], bank: (typeof banks)[number]) => {
    const [key, valueKey] = row;
    const coverage = formatCents(bank.scheme.coverage_cents, "EUR", i18n.language, { whole: true });
    if (valueKey) {
      return t(`depositInsurance.sheet.rows.${valueKey}`, {
        ...values,
        coverage,
        reimbursementDays: String(bank.scheme.repayment_days),
        bank: bank.name,
      });
    }
    if (key === "protectedBy") return `${bank.scheme.name} (1)`;
    if (key === "contact") return bank.scheme.contact ?? dgsContact;
    return bank.scheme.website ?? dgs.website;
  };

  return (
    <LegalLayout title={t("depositInsurance.title")} intro={t("depositInsurance.intro", values)}>
      <Section id="di-figures" title={t("depositInsurance.figures.title")} heading="section">
        <FigureList figures={figures} className="mt-4 grid gap-4 sm:grid-cols-2" testId="coverage-figures" />
      </Section>

      <LegalSection id="di-how" section={section("how")} />

      <div className="grid gap-8 md:grid-cols-2">
        {COVERAGE.map(({ key, id, border, testId }) => (
          <Section
            key={key}
            id={id}
            title={t(`depositInsurance.${key}.title`)}
            className={`rounded-xl border p-5 ${border}`}
          >
            <ul
              className="mt-3 list-disc space-y-2 pl-5 text-slate-700 dark:text-slate-200"
              data-testid={testId}
            >
              {section(key).items?.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </Section>
        ))}
      </div>

      <LegalSection id="di-high-balances" section={section("highBalances")} />

      <LegalBlock id="di-sheet" title={t("depositInsurance.sheet.title")}>
        <p>{t("depositInsurance.sheet.intro")}</p>
        {banks.map((bank, index) => (
          <Section
            id={`di-sheet-${index}`}
            title={t("depositInsurance.sheet.bankTitle", { bank: bank.name })}
            headingClassName="text-lg font-bold text-slate-900 dark:text-white"
            level={3}
            key={bank.id}
            className="rounded-xl border border-slate-300 p-5 dark:border-slate-600"
            data-testid="information-sheet"
          >
            <table className="mt-4 w-full border-collapse text-left text-sm text-slate-700 dark:text-slate-200">
              <caption className="pb-2 text-left font-semibold text-slate-900 dark:text-white">
                {t("depositInsurance.sheet.basicTitle")}
              </caption>
              <tbody>
                {SHEET_ROWS.map((row) => (
                  <StackedRow
                    key={row[0]}
                    label={t(`depositInsurance.sheet.rows.${row[0]}`, { bank: bank.name })}
                  >
                    {rowValue(row, bank)}
                  </StackedRow>
                ))}
              </tbody>
            </table>
            <h4 className="mt-5 font-semibold text-slate-900 dark:text-white">
              {t("depositInsurance.sheet.additionalTitle")}
            </h4>
            <div className="mt-2 space-y-3 text-sm">
              {notes.map((note) => (
                <p key={note}>{note}</p>
              ))}
            </div>
            <h4 className="mt-5 font-semibold text-slate-900 dark:text-white">
              {t("depositInsurance.sheet.otherTitle")}
            </h4>
            <p className="mt-2 text-sm">{t("depositInsurance.sheet.other")}</p>
          </Section>
        ))}
      </LegalBlock>

      <LegalSection id="di-framework" section={section("framework")} />

      <LegalBlock id="di-partners" title={t("depositInsurance.partners.title")}>
        <p>{t("depositInsurance.partners.intro")}</p>
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="partner-banks">
          {banks.map((bank) => (
            <li key={bank.id} className="card">
              <h3 className="font-semibold text-slate-900 dark:text-white">
                <Link to={`/banks/${bank.slug}`} className="hover:underline">
                  {bank.name}
                </Link>
              </h3>
              {bank.description && <p className="mt-1 text-sm">{bank.description}</p>}
              <p className="mt-2 text-sm">
                {[bank.city, countryName(bank.country, i18n.language)].filter(Boolean).join(", ")}
              </p>
              <p className="text-sm">
                {t("depositInsurance.partners.supervisor", { supervisor: bank.supervisor })}
              </p>
              <p className="text-sm">
                {t("depositInsurance.partners.register", { number: bank.register_entry })}
              </p>
              {bank.partner_since && (
                <p className="text-sm">
                  {t("depositInsurance.partners.since", { year: bank.partner_since })}
                </p>
              )}
            </li>
          ))}
        </ul>
      </LegalBlock>

      <LegalBlock id="di-scheme" title={t("depositInsurance.scheme.title")}>
        <p>{t("depositInsurance.scheme.text", values)}</p>
        <address className="not-italic" data-testid="dgs-contact">
          <span className="block font-semibold">
            {dgs.name} ({dgs.shortName})
          </span>
          {dgs.address.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
          <span className="block">
            {t("common.phone")}: {dgs.phone}
          </span>
          <span className="block">
            {t("common.email")}: {dgs.email}
          </span>
          <a href={dgs.website} className="text-brand-700 underline dark:text-brand-200">
            {dgs.website.replace(/^https?:\/\//, "")}
          </a>
        </address>
      </LegalBlock>

      <Section
        id="di-cta"
        title={t("depositInsurance.cta.title")}
        heading="section"
        className="card text-center"
      >
        <p className="mt-2">{t("depositInsurance.cta.text")}</p>
        <Link to="/packages" className="btn-primary mt-6" data-testid="deposit-insurance-packages">
          {t("depositInsurance.cta.button")}
        </Link>
      </Section>
    </LegalLayout>
  );
}
