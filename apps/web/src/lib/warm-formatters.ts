import { BUSINESS_TIME_ZONE } from "@festgeld/domain/constants";

/**
 * The first number, percent, date and date-with-zone formatter a page makes loads the locale's data: with
 * the fourfold slowdown of a slow phone about 80 to 110 ms each, inside whatever task made it (a signed-in
 * page's first render, a prerendered page's hydration), long tasks that kept the page from answering a tap.
 * Made here, one task each while the app's code is still on its way, the data is loaded by then and the
 * formatters lib/format.ts makes cost a millisecond or two (docs/decisions.md "Signed-in pages, steady",
 * "Formatters before hydration").
 */
export function warmFormatters(locale: string): void {
  const formatters: Array<() => { format(value: number): string }> = [
    () => new Intl.NumberFormat(locale),
    () => new Intl.NumberFormat(locale, { style: "percent", minimumFractionDigits: 2 }),
    () => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }),
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: BUSINESS_TIME_ZONE,
      }),
    () => new Intl.DateTimeFormat(locale, { timeZoneName: "short", timeZone: BUSINESS_TIME_ZONE }),
  ];
  const next = () => {
    const make = formatters.shift();
    if (!make) return;
    try {
      make().format(1);
    } catch {
      // Only a head start: the page makes its own formatters.
    }
    setTimeout(next, 0);
  };
  setTimeout(next, 0);
}
