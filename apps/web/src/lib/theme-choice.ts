// The theme a reader chose: light, dark, or the system's (the default), kept under the `darkMode`
// storage key as "true" / "false" and absent for the system's. Before the app, public/theme-init.js
// applies the same choice inline in <head>, so that a dark page never flashes light (docs/decisions.md
// "Light, dark or the system's theme"; theme-init.test.ts keeps the two equal).
import { STORAGE_KEYS } from "@festgeld/domain/constants";

export const THEME_CHOICES = ["light", "dark", "system"] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const DARK_QUERY = "(prefers-color-scheme: dark)";

function readStorage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS.darkMode);
  } catch {
    return null;
  }
}

export function storedThemeChoice(): ThemeChoice {
  const stored = readStorage();
  return stored === "true" ? "dark" : stored === "false" ? "light" : "system";
}

export function systemPrefersDark(): boolean {
  return typeof matchMedia === "function" && matchMedia(DARK_QUERY).matches;
}

/** Puts the `dark` class on <html> (or takes it off) for `choice`. */
export function applyThemeChoice(choice: ThemeChoice = storedThemeChoice()) {
  const dark = choice === "dark" || (choice === "system" && systemPrefersDark());
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

/** Follows the system's setting while the choice is "system"; returns the unsubscribe. */
export function followSystemTheme(onChange: () => void): () => void {
  if (typeof matchMedia !== "function") return () => {};
  const query = matchMedia(DARK_QUERY);
  const listener = () => {
    if (storedThemeChoice() === "system") applyThemeChoice("system");
    onChange();
  };
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}
