/**
 * The catalogues a direct visit to a signed-in page brought in one file beside the app's code
 * (app/signed-in-start.ts, the `virtual:page-catalogues` files vite.config.ts writes): main.tsx hands
 * their promise here before the app's code has arrived, and i18next's loader (lib/i18n.ts) takes a
 * namespace of the page's language from it instead of asking for that namespace's own file
 * (docs/decisions.md "Fewer requests before the dashboard's first paint"). This module is part of the
 * entry, so the loader finds the promise whichever of the two chunks arrives first.
 */
export interface EarlyCatalogues {
  language: string;
  catalogues: Record<string, Record<string, unknown>>;
}

let pending: Promise<EarlyCatalogues | undefined> | undefined;

export function expectEarlyCatalogues(catalogues: Promise<EarlyCatalogues | undefined>) {
  pending = catalogues.catch(() => undefined);
}

/** The namespace's catalogue from the early file, or undefined (none asked for, another language or namespace, failed). */
export async function earlyCatalogue(
  language: string,
  namespace: string,
): Promise<Record<string, unknown> | undefined> {
  if (pending === undefined) return undefined;
  const early = await pending;
  return early?.language === language ? early.catalogues[namespace] : undefined;
}
