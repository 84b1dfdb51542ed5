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
  clear: () => {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.sessionFrame);
  },
};

/**
 * The name a signed-in page's first frame is rendered with at build time (entry-prerender.tsx):
 * public/signed-in-frame.js puts the reader's own in its place, and its first character in place of the
 * initial the account menu draws from it. Characters of Unicode's private use area, which no catalogue holds.
 */
export const FRAME_NAME = "\uE000\uE001";

/** What the signed-in pages' first frame shows of the reader (public/signed-in-frame.js). */
export interface SessionFrame {
  name: string;
  /** The reader's role: the back office's frame is shown to an admin only. */
  role: string;
}

/**
 * The signed-in reader's name, kept while the token is: the signed-in pages' shells draw the
 * page's first frame from it before the app's code has arrived (docs/decisions.md "A signed-in page's
 * first frame before the app"). Nothing the server decides reads it.
 */
export const sessionFrameStore = {
  set: (frame: SessionFrame) => storage.set(STORAGE_KEYS.sessionFrame, JSON.stringify(frame)),
};
