import { expect, test } from "@playwright/test";
import { gotoReady, holdRequests } from "./app-ready.ts";
import { setTheme } from "./axe.ts";

test.describe("packages page", () => {
  for (const [lang, min, heading] of [
    ["en", "€1,000", "Our fixed-term deposit packages"],
    ["de", "1.000 €", "Unsere Festgeldangebote"],
    ["fr", "1 000 €", "Nos offres de dépôt à terme"],
  ] as const) {
    test(`loads the five packages in ${lang} with locale-formatted amounts`, async ({ page }) => {
      await page.addInitScript((l) => localStorage.setItem("user_language", l), lang);
      await page.goto("/packages");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      const cards = page.getByTestId("package-card");
      await expect(cards).toHaveCount(5);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      // Intl uses narrow no-break spaces in fr and no-break spaces in de; compare without them.
      const firstMin = ((await cards.first().getByTestId("min-amount").textContent()) ?? "").replace(
        /[\u00a0\u202f]/g,
        " ",
      );
      expect(firstMin).toBe(min);
      await expect(page.locator('[data-duration="12"]').getByTestId("most-popular")).toBeVisible();
    });
  }

  test("select goes to /apply with the package in navigation state, chosen in the form", async ({ page }) => {
    await gotoReady(page, "/packages");
    await page.locator('[data-duration="12"]').getByRole("button").click();
    await expect(page).toHaveURL(/\/apply$/);
    const state = await page.evaluate(
      () => (history.state as { usr?: { packageId?: string } } | null)?.usr?.packageId,
    );
    expect(state).toMatch(/^[0-9a-f-]{36}$/);
    const select = page.getByRole("combobox", { name: "Package" });
    await expect(select).toHaveValue(state ?? "");
    await expect(select.locator("option:checked")).toContainText("12 months");
  });
});

test.describe("shell", () => {
  test("language and theme survive a reload", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByTestId("language-button").click();
    await page.getByRole("button", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await setTheme(page, "dark");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.locator("html")).toHaveClass(/dark/);
    expect(
      await page.evaluate(() => [localStorage.getItem("user_language"), localStorage.getItem("darkMode")]),
    ).toEqual(["de", "true"]);
  });

  test("the theme follows the system's setting live until the reader chooses one", async ({ page }) => {
    const html = page.locator("html");
    // Set before anything is drawn (public/theme-init.js, inline in <head>): with none of the app's code
    // in yet, the prerendered page is already on screen dark. As a module script the theme came after
    // the page's first paint.
    const release = await holdRequests(page, "**/assets/*.js");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/fr", { waitUntil: "commit" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(html).toHaveClass(/dark/);
    expect(await html.evaluate((element) => element.style.colorScheme)).toBe("dark");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    release();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await page.emulateMedia({ colorScheme: "light" });
    await expect(html).not.toHaveClass(/dark/);

    await page.getByTestId("theme-toggle").click();
    await expect(page.getByTestId("theme-menu")).toContainText("Réglage du système");
    await expect(page.getByTestId("theme-system")).toHaveAttribute("aria-current", "true");
    await page.getByTestId("theme-dark").click();
    await expect(html).toHaveClass(/dark/);
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    // The class is there before the app is; the menu works once the app has taken the page over.
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await setTheme(page, "system");
    await expect(html).not.toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem("darkMode"))).toBeNull();
    await page.emulateMedia({ colorScheme: "dark" });
    await expect(html).toHaveClass(/dark/);
  });

  test("language dropdown closes on an outside click", async ({ page }) => {
    await gotoReady(page, "/");
    await page.getByTestId("language-button").click();
    await expect(page.getByTestId("language-menu")).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(page.getByTestId("language-menu")).toBeHidden();
  });

  test("unknown routes show the not-found page; signed-out visitors of /kyc go to /login", async ({
    page,
  }) => {
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(page.locator("header").first()).toBeVisible();
    await page.goto("/kyc");
    await expect(page).toHaveURL(/\/login$/);
  });

  test("the app runs under the strict Content-Security-Policy without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    const response = await page.goto("/packages");
    expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
    await expect(page.getByTestId("package-card")).toHaveCount(5);
    await gotoReady(page, "/");
    await setTheme(page, "dark");
    // A prerendered page runs the language script inline, allowed by its hash: at the root address a
    // stored language other than the page's moves the reader without a violation.
    await page.evaluate(() => localStorage.setItem("user_language", "fr"));
    await gotoReady(page, "/");
    await expect(page).toHaveURL(/\/fr$/);
    expect(violations).toEqual([]);
  });
});
