import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";

/** Collects Content-Security-Policy violations reported on the console. */
function watchCsp(page: Page) {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  return violations;
}

const setLanguage = (page: Page, language: string) =>
  page.addInitScript((l) => localStorage.setItem("user_language", l), language);

test.describe("blog list", () => {
  test("shows the featured article, the grid, the sidebar and the closing call to action", async ({
    page,
  }) => {
    const csp = watchCsp(page);
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Blog \| /);
    const featured = page.getByTestId("featured-article");
    await expect(featured).toHaveAttribute("data-article-id", "why-fixed-deposits");
    await expect(featured.getByText("Featured", { exact: true })).toBeVisible();
    await expect(featured.locator("time")).toHaveText("15 January 2025");
    await expect(featured.getByText("8 min read")).toBeVisible();
    await expect(featured.getByText("Investment Guide")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Latest Articles" })).toBeVisible();
    await expect(page.getByTestId("article-card")).toHaveCount(4);
    // Cover images are bundled and actually load.
    const loaded = await featured
      .locator("img")
      .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    expect(loaded).toBe(true);
    await expect(page.getByTestId("popular-posts").getByRole("listitem")).toHaveCount(3);
    await page.getByRole("link", { name: "View Investment Packages" }).click();
    await expect(page).toHaveURL(/\/packages$/);
    expect(csp).toEqual([]);
  });

  test("filters by category with one button pressed and the one-match message", async ({ page }) => {
    await page.goto("/blog");
    const filters = page.getByTestId("category-filters");
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "true");
    await filters.getByRole("button", { name: "Security" }).click();
    await expect(filters.getByRole("button", { name: "Security" })).toHaveAttribute("aria-pressed", "true");
    await expect(filters.getByRole("button", { name: "All" })).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByTestId("featured-article")).toHaveAttribute(
      "data-article-id",
      "deposit-insurance-explained",
    );
    await expect(page.getByTestId("article-card")).toHaveCount(0);
    await expect(page.getByTestId("blog-message")).toHaveText("Only one article matches your search");
    await expect(page).toHaveURL(/category=security/);

    // The sidebar's category list filters the same way.
    await page
      .getByTestId("sidebar-categories")
      .getByRole("link", { name: /Tax & Legal/ })
      .click();
    await expect(filters.getByRole("button", { name: "Tax & Legal" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect(page.getByTestId("featured-article")).toHaveAttribute(
      "data-article-id",
      "tax-implications-europe",
    );

    await filters.getByRole("button", { name: "All" }).click();
    await expect(page.getByTestId("article-card")).toHaveCount(4);
  });

  test("searches titles and excerpts, with the one-match and no-match messages", async ({ page }) => {
    await page.goto("/blog");
    const search = page.getByRole("searchbox", { name: "Search articles" });
    await expect(search).toHaveAttribute("placeholder", "Search articles...");

    await search.fill("compound");
    await expect(page.getByTestId("featured-article")).toHaveAttribute(
      "data-article-id",
      "compound-vs-simple-interest",
    );
    await expect(page.getByTestId("blog-message")).toHaveText("Only one article matches your search");

    // "ladder" appears only in an excerpt.
    await search.fill("LADDER");
    await expect(page.getByTestId("featured-article")).toHaveAttribute(
      "data-article-id",
      "choosing-right-term",
    );

    // Search and category combine: "deposit" is in several articles, one of them in Planning.
    await search.fill("deposit");
    await expect(page.getByTestId("article-card")).not.toHaveCount(0);
    await page.getByTestId("category-filters").getByRole("button", { name: "Planning" }).click();
    await expect(page.getByTestId("blog-message")).toHaveText("Only one article matches your search");

    await search.fill("cryptocurrency");
    await expect(page.getByTestId("blog-message")).toHaveText("No articles found");
    await expect(page.getByTestId("featured-article")).toHaveCount(0);
    await page.getByRole("button", { name: "Show all articles" }).click();
    await expect(search).toHaveValue("");
    await expect(page.getByTestId("article-card")).toHaveCount(4);
  });

  test("searches in the current language", async ({ page }) => {
    await setLanguage(page, "de");
    await page.goto("/blog");
    const search = page.getByRole("searchbox", { name: "Artikel durchsuchen" });
    await search.fill("zinseszins");
    await expect(page.getByTestId("featured-article")).toHaveAttribute(
      "data-article-id",
      "compound-vs-simple-interest",
    );
    await expect(page.getByTestId("blog-message")).toHaveText("Nur ein Artikel entspricht Ihrer Suche");
    await expect(page.getByTestId("featured-article").locator("time")).toHaveText("8. Januar 2025");
    await search.fill("compound");
    await expect(page.getByTestId("blog-message")).toHaveText("Keine Artikel gefunden");
  });
});

test.describe("blog article", () => {
  test("renders the body in German with the article's details", async ({ page }) => {
    const csp = watchCsp(page);
    await setLanguage(page, "de");
    await page.goto("/blog/compound-vs-simple-interest");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Zinseszins oder einfacher Zins? Rechenbeispiele",
    );
    await expect(page).toHaveTitle(/^Zinseszins oder einfacher Zins\? Rechenbeispiele \| /);
    const article = page.getByTestId("blog-article");
    await expect(article.locator("header time")).toHaveText("8. Januar 2025");
    await expect(article.getByText("7 Min. Lesezeit")).toBeVisible();
    await expect(article.locator("header").getByText("Grundwissen")).toBeVisible();
    await expect(page.getByTestId("article-author")).toHaveText(/^Team \S/);
    await expect(article.getByText("Finanzexperten")).toBeVisible();
    const body = page.getByTestId("article-body");
    await expect(body.getByRole("heading", { level: 2, name: "Beide im Vergleich" })).toBeVisible();
    await expect(body.locator("table")).toContainText("14.105,98");
    await expect(body).toContainText("350,00");
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Zinseszins/);
    await expect(page.getByRole("link", { name: "Angebote ansehen" })).toHaveAttribute("href", "/packages");

    // Switching the language in place loads the English body.
    await page.getByTestId("language-button").click();
    await page.getByRole("button", { name: "English" }).click();
    await expect(body.getByRole("heading", { level: 2, name: "The two side by side" })).toBeVisible();
    await expect(body.locator("table")).toContainText("14,105.98");
    expect(csp).toEqual([]);
  });

  test("links inside the body navigate within the app, and back to the blog", async ({ page }) => {
    await page.goto("/blog/why-fixed-deposits");
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByTestId("article-body").getByRole("link", { name: "interest calculator" }).click();
    await expect(page).toHaveURL(/\/calculator$/);
    // No full reload happened.
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
    await page.goBack();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });

  test("Share copies the link when the Web Share API is missing, and says so", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "share", { value: undefined, configurable: true });
    });
    await gotoReady(page, "/blog/deposit-insurance-explained");
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("status").filter({ hasText: "copied" })).toContainText(
      "The link to this article was copied to your clipboard.",
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  test("Share uses the Web Share API when the browser has it", async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      Object.defineProperty(Navigator.prototype, "share", {
        value: async (data: unknown) => {
          calls.push(data);
        },
        configurable: true,
      });
    });
    await gotoReady(page, "/blog/choosing-right-term");
    await page.getByRole("button", { name: "Share" }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls))
      .toEqual([
        {
          title: "How to Choose the Right Term for Your Fixed Deposit",
          text: expect.stringContaining("Six months or five years?"),
          url: page.url(),
        },
      ]);
  });

  test("an unknown article shows 'Article Not Found' with a link back", async ({ page }) => {
    await page.goto("/blog/no-such-article");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
    await expect(page).toHaveTitle(/^Article Not Found \| /);
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByTestId("featured-article")).toBeVisible();
  });
});

test.describe("newsletter", () => {
  async function subscribe(page: Page, email: string) {
    await setLanguage(page, "fr");
    await page.goto("/blog");
    const form = page.getByTestId("newsletter");
    const field = form.getByLabel("Adresse e-mail");
    await field.fill(email);
    // Accept the alert as soon as it opens: a page blocked by a modal alert holds back other events.
    const dialog = new Promise<{ type: string; message: string }>((resolve) => {
      page.once("dialog", (alert) => {
        resolve({ type: alert.type(), message: alert.message() });
        void alert.accept();
      });
    });
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith("/api/newsletter")),
      form.getByRole("button", { name: "S'abonner" }).click(),
    ]);
    expect(response.status()).toBe(202);
    const alert = await dialog;
    return { alert, message: alert.message, field };
  }

  test("subscribing thanks with a translated alert and clears the field", async ({ page }) => {
    await setLanguage(page, "fr");
    await page.goto("/blog");
    const form = page.getByTestId("newsletter");
    // The browser refuses an empty address before anything is sent.
    let posts = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/newsletter") && request.method() === "POST") posts++;
    });
    await form.getByRole("button", { name: "S'abonner" }).click();
    const field = form.getByLabel("Adresse e-mail");
    expect(await field.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
    expect(posts).toBe(0);

    const result = await subscribe(page, `reader.${Date.now()}@example.test`);
    expect(result.alert.type).toBe("alert");
    expect(result.message).toBe(
      "Presque terminé\u202f: nous vous avons envoyé un e-mail. Cliquez sur le lien qu'il contient pour confirmer votre abonnement\u202f; d'ici là, vous ne recevez rien.",
    );
    await expect(result.field).toHaveValue("");
  });

  test("the stored address reaches the back office", async ({ page }) => {
    // Needs sign-in (the auth module); without it the storage is covered by the API tests.
    const token = await adminToken(page.request);

    const email = `Reader.${Date.now()}@Example.test`;
    await subscribe(page, email);
    const list = await page.request.get("/api/admin/newsletter-subscriptions?limit=200", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.ok()).toBe(true);
    const rows = (await list.json()) as Array<{ email: string; language: string }>;
    expect(rows).toContainEqual(expect.objectContaining({ email: email.toLowerCase(), language: "fr" }));
  });

  test("the confirmation and unsubscribe pages tell a used or unknown link in the reader's language", async ({
    page,
  }) => {
    await setLanguage(page, "de");
    await page.goto(`/newsletter/confirm#token=${"a".repeat(43)}`);
    await expect(page.getByRole("heading", { name: "Newsletter-Abonnement bestätigen" })).toBeVisible();
    await expect(page.getByTestId("newsletter-confirm-error")).toHaveText(
      "Dieser Link ist ungültig oder wurde bereits verwendet.",
    );
    await page.goto(`/newsletter/unsubscribe#token=${"b".repeat(43)}`);
    await expect(page.getByRole("heading", { name: "Vom Newsletter abmelden" })).toBeVisible();
    await expect(page.getByTestId("newsletter-unsubscribe-error")).toBeVisible();
  });
});
