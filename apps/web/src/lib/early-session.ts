import { STORAGE_KEYS } from "@festgeld/domain/constants";

/**
 * A signed-in reader's session, asked for by main.tsx while the app's code is still on its way, so the
 * signed-in pages do not wait for the code and then for the answer one after the other. The session
 * provider (lib/session.tsx) takes the answer once; anything but a 200 is left to its usual request.
 * The app's first render waits for it (app-root.tsx, usually in long before the code), and a user in it
 * is that render's user: the page appears with its content in its first frame, not a spinner first.
 */
let pending: Promise<unknown | null> | null = null;
let answer: { token: string; user: unknown } | null = null;

export function requestSessionEarly() {
  let token: string | null = null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return;
  }
  if (!token) return;
  const asked = token;
  pending = fetch("/api/auth/me", {
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${token}`,
      "Accept-Language": localStorage.getItem(STORAGE_KEYS.language) ?? navigator.language,
    },
  })
    .then((response) => (response.ok ? response.json() : null))
    .then((user: unknown) => {
      if (user) answer = { token: asked, user };
      return user;
    })
    .catch(() => null);
}

/** The early answer (the user), once; null when there was none or it was not a 200. */
export function takeEarlySession(): Promise<unknown | null> | null {
  const taken = pending;
  pending = null;
  return taken;
}

/** Settles once the early request has (at once when there was none). */
export function earlySessionSettled(): Promise<unknown> {
  return pending ?? Promise.resolve();
}

/** The user of the early answer if it has arrived, for the token still stored; else null. */
export function earlyUser(token: string | null): unknown | null {
  return answer && answer.token === token ? answer.user : null;
}
