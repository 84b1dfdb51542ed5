// Runs before the app renders so that the page starts in the chosen theme (light, dark or the
// system's) and never flashes the other one. Kept as a module file (not an inline script) so the strict
// Content-Security-Policy allows it.
import { isLanguage, STORAGE_KEYS } from "@festgeld/domain/constants";
import { applyThemeChoice } from "./lib/theme-choice.ts";

try {
  applyThemeChoice();
  const lang = localStorage.getItem(STORAGE_KEYS.language);
  if (isLanguage(lang)) document.documentElement.lang = lang;
} catch {
  // storage unavailable (privacy mode): defaults apply
}
