// Runs before anything is drawn: a classic script in <head>, which the build inlines into every page
// (the server allows exactly its text by its hash in the Content-Security-Policy), so that a reader who
// chose the dark theme, or whose system is dark, never sees a frame of the light one. As a module it
// ran only after the parser had finished, and a prerendered page was painted light before it
// (docs/decisions.md "Light, dark or the system's theme"). It cannot import anything: the storage keys
// are spelled out and theme-init.test.ts keeps them equal to the domain package's, and its choice equal
// to lib/theme-choice.ts's.
(() => {
  try {
    const root = document.documentElement;
    const stored = localStorage.getItem("darkMode");
    const dark =
      stored === "true" ||
      (stored !== "false" &&
        typeof matchMedia === "function" &&
        matchMedia("(prefers-color-scheme: dark)").matches);
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
    // An address without a language (the app's shell) is in the stored language: say so before the
    // app does. A prefixed address is in its own, which the page already declares.
    const languages = ["en", "de", "fr"];
    const language = localStorage.getItem("user_language");
    const prefixed = languages.some(
      (code) => location.pathname === `/${code}` || location.pathname.startsWith(`/${code}/`),
    );
    if (!prefixed && languages.includes(language)) root.lang = language;
  } catch {
    // storage unavailable (privacy mode): the light theme and the page's language apply
  }
})();
