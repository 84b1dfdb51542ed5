/**
 * The catalogues each signed-in page asks for as it renders, by its address. The page reads its list from here, and on a
 * direct visit i18next loads them with the app's own catalogues as it starts (lib/i18n.ts), so the page
 * does not fetch its code, then run it, then fetch its words, one after the other
 * (docs/decisions.md "Signed-in pages load their parts side by side"). Every signed-in page lists
 * "messages": the header's notification bell reads its words there. A page whose later parts read
 * catalogues of their own lists only what its first frame reads: the dashboard's cards ask for theirs
 * with their code, once the welcome is painted (features/dashboard/dashboard-page.tsx).
 */
export const PAGE_NAMESPACES = {
  "/dashboard": ["invest", "messages"],
  "/kyc": ["kyc", "identity", "messages"],
  "/inbox": ["messages"],
  "/documents": ["messages"],
  "/profile": ["account", "messages"],
  "/security": ["security", "errors", "tools", "messages"],
  "/rate-alerts": ["tools", "invest", "messages"],
  "/admin": ["admin", "identity", "deposits", "ledger", "payments", "banks", "messages"],
} as const satisfies Record<string, readonly string[]>;
