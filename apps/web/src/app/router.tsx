import { createBrowserRouter, type RouteObject } from "react-router";
import { RootLayout } from "./root-layout.tsx";

/**
 * Every route of SPEC.md section 2 plus a not-found page. Pages load on demand, so the home route
 * carries no code of the admin area, the charts or the long legal and blog texts.
 */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, "lazy"> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, ...page(() => import("../features/home/home-page.tsx")) },
      { path: "packages", ...page(() => import("../features/packages/packages-page.tsx")) },
      { path: "compare", ...page(() => import("../features/compare/compare-page.tsx")) },
      { path: "calculator", ...page(() => import("../features/calculator/calculator-page.tsx")) },
      { path: "apply", ...page(() => import("../features/applications/apply-page.tsx")) },
      { path: "dashboard", ...page(() => import("../features/dashboard/dashboard-page.tsx")) },
      { path: "login", ...page(() => import("../features/auth/login-page.tsx")) },
      { path: "register", ...page(() => import("./register-page.tsx")) },
      { path: "profile", ...page(() => import("../features/profile/profile-page.tsx")) },
      { path: "kyc", ...page(() => import("../features/kyc/kyc-page.tsx")) },
      { path: "admin", ...page(() => import("./admin-page.tsx")) },
      { path: "about", ...page(() => import("../features/about/about-page.tsx")) },
      { path: "faq", ...page(() => import("../features/faq/faq-page.tsx")) },
      { path: "contact", ...page(() => import("../features/contact/contact-page.tsx")) },
      { path: "blog", ...page(() => import("../features/blog/blog-list-page.tsx")) },
      { path: "blog/:id", ...page(() => import("../features/blog/blog-article-page.tsx")) },
      { path: "impressum", ...page(() => import("../features/legal/impressum-page.tsx")) },
      { path: "privacy", ...page(() => import("../features/legal/privacy-page.tsx")) },
      { path: "terms", ...page(() => import("../features/legal/terms-page.tsx")) },
      { path: "deposit-insurance", ...page(() => import("../features/legal/deposit-insurance-page.tsx")) },
      { path: "legal-compliance", ...page(() => import("../features/legal/legal-compliance-page.tsx")) },
      { path: "*", ...page(() => import("./not-found-page.tsx")) },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
