import { operations } from "@festgeld/domain/operations";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const securityKeys = {
  overview: ["security", "overview"] as const,
};

/** The signed-in account's security settings (address confirmed, two-factor, ...). */
export function useSecurityOverview() {
  return useQuery({
    queryKey: securityKeys.overview,
    queryFn: ({ signal }) => api.call(operations.authSecurity, { signal }),
  });
}

export const resendVerification = () => api.call(operations.authEmailVerifyResend);

export const startTwoFactorSetup = () => api.call(operations.authTwoFactorSetup);
export const enableTwoFactor = (code: string) => api.call(operations.authTwoFactorEnable, { body: { code } });
export const disableTwoFactor = (current_password: string, code: string) =>
  api.call(operations.authTwoFactorDisable, { body: { current_password, code } });
export const regenerateRecoveryCodes = (current_password: string) =>
  api.call(operations.authRecoveryCodesRegenerate, { body: { current_password } });
