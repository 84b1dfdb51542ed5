import { z } from "zod";
import { currentPasswordSchema } from "./auth.ts";

/**
 * Passkeys (WebAuthn): the JSON forms of the ceremonies as SimpleWebAuthn exchanges them between
 * browser and server (docs/decisions.md, "Passkeys"). Binary values travel as base64url text.
 */

/** The most passkeys one account may hold. */
export const PASSKEY_LIMIT = 20;
export const PASSKEY_NAME_MAX = 60;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: "Must be base64url" });

const credentialDescriptorSchema = z.object({
  id: base64url(1400),
  type: z.literal("public-key"),
  transports: z.array(z.string().max(40)).max(10).optional(),
});

const extensionsSchema = z.record(z.string(), z.unknown());

/** What `navigator.credentials.create()` needs (PublicKeyCredentialCreationOptionsJSON). */
export const passkeyCreationOptionsSchema = z
  .object({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.literal("public-key") })),
    timeout: z.number().int().optional(),
    excludeCredentials: z.array(credentialDescriptorSchema).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.string().optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: z.string().optional(),
        userVerification: z.string().optional(),
      })
      .optional(),
    hints: z.array(z.string()).optional(),
    attestation: z.string().optional(),
    extensions: extensionsSchema.optional(),
  })
  .meta({ id: "PasskeyCreationOptions" });
export type PasskeyCreationOptions = z.infer<typeof passkeyCreationOptionsSchema>;

/** What `navigator.credentials.get()` needs (PublicKeyCredentialRequestOptionsJSON). */
export const passkeyRequestOptionsSchema = z
  .object({
    challenge: z.string(),
    timeout: z.number().int().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptorSchema).optional(),
    userVerification: z.string().optional(),
    hints: z.array(z.string()).optional(),
    extensions: extensionsSchema.optional(),
  })
  .meta({ id: "PasskeyRequestOptions" });
export type PasskeyRequestOptions = z.infer<typeof passkeyRequestOptionsSchema>;

/** What both of the authenticator's answers carry besides their `response`. */
const credentialFields = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  authenticatorAttachment: z.string().max(40).optional(),
  clientExtensionResults: extensionsSchema,
};

/** The authenticator's answer to a registration (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192).min(1),
    attestationObject: base64url(65_536).min(1),
    authenticatorData: base64url(65_536).optional(),
    transports: z.array(z.string().max(40)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
});

/** The authenticator's answer to a sign-in (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(8192).min(1),
    authenticatorData: base64url(65_536).min(1),
    signature: base64url(8192).min(1),
    userHandle: base64url(1400).optional(),
  }),
});

export const passkeyNameSchema = z.string().trim().min(1).max(PASSKEY_NAME_MAX);

/** Adding a passkey needs the current password, like an e-mail change. */
export const passkeyRegistrationOptionsRequestSchema = z.strictObject({
  current_password: currentPasswordSchema,
});

export const passkeyRegisterRequestSchema = z.strictObject({
  name: passkeyNameSchema.optional().describe("Shown in the list; the browser and system when left out"),
  response: passkeyRegistrationResponseSchema,
});
export type PasskeyRegisterRequest = z.input<typeof passkeyRegisterRequestSchema>;

export const passkeyRenameRequestSchema = z.strictObject({ name: passkeyNameSchema });

export const passkeyLoginRequestSchema = z.strictObject({ response: passkeyAuthenticationResponseSchema });
export type PasskeyLoginRequest = z.input<typeof passkeyLoginRequestSchema>;

/** One passkey of the account, as the security page lists it. */
export const passkeySchema = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    created_at: z.string().describe("ISO 8601"),
    last_used_at: z.string().nullable().describe("ISO 8601: the latest sign-in with it"),
    backed_up: z.boolean().describe("Synced by a password manager or platform (multi-device)"),
  })
  .meta({ id: "Passkey" });
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);
