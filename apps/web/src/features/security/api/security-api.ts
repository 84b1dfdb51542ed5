import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { operations } from "../../../lib/operations.ts";

export { securityKeys, useSecurityOverview } from "../../../lib/security-overview.ts";

export const resendVerification = () => api.call(operations.authEmailVerifyResend);

export const startTwoFactorSetup = () => api.call(operations.authTwoFactorSetup);
export const enableTwoFactor = (code: string) => api.call(operations.authTwoFactorEnable, { body: { code } });
export const disableTwoFactor = (current_password: string, code: string) =>
  api.call(operations.authTwoFactorDisable, { body: { current_password, code } });
export const regenerateRecoveryCodes = (current_password: string) =>
  api.call(operations.authRecoveryCodesRegenerate, { body: { current_password } });

export const sessionKeys = {
  sessions: ["security", "sessions"] as const,
  events: ["security", "events"] as const,
};

export function useSessions() {
  return useQuery({
    queryKey: sessionKeys.sessions,
    queryFn: ({ signal }) => api.call(operations.authSessionsList, { signal }),
  });
}

export function useSecurityEvents() {
  return useQuery({
    queryKey: sessionKeys.events,
    queryFn: ({ signal }) => api.call(operations.authSecurityEvents, { signal }),
  });
}

export const revokeSession = (id: string) => api.call(operations.authSessionRevoke, { params: { id } });
export const revokeOtherSessions = () => api.call(operations.authSessionsRevokeOthers);

export const passkeyKeys = { list: ["security", "passkeys"] as const };

export function usePasskeys() {
  return useQuery({
    queryKey: passkeyKeys.list,
    queryFn: ({ signal }) => api.call(operations.authPasskeysList, { signal }),
  });
}

export const renamePasskey = (id: string, name: string) =>
  api.call(operations.authPasskeyRename, { params: { id }, body: { name } });
export const deletePasskey = (id: string) => api.call(operations.authPasskeyDelete, { params: { id } });
