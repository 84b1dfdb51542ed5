import { STORAGE_KEYS } from "@festgeld/domain/constants";

/** localStorage that never throws (private mode, disabled storage). */
export const storage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string) {
    try {
      localStorage.setItem(key, value);
    } catch {
      // ignore
    }
  },
  remove(key: string) {
    try {
      localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
};

export const tokenStore = {
  get: () => storage.get(STORAGE_KEYS.token),
  set: (token: string) => storage.set(STORAGE_KEYS.token, token),
  clear: () => storage.remove(STORAGE_KEYS.token),
};
