/** Whole years between an ISO date of birth (YYYY-MM-DD) and an ISO calendar date (YYYY-MM-DD). */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** A real calendar date written YYYY-MM-DD (no 31 February). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === value;
}

export const MINIMUM_AGE = 18;

/** The protected amount of the statutory deposit guarantee per saver and bank (Directive 2014/49/EU), in cents. */
export const DEPOSIT_GUARANTEE_LIMIT_CENTS = 10_000_000;
