import {
  BOOKS_CURRENCY,
  moneyFromDb,
  moneyFromJsonNumber,
  moneyToDb,
  moneyToDecimalText,
  moneyToJsonCents,
  moneyToJsonNumber,
} from "@festgeld/domain";

/**
 * The tests' money conversions, by the money module's codecs only (docs/decisions.md "One money type"):
 * euro cents as plain JS numbers, the way the tests add and compare them, to and from the API's euro
 * numbers and the database's int8 (a bigint).
 */

/** An API amount in euros (a JSON number) as euro cents; throws on more than two decimals. */
export function centsOf(euros: number): number {
  const amount = moneyFromJsonNumber(euros, BOOKS_CURRENCY);
  if (amount === null) throw new RangeError(`not an amount of whole cents: ${euros}`);
  return moneyToJsonCents(amount);
}

/** Euro cents (a JS number, a bigint or int8 digits) as the API's euro number. */
export function eurosOf(cents: number | bigint | string): number {
  return moneyToJsonNumber(moneyFromDb(cents, BOOKS_CURRENCY));
}

/** An int8 cents column (a bigint; null or missing as 0) as a JS number of euro cents. */
export function dbCents(value: bigint | number | string | null | undefined): number {
  return moneyToJsonCents(moneyFromDb(value ?? 0n, BOOKS_CURRENCY));
}

/** Euro cents as the decimal text of a bank file ("1234.50", "-0.05"). */
export function decimalOf(cents: number | bigint): string {
  return moneyToDecimalText(moneyFromDb(cents, BOOKS_CURRENCY));
}

/** Euro cents (a JS number) as the bigint an int8 column or an event of the books holds. */
export function bigCents(cents: number): bigint {
  return moneyToDb(moneyFromDb(cents, BOOKS_CURRENCY));
}
