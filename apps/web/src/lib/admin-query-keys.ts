import { useQueryClient } from "@tanstack/react-query";

/**
 * Query keys the back-office tabs share: a tab that changes data refreshes another tab's view
 * without importing it (features do not import each other).
 */
export const ADMIN_KEYS = {
  analytics: ["admin", "analytics"] as const,
  users: ["admin", "users"] as const,
  applications: ["admin", "applications"] as const,
  packages: ["admin", "packages"] as const,
  audit: ["admin", "audit"] as const,
  contactMessages: ["admin", "contact-messages"] as const,
  newsletter: ["admin", "newsletter"] as const,
  deposits: ["admin", "deposits"] as const,
  depositSummary: ["admin", "deposit-summary"] as const,
  statements: ["admin", "bank-statements"] as const,
  jobs: ["admin", "jobs"] as const,
  payments: ["admin", "payments"] as const,
  paymentFiles: ["admin", "payment-files"] as const,
  unmatchedCredits: ["admin", "unmatched-credits"] as const,
  bankExceptions: ["admin", "bank-exceptions"] as const,
};

type AdminKey = (typeof ADMIN_KEYS)[keyof typeof ADMIN_KEYS];

/** A function that has the back office read the views under `keys` again (after a change that touches them). */
export function useRefreshAdminViews(keys: readonly AdminKey[]) {
  const queryClient = useQueryClient();
  return () => {
    for (const key of keys) void queryClient.invalidateQueries({ queryKey: key });
  };
}
