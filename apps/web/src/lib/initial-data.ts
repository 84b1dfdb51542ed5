import type { QueryClient } from "@tanstack/react-query";
import { type BrandValues, seedBrandValues, seedCountryNames } from "./brand-text.ts";
import { packagesQueryKey } from "./packages.ts";

/**
 * A page rendered with live data (docs/decisions.md "Pages with live data") carries that data in a JSON
 * block after the app's HTML. A `type="application/json"` script is data, not code: the strict
 * Content-Security-Policy does not run it, and nothing else can.
 */
const ELEMENT_ID = "initial-data";

export interface InitialData {
  packages?: unknown;
  /** The brand's figures as text in the page's language (lib/brand-text.ts). */
  brand?: BrandValues;
  /** The same in every language: the signed-in pages' shell serves them all. */
  brandByLanguage?: Record<string, BrandValues>;
  /** The countries the page names, by code, in its language (lib/brand-text.ts, countryName). */
  countries?: Record<string, string>;
}

/** The JSON block for the rendered HTML; `<` is escaped so the data cannot end the element early. */
export function initialDataScript(data: InitialData): string {
  const json = JSON.stringify(data).replaceAll("<", "\\u003c");
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}

/**
 * Puts the page's initial data into the query cache before the app hydrates, so the first render in the
 * browser shows what the HTML shows. It counts as fetched at page load: the usual stale time applies.
 */
export function seedInitialData(
  queryClient: QueryClient,
  language: string,
  doc: Document = document,
): boolean {
  const element = doc.getElementById(ELEMENT_ID);
  if (!element?.textContent) return false;
  try {
    const data = JSON.parse(element.textContent) as InitialData;
    if (data.packages !== undefined) queryClient.setQueryData(packagesQueryKey(language), data.packages);
    if (data.brand) seedBrandValues(language, data.brand);
    if (data.countries) seedCountryNames(language, data.countries);
    for (const [other, values] of Object.entries(data.brandByLanguage ?? {})) seedBrandValues(other, values);
    return true;
  } catch {
    return false;
  } finally {
    element.remove();
  }
}
