import type { AuthResponse, User } from "@festgeld/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiError, api, onUnauthorized } from "./api-client.ts";
import { earlyUser, takeEarlySession } from "./early-session.ts";
import { operations } from "./operations.ts";
import { queryClient } from "./query-client.ts";
import { sessionFrameStore, tokenStore } from "./storage.ts";

/**
 * The signed-in user: the token is kept under `token` and sent as a bearer on
 * every request; on load the current user is fetched with a loading flag. A 401 (on that fetch or
 * any call) or logout removes the token and clears the user. Any other failure of that fetch (no
 * network, a 5xx, a 429) keeps the token: the fetch is tried once more, and if it fails again the
 * session is `unreachable` (pages say so and offer to try again) rather than signed out.
 */
interface SessionState {
  user: User | null;
  loading: boolean;
  /** Store the token and user after a successful login or registration. */
  signIn: (auth: AuthResponse) => void;
  /** Revoke the session on the server (best effort) and forget it here. */
  signOut: () => Promise<void>;
  /** The current user could not be read for another reason than a 401; the token is kept. */
  unreachable: boolean;
  /** Re-read the current user (after a profile change or a KYC upload). */
  refresh: () => Promise<void>;
}

/** The wait before the current user is read once more after a failure that is not a 401. */
export const SESSION_RETRY_DELAY_MS = 1000;

/** Only the server's 401 says the token is no good; anything else says nothing about it. */
const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  // The early answer, when it is in (lib/early-session.ts): the first render has its user; the check below
  // then takes the same answer and changes nothing.
  const [user, setUser] = useState<User | null>(() => earlyUser(tokenStore.get()) as User | null);
  const [loading, setLoading] = useState(() => tokenStore.get() !== null && user === null);
  const [unreachable, setUnreachable] = useState(false);

  const clear = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    setUnreachable(false);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "packages" });
  }, []);

  const check = useCallback(async () => {
    const token = tokenStore.get();
    let found: User | null = null;
    let failure: unknown = null;
    if (token) {
      const ask = () => api.call(operations.authMe);
      try {
        found =
          ((await takeEarlySession()) as User | null) ??
          // A failure other than a 401 (a dropped connection, a busy server) is asked once more after a moment.
          (await ask().catch(async (error: unknown) => {
            if (isUnauthorized(error)) throw error;
            await new Promise((resolve) => setTimeout(resolve, SESSION_RETRY_DELAY_MS));
            return ask();
          }));
      } catch (error) {
        failure = error;
      }
    }
    // A 401 for the stored token has cleared it already (the client's listener, below).
    const stored = tokenStore.get();
    if (stored === null || (stored === token && !failure)) {
      // No token (none at all, signed out by a 401 or meanwhile here or in another tab), or the user read for it.
      setUser(stored === null ? null : found);
      setUnreachable(false);
    } else if (stored === token) setUnreachable(true);
    // Otherwise a sign-in meanwhile has set its own state.
    setLoading(false);
  }, []);

  useEffect(() => {
    void check();
    return onUnauthorized(() => clear());
  }, [check, clear]);

  // The next direct visit's first frame shows this reader (lib/storage.ts); cleared with the token.
  useEffect(() => {
    if (user && tokenStore.get() !== null) sessionFrameStore.set({ name: user.full_name, role: user.role });
  }, [user]);

  const signIn = useCallback((auth: AuthResponse) => {
    tokenStore.set(auth.access_token);
    setUser(auth.user);
    setUnreachable(false);
    setLoading(false);
  }, []);

  const signOut = useCallback(async () => {
    if (tokenStore.get()) await api.call(operations.authLogout).catch(() => {});
    clear();
  }, [clear]);

  const value = useMemo(
    () => ({ user, loading, unreachable, signIn, signOut, refresh: check }),
    [user, loading, unreachable, signIn, signOut, check],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * A fixed session: a signed-in page's first frame is rendered with it at build time, with a stand-in
 * for the reader's name (entry-prerender.tsx, docs/decisions.md "A signed-in page's first frame before
 * the app").
 */
export function StaticSessionProvider({ user, children }: { user: User; children: ReactNode }) {
  const value = useMemo(
    () => ({
      user,
      loading: false,
      unreachable: false,
      signIn: () => {},
      signOut: async () => {},
      refresh: async () => {},
    }),
    [user],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}
