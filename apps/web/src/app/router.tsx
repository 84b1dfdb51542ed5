import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RootLayout } from "./root-layout.tsx";

/**
 * Every route of SPEC.md section 2 plus a not-found page. Pages load on demand (React.lazy inside the
 * layout's Suspense), so the home route carries no code of the admin area, the charts or the long legal
 * and blog texts. Declarative routes keep the data-router code out of the first load.
 */
const Page0 = lazy(() => import("../features/home/home-page.tsx"));
const Page1 = lazy(() => import("../features/packages/packages-page.tsx"));
const Page2 = lazy(() => import("../features/compare/compare-page.tsx"));
const Page3 = lazy(() => import("../features/calculator/calculator-page.tsx"));
const Page4 = lazy(() => import("../features/applications/apply-page.tsx"));
const Page5 = lazy(() => import("../features/dashboard/dashboard-page.tsx"));
const Page6 = lazy(() => import("../features/auth/login-page.tsx"));
const Page7 = lazy(() => import("./register-page.tsx"));
const Page8 = lazy(() => import("../features/profile/profile-page.tsx"));
const Page9 = lazy(() => import("../features/kyc/kyc-page.tsx"));
const Page10 = lazy(() => import("./admin-page.tsx"));
const Page11 = lazy(() => import("../features/about/about-page.tsx"));
const Page12 = lazy(() => import("../features/faq/faq-page.tsx"));
const Page13 = lazy(() => import("../features/contact/contact-page.tsx"));
const Page14 = lazy(() => import("../features/blog/blog-list-page.tsx"));
const Page15 = lazy(() => import("../features/blog/blog-article-page.tsx"));
const Page16 = lazy(() => import("../features/legal/impressum-page.tsx"));
const Page17 = lazy(() => import("../features/legal/privacy-page.tsx"));
const Page18 = lazy(() => import("../features/legal/terms-page.tsx"));
const Page19 = lazy(() => import("../features/legal/deposit-insurance-page.tsx"));
const Page20 = lazy(() => import("../features/legal/legal-compliance-page.tsx"));
const Page21 = lazy(() => import("./not-found-page.tsx"));

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<RootLayout />}>
        <Route index element={<Page0 />} />
        <Route path="packages" element={<Page1 />} />
        <Route path="compare" element={<Page2 />} />
        <Route path="calculator" element={<Page3 />} />
        <Route path="apply" element={<Page4 />} />
        <Route path="dashboard" element={<Page5 />} />
        <Route path="login" element={<Page6 />} />
        <Route path="register" element={<Page7 />} />
        <Route path="profile" element={<Page8 />} />
        <Route path="kyc" element={<Page9 />} />
        <Route path="admin" element={<Page10 />} />
        <Route path="about" element={<Page11 />} />
        <Route path="faq" element={<Page12 />} />
        <Route path="contact" element={<Page13 />} />
        <Route path="blog" element={<Page14 />} />
        <Route path="blog/:id" element={<Page15 />} />
        <Route path="impressum" element={<Page16 />} />
        <Route path="privacy" element={<Page17 />} />
        <Route path="terms" element={<Page18 />} />
        <Route path="deposit-insurance" element={<Page19 />} />
        <Route path="legal-compliance" element={<Page20 />} />
        <Route path="*" element={<Page21 />} />
      </Route>
    </Routes>
  );
}
