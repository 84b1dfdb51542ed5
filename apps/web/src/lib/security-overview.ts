import { useQuery } from "@tanstack/react-query";
import { api } from "./api-client.ts";
import { operations } from "./operations.ts";

export const securityKeys = {
  overview: ["security", "overview"] as const,
};

/**
 * The signed-in account's security settings (address confirmed, two-factor, ...): the /security page
 * shows them, and back-office pages check that an admin has two-factor (RequireUser).
 */
export function useSecurityOverview() {
  return useQuery(securityOverviewQuery);
}

/** The query of useSecurityOverview, for a page that asks for it before it renders (admin-page.tsx). */
export const securityOverviewQuery = {
  queryKey: securityKeys.overview,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.call(operations.authSecurity, { signal }),
};
