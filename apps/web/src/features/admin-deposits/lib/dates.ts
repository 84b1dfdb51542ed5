import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";

/** Today's calendar date (YYYY-MM-DD) in the operator's zone, where value and maturity dates are counted. */
export const businessToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }).format(new Date());

/** A calendar date plus whole days. */
export function addCalendarDays(isoDate: string, days: number) {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
