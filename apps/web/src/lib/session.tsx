import type { AuthResponse, User } from "@festgeld/domain";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { api, onUnauthorized } from "./api-client.ts";
import { takeEarlySession } from "./early-session.ts";
import { operations } from "./operations.ts";
import { queryClient } from "./query-client.ts";
import { tokenStore } from "./storage.ts";

/**
 * The signed-in user: the token is kept under `token` and sent as a bearer on
 * every request; on load the current user is fetched with a loading flag; a failed fetch, a 401 on
 * any call, or logout removes the token and clears the user.
 */
interface SessionState {
  user: User | null;
  loading: boolean;
  /** Store the token and user after a successful login or registration. */
  signIn: (auth: AuthResponse) => void;
  /** Revoke the session on the server (best effort) and forget it here. */
  signOut: () => Promise<void>;
  /** Re-read the current user (after a profile change or a KYC upload). */
  refresh: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(null);
  const [loading, setLoading] = useState(() => tokenStore.get() !== null);

  const clear = useCallback(() => {
    tokenStore.clear();
    setUser(null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== "packages" });
  }, []);

  const refresh = useCallback(async () => {
    if (!tokenStore.get()) {
      setUser(null);
      setLoading(false);
      return;
    }
    try {
      const early = (await takeEarlySession()) as User | null;
      setUser(early ?? (await api.call(operations.authMe)));
    } catch (error) {
      console.error("Could not load the current user", error);
      clear();
    } finally {
      setLoading(false);
    }
  }, [clear]);

  useEffect(() => {
    void refresh();
    return onUnauthorized(() => clear());
  }, [refresh, clear]);

  const signIn = useCallback((auth: AuthResponse) => {
    tokenStore.set(auth.access_token);
    setUser(auth.user);
    setLoading(false);
  }, []);

  const signOut = useCallback(async () => {
    if (tokenStore.get()) await api.call(operations.authLogout).catch(() => {});
    clear();
  }, [clear]);

  const value = useMemo(
    () => ({ user, loading, signIn, signOut, refresh }),
    [user, loading, signIn, signOut, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error("useSession outside SessionProvider");
  return ctx;
}
