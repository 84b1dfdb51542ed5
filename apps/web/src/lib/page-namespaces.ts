/**
 * The catalogues each signed-in page asks for as it renders, by its address. The page reads its list from here, and on a
 * direct visit i18next loads them with the app's own catalogues as it starts (lib/i18n.ts), so the page
 * does not fetch its code, then run it, then fetch its words, one after the other
 * (docs/decisions.md "Signed-in pages load their parts side by side").
 */
export const PAGE_NAMESPACES = {
  "/dashboard": ["invest", "deposits", "tools", "banks", "messages"],
  "/kyc": ["kyc", "identity"],
  "/inbox": ["messages"],
  "/documents": ["messages"],
  "/profile": ["account"],
  "/security": ["security", "errors", "tools"],
  "/rate-alerts": ["tools", "invest"],
  "/admin": ["admin", "identity", "deposits", "ledger", "payments", "banks"],
} as const satisfies Record<string, readonly string[]>;
