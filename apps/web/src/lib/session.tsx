import type { AuthResponse, User } from "@festgeld/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { ApiError, api, onUnauthorized } from "./api-client.ts";
import { takeEarlySession } from "./early-session.ts";
import { operations } from "./operations.ts";
import { queryClient } from "./query-client.ts";
import { tokenStore } from "./storage.ts";

/**
 * The signed-in user: the token is kept under `token` and sent as a bearer on
 * every request; on load the current user is fetched with a loading flag. A 401 (on that fetch or
 * any call) or logout removes the token and clears the user. Any other failure of that fetch (no
 * network, a 5xx, a 429) keeps the token: the fetch is tried again a few times, and if it still
 * fails the session is `unreachable` (pages say so and offer to try again) rather than signed out.
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

/** Waits before the second and third reading of the current user after a failure that is not a 401. */
export const SESSION_RETRY_DELAYS_MS = [500, 1500] as const;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Only the server's 401 says the token is no good; anything else says nothing about it. */
const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => tokenStore.get() !== null);
  const [unreachable, setUnreachable] = useState(false);

  const clear = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    setUnreachable(false);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "packages" });
  }, []);

  const refresh = useCallback(async () => {
    const token = tokenStore.get();
    if (!token) {
      setUser(null);
      setLoading(false);
      return;
    }
    const early = (await takeEarlySession()) as User | null;
    for (let attempt = 0; ; attempt++) {
      try {
        const current = early ?? (await api.call(operations.authMe));
        // A sign-in or sign-out meanwhile decided the session; this answer is for the token before it.
        if (tokenStore.get() === token) {
          setUser(current);
          setUnreachable(false);
        }
        setLoading(false);
        return;
      } catch (error) {
        if (isUnauthorized(error) || tokenStore.get() !== token) {
          if (tokenStore.get() === token) clear();
          setLoading(false);
          return;
        }
        const delay = SESSION_RETRY_DELAYS_MS[attempt];
        if (delay === undefined) {
          console.error("Could not load the current user", error);
          setUnreachable(true);
          setLoading(false);
          return;
        }
        await wait(delay);
      }
    }
  }, [clear]);

  useEffect(() => {
    void refresh();
    return onUnauthorized(() => clear());
  }, [refresh, clear]);

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
    () => ({ user, loading, unreachable, signIn, signOut, refresh }),
    [user, loading, unreachable, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}
