import { cleanup } from "@testing-library/react";
import { afterAll, vi } from "vitest";

/**
 * The web tests share their worker's modules from file to file (`isolate: false` in vitest.config.ts):
 * what one file leaves in the page, the storage, the language or the clocks, the next would find. After
 * each file everything a test can change is put back as a fresh file finds it (docs/decisions.md "CI runs
 * independent steps side by side").
 */
afterAll(async () => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = "";
  document.head.innerHTML = "";
  for (const name of document.documentElement.getAttributeNames())
    document.documentElement.removeAttribute(name);
  window.history.replaceState(null, "", "/");
  // The app's i18next instance, back to the language a fresh start takes without a stored choice.
  const { i18n } = await import("../lib/i18n.ts");
  if (i18n.language !== "en") await i18n.changeLanguage("en");
});
