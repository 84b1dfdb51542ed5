import { authResponseSchema } from "../auth.ts";
import { idParamSchema, okResponseSchema } from "../common.ts";
import { defineOperation, json } from "../operation.ts";
import {
  passkeyCreationOptionsSchema,
  passkeyListSchema,
  passkeyLoginRequestSchema,
  passkeyRegisterRequestSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRenameRequestSchema,
  passkeyRequestOptionsSchema,
  passkeySchema,
} from "../passkeys.ts";

/** Passkeys (WebAuthn): a second way to sign in, added and removed on the security page. */
export const passkeyOperations = {
  authPasskeysList: defineOperation({
    id: "authPasskeysList",
    method: "GET",
    path: "/auth/passkeys",
    access: "user",
    tags: ["auth"],
    summary: "The account's passkeys (name, added, last used), newest first",
    responses: { 200: json(passkeyListSchema, "The passkeys") },
  }),
  authPasskeyRegistrationOptions: defineOperation({
    id: "authPasskeyRegistrationOptions",
    method: "POST",
    path: "/auth/passkeys/registration-options",
    access: "user",
    tags: ["auth"],
    summary: "Start adding a passkey (current password): the options for navigator.credentials.create()",
    description:
      "The challenge works once, for 2 minutes. A wrong password is 400 wrong_current_password; 409 passkey_limit_reached when the account holds 20 passkeys.",
    body: passkeyRegistrationOptionsRequestSchema,
    responses: { 200: json(passkeyCreationOptionsSchema, "Pass to the browser's WebAuthn API") },
    errors: [409, 503],
    rateLimited: true,
  }),
  authPasskeyRegister: defineOperation({
    id: "authPasskeyRegister",
    method: "POST",
    path: "/auth/passkeys",
    access: "user",
    tags: ["auth"],
    summary: "Finish adding a passkey with the authenticator's answer",
    description:
      "An unknown, used or expired challenge is 400 passkey_challenge_invalid; an answer that does not verify (origin, RP ID, user verification, signature) 400 passkey_invalid; a passkey already registered 409 passkey_already_registered.",
    body: passkeyRegisterRequestSchema,
    responses: { 201: json(passkeySchema, "The new passkey") },
    errors: [409],
    rateLimited: true,
  }),
  authPasskeyRename: defineOperation({
    id: "authPasskeyRename",
    method: "PATCH",
    path: "/auth/passkeys/:id",
    access: "user",
    tags: ["auth"],
    summary: "Rename one of the account's passkeys",
    description: "Another account's passkey is 404 passkey_not_found, like an unknown one.",
    params: idParamSchema,
    body: passkeyRenameRequestSchema,
    responses: { 200: json(passkeySchema, "The renamed passkey") },
  }),
  authPasskeyDelete: defineOperation({
    id: "authPasskeyDelete",
    method: "DELETE",
    path: "/auth/passkeys/:id",
    access: "user",
    tags: ["auth"],
    summary: "Remove one of the account's passkeys; it no longer signs in",
    description: "Another account's passkey is 404 passkey_not_found, like an unknown one.",
    params: idParamSchema,
    responses: { 200: json(okResponseSchema, "The passkey is removed") },
  }),
  authPasskeyLoginOptions: defineOperation({
    id: "authPasskeyLoginOptions",
    method: "POST",
    path: "/auth/login/passkey/options",
    access: "public",
    tags: ["auth"],
    summary: "Start a sign-in with a passkey: the options for navigator.credentials.get()",
    description:
      "No e-mail needed: the browser offers the passkeys it holds for this site (discoverable credentials). The challenge works once, for 2 minutes.",
    responses: { 200: json(passkeyRequestOptionsSchema, "Pass to the browser's WebAuthn API") },
    rateLimited: true,
  }),
  authLoginPasskey: defineOperation({
    id: "authLoginPasskey",
    method: "POST",
    path: "/auth/login/passkey",
    access: "public",
    tags: ["auth"],
    summary: "Sign in with a passkey's answer; opens a session (also for accounts with two-factor)",
    description:
      "The passkey must verify the user (PIN or biometrics), which makes it a sign-in with two factors: no TOTP code is asked. An unknown, used or expired challenge is 400 passkey_challenge_invalid; a passkey the server does not know (or one removed) 400 passkey_not_recognised; an answer that does not verify 400 passkey_invalid. A locked account gets 403 account_locked.",
    body: passkeyLoginRequestSchema,
    responses: { 200: json(authResponseSchema, "The user and a session token") },
    errors: [403, 503],
    rateLimited: true,
  }),
} as const;
