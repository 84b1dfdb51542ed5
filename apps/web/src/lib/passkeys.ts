import type { AuthResponse, Passkey } from "@festgeld/domain";
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import { ApiError, api, errorMessage } from "./api-client.ts";
import { i18n } from "./i18n.ts";
import { operations } from "./operations.ts";

/**
 * Passkeys in the browser (SimpleWebAuthn): the server's options go to the browser's WebAuthn API and
 * its answer back to the server (docs/decisions.md, "Passkeys").
 */

export const passkeysSupported = () => typeof window !== "undefined" && browserSupportsWebAuthn();

/** Adds a passkey to the signed-in account: the current password, then the browser's ceremony. */
export async function addPasskey(currentPassword: string, name?: string): Promise<Passkey> {
  const options = await api.call(operations.authPasskeyRegistrationOptions, {
    body: { current_password: currentPassword },
  });
  // The contract's schema is the JSON form of PublicKeyCredentialCreationOptions (enums as strings).
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return api.call(operations.authPasskeyRegister, {
    body: {
      response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } },
      ...(name?.trim() ? { name: name.trim() } : {}),
    },
  });
}

/** Signs in with a passkey the browser holds for this site (no e-mail needed). */
export async function signInWithPasskey(): Promise<AuthResponse> {
  const options = await api.call(operations.authPasskeyLoginOptions);
  const response = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return api.call(operations.authLoginPasskey, {
    body: { response: { ...response, clientExtensionResults: { ...response.clientExtensionResults } } },
  });
}

/** The text for a failed passkey step: the server's translated error, or what the browser said. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, i18n.t("security:passkeys.failed"));
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED") {
    return i18n.t("security:passkeys.alreadyOnDevice");
  }
  if (
    error instanceof WebAuthnError &&
    (error.code === "ERROR_INVALID_DOMAIN" || error.code === "ERROR_INVALID_RP_ID")
  ) {
    return i18n.t("security:passkeys.wrongAddress");
  }
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError")) {
    return i18n.t("security:passkeys.cancelled");
  }
  return i18n.t("security:passkeys.failed");
}
