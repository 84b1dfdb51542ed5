import { isLanguage, STORAGE_KEYS } from "@festgeld/domain/constants";

// Runs before the app renders so a dark-mode user never sees a flash of the light theme.
// Kept as a module file (not an inline script) so the strict Content-Security-Policy allows it.
try {
  if (localStorage.getItem("darkMode") === "true") document.documentElement.classList.add("dark");
  const lang = localStorage.getItem(STORAGE_KEYS.language);
  if (isLanguage(lang)) document.documentElement.lang = lang;
} catch {
  // storage unavailable (privacy mode): defaults apply
}
