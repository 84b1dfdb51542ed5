import { z } from "zod";
import {
  authResponseSchema,
  loginRequestSchema,
  passwordChangeRequestSchema,
  profileUpdateRequestSchema,
  registerRequestSchema,
  userSchema,
} from "../auth.ts";
import { okResponseSchema } from "../common.ts";
import { defineOperation, json } from "../operation.ts";
import { loginChallengeSchema } from "../security.ts";

export const authOperations = {
  authRegister: defineOperation({
    id: "authRegister",
    method: "POST",
    path: "/auth/register",
    access: "public",
    tags: ["auth"],
    summary: "Create an account (role user) and sign in",
    description:
      "An address that already has an account gets the same answer, with a token that opens no session; the owner is told by e-mail. The answer does not tell whether the address was known.",
    body: registerRequestSchema,
    responses: { 201: json(authResponseSchema, "The account and a session token") },
    errors: [503],
    rateLimited: true,
  }),
  authLogin: defineOperation({
    id: "authLogin",
    method: "POST",
    path: "/auth/login",
    access: "public",
    tags: ["auth"],
    summary: "Sign in with e-mail and password",
    description:
      "A wrong password and an unknown e-mail get the same answer (401 invalid_credentials). For an account with two-factor sign-in the right password answers a challenge instead of a session: finish with /auth/login/two-factor. A locked account gets 403 account_locked after the right password.",
    body: loginRequestSchema,
    responses: {
      200: json(
        z.union([authResponseSchema, loginChallengeSchema]),
        "The user and a session token, or the two-factor challenge",
      ),
    },
    errors: [401, 403, 503],
    rateLimited: true,
  }),
  authMe: defineOperation({
    id: "authMe",
    method: "GET",
    path: "/auth/me",
    access: "user",
    tags: ["auth"],
    summary: "The signed-in user",
    responses: { 200: json(userSchema, "The signed-in user") },
  }),
  authUpdateProfile: defineOperation({
    id: "authUpdateProfile",
    method: "PATCH",
    path: "/auth/profile",
    access: "user",
    tags: ["auth"],
    summary: "Change full name and ask for an e-mail change",
    description:
      "The name changes at once. Changing the e-mail needs `current_password` (400 current_password_required, 400 wrong_current_password) and changes nothing yet: a link goes to the new address, and opening it (POST /auth/email/verify with its token) makes the change, told at both addresses. A taken address gets the same 202 and no link. 503 when no e-mail can be sent.",
    body: profileUpdateRequestSchema,
    responses: {
      200: json(userSchema, "The changed user"),
      202: json(userSchema, "The user as now (address unchanged); a link is on its way to the new address"),
    },
    errors: [503],
    rateLimited: true,
  }),
  authLogout: defineOperation({
    id: "authLogout",
    method: "POST",
    path: "/auth/logout",
    access: "user",
    tags: ["auth"],
    summary: "Revoke the current session",
    responses: { 200: json(okResponseSchema, "The session is revoked") },
  }),
  authChangePassword: defineOperation({
    id: "authChangePassword",
    method: "POST",
    path: "/auth/password",
    access: "user",
    tags: ["auth"],
    summary: "Change the password; signs out every other session of the user",
    body: passwordChangeRequestSchema,
    responses: { 200: json(okResponseSchema, "The password is changed") },
    errors: [503],
    rateLimited: true,
  }),
} as const;
