import { createRequire } from "node:module";
import { expect, type Page, test } from "@playwright/test";

/**
 * WCAG 2.2 AA with axe-core: every public route, in en, de and fr, in the light
 * and the dark theme, must have no serious or critical violation. axe-core is injected from the
 * installed package (@axe-core/playwright needs Node 22); the page's CSP is bypassed for the injected
 * script only in this test context.
 */
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

const ROUTES = [
  "/",
  "/packages",
  "/compare",
  "/calculator",
  "/apply",
  "/login",
  "/register",
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
  "/this-page-does-not-exist",
];
const LANGUAGES = ["en", "de", "fr"] as const;
const THEMES = ["light", "dark"] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

test.use({ bypassCSP: true, reducedMotion: "reduce" });

async function open(page: Page, route: string, language: string) {
  await page.addInitScript((l) => {
    localStorage.setItem("user_language", l);
    localStorage.setItem("darkMode", "false");
  }, language);
  await page.goto(route);
  await expect(page.locator("html")).toHaveAttribute("lang", language);
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** Switches the theme with the header's toggle, as a user would; the page stays as it is. */
async function setTheme(page: Page, theme: (typeof THEMES)[number]) {
  const dark = (await page.locator("html").getAttribute("class"))?.includes("dark") ?? false;
  if (dark !== (theme === "dark")) await page.getByTestId("theme-toggle").click();
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
  else await expect(page.locator("html")).not.toHaveClass(/dark/);
}

/** axe in each theme on the page as it is now; violations are labelled with their theme. */
async function violationsInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme);
    found.push(...(await seriousViolations(page)).map((v) => `[${theme}] ${v}`));
  }
  return found;
}

/** Runs axe on the page as it is now; returns the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      resultTypes: ["violations"],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `  ${n.target.join(" ")}: ${n.failureSummary ?? ""}`)
          .join("\n")}`,
    );
}

for (const language of LANGUAGES) {
  test.describe(`axe ${language}`, () => {
    for (const route of ROUTES) {
      test(route, async ({ page }) => {
        await open(page, route, language);
        expect(await violationsInBothThemes(page)).toEqual([]);
      });
    }

    test("open menus, widget and FAQ answer", async ({ page }) => {
      await open(page, "/faq", language);
      await page.getByTestId("faq-question").first().click();
      await page.getByTestId("contact-widget-button").click();
      await expect(page.getByTestId("contact-widget-panel")).toBeVisible();
      await page.getByTestId("language-button").click();
      await expect(page.getByTestId("language-menu")).toBeVisible();
      // The theme toggle click would close the language menu (outside click): check it in the light theme.
      expect(await seriousViolations(page)).toEqual([]);
      expect(await violationsInBothThemes(page)).toEqual([]);
    });

    test("mobile navigation open", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await open(page, "/", language);
      await page.getByTestId("mobile-menu-button").click();
      await expect(page.locator("#mobile-menu")).toBeVisible();
      expect(await violationsInBothThemes(page)).toEqual([]);
    });
  });
}

test("the check finds violations when there are some (self-check)", async ({ page }) => {
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
