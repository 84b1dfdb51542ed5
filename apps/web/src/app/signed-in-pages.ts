import { PAGE_NAMESPACES } from "../lib/page-namespaces.ts";

/**
 * The code of the signed-in pages, by address. The router loads each on demand (router.tsx); on a direct
 * visit, main.tsx starts the current page's download beside the app's, since such a page has nothing on
 * screen until both are in (docs/decisions.md "Hydration cost of the public pages").
 */
export const SIGNED_IN_PAGES = {
  "/dashboard": () => import("../features/dashboard/dashboard-page.tsx"),
  "/kyc": () => import("../features/kyc/kyc-page.tsx"),
  "/inbox": () => import("../features/inbox/inbox-page.tsx"),
  "/documents": () => import("../features/documents/documents-page.tsx"),
  "/profile": () => import("../features/profile/profile-page.tsx"),
  "/security": () => import("../features/security/security-page.tsx"),
  "/rate-alerts": () => import("../features/rate-alerts/rate-alerts-page.tsx"),
  "/admin": () => import("./admin-page.tsx"),
} as const;

/** The catalogues of each page (lib/page-namespaces.ts); the type asks for a list for every page. */
const NAMESPACES: Record<keyof typeof SIGNED_IN_PAGES, readonly string[]> = PAGE_NAMESPACES;

/** The signed-in page at `pathname`, if it is one. */
function pageAt(pathname: string): keyof typeof SIGNED_IN_PAGES | undefined {
  const page = pathname.replace(/\/+$/, "");
  return page in SIGNED_IN_PAGES ? (page as keyof typeof SIGNED_IN_PAGES) : undefined;
}

/** Starts loading the page at `pathname` when it is a signed-in page. */
export function preloadSignedInPage(pathname: string) {
  const page = pageAt(pathname);
  if (page) void SIGNED_IN_PAGES[page]();
}

/** The catalogues the page at `pathname` asks for (none when it is not a signed-in page). */
export function signedInPageNamespaces(pathname: string): readonly string[] {
  const page = pageAt(pathname);
  return page ? NAMESPACES[page] : [];
}
