import { z } from "zod";
import { currentPasswordSchema, passwordSchema } from "./auth.ts";
import { emailSchema } from "./common.ts";

/** A token from an e-mailed link (256 random bits, base64url). */
export const emailTokenSchema = z.string().trim().min(20).max(200);

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });

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
  two_factor_enabled: z.boolean(),
  /** Admins must sign in with two-factor; without it no back-office call succeeds. */
  two_factor_required: z.boolean(),
  recovery_codes_left: z.number().int().min(0),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

/** A six-digit code of an authenticator app (RFC 6238, SHA-1, 30 seconds). */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: "Enter the 6-digit code of your authenticator app" });

/** The answer of a sign-in whose password was right for an account with two-factor: the second step. */
export const loginChallengeSchema = z
  .object({
    two_factor_required: z.literal(true),
    challenge_token: z.string().describe("Send it with the code to /auth/login/two-factor"),
    expires_in: z.number().int().describe("Seconds the challenge stays valid"),
  })
  .meta({ id: "LoginChallenge" });
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** The second step of a sign-in: the challenge and a code of the authenticator app or a recovery code. */
export const twoFactorLoginRequestSchema = z.strictObject({
  challenge_token: emailTokenSchema,
  code: z.string().trim().min(6).max(32).describe("6 digits, or a recovery code (xxxx-xxxx-xxxx-xxxx)"),
});
export type TwoFactorLoginRequest = z.input<typeof twoFactorLoginRequestSchema>;

/** A new, not yet confirmed authenticator secret, as text and as a QR code. */
export const twoFactorSetupSchema = z.object({
  secret: z.string().describe("Base32, for typing into the app"),
  otpauth_url: z.string(),
  qr_code: z.string().describe("data: URL of an SVG image of the otpauth URL"),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorEnableRequestSchema = z.strictObject({ code: totpCodeSchema });

/** Ten single-use codes, shown once. */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorDisableRequestSchema = z.strictObject({
  current_password: currentPasswordSchema,
  code: totpCodeSchema,
});

export const recoveryCodesRequestSchema = z.strictObject({ current_password: currentPasswordSchema });

/** What a user agent says about the device: browser, operating system and kind of device. */
export const deviceSchema = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  type: z.enum(["desktop", "mobile", "tablet", "tv", "bot", "unknown"]),
});
export type Device = z.infer<typeof deviceSchema>;

/** One signed-in session of the account. */
export const accountSessionSchema = z.object({
  id: z.string().uuid(),
  created_at: z.string().describe("ISO 8601: when it signed in"),
  last_used_at: z.string().describe("ISO 8601: last request (updated at most once a minute)"),
  ip: z.string().nullable(),
  device: deviceSchema,
  current: z.boolean().describe("The session of this request"),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

export const SECURITY_EVENT_TYPES = [
  "registered",
  "login_succeeded",
  "login_failed",
  "logout",
  "password_changed",
  "password_reset",
  "password_reset_requested",
  "password_reset_sent_by_staff",
  "profile_updated",
  "email_verified",
  "two_factor_enabled",
  "two_factor_disabled",
  "two_factor_failed",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "session_revoked",
  "sessions_revoked",
  "account_locked",
  "account_unlocked",
  "role_changed",
  "passkey_added",
  "passkey_removed",
  "login_passkey",
] as const;

/** One entry of the account's recent security events. */
export const securityEventSchema = z.object({
  id: z.number().int(),
  event: z.enum(SECURITY_EVENT_TYPES),
  created_at: z.string(),
  ip: z.string().nullable(),
  device: deviceSchema.nullable(),
  /** For e-mail changes: that the address changed (the addresses are in the account's messages). */
  email_changed: z.boolean(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
export const securityEventListSchema = z.array(securityEventSchema);

export const revokedCountSchema = z.object({ revoked: z.number().int().min(0) });
