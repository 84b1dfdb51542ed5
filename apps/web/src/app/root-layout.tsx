import { isLanguage } from "@festgeld/domain/constants";
import { Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { ContactWidget } from "../components/layout/contact-widget.tsx";
import { ErrorBoundary } from "../components/layout/error-boundary.tsx";
import { Footer } from "../components/layout/footer.tsx";
import { Header } from "../components/layout/header.tsx";
import { Spinner } from "../components/ui/spinner.tsx";
import { Toaster } from "../components/ui/toaster.tsx";
import { languageOfPath, withLanguage } from "../lib/language-path.ts";
import { preloadable } from "../lib/preloadable.ts";
import { useFollowSystemTheme } from "../lib/theme.ts";

// The back office's own frame loads with the back office, not with the public pages.
const adminShell = preloadable(() => import("../components/admin/admin-shell.tsx"));
const AdminHeader = adminShell.component((module) => module.AdminHeader);
const AdminSidebar = adminShell.component((module) => module.AdminSidebar);

/** Whether a path is the back office (/admin and the staff pages under it). */
const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/** Loads the frame of the page at `pathname` ahead of the first render: the back office's, on its addresses. */
export function preloadFrame(pathname: string): Promise<unknown> {
  return isAdminPath(pathname) ? adminShell.load() : Promise.resolve();
}

/**
 * Shared header, toasts, footer and contact widget around every page; /kyc shows none of them (its own
 * compact bar and toasts), and the back office has its own header and sidebar instead
 * (components/admin/admin-shell.tsx).
 */
/**
 * Marks `<html data-app-ready>` once React has taken over the page: the layout and the page inside its
 * Suspense boundary, which hydration takes over after the layout (the layout's own effect ran while the
 * page's prerendered controls still did nothing). Journeys that click at once wait for it (e2e/app-ready.ts).
 */
function PageReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = "true";
  }, []);
  return null;
}

export function RootLayout() {
  const { pathname, search, hash } = useLocation();
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const bare = pathname === "/kyc";
  const admin = isAdminPath(pathname);

  const shownPath = useRef(pathname);
  const language = i18n.language;
  useFollowSystemTheme();

  useEffect(() => {
    // On a language-prefixed page a change of language moves to the same page in that language.
    const prefixed = languageOfPath(pathname);
    if (prefixed && isLanguage(language) && prefixed !== language) {
      const next = withLanguage(pathname, language);
      shownPath.current = next;
      navigate(`${next}${search}${hash}`, { replace: true });
    }
  }, [language, pathname, search, hash, navigate]);

  useEffect(() => {
    // On the first load the browser starts at the top (skip link first); after a navigation, start
    // the new page at its top and move focus to the main region so screen-reader users hear the new page.
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    window.scrollTo({ top: 0 });
    document.getElementById("main")?.focus({ preventScroll: true });
  }, [pathname]);

  const page = (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner label={t("loading")} />}>
        <Outlet />
        <PageReady />
      </Suspense>
    </ErrorBoundary>
  );
  // /kyc draws its own banner and main region (features/kyc/kyc-page.tsx): its bar is the page's banner,
  // which a bar inside <main> could not be.
  const main = bare ? (
    <div className="min-w-0 flex-1">{page}</div>
  ) : (
    // At least a screen high outside the back office: the footer starts below the fold, so a page whose
    // content arrives after the first paint (the dashboard, the inbox) does not push a visible footer
    // down (a layout shift; bench/web-budget.ts measures the signed-in pages).
    <main id="main" tabIndex={-1} className={`min-w-0 flex-1 outline-none${admin ? "" : " min-h-screen"}`}>
      {page}
    </main>
  );

  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-800 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-slate-900"
      >
        {t("skipToContent")}
      </a>
      {admin ? (
        <>
          <Suspense fallback={<div className="h-14 border-b border-slate-200 dark:border-slate-800" />}>
            <AdminHeader />
          </Suspense>
          <Toaster stickBelow="top-14" />
          <div className="flex min-w-0 flex-1">
            <Suspense fallback={null}>
              <AdminSidebar />
            </Suspense>
            {main}
          </div>
        </>
      ) : (
        <>
          {!bare && <Header />}
          {!bare && <Toaster stickBelow="top-16" />}
          {main}
          {!bare && <ContactWidget />}
          {!bare && <Footer />}
        </>
      )}
    </div>
  );
}
