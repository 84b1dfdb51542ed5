import { isNegative, money, moneyFromDecimalText, zero } from "@festgeld/domain/money";
import {
  CHURCH_TAX_RATES,
  type ChurchTaxRate,
  estimateNetReturn,
  MAX_SAVERS_ALLOWANCE_CENTS,
  TAX_RESIDENCES,
  type TaxResidence,
} from "@festgeld/domain/net-return";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { decimalText } from "../../lib/decimal.ts";
import { formatAmount } from "../../lib/format.ts";
import { amountOf } from "../../lib/money.ts";
import { LabelledSelect } from "../ui/labelled-select.tsx";
import { Section } from "../ui/section.tsx";

const DEFAULT_ALLOWANCE_EUR = "1000";
/**
 * The saver's allowance is a euro amount of German tax law, typed in euros (the field says so); the estimate
 * takes its cents off the interest as they are, in a deposit of another currency too (no exchange rate).
 */
const ALLOWANCE_CURRENCY = "EUR";

/** The tax regime a reader most likely has, from the page language; they can change it. */
function defaultResidence(language: string): TaxResidence {
  return language.startsWith("fr") ? "fr" : "de";
}

/**
 * Gross interest and an estimate of what is left after tax (Germany: flat tax, solidarity surcharge,
 * optional church tax, the saver's unused allowance; France: the 30 % flat levy). Labelled an estimate:
 * the partner bank withholds the real tax (docs/decisions.md "Net return estimate").
 */
export function NetReturnEstimate({ grossInterest, currency }: { grossInterest: number; currency: string }) {
  const { t, i18n } = useTranslation("invest");
  const language = i18n.language;
  const ids = { residence: useId(), church: useId(), allowance: useId() };
  const [residence, setResidence] = useState<TaxResidence>(() => defaultResidence(language));
  const [church, setChurch] = useState<ChurchTaxRate>(0);
  const [allowance, setAllowance] = useState(DEFAULT_ALLOWANCE_EUR);
  // The contract's rates are never negative; a negative figure is shown as no interest rather than refused.
  const answered = amountOf(grossInterest, currency);
  const gross = isNegative(answered) ? zero(answered.currency) : answered;
  // The estimate's figures are cents of the gross interest's currency (packages/domain/src/money/net-return.ts).
  const show = (cents: bigint) => formatAmount(money(cents, gross.currency), language, { narrow: true });

  const allowanceAmount =
    allowance.trim() === ""
      ? zero(ALLOWANCE_CURRENCY)
      : moneyFromDecimalText(decimalText(allowance, language), ALLOWANCE_CURRENCY);
  const allowanceValid =
    allowanceAmount !== null &&
    !isNegative(allowanceAmount) &&
    allowanceAmount.cents <= MAX_SAVERS_ALLOWANCE_CENTS;
  const estimate = estimateNetReturn({
    grossInterestCents: gross.cents,
    residence,
    churchTaxRate: church,
    allowanceCents: residence === "de" && allowanceValid ? allowanceAmount.cents : 0n,
  });

  return (
    <Section
      id={`${ids.residence}-title`}
      title={t("netReturn.title")}
      headingClassName="font-semibold text-slate-900 dark:text-white"
      level={3}
      className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-testid="net-return"
    >
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <LabelledSelect
          id={ids.residence}
          label={t("netReturn.residence")}
          value={residence}
          options={TAX_RESIDENCES.map((r) => ({ value: r, label: t(`netReturn.residences.${r}`) }))}
          onChange={setResidence}
        />
        {residence === "de" && (
          <LabelledSelect
            id={ids.church}
            label={t("netReturn.churchTax")}
            value={church}
            options={CHURCH_TAX_RATES.map((rate) => ({
              value: rate,
              label: rate === 0 ? t("netReturn.noChurchTax") : t("netReturn.churchTaxRate", { rate }),
            }))}
            onChange={setChurch}
          />
        )}
        {residence === "de" && (
          <div className="sm:col-span-2">
            <label htmlFor={ids.allowance} className="label">
              {t("netReturn.allowance")}
            </label>
            <input
              id={ids.allowance}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              className="input"
              value={allowance}
              aria-invalid={allowanceValid ? undefined : true}
              aria-describedby={`${ids.allowance}-hint`}
              onChange={(e) => setAllowance(e.target.value)}
            />
            <p id={`${ids.allowance}-hint`} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
              {allowanceValid ? t("netReturn.allowanceHint") : t("netReturn.allowanceInvalid")}
            </p>
          </div>
        )}
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700 dark:text-slate-300">{t("netReturn.gross")}</dt>
          <dd className="whitespace-nowrap font-semibold text-slate-900 dark:text-white">
            {show(estimate.grossInterestCents)}
          </dd>
        </div>
        {estimate.lines.map((line) => (
          <div key={line.kind} className="flex justify-between gap-4">
            <dt className="text-slate-700 dark:text-slate-300">
              {t(`netReturn.lines.${residence}.${line.kind}`)}
            </dt>
            <dd
              className="whitespace-nowrap text-slate-900 dark:text-white"
              data-testid="net-return-deduction"
            >
              {/* Nothing deducted is "0,00 €", not a signed zero. */}
              {line.cents > 0n ? "−\u00a0" : ""}
              {show(line.cents)}
            </dd>
          </div>
        ))}
        <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 dark:border-slate-700">
          <dt className="font-semibold text-slate-900 dark:text-white">{t("netReturn.net")}</dt>
          <dd
            className="whitespace-nowrap font-bold text-brand-700 dark:text-brand-300"
            data-testid="net-return-net"
          >
            {show(estimate.netInterestCents)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        {residence === "other" ? t("netReturn.otherNote") : t(`netReturn.note.${residence}`)}
      </p>
    </Section>
  );
}
