import { STORAGE_KEYS } from "@festgeld/domain/constants";
import { useEffect, useSyncExternalStore } from "react";
import { storage } from "./storage.ts";
import { applyThemeChoice, followSystemTheme, storedThemeChoice, type ThemeChoice } from "./theme-choice.ts";

/**
 * The theme: light, dark or the system's (the default, followed live), kept under `darkMode`, shown by
 * the `dark` class on <html> (docs/decisions.md "Light, dark or the system's theme").
 */
const listeners = new Set<() => void>();
const notify = () => {
  for (const l of listeners) l();
};
const subscribe = (cb: () => void) => {
  listeners.add(cb);
  return () => listeners.delete(cb);
};
const isDark = () => document.documentElement.classList.contains("dark");

export function setThemeChoice(choice: ThemeChoice) {
  if (choice === "system") storage.remove(STORAGE_KEYS.darkMode);
  else storage.set(STORAGE_KEYS.darkMode, String(choice === "dark"));
  applyThemeChoice(choice);
  notify();
}

/** The reader's choice and a setter. */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, storedThemeChoice, () => "system" as const);
  return [choice, setThemeChoice];
}

/** Whether the page shows dark now (the choice, or the system's setting under "system"). */
export function useDarkMode(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}

/** Once, at the app's root: the page follows a change of the system's setting while the choice is "system". */
export function useFollowSystemTheme() {
  useEffect(() => followSystemTheme(notify), []);
}
