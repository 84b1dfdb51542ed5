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
  return useQuery({
    queryKey: securityKeys.overview,
    queryFn: ({ signal }) => api.call(operations.authSecurity, { signal }),
  });
}
