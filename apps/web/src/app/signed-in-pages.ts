import { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";
import { preloadable } from "../lib/preloadable.ts";

/**
 * The code of the signed-in pages, by address. The router loads each on demand (router.tsx); on a direct
 * visit, main.tsx starts the current page's download beside the app's and renders once it is in, since
 * such a page has nothing on screen until both are in (docs/decisions.md "Signed-in pages load their
 * parts side by side").
 */
const SIGNED_IN_PAGES = {
  "/dashboard": preloadable(() => import("../features/dashboard/dashboard-page.tsx")),
  "/kyc": preloadable(() => import("../features/kyc/kyc-page.tsx")),
  "/inbox": preloadable(() => import("../features/inbox/inbox-page.tsx")),
  "/documents": preloadable(() => import("../features/documents/documents-page.tsx")),
  "/profile": preloadable(() => import("../features/profile/profile-page.tsx")),
  "/security": preloadable(() => import("../features/security/security-page.tsx")),
  "/rate-alerts": preloadable(() => import("../features/rate-alerts/rate-alerts-page.tsx")),
  // The back office with the area its address names (admin-page.tsx).
  "/admin": preloadable(() => import("./admin-page.tsx").then((m) => m.loadOpenedArea().then(() => m))),
};

/** The page as a lazy component that renders at once when preloadSignedInPage has brought it in. */
export const signedInPage = (page: keyof typeof SIGNED_IN_PAGES) =>
  SIGNED_IN_PAGES[page].component((module) => module.default);

// Every signed-in page has its list of catalogues, which lib/i18n.ts loads with the app's own on a
// direct visit (lib/page-namespaces.ts).
void (PAGE_NAMESPACES satisfies Record<keyof typeof SIGNED_IN_PAGES, readonly string[]>);

/** The signed-in page at `pathname`, if it is one. */
function pageAt(pathname: string): keyof typeof SIGNED_IN_PAGES | undefined {
  const page = pathname.replace(/\/+$/, "");
  return page in SIGNED_IN_PAGES ? (page as keyof typeof SIGNED_IN_PAGES) : undefined;
}

/** Starts loading the page at `pathname` when it is a signed-in page; settles once it is in. */
export function preloadSignedInPage(pathname: string): Promise<unknown> {
  const page = pageAt(pathname);
  return page ? SIGNED_IN_PAGES[page].load() : Promise.resolve();
}
