import {
  type Currency,
  type Money,
  moneyFromJsonNumber,
  parseCurrency,
  sum,
  zero,
} from "@festgeld/domain/money";

/** The currency code an API answer names, as the money module's type (the books' euro if it names none). */
export const currencyOf = (code: string | null | undefined): Currency => parseCurrency(code ?? "") ?? "EUR";

/**
 * An amount the API gives as a JSON number in major units, as Money by the contract's codec. Every amount of
 * an answer has whole cents; anything else counts as zero rather than as a binary fraction.
 */
export function amountOf(value: number, currency: string): Money {
  const c = currencyOf(currency);
  return moneyFromJsonNumber(value, c) ?? zero(c);
}

/** The exact sum of amounts the API gives as JSON numbers, all in one currency. */
export function totalOf(values: readonly number[], currency: string): Money {
  const c = currencyOf(currency);
  return sum(
    c,
    values.map((v) => amountOf(v, c)),
  );
}
