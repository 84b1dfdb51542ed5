/**
 * Build-time rendering of the public pages (docs/decisions.md "Prerendered public pages"). Vite builds
 * this file for Node (`vite build --ssr`); apps/web/scripts/prerender.ts calls `render` for every page in
 * every language and writes the HTML the browser then hydrates (app-root.tsx).
 */
import type { User } from "@festgeld/domain";
import { LANGUAGES, type Language } from "@festgeld/domain/constants";
import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactElement, type ReactNode, StrictMode, Suspense } from "react";
// React's edge build: the Node build keeps each render in an AsyncLocalStorage, whose first use makes
// every later promise and tick of the server process pay its hook (docs/decisions.md "Live pages
// rendered without React's request storage"); the edge build uses none where Node has no global one.
import { prerender } from "react-dom/static.edge";
import { I18nextProvider } from "react-i18next";
import { StaticRouter } from "react-router";
import { AppRoutes, PUBLIC_PAGES, SIGNED_OUT_PAGES } from "./app/router.tsx";
import type { SignedInPage } from "./app/signed-in-pages.ts";
import { ARTICLES } from "./content/blog/articles.ts";
import { ADMIN_KEYS } from "./lib/admin-query-keys.ts";
import { buildTimeBanks } from "./lib/banks.ts";
import { brandValuesFor, namedCountries } from "./lib/brand-text.ts";
import { formatMoney, formatNumber, localeFor } from "./lib/format.ts";
import { prerenderHead } from "./lib/head.ts";
import { i18n, i18nReady, NAMESPACES } from "./lib/i18n.ts";
import { initialDataScript } from "./lib/initial-data.ts";
import { packagesQueryKey } from "./lib/packages.ts";
import { pageRequests } from "./lib/page-requests.ts";
import { queryClient } from "./lib/query-client.ts";
import { securityKeys } from "./lib/security-overview.ts";
import { SessionProvider, StaticSessionProvider } from "./lib/session.tsx";
import { FRAME_NAME } from "./lib/storage.ts";

export { FRAME_NAME, LANGUAGES };

/**
 * The pages (without language prefix) that show the active packages: the server renders them again with
 * the current packages (InitialData) whenever those change; the build's copy is only the fallback.
 */
export const LIVE_PAGES = ["packages", "compare", "calculator"];

/** Every address to prerender, without its language prefix ("" is the home page). */
export function publicPaths(): string[] {
  const paths: string[] = [];
  for (const [path] of PUBLIC_PAGES) {
    if (path === "blog/:id") paths.push(...ARTICLES.map((article) => `blog/${article.id}`));
    // The banks the build knows (the seed); a bank added later is served by the client route.
    else if (path === "banks/:slug") paths.push(...buildTimeBanks("en").map((bank) => `banks/${bank.slug}`));
    else paths.push(path);
  }
  return paths;
}

/**
 * The signed-out pages (sign-in, registration, a forgotten password), prerendered under each language
 * prefix as the public pages are, so that a returning saver's sign-in page is on screen before the app's
 * code; not in the sitemap.
 */
export function signedOutPaths(): string[] {
  return SIGNED_OUT_PAGES.map(([path]) => path);
}

/** The route patterns of the app, so the server answers 404 for an address no page has. */
export function routePatterns(): string[] {
  const patterns = new Set<string>();
  const walk = (node: ReactNode, base: string) => {
    const list = Array.isArray(node) ? node : [node];
    for (const child of list) {
      if (Array.isArray(child)) {
        walk(child, base);
        continue;
      }
      if (!child || typeof child !== "object" || !("props" in child)) continue;
      const props = (child as ReactElement<{ path?: string; index?: boolean; children?: ReactNode }>).props;
      const path =
        props.path === undefined ? base : `${base.replace(/\/$/, "")}/${props.path.replace(/^\//, "")}`;
      // The catch-all routes ("*" at the top and under each language) show the not-found page: they
      // are what the server answers 404 for. A "*" deeper down ("admin/*") is a page with sub-addresses.
      const catchAll = /^(\/[a-z]{2})?\/\*$/.test(path);
      const leaf = props.path !== undefined && props.path !== "/" && !props.children && !catchAll;
      if (props.index || leaf) {
        patterns.add(path || "/");
      }
      if (props.children) walk(props.children, path);
    }
  };
  walk(AppRoutes(), "");
  return [...patterns].sort();
}

export interface RenderedPage {
  html: string;
  title: string | null;
  description: string | null;
}

/**
 * Data the page shows that the server reads at request time (docs/decisions.md "Pages with live data"):
 * the active packages of the page's language, as the API answers them. The page is rendered with it and
 * carries it to the browser, which starts from the same data, so hydration matches.
 */
export interface InitialData {
  packages?: unknown;
}

/**
 * The app at `url` in i18next's current language, with the session `session` provides, waiting for every
 * lazy page and catalogue.
 */
async function renderApp(url: string, session: (routes: ReactNode) => ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          {session(
            <Suspense fallback={null}>
              <StaticRouter location={url}>
                <AppRoutes />
              </StaticRouter>
            </Suspense>,
          )}
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
    // Never outline a finished boundary behind an inline script: the strict CSP would block the script
    // and a crawler would read the fallback first.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  return html;
}

/** i18next in `language` with every catalogue, and no title or description left from the page before. */
async function prepare(language: Language) {
  await i18nReady;
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces([...NAMESPACES]);
  prerenderHead.title = null;
  prerenderHead.description = null;
}

/** Renders one address in one language, waiting for every lazy page and catalogue. */
export async function render(url: string, language: Language, data: InitialData = {}): Promise<RenderedPage> {
  await prepare(language);
  if (data.packages !== undefined) queryClient.setQueryData(packagesQueryKey(language), data.packages);
  const [rendered, countries] = await namedCountries(() =>
    renderApp(url, (routes) => <SessionProvider>{routes}</SessionProvider>),
  );
  let html = rendered;
  // The brand's figures as the page shows them, so the browser hydrates with the same text without
  // making the formatters again (lib/brand-text.ts); the countries it names likewise.
  const brandText = brandValuesFor(language, i18n.getFixedT(language));
  html += initialDataScript({
    ...(data.packages !== undefined ? { packages: data.packages } : {}),
    brand: brandText,
    ...(Object.keys(countries).length > 0 ? { countries } : {}),
  });
  return { html, ...prerenderHead };
}

/**
 * The initial data of the signed-in pages' shell (index.html), which serves every language: the brand's
 * figures in each, so the first render of a signed-in page makes none of their formatters either (the
 * operator's country name alone took tens of milliseconds on a slow phone). Called after the pages are
 * rendered, when every language's common catalogue is in.
 */
export async function shellInitialData(): Promise<string> {
  await i18n.loadLanguages([...LANGUAGES]);
  return initialDataScript({
    brandByLanguage: Object.fromEntries(
      LANGUAGES.map((language) => [language, brandValuesFor(language, i18n.getFixedT(language))]),
    ),
  });
}

/**
 * The signed-in pages that get a first frame: those whose first screen holds no form and no field to
 * type into before its data is in (apps/web/scripts/prerender.ts checks it). Text typed into the frame
 * before the app has started would be lost when the app takes it over; the profile, the documents and the
 * rate alerts draw their forms before their data. (The inbox's filter is a list, whose choice made in the
 * frame the app keeps: inbox-page.tsx.) The back office's first screen is its figures, which a frame drawn
 * at build time cannot know: its frame is the overview's first screen with the figures left as markers
 * (adminFrameFigures), which public/signed-in-frame.js fills from the page's first answers before it shows
 * the frame, on an address that opens the overview only.
 */
export function signedInFramePages(): SignedInPage[] {
  return ["/dashboard", "/kyc", "/inbox", "/security", "/admin"];
}

/**
 * A signed-in page's first frame in one language (docs/decisions.md "A signed-in page's first frame
 * before the app"): the app's layout and the page as they render before the page's data is in, for a
 * reader named FRAME_NAME. The shells of the signed-in pages carry it for every language
 * (apps/web/scripts/prerender.ts); the app hydrates it when it shows the session's reader, else renders
 * afresh over it (app-root.tsx).
 */
export async function renderSignedInFrame(page: SignedInPage, language: Language): Promise<SignedInFrame> {
  await prepare(language);
  const user: User = {
    id: "00000000-0000-4000-8000-000000000000",
    email: "",
    full_name: FRAME_NAME,
    role: page === "/admin" ? "admin" : "user",
    kycStatus: "not_started",
    created_at: "1970-01-01T00:00:00.000Z",
  };
  const figures = page === "/admin" ? adminFrameFigures(language) : null;
  const html = await renderApp(page, (routes) => (
    <StaticSessionProvider user={user}>{routes}</StaticSessionProvider>
  ));
  return { html: figures ? figures.mark(html) : html, ...prerenderHead, ...(figures?.attributes ?? {}) };
}

/**
 * A signed-in page's frame, and for a frame filled from the page's first answers (the back office's
 * overview) what the frame's script needs: the role it is shown to, the `tab` of the address it is
 * shown for, the requests, and the plural forms of its counted notes.
 */
export interface SignedInFrame extends RenderedPage {
  role?: string;
  tab?: string;
  requests?: readonly string[];
  plurals?: Record<string, Record<string, string>>;
}

/** Where a plural form puts its number, in a frame's plural forms (public/signed-in-frame.js). */
const FRAME_PLURAL_NUMBER = "\uE004";

/**
 * The back office's overview as its frame: the page is rendered at build time with stand-in figures (each
 * a number no real figure is likely to be, and each formatted as the overview formats it), and each
 * stand-in's text is then replaced by a marker naming the answer and field it comes from and how it is
 * written: `\uE002` kind `|` answer.path `|` plural key `\uE003`, kind `n` a count, `m` euros, `p` a
 * counted note ("3 deposits"). public/signed-in-frame.js asks for the page's first requests
 * (lib/page-requests.ts, the very addresses the app takes the answers of), writes each marker's figure
 * as lib/format.ts does and the note in the form i18next would choose, and shows the frame only once
 * every answer is a 200 (docs/decisions.md "The back office's first figures before the app").
 */
function adminFrameFigures(language: Language) {
  const requests = pageRequests("/admin", "");
  const answer = (url: string) => requests.indexOf(url);
  const analytics = answer("/api/admin/analytics");
  const summary = answer("/api/admin/deposits/summary");
  if (analytics < 0 || summary < 0) throw new Error("the back office's first requests name no figures");
  const t = i18n.getFixedT(language);
  const noteKey = "deposits:admin.overview.deposits";
  const note = (count: number) => t(noteKey, { count, number: formatNumber(count, language) });
  // Each stand-in, the text it renders as, and its marker.
  const marks: [string, string][] = [];
  const stand = (value: number, text: string, marker: string) => {
    marks.push([text, `\uE002${marker}\uE003`]);
    return value;
  };
  const count = (value: number, path: string) =>
    stand(value, formatNumber(value, language), `n|${analytics}.${path}`);
  const euros = (value: number, index: number, path: string) =>
    stand(value, formatMoney(value, "EUR", language), `m|${index}.${path}`);
  const counted = (value: number, path: string) =>
    stand(value, note(value), `p|${summary}.${path}|${noteKey}`);
  queryClient.setQueryData(securityKeys.overview, {
    email: "",
    email_verified: true,
    two_factor_enabled: true,
    two_factor_required: true,
    recovery_codes_left: 10,
  });
  queryClient.setQueryData(ADMIN_KEYS.analytics, {
    overview: {
      totalUsers: count(900_001, "overview.totalUsers"),
      activeInvestors: count(900_002, "overview.activeInvestors"),
      totalInvestmentAmount: euros(900_003, analytics, "overview.totalInvestmentAmount"),
      pendingKYC: count(900_004, "overview.pendingKYC"),
      pendingApplications: 0,
      approvedApplications: 0,
      rejectedApplications: 0,
      withdrawnApplications: 0,
    },
    monthlyTrends: [],
  });
  queryClient.setQueryData(ADMIN_KEYS.depositSummary, {
    funds_under_management: euros(900_005, summary, "funds_under_management"),
    principal_invested: 0,
    active_investors: 0,
    maturing_30_days: {
      amount: euros(900_006, summary, "maturing_30_days.amount"),
      count: counted(900_007, "maturing_30_days.count"),
    },
    awaiting_funds: {
      amount: euros(900_008, summary, "awaiting_funds.amount"),
      count: counted(900_009, "awaiting_funds.count"),
    },
  });
  // The note's forms: one per plural category of the language, each with a count of that category.
  const rules = new Intl.PluralRules(localeFor(language));
  const forms: Record<string, string> = {};
  for (const category of rules.resolvedOptions().pluralCategories) {
    const sample = [0, 1, 2, 3, 5, 11, 21, 1_000_000].find((n) => rules.select(n) === category);
    if (sample === undefined) throw new Error(`no count of the plural category ${category} in ${language}`);
    forms[category] = t(noteKey, { count: sample, number: FRAME_PLURAL_NUMBER });
  }
  return {
    attributes: { role: "admin", tab: "overview", requests, plurals: { [noteKey]: forms } },
    mark(html: string) {
      let marked = html;
      for (const [text, marker] of marks) {
        const escaped = escapeText(text);
        if (marked.split(escaped).length !== 2) {
          throw new Error(
            `the back office's frame (${language}) shows "${text}" ${marked.split(escaped).length - 1} times, not once`,
          );
        }
        marked = marked.replace(escaped, () => marker);
      }
      return marked;
    },
  };
}

/** Text as React writes it into HTML. */
const escapeText = (text: string) =>
  text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#x27;");
