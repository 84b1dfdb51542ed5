/**
 * The app itself, loaded by boot.tsx: hydrates a prerendered page or renders the app afresh.
 */
import type { User } from "@festgeld/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense, startTransition } from "react";
import { BrowserRouter } from "react-router";
import { preloadFrame } from "./app/root-layout.tsx";
import { AppRoutes, rememberPreloadedPage } from "./app/router.tsx";
import type { PreloadedPage } from "./app/signed-in-pages.ts";
import { earlySessionSettled, earlyUser } from "./lib/early-session.ts";
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
 * React's renderer, not a static import of this module: evaluated in a task of its own as its file
 * arrives, not in one task with the app's modules, which on a signed-in page runs after the first frame's
 * paint (boot.tsx does the same for the prerendered pages; docs/decisions.md "A signed-in page's first
 * frame before the app").
 */
const renderer = () => import("react-dom/client");

/**
 * Whether #root holds a signed-in page's first frame (public/signed-in-frame.js) that the app's first
 * render reproduces: drawn in the app's language for the very reader the session holds, in the role the
 * frame was rendered for (a saver's pages, the back office's overview for an admin, whose figures the
 * app's first render has from the same answers: admin-page.tsx). Hydrated, it stays on screen as it is and the app takes it over without
 * building the page's elements again and laying them out anew, the longest tasks after the frame's paint
 * (docs/decisions.md "A signed-in page's first frame before the app"). Otherwise the app renders afresh
 * and replaces it.
 */
function showsSessionFrame(root: HTMLElement, language: string): boolean {
  if (root.dataset.frame !== language) return false;
  const user = earlyUser(tokenStore.get()) as User | null;
  return (
    user !== null &&
    user.role === (root.dataset.frameRole ?? "user") &&
    user.full_name === root.dataset.frameName
  );
}

/**
 * A prerendered page (docs/decisions.md "Prerendered public pages") is hydrated: React takes over the
 * HTML that is already on screen. It was rendered signed out and in one language, so for a signed-in
 * reader, or one whose language differs (the shared not-found page), the app renders afresh instead.
 * A page rendered with live data (the packages) starts from the same data, so the first render matches.
 * A signed-in page's first frame is hydrated too when it shows the session's reader (showsSessionFrame).
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
      renderer(),
    ]).then(([loaded]) => {
      if (loaded.status === "fulfilled") rememberPreloadedPage(loaded.value);
      startApp(root);
    });
    return;
  }
  const language = initialLanguage();
  const hydrate =
    (root.dataset.prerendered === language && tokenStore.get() === null) || showsSessionFrame(root, language);
  seedInitialData(queryClient, root.dataset.prerendered ?? language);
  void renderer().then(({ createRoot, hydrateRoot }) => {
    // Hydrate or render as a transition, which React splits into short tasks, so a slow phone stays
    // responsive while the app starts (a signed-in page renders its whole layout and page at once).
    if (hydrate) startTransition(() => void hydrateRoot(root, app));
    else {
      const reactRoot = createRoot(root);
      startTransition(() => reactRoot.render(app));
    }
  });
}
