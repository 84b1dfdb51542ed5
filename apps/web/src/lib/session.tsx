import type { AuthResponse, User } from "@festgeld/domain";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
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
  /** A reading of the current user is under way (the first, or one asked for by `refresh`). */
  checking: boolean;
  /** Re-read the current user (after a profile change or a KYC upload); a call while one runs joins it. */
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
  const [checking, setChecking] = useState(false);

  const clear = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    setUnreachable(false);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "packages" });
  }, []);

  // Set while the provider is mounted: a check that outlives it stops at its next step.
  const mounted = useRef(true);
  // The check under way, which a second caller (another "Try again" click) waits for instead of starting one.
  const running = useRef<Promise<void> | null>(null);

  const check = useCallback(async () => {
    const token = tokenStore.get();
    if (!token) {
      setUser(null);
      setUnreachable(false);
      setLoading(false);
      return;
    }
    const early = (await takeEarlySession()) as User | null;
    for (let attempt = 0; ; attempt++) {
      let outcome: { user: User } | { error: unknown };
      try {
        outcome = { user: early ?? (await api.call(operations.authMe)) };
      } catch (error) {
        outcome = { error };
      }
      if (!mounted.current) return;
      const stored = tokenStore.get();
      if (stored !== token) {
        // Decided meanwhile: a sign-in here set its own state; a sign-out (a 401, this tab or another) left none.
        if (stored === null) {
          setUser(null);
          setUnreachable(false);
        }
        setLoading(false);
        return;
      }
      if ("user" in outcome) {
        setUser(outcome.user);
        setUnreachable(false);
        setLoading(false);
        return;
      }
      if (isUnauthorized(outcome.error)) {
        clear();
        setLoading(false);
        return;
      }
      const delay = SESSION_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        console.error("Could not load the current user", outcome.error);
        setUnreachable(true);
        setLoading(false);
        return;
      }
      await wait(delay);
      if (!mounted.current) return;
    }
  }, [clear]);

  const refresh = useCallback(() => {
    if (!running.current) {
      setChecking(true);
      running.current = check().finally(() => {
        running.current = null;
        if (mounted.current) setChecking(false);
      });
    }
    return running.current;
  }, [check]);

  useEffect(() => {
    mounted.current = true;
    void refresh();
    const stopListening = onUnauthorized(() => clear());
    return () => {
      mounted.current = false;
      stopListening();
    };
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
    () => ({ user, loading, unreachable, checking, signIn, signOut, refresh }),
    [user, loading, unreachable, checking, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}
