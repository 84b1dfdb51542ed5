import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { seriousViolations, violationsInBothThemes } from "./axe.ts";
import { LOAD_VIEWPORT, layoutProblems } from "./layout-checks.ts";

/**
 * Every page in en, de and fr, loaded once and checked twice over (docs/decisions.md "Accessibility and
 * layout share each page load"):
 * - layout at 360, 768, 1280 and 1536 px (e2e/layout-checks.ts): no sideways scrolling, a header of one
 *   row from 1280 px, no fixed element over a control at any scroll position; signed out, as a saver and
 *   as an admin;
 * - WCAG 2.2 AA with axe-core (e2e/axe.ts) on the public pages, in the light and the dark theme: no
 *   serious or critical violation; also with the menus, the contact widget and an FAQ answer open, and
 *   with the mobile navigation open.
 */
const LANGUAGES = ["en", "de", "fr"] as const;

const PUBLIC_ROUTES = [
  "/",
  "/packages",
  "/compare",
  "/calculator",
  "/banks",
  "/banks/beispiel-sparbank",
  "/apply",
  "/login",
  "/register",
  "/forgot-password",
  "/about",
  "/faq",
  "/contact",
  "/blog",
  "/blog/why-fixed-deposits",
  "/impressum",
  "/privacy",
  "/terms",
  "/deposit-insurance",
  "/legal-compliance",
  "/verify",
  "/this-page-does-not-exist",
];
/** Signed in as a saver: a public page (the signed-in header) and the account's pages. */
const SAVER_ROUTES = [
  "/",
  "/dashboard",
  "/profile",
  "/security",
  "/documents",
  "/inbox",
  "/kyc",
  "/rate-alerts",
  "/apply/ladder",
];
const ADMIN_ROUTES = ["/", "/admin"];
/** axe runs at Playwright's desktop viewport. */
const AXE_VIEWPORT = { width: 1280, height: 720 } as const;

// axe-core is injected as a script, which the page's CSP would refuse; only in this spec's contexts.
test.use({ bypassCSP: true, reducedMotion: "reduce" });
// Many independent page loads: both workers share them.
test.describe.configure({ mode: "parallel" });

/** Every page of this test opens in `language`, in the light theme, signed in with `token` or signed out. */
async function prepare(page: Page, language: string, token?: string) {
  await page.addInitScript(
    ([lang, value]) => {
      localStorage.setItem("user_language", lang as string);
      localStorage.setItem("darkMode", "false");
      if (value) localStorage.setItem("token", value);
      else localStorage.removeItem("token");
    },
    [language, token ?? ""] as const,
  );
}

/** Loads `route` and waits until it is complete: images and fonts in (`load`), its data fetched. */
async function open(page: Page, route: string, language: string, { data = true } = {}) {
  await page.setViewportSize(LOAD_VIEWPORT);
  await page.goto(route);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForLoadState("load");
  // The theme menu and the open menus are clicked: only once React has taken the page over.
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  if (data) await page.waitForLoadState("networkidle");
}

async function axeViewport(page: Page) {
  await page.setViewportSize(AXE_VIEWPORT);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

for (const language of LANGUAGES) {
  test.describe(`${language}, signed out`, () => {
    for (const route of PUBLIC_ROUTES) {
      test(`${route}: layout at every width, axe in both themes`, async ({ page }) => {
        await prepare(page, language);
        await open(page, route, language);
        const layout = await layoutProblems(page);
        await axeViewport(page);
        const axe = await violationsInBothThemes(page);
        expect.soft(layout, "layout").toEqual([]);
        expect(axe, "axe").toEqual([]);
      });
    }

    test("axe with the menus, the contact widget and an FAQ answer open", async ({ page }) => {
      await prepare(page, language);
      await open(page, "/faq", language);
      await axeViewport(page);
      await page.getByTestId("faq-question").first().click();
      await page.getByTestId("contact-widget-button").click();
      await expect(page.getByTestId("contact-widget-panel")).toBeVisible();
      await page.getByTestId("language-button").click();
      await expect(page.getByTestId("language-menu")).toBeVisible();
      // The theme toggle click would close the language menu (outside click): check it in the light theme.
      expect(await seriousViolations(page)).toEqual([]);
      expect(await violationsInBothThemes(page)).toEqual([]);
    });

    test("axe with the mobile navigation open", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await prepare(page, language);
      await gotoReady(page, "/");
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expect(page.locator("h1").first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.getByTestId("mobile-menu-button").click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual([]);
    });
  });

  test.describe(`${language}, signed in`, () => {
    test.describe.configure({ timeout: 240_000 });

    test("as a saver: layout of the account's pages at every width", async ({ page, request }) => {
      const email = `layout-${randomBytes(5).toString("hex")}@e2e.example.test`;
      const registered = await request.post("/api/auth/register", {
        data: { email, password: "e2e-Saver-Passphrase-2026", full_name: "Maximiliane Layout-Prüfung" },
      });
      expect(registered.ok()).toBeTruthy();
      await prepare(page, language, ((await registered.json()) as { access_token: string }).access_token);
      const problems: string[] = [];
      for (const route of SAVER_ROUTES) {
        await open(page, route, language, { data: false });
        problems.push(...(await layoutProblems(page)).map((p) => `${route} ${p}`));
      }
      expect(problems).toEqual([]);
    });

    test("as an admin: layout of the back office at every width", async ({ page, request }) => {
      await prepare(page, language, await adminToken(request));
      const problems: string[] = [];
      for (const route of ADMIN_ROUTES) {
        await open(page, route, language, { data: false });
        problems.push(...(await layoutProblems(page)).map((p) => `${route} ${p}`));
      }
      expect(problems).toEqual([]);
    });
  });
}

test("the axe check finds violations when there are some (self-check)", async ({ page }) => {
  await prepare(page, "en");
  await open(page, "/about", "en");
  await page.evaluate(() => {
    const main = document.getElementById("main");
    const image = document.createElement("img");
    image.src = "/favicon.svg";
    main?.prepend(image);
    const button = document.createElement("button");
    main?.prepend(button);
  });
  const found = (await seriousViolations(page)).join("\n");
  expect(found).toContain("image-alt");
  expect(found).toContain("button-name");
});
