import { initialLanguage } from "../lib/language-path.ts";
import { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";
import { type PreloadedPage, preloadSignedInPage, signedInPageAt } from "./signed-in-pages.ts";

/**
 * What a direct visit to a signed-in page asks for beside the app's code (main.tsx): the page's code, the
 * back office's frame on /admin, and the catalogues i18next will load as it starts (lib/i18n.ts: the app's
 * own and the page's, lib/page-namespaces.ts). i18next starts only once the app's code has arrived and
 * run; asked for here, the catalogues arrive with that code instead of one round trip after it, and
 * i18next's own request for the same module gets the one already loaded. This module and what it imports
 * stay out of the app's shell chunk (vite.config.ts), so it runs as soon as its own small chunks are in
 * (docs/decisions.md "Signed-in pages start their parts from the entry").
 */
const catalogues = import.meta.glob("../locales/*/*.json");

export function startSignedInPage(pathname: string): Promise<PreloadedPage | undefined> {
  const page = signedInPageAt(pathname);
  if (page) {
    const language = initialLanguage();
    for (const namespace of new Set(["common", "errors", ...PAGE_NAMESPACES[page]])) {
      // A failure is i18next's to report when it asks for the catalogue itself.
      catalogues[`../locales/${language}/${namespace}.json`]?.().catch(() => undefined);
    }
    if (page === "/admin") import("../components/admin/admin-shell.tsx").catch(() => undefined);
  }
  return preloadSignedInPage(pathname);
}
