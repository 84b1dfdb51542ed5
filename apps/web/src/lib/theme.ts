import { STORAGE_KEYS } from "@festgeld/domain/constants";
import { useCallback, useSyncExternalStore } from "react";
import { storage } from "./storage.ts";

/** Dark mode: off by default, kept under `darkMode`, shown by the `dark` class on <html>. */
const listeners = new Set<() => void>();
const isDark = () => document.documentElement.classList.contains("dark");

export function setDarkMode(dark: boolean) {
  document.documentElement.classList.toggle("dark", dark);
  storage.set(STORAGE_KEYS.darkMode, String(dark));
  for (const l of listeners) l();
}

export function useDarkMode(): [boolean, () => void] {
  const dark = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    isDark,
    () => false,
  );
  const toggle = useCallback(() => setDarkMode(!isDark()), []);
  return [dark, toggle];
}
