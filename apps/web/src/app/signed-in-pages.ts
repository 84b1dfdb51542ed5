import type { ComponentType } from "react";
import type { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";

/**
 * The code of the signed-in pages, by address. On a direct visit, main.tsx starts the current page's
 * download beside the app's (app/signed-in-start.ts) and the app renders once it is in, since such a page
 * has nothing on screen until both are in; the router reads the module it brought (router.tsx) and
 * otherwise loads the page from here on demand (docs/decisions.md "Signed-in pages load their parts side
 * by side"). Neither React nor the app's shell is imported here, so this small chunk runs as soon as it
 * arrives.
 */
const SIGNED_IN_PAGES = {
  "/dashboard": () => import("../features/dashboard/dashboard-page.tsx"),
  "/kyc": () => import("../features/kyc/kyc-page.tsx"),
  "/inbox": () => import("../features/inbox/inbox-page.tsx"),
  "/documents": () => import("../features/documents/documents-page.tsx"),
  "/profile": () => import("../features/profile/profile-page.tsx"),
  "/security": () => import("../features/security/security-page.tsx"),
  "/rate-alerts": () => import("../features/rate-alerts/rate-alerts-page.tsx"),
  // The back office with the area its address names (admin-page.tsx).
  "/admin": () => import("./admin-page.tsx").then((m) => m.loadOpenedArea().then(() => m)),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

export type SignedInPage = keyof typeof SIGNED_IN_PAGES;

// Every signed-in page has its list of catalogues, which the app loads before its first render on a
// direct visit (lib/page-namespaces.ts, app/signed-in-start.ts). A type-only check, so that this chunk does not carry the lists.
type EveryPage<T extends Record<SignedInPage, readonly string[]>> = T;
export type PagesWithCatalogues = EveryPage<typeof PAGE_NAMESPACES>;

const loads = new Map<SignedInPage, Promise<{ default: ComponentType }>>();

/**
 * The page's module, downloaded once. Like React.lazy, a failed download is not tried again: the page's
 * error boundary reports it and a reload starts afresh.
 */
export function loadSignedInPage(page: SignedInPage): Promise<{ default: ComponentType }> {
  let load = loads.get(page);
  if (!load) {
    load = SIGNED_IN_PAGES[page]();
    loads.set(page, load);
  }
  return load;
}

/** The signed-in page at `pathname`, if it is one. */
export function signedInPageAt(pathname: string): SignedInPage | undefined {
  const page = pathname.replace(/\/+$/, "");
  return page in SIGNED_IN_PAGES ? (page as SignedInPage) : undefined;
}

/** A signed-in page brought in ahead of the app's first render, with the catalogues it reads. */
export interface PreloadedPage {
  page: SignedInPage;
  module: { default: ComponentType };
  namespaces?: readonly string[];
}

/** Starts loading the page at `pathname` when it is a signed-in page; settles once it is in. */
export function preloadSignedInPage(pathname: string): Promise<PreloadedPage | undefined> {
  const page = signedInPageAt(pathname);
  return page ? loadSignedInPage(page).then((module) => ({ page, module })) : Promise.resolve(undefined);
}
