import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";

/** Today's calendar date (YYYY-MM-DD) in the operator's zone, where the books count their days. */
export const businessToday = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: BUSINESS_TIME_ZONE }).format(new Date());
