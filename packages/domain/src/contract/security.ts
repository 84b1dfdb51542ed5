import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { passwordSchema } from "./auth.ts";
import { emailSchema } from "./common.ts";

/** A token from an e-mailed link (256 random bits, base64url). */
export const emailTokenSchema = z.string().trim().min(20).max(200);

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmRequestSchema = z.strictObject({
  token: emailTokenSchema,
  new_password: passwordSchema,
});
export type PasswordResetConfirmRequest = z.input<typeof passwordResetConfirmRequestSchema>;

export const emailVerifyRequestSchema = z.strictObject({ token: emailTokenSchema });
export type EmailVerifyRequest = z.input<typeof emailVerifyRequestSchema>;

/** The signed-in account's security settings, for the security page. */
export const securityOverviewSchema = z.object({
  email: z.string(),
  email_verified: z.boolean(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** The current password, required with changes that could hand the account to someone else. */
export const currentPasswordSchema = z.string().min(1).max(LIMITS.passwordMaxLength);
