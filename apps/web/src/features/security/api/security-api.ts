import { operations } from "@festgeld/domain/operations";
import { api } from "../../../lib/api-client.ts";

export { securityKeys, useSecurityOverview } from "../../../lib/security-overview.ts";

export const resendVerification = () => api.call(operations.authEmailVerifyResend);

export const startTwoFactorSetup = () => api.call(operations.authTwoFactorSetup);
export const enableTwoFactor = (code: string) => api.call(operations.authTwoFactorEnable, { body: { code } });
export const disableTwoFactor = (current_password: string, code: string) =>
  api.call(operations.authTwoFactorDisable, { body: { current_password, code } });
export const regenerateRecoveryCodes = (current_password: string) =>
  api.call(operations.authRecoveryCodesRegenerate, { body: { current_password } });
