import { STORAGE_KEYS } from "@festgeld/domain/constants";

/**
 * A signed-in reader's session, asked for by main.tsx while the app's code is still on its way, so the
 * signed-in pages do not wait for the code and then for the answer one after the other. The session
 * provider (lib/session.tsx) takes the answer once; anything but a 200 is left to its usual request.
 */
let pending: Promise<unknown | null> | null = null;

export function requestSessionEarly() {
  let token: string | null = null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return;
  }
  if (!token) return;
  pending = fetch("/api/auth/me", {
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${token}`,
      "Accept-Language": localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language,
    },
  })
    .then((response) => (response.ok ? response.json() : null))
    .catch(() => null);
}

/** The early answer (the user), once; null when there was none or it was not a 200. */
export function takeEarlySession(): Promise<unknown | null> | null {
  const taken = pending;
  pending = null;
  return taken;
}
