import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router.tsx";
import { i18n, initialLanguage } from "./lib/i18n.ts";
import { queryClient } from "./lib/query-client.ts";
import { SessionProvider } from "./lib/session.tsx";
import { tokenStore } from "./lib/storage.ts";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");

const app = (
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <Suspense fallback={null}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </Suspense>
        </SessionProvider>
      </QueryClientProvider>
    </I18nextProvider>
  </StrictMode>
);

// A prerendered page (docs/decisions.md "Prerendered public pages") is hydrated: React takes over the
// HTML that is already on screen. It was rendered signed out and in one language, so for a signed-in
// reader, or one whose language differs (the shared not-found page), the app renders afresh instead.
if (root.dataset.prerendered === initialLanguage() && tokenStore.get() === null) hydrateRoot(root, app);
else createRoot(root).render(app);
