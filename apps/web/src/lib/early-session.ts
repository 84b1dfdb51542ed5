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

/**
 * A signed-in page's first GET requests, asked for beside the app's code on a direct visit
 * (app/signed-in-start.ts, lib/page-requests.ts) instead of once the page has rendered: the page's data
 * then arrives with its code rather than a round trip after its first frame (docs/decisions.md "The
 * signed-in pages measured cold"). Here, in the entry's chunk beside the session's early request, not in
 * a file of its own that the page's start would wait for. The API client takes an answer once, for the
 * very request it names (address, token and language), within EARLY_ANSWER_MS of asking; anything else
 * is asked for as usual, and an early request that failed is sent again.
 */
interface EarlyAnswer {
  authorization: string;
  language: string;
  asked: number;
  response: Promise<Response>;
}

/** How long an early answer stays the page's: the app's start takes a few seconds on a slow phone. */
export const EARLY_ANSWER_MS = 20_000;

const answers = new Map<string, EarlyAnswer>();

/** Keeps an early answer for the API client, and drops it, its body unread, if not taken within `keepMs`. */
function keep(url: string, early: EarlyAnswer, keepMs = EARLY_ANSWER_MS) {
  answers.set(url, early);
  // Not taken in time (the page moved on, or asked otherwise): dropped, its body unread.
  setTimeout(() => {
    if (answers.get(url) !== early) return;
    answers.delete(url);
    early.response.then((answer) => answer.body?.cancel()).catch(() => undefined);
  }, keepMs);
}

/** Asks for `url` (an `/api/...` address) with the stored session and `language`, for the API client to take. */
export function requestEarly(url: string, language: string, now = Date.now()) {
  let token: string | null;
  try {
    token = localStorage.getItem(STORAGE_KEYS.token);
  } catch {
    return;
  }
  if (!token) return;
  const authorization = `Bearer ${token}`;
  // Asked for already by the page's frame (adoptFrameAnswers), with this session and language.
  const asked = answers.get(url);
  if (asked && asked.authorization === authorization && asked.language === language) return;
  const response = fetch(url, {
    headers: { Accept: "application/json", Authorization: authorization, "Accept-Language": language },
  });
  // Unhandled until taken: a failure is the taker's to see (and it then asks again).
  response.catch(() => undefined);
  keep(url, { authorization, language, asked: now, response });
}

/**
 * The requests a signed-in page's frame made before the app (public/signed-in-frame.js: the back office's
 * first figures), kept as the early answers they are, so the app takes them instead of asking again.
 * Called once as the entry's chunk runs; the frame's script has run by then (it is parsed before the
 * entry runs).
 */
export function adoptFrameAnswers(
  from: unknown = (globalThis as { __festgeldFrameAnswers?: unknown }).__festgeldFrameAnswers,
) {
  if (!Array.isArray(from)) return;
  for (const early of from as (EarlyAnswer & { url: unknown })[]) {
    if (
      typeof early?.url !== "string" ||
      typeof early.authorization !== "string" ||
      typeof early.language !== "string" ||
      typeof early.asked !== "number" ||
      !(early.response instanceof Promise)
    ) {
      continue;
    }
    const { url, authorization, language, asked, response } = early;
    keep(
      url,
      { authorization, language, asked, response },
      Math.max(0, asked + EARLY_ANSWER_MS - Date.now()),
    );
  }
}

/**
 * The early answer to a GET of `url` with these headers, once; undefined when there is none, it was asked
 * for with another session or language, or it is older than EARLY_ANSWER_MS.
 */
export function takeEarlyAnswer(
  url: string,
  headers: Readonly<Record<string, string>>,
  now = Date.now(),
): Promise<Response> | undefined {
  const early = answers.get(url);
  if (!early) return undefined;
  answers.delete(url);
  const same =
    headers.Authorization === early.authorization &&
    headers["Accept-Language"] === early.language &&
    now - early.asked <= EARLY_ANSWER_MS;
  return same ? early.response : undefined;
}
