/**
 * Libraries that only some requests need, loaded on first use instead of at start-up
 * (docs/decisions.md "Start-up loads only what serving needs"). Each loader caches its module, so a
 * later call costs one resolved promise.
 */

/** A loader that imports its module on first use and keeps it (a failed import is retried). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/** qrcode: the GiroCode on transfer instructions and the two-factor enrolment code. */
export const loadQrCode = once(async () => (await import("qrcode")).default);

/** pdfkit: the postbox documents. */
export const loadPdfKit = once(async () => (await import("pdfkit")).default);

/** SimpleWebAuthn: passkey registration and sign-in (with its X.509 stack). */
export const loadWebAuthn = once(() => import("@simplewebauthn/server"));
