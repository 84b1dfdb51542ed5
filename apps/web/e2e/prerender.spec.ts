import { expect, test } from "@playwright/test";

/**
 * The prerendered public site (docs/decisions.md "Prerendered public pages"): what a crawler or a first
 * visit gets before any script runs, the hand-over to the app, language addresses and the 404.
 */
test.describe("prerendered public pages", () => {
  test.describe("without JavaScript, as a crawler reads them", () => {
    test.use({ javaScriptEnabled: false });

    test("each language has its own address, title, description, canonical and alternates", async ({
      page,
    }) => {
      const res = await page.goto("/de/packages");
      expect(res?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Festgeldangebote");
      await expect(page).toHaveTitle(/^Unsere Festgeldangebote \|/);
      const head = page.locator("head");
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/de\/packages$/);
      for (const language of ["en", "de", "fr", "x-default"]) {
        await expect(head.locator(`link[rel="alternate"][hreflang="${language}"]`)).toHaveCount(1);
      }
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", /Festgeldangebote/);

      await page.goto("/fr/faq");
      await expect(page.locator("html")).toHaveAttribute("lang", "fr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions fréquentes");

      await page.goto("/en/blog/why-fixed-deposits");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Why Fixed Deposits");
    });

    test("an unknown address answers 404 with the not-found page", async ({ page }) => {
      for (const url of ["/no-such-page", "/de/no-such-page"]) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      }
    });

    test("sitemap.xml lists every language of a page; robots.txt points to it", async ({ request }) => {
      const sitemap = await request.get("/sitemap.xml");
      expect(sitemap.status()).toBe(200);
      expect(sitemap.headers()["content-type"]).toMatch(/xml/);
      const xml = await sitemap.text();
      for (const language of ["en", "de", "fr"]) expect(xml).toContain(`/${language}/calculator</loc>`);
      expect(xml).toContain('hreflang="fr"');
      const robots = await request.get("/robots.txt");
      expect(robots.headers()["content-type"]).toMatch(/text\/plain/);
      expect(await robots.text()).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
    });
  });

  test("the app takes over the prerendered page without errors; switching language moves the address", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/de/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Häufige Fragen");
    await page.waitForLoadState("networkidle");
    await page.getByTestId("language-button").click();
    await page.getByTestId("language-menu").getByRole("button", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions fréquentes");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(errors, errors.join("\n")).toEqual([]);
  });

  test("a returning visitor's stored language wins over the address's", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("user_language", "fr"));
    await page.goto("/de/calculator");
    await expect(page).toHaveURL(/\/fr\/calculator$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/calculat/i);
  });

  test("the unprefixed addresses keep working in the stored language", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("user_language", "de"));
    const res = await page.goto("/packages");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Festgeldangebote");
  });
});
