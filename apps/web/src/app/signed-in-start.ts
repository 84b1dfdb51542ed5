import { pageCatalogues } from "virtual:page-catalogues";
import type { Language } from "@festgeld/domain/constants";
import type { EarlyCatalogues } from "../lib/early-catalogues.ts";
import { requestEarly } from "../lib/early-session.ts";
import { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";
import { pageRequests } from "../lib/page-requests.ts";
import { storedAsSaver } from "../lib/stored-role.ts";
import { type PreloadedPage, preloadSignedInPage, signedInPageAt } from "./signed-in-pages.ts";

/**
 * What a direct visit to a signed-in page asks for beside the app's code (main.tsx): the page's code, the
 * back office's frame on /admin, and the catalogues i18next will load as it starts (lib/i18n.ts: the app's
 * own and the page's, lib/page-namespaces.ts). i18next starts only once the app's code has arrived and
 * run; asked for here, the catalogues arrive with that code instead of one round trip after it. They
 * come in one file per page and language, written at build time (vite.config.ts), which i18next's loader
 * takes them from (lib/early-catalogues.ts). This module and what it imports stay out of the app's shell
 * chunk (vite.config.ts), so it runs as soon as its own small chunk is in (docs/decisions.md "Signed-in
 * pages start their parts from the entry", "Fewer requests before the dashboard's first paint").
 */
export function startCatalogues(pathname: string, language: Language): Promise<EarlyCatalogues | undefined> {
  const page = signedInPageAt(pathname);
  const load = page && pageCatalogues[`${language}:${page}`];
  // A failure is i18next's to report when it asks for the catalogues' own files.
  return load
    ? load().then((module) => ({ language, catalogues: module.default }))
    : Promise.resolve(undefined);
}

export async function startSignedInPage(
  pathname: string,
  language: Language,
): Promise<PreloadedPage | undefined> {
  // The page's catalogues leave first. main.tsx asks for them just before this, and Vite's preload helper
  // issues that import a microtask after it is asked for, so without this wait the page's code, its
  // module preloads and its data all left before it, and on a slow phone's six connections the
  // catalogues waited for a free one last; the back office's first figures wait for them
  // (docs/decisions.md "The page's catalogues before its code").
  await Promise.resolve();
  const page = signedInPageAt(pathname);
  // The page's code first: on a slow phone's six connections its files go before the page's data.
  const preloaded = preloadSignedInPage(pathname);
  // The back office's code and first data are staff's: a reader stored as a saver would be refused
  // them (403), and the app sends a saver elsewhere (lib/stored-role.ts).
  if (page && !(page === "/admin" && storedAsSaver())) {
    if (page === "/admin") import("../components/admin/admin-shell.tsx").catch(() => undefined);
    // The page's first data, beside its code (lib/early-session.ts).
    for (const url of pageRequests(page, location.search)) requestEarly(url, language);
  }
  // The page's catalogues, for the app to load before its first render (app-root.tsx): the list stays
  // out of the app's shell, which every public page loads too.
  return preloaded.then((loaded) => loaded && { ...loaded, namespaces: PAGE_NAMESPACES[loaded.page] });
}
