import { z } from "zod";
import { KYC_STATUSES, LIMITS, ROLES } from "../constants.ts";
import { emailSchema, timestampSchema } from "./common.ts";

/** The user as every client sees it. Nothing else leaves the server. */
export const userSchema = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    full_name: z.string(),
    role: z.enum(ROLES),
    kycStatus: z.enum(KYC_STATUSES),
    created_at: timestampSchema,
  })
  .meta({ id: "User" });
export type User = z.infer<typeof userSchema>;
export const userListSchema = z.array(userSchema);

export const passwordSchema = z.string().min(LIMITS.passwordMinLength).max(LIMITS.passwordMaxLength);
/**
 * A password the account already has: the sign-in's, and the current one that changes which could hand the
 * account to someone else require. Only bounded: the length rules are for new passwords.
 */
export const currentPasswordSchema = z.string().min(1).max(LIMITS.passwordMaxLength);
export const fullNameSchema = z.string().trim().min(1).max(200);

export const registerRequestSchema = z.strictObject({
  email: emailSchema,
  password: passwordSchema,
  full_name: fullNameSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: currentPasswordSchema,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const authResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal("bearer"),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const profileUpdateRequestSchema = z.strictObject({
  full_name: fullNameSchema,
  email: emailSchema,
  /** Required when the e-mail changes (the account's way back in goes to the new address). */
  current_password: currentPasswordSchema.optional(),
});
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

export const passwordChangeRequestSchema = z.strictObject({
  current_password: currentPasswordSchema,
  new_password: passwordSchema,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;
