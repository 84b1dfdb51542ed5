/**
 * The app itself, loaded by boot.tsx: hydrates a prerendered page or renders the app afresh.
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { preloadFrame } from "./app/root-layout.tsx";
import { AppRoutes, rememberPreloadedPage } from "./app/router.tsx";
import type { PreloadedPage } from "./app/signed-in-pages.ts";
import { earlySessionSettled } from "./lib/early-session.ts";
import { i18n, i18nReady } from "./lib/i18n.ts";
import { seedInitialData } from "./lib/initial-data.ts";
import { initialLanguage } from "./lib/language-path.ts";
import { queryClient } from "./lib/query-client.ts";
import { SessionProvider } from "./lib/session.tsx";
import { tokenStore } from "./lib/storage.ts";

// No I18nextProvider: lib/i18n.ts registers its instance with react-i18next (initReactI18next), which
// every useTranslation falls back to; the provider was the only code of this module's own chunk, a
// request of its own on the way to a signed-in page's first paint (docs/decisions.md "The dashboard's
// first load").
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Suspense fallback={null}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </Suspense>
      </SessionProvider>
    </QueryClientProvider>
  </StrictMode>
);

/**
 * A prerendered page (docs/decisions.md "Prerendered public pages") is hydrated: React takes over the
 * HTML that is already on screen. It was rendered signed out and in one language, so for a signed-in
 * reader, or one whose language differs (the shared not-found page), the app renders afresh instead.
 * A page rendered with live data (the packages) starts from the same data, so the first render matches.
 */
export function startApp(root: HTMLElement, page?: Promise<PreloadedPage | undefined>) {
  if (page) {
    // Rendered once the page's code (main.tsx asked for it beside this code), its frame, its catalogues
    // (lib/i18n.ts) and the session (lib/early-session.ts) are in, so the first render does not suspend
    // and shows the page rather than a spinner for the session: React reveals what
    // replaces a fallback no sooner than 300 ms after the fallback appeared (lib/preloadable.ts). Also
    // when one failed to load: the page's error boundary then reports it.
    const catalogues = page.then(
      (loaded) => loaded?.namespaces && i18n.loadNamespaces([...loaded.namespaces]),
    );
    void Promise.allSettled([
      page,
      preloadFrame(location.pathname),
      i18nReady,
      catalogues,
      earlySessionSettled(),
    ]).then(([loaded]) => {
      if (loaded.status === "fulfilled") rememberPreloadedPage(loaded.value);
      startApp(root);
    });
    return;
  }
  const hydrate = root.dataset.prerendered === initialLanguage() && tokenStore.get() === null;
  seedInitialData(queryClient, root.dataset.prerendered ?? initialLanguage());
  // Hydrate or render as a transition, which React splits into short tasks, so a slow phone stays
  // responsive while the app starts (a signed-in page renders its whole layout and page at once).
  if (hydrate) startTransition(() => void hydrateRoot(root, app));
  else {
    const reactRoot = createRoot(root);
    startTransition(() => reactRoot.render(app));
  }
}
