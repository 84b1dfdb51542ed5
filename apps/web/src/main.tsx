import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode, Suspense } from "react";
import { createRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { BrowserRouter } from "react-router";
import { AppRoutes } from "./app/router.tsx";
import { i18n } from "./lib/i18n.ts";
import { queryClient } from "./lib/query-client.ts";
import { SessionProvider } from "./lib/session.tsx";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");

createRoot(root).render(
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
  </StrictMode>,
);
