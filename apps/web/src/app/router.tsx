import { LANGUAGES } from "@festgeld/domain/constants";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { Route, Routes } from "react-router";
import { settled } from "../lib/preloadable.ts";
import { RootLayout } from "./root-layout.tsx";
import type { PreloadedPage, SignedInPage } from "./signed-in-pages.ts";

/**
 * Every route of the specification plus a not-found page. Pages load on demand (React.lazy inside the
 * layout's Suspense), so the home route carries no code of the admin area, the charts or the long legal
 * and blog texts. Declarative routes keep the data-router code out of the first load.
 */
/** The signed-in page main.tsx brought in before the first render (app/signed-in-start.ts), by address. */
const preloaded = new Map<SignedInPage, PreloadedPage["module"]>();

/** Called by startApp before the first render with what main.tsx brought in. */
export function rememberPreloadedPage(preload: PreloadedPage | undefined) {
  if (preload) preloaded.set(preload.page, preload.module);
}

/**
 * A signed-in page as a lazy component: rendered at once when main.tsx already brought its module in, so
 * the page's first render does not suspend (React reveals what replaces a fallback no sooner than 300 ms
 * after the fallback appeared, lib/preloadable.ts); otherwise loaded on demand with the pages' list.
 */
function signedInPage(page: SignedInPage) {
  return lazy(() => {
    const module = preloaded.get(page);
    if (module) return settled(module);
    return import("./signed-in-pages.ts").then((pages) => pages.loadSignedInPage(page));
  });
}

const HomePage = lazy(() => import("../features/home/home-page.tsx"));
const PackagesPage = lazy(() => import("../features/packages/packages-page.tsx"));
const ComparePage = lazy(() => import("../features/compare/compare-page.tsx"));
const CalculatorPage = lazy(() => import("../features/calculator/calculator-page.tsx"));
const ApplyPage = lazy(() => import("../features/applications/apply-page.tsx"));
const DashboardPage = signedInPage("/dashboard");
const LoginPage = lazy(() => import("../features/auth/login-page.tsx"));
const RegisterPage = lazy(() => import("./register-page.tsx"));
const ProfilePage = signedInPage("/profile");
const KycPage = signedInPage("/kyc");
const AdminPage = signedInPage("/admin");
const DossierPage = lazy(() => import("../features/admin-kyc/dossier-page.tsx"));
const AboutPage = lazy(() => import("../features/about/about-page.tsx"));
const FaqPage = lazy(() => import("../features/faq/faq-page.tsx"));
const ContactPage = lazy(() => import("../features/contact/contact-page.tsx"));
const BlogListPage = lazy(() => import("../features/blog/blog-list-page.tsx"));
const BlogArticlePage = lazy(() => import("../features/blog/blog-article-page.tsx"));
const ImpressumPage = lazy(() => import("../features/legal/impressum-page.tsx"));
const PrivacyPage = lazy(() => import("../features/legal/privacy-page.tsx"));
const TermsPage = lazy(() => import("../features/legal/terms-page.tsx"));
const DepositInsurancePage = lazy(() => import("../features/legal/deposit-insurance-page.tsx"));
const LegalCompliancePage = lazy(() => import("../features/legal/legal-compliance-page.tsx"));
const ForgotPasswordPage = lazy(() => import("../features/security/forgot-password-page.tsx"));
const ResetPasswordPage = lazy(() => import("../features/security/reset-password-page.tsx"));
const VerifyEmailPage = lazy(() => import("../features/security/verify-email-page.tsx"));
const SecurityPage = signedInPage("/security");
const NewsletterConfirmPage = lazy(() => import("../features/blog/newsletter-confirm-page.tsx"));
const NewsletterUnsubscribePage = lazy(() => import("../features/blog/newsletter-unsubscribe-page.tsx"));
const BanksPage = lazy(() => import("../features/banks/banks-page.tsx"));
const BankPage = lazy(() => import("../features/banks/bank-page.tsx"));
const NotFoundPage = lazy(() => import("./not-found-page.tsx"));
const DocumentsPage = signedInPage("/documents");
const InboxPage = signedInPage("/inbox");
const VerifyPage = lazy(() => import("../features/verify/verify-page.tsx"));
const RateAlertsPage = signedInPage("/rate-alerts");
const LadderApplyPage = lazy(() => import("../features/ladders/ladder-apply-page.tsx"));

/**
 * The public pages: at their unprefixed address and, prerendered, under each language prefix
 * (/de/packages; docs/decisions.md "Prerendered public pages"). "" is the home page.
 */
export const PUBLIC_PAGES: ReadonlyArray<readonly [string, LazyExoticComponent<ComponentType>]> = [
  ["", HomePage],
  ["packages", PackagesPage],
  ["compare", ComparePage],
  ["banks", BanksPage],
  ["banks/:slug", BankPage],
  ["calculator", CalculatorPage],
  ["about", AboutPage],
  ["faq", FaqPage],
  ["contact", ContactPage],
  ["blog", BlogListPage],
  ["blog/:id", BlogArticlePage],
  ["impressum", ImpressumPage],
  ["privacy", PrivacyPage],
  ["terms", TermsPage],
  ["deposit-insurance", DepositInsurancePage],
  ["legal-compliance", LegalCompliancePage],
  ["verify", VerifyPage],
];

/**
 * The signed-out pages a link in another language may point to, and the pages the account e-mails'
 * links open (a new password, a confirmed address; in the mail's language): served under each language
 * prefix too (/de/register) and prerendered there like the public pages, but left out of the sitemap:
 * they are forms, not content (docs/decisions.md "Signed-out pages in the reader's language").
 */
export const SIGNED_OUT_PAGES: ReadonlyArray<readonly [string, LazyExoticComponent<ComponentType>]> = [
  ["login", LoginPage],
  ["register", RegisterPage],
  ["forgot-password", ForgotPasswordPage],
  ["reset-password", ResetPasswordPage],
  ["verify-email", VerifyEmailPage],
];

function publicRoutes() {
  return PUBLIC_PAGES.map(([path, Page]) =>
    path === "" ? (
      <Route key="home" index element={<Page />} />
    ) : (
      <Route key={path} path={path} element={<Page />} />
    ),
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootLayout />}>
        {publicRoutes()}
        <Route path="apply" element={<ApplyPage />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="newsletter/confirm" element={<NewsletterConfirmPage />} />
        <Route path="newsletter/unsubscribe" element={<NewsletterUnsubscribePage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="kyc" element={<KycPage />} />
        <Route path="admin" element={<AdminPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="inbox" element={<InboxPage />} />
        <Route path="rate-alerts" element={<RateAlertsPage />} />
        <Route path="apply/ladder" element={<LadderApplyPage />} />
        <Route path="admin/dossier/:userId" element={<DossierPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {LANGUAGES.map((language) => (
        <Route key={language} path={language} element={<RootLayout />}>
          {publicRoutes()}
          {SIGNED_OUT_PAGES.map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      ))}
    </Routes>
  );
}
