import { okResponseSchema } from "../common.ts";
import { defineOperation, json } from "../operation.ts";
import {
  emailVerifyRequestSchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
  securityOverviewSchema,
} from "../security.ts";

/** Account security: password reset, e-mail verification, and the signed-in account's settings. */
export const securityOperations = {
  authPasswordResetRequest: defineOperation({
    id: "authPasswordResetRequest",
    method: "POST",
    path: "/auth/password-reset/request",
    access: "public",
    tags: ["auth"],
    summary: "Ask for a password reset link by e-mail",
    description:
      "Always answers 202 with the same body, before any work is done, so neither the answer nor its timing tells whether the address has an account. The link works once, for 30 minutes.",
    body: passwordResetRequestSchema,
    responses: { 202: json(okResponseSchema, "Accepted; a link is sent if the address has an account") },
    errors: [503],
    rateLimited: true,
  }),
  authPasswordResetConfirm: defineOperation({
    id: "authPasswordResetConfirm",
    method: "POST",
    path: "/auth/password-reset/confirm",
    access: "public",
    tags: ["auth"],
    summary: "Set a new password with the token of a reset link; ends every session of the account",
    description: "An unknown or used token is 400 token_invalid, an expired one 400 token_expired.",
    body: passwordResetConfirmRequestSchema,
    responses: { 200: json(okResponseSchema, "The password is changed; sign in with it") },
    errors: [503],
    rateLimited: true,
  }),
  authEmailVerify: defineOperation({
    id: "authEmailVerify",
    method: "POST",
    path: "/auth/email/verify",
    access: "public",
    tags: ["auth"],
    summary: "Confirm an e-mail address with the token of its verification link",
    description:
      "The token works once and only while the address is still the account's. An unknown or used token is 400 token_invalid, an expired one 400 token_expired.",
    body: emailVerifyRequestSchema,
    responses: { 200: json(okResponseSchema, "The address is confirmed") },
    errors: [503],
    rateLimited: true,
  }),
  authEmailVerifyResend: defineOperation({
    id: "authEmailVerifyResend",
    method: "POST",
    path: "/auth/email/verify/resend",
    access: "user",
    tags: ["auth"],
    summary: "Send a new verification link to the signed-in account's address",
    description: "409 email_already_verified when it is confirmed; 503 when no e-mail can be sent.",
    responses: { 202: json(okResponseSchema, "A new link is on its way") },
    errors: [409, 503],
    rateLimited: true,
  }),
  authSecurity: defineOperation({
    id: "authSecurity",
    method: "GET",
    path: "/auth/security",
    access: "user",
    tags: ["auth"],
    summary: "The signed-in account's security settings",
    responses: { 200: json(securityOverviewSchema, "Whether the address is confirmed, and more") },
  }),
} as const;
