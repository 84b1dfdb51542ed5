import { expect, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { collectErrors, gotoReady, holdRequests } from "./app-ready.ts";
import { linkPath, waitForMail } from "./mailbox.ts";

interface PublicPackage {
  id: string;
  features: string[];
}

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

      // The partner banks' pages, rendered at build time from the seeded banks.
      await page.goto("/fr/banks");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nos banques partenaires");
      await expect(page.getByTestId("bank-item")).toHaveCount(2);
      await page.goto("/de/banks/beispiel-sparbank");
      await expect(page.locator("html")).toHaveAttribute("lang", "de");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Beispiel Sparbank AG");
      await expect(page.getByTestId("bank-information-sheet")).toContainText("Entschädigungseinrichtung");
      await expect(page.locator('head link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
        "href",
        /\/en\/banks\/beispiel-sparbank$/,
      );
    });

    test("the sign-in, registration and forgotten-password pages are readable before the app, in their language", async ({
      page,
    }) => {
      const cases: Array<[string, string, string]> = [
        ["/de/login", "de", "Anmelden"],
        ["/fr/register", "fr", "Créer votre compte"],
        ["/en/forgot-password", "en", "Forgot your password?"],
        ["/de/reset-password", "de", "Neues Passwort festlegen"],
        ["/fr/verify-email", "fr", "Confirmez votre adresse e-mail"],
      ];
      for (const [url, language, heading] of cases) {
        const res = await page.goto(url);
        expect(res?.status(), url).toBe(200);
        await expect(page.locator("html"), url).toHaveAttribute("lang", language);
        await expect(page.getByRole("heading", { level: 1 }), url).toHaveText(heading);
        await expect(page.locator('head link[rel="canonical"]'), url).toHaveAttribute(
          "href",
          new RegExp(`${url}$`),
        );
      }
      // The form is there to be filled in while the app loads.
      await page.goto("/en/login");
      await expect(page.getByLabel("E-mail address")).toBeVisible();
      await expect(page.getByTestId("login-submit")).toBeVisible();
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
      for (const language of ["en", "de", "fr"]) {
        expect(xml).toContain(`/${language}/calculator</loc>`);
        expect(xml).toContain(`/${language}/banks/demo-partnerbank</loc>`);
      }
      expect(xml).toContain('hreflang="fr"');
      // The signed-out pages are forms, not content: prerendered, but not listed.
      expect(xml).not.toMatch(/\/(login|register|forgot-password|reset-password|verify-email)</);
      const robots = await request.get("/robots.txt");
      expect(robots.headers()["content-type"]).toMatch(/text\/plain/);
      expect(await robots.text()).toMatch(/^Sitemap: .*\/sitemap\.xml$/m);
    });
  });

  test("the package pages arrive with the current packages, and follow an admin's change", async ({
    request,
  }) => {
    // docs/decisions.md "Pages with live data": the server renders these pages with the packages of
    // the moment, so a crawler (and the first paint) reads the offers, not a loading indicator.
    for (const language of ["en", "de", "fr"]) {
      const packages = (await (
        await request.get(`/api/packages?lang=${language}`)
      ).json()) as PublicPackage[];
      expect(packages.length).toBeGreaterThan(0);
      for (const page of ["packages", "compare", "calculator"]) {
        const res = await request.get(`/${language}/${page}`);
        expect(res.status()).toBe(200);
        const html = await res.text();
        expect(html, `/${language}/${page}`).toContain('id="initial-data"');
        if (page === "packages") {
          for (const offer of packages) expect(html).toContain(`id="package-${offer.id}"`);
        }
      }
    }

    const token = await adminToken(request);
    const headers = { authorization: `Bearer ${token}` };
    const admin = (await (await request.get("/api/admin/packages", { headers })).json()) as Array<{
      id: string;
      is_active: boolean;
      features: { en: string[]; de: string[]; fr: string[] };
    }>;
    const target = admin.find((p) => p.is_active);
    if (!target) throw new Error("no active package");
    const marker = `Live-Seiten-Probe ${Date.now()}`;
    const changed = await request.patch(`/api/admin/packages/${target.id}`, {
      headers,
      data: { features: { ...target.features, de: [...target.features.de, marker] } },
    });
    expect(changed.status()).toBe(200);
    try {
      expect(await (await request.get("/de/packages")).text()).toContain(marker);
      expect(await (await request.get("/en/packages")).text()).not.toContain(marker);
    } finally {
      const restored = await request.patch(`/api/admin/packages/${target.id}`, {
        headers,
        data: { features: target.features },
      });
      expect(restored.status()).toBe(200);
    }
    expect(await (await request.get("/de/packages")).text()).not.toContain(marker);
  });

  test("a package page shows its offers from the first paint and hydrates without a mismatch", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // Before any script runs, the offers are on the page; the loading indicator never is.
    let checkedBeforeScript = false;
    await page.route("**/assets/boot-*.js", async (route) => {
      await expect(page.locator('[id^="package-"]').first()).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);
      checkedBeforeScript = true;
      await route.continue();
    });
    await page.goto("/en/packages");
    await expect(page.locator('[id^="package-"]').first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /loading/i })).toHaveCount(0);
    expect(checkedBeforeScript).toBe(true);
    expect(errors, errors.join("\n")).toEqual([]);
  });

  test("the app's code is asked for only once the first paint is on screen", async ({ page }) => {
    // The browser's timeline: the app's first file leaves after the first contentful paint was presented,
    // so nothing of the app is on the way to it (lib/after-first-paint.ts).
    for (const address of ["/en", "/de/packages", "/fr/calculator", "/en/blog"]) {
      await gotoReady(page, address);
      const timeline = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        boot: performance
          .getEntriesByType("resource")
          .find((entry) => /\/assets\/boot-[^/]+\.js$/.test(entry.name))?.startTime,
      }));
      expect(timeline.paint, address).toBeGreaterThan(0);
      expect(timeline.boot, address).toBeGreaterThanOrEqual(timeline.paint as number);
    }
  });

  test("the app takes over the prerendered page without errors; switching language moves the address", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto("/de/faq");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Häufige Fragen");
    // Until the app has taken the page over, the prerendered button does nothing; an idle network does
    // not say it has (hydration runs with no request in flight), the app's mark does (e2e/app-ready.ts).
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await page.getByTestId("language-button").click();
    await page.getByTestId("language-menu").getByRole("button", { name: "Français" }).click();
    await expect(page).toHaveURL(/\/fr\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Questions fréquentes");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    expect(errors, errors.join("\n")).toEqual([]);
  });

  test("a saver signs in on the prerendered sign-in page; a signed-in reader's registration page is its second step", async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const email = `prerendered-${Date.now()}@e2e.example.test`;
    const registered = await page.request.post("/api/auth/register", {
      data: { email, password: "prerendered sign-in phrase", full_name: "Petra Prerender" },
    });
    expect(registered.status()).toBe(201);

    await page.goto("/de/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmelden");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort", { exact: true }).fill("prerendered sign-in phrase");
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId("dashboard-welcome")).toContainText("Petra Prerender");

    // Signed in, the prerendered first step is not hydrated: the app renders the second step afresh.
    await page.goto("/de/register");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(page.getByTestId("registration-later")).toBeVisible();
    expect(errors, errors.join("\n")).toEqual([]);
  });

  test("an e-mailed reset link opens its page in the mail's language, on screen before the app; the app then reads the link's token", async ({
    browser,
  }) => {
    // A phone set to English opens the link of a German e-mail.
    const context = await browser.newContext({ locale: "en-GB" });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const email = `prerendered-reset-${Date.now()}@e2e.example.test`;
    const registered = await page.request.post("/api/auth/register", {
      data: { email, password: "prerendered reset phrase", full_name: "Rita Reset" },
    });
    expect(registered.status()).toBe(201);
    const asked = await page.request.post("/api/auth/password-reset/request", {
      data: { email },
      headers: { "accept-language": "de" },
    });
    expect(asked.status()).toBe(202);
    const mail = await waitForMail(email, "/reset-password#token=");
    const link = linkPath(mail.text, "reset-password");
    expect(link).toMatch(/^\/de\/reset-password#token=/);

    // Held back, the app has not read the token: the prerendered form is there in German all the same.
    const release = await holdRequests(page, "**/assets/boot-*.js");
    await page.goto(link);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Neues Passwort festlegen");
    await expect(page.getByLabel("Neues Passwort", { exact: true })).toBeVisible();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);

    release();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    // The skip link moves the address's fragment to #main: the page keeps the link's token.
    await page.evaluate(() => {
      location.hash = "main";
    });
    await page.getByLabel("Neues Passwort", { exact: true }).fill("a new prerendered phrase 9");
    await page.getByLabel("Neues Passwort wiederholen").fill("a new prerendered phrase 9");
    await page.getByTestId("reset-submit").click();
    await expect(page.getByTestId("reset-done")).toHaveText(
      "Ihr Passwort ist geändert. Bitte melden Sie sich damit an.",
    );
    const signedIn = await page.request.post("/api/auth/login", {
      data: { email, password: "a new prerendered phrase 9" },
    });
    expect(signedIn.status()).toBe(200);

    // The same page without a token says so once the app is in (the build rendered it with the form).
    await page.goto("/de/reset-password");
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(page.getByText("Dieser Link ist unvollständig.", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Neues Passwort", { exact: true })).toHaveCount(0);
    // Hydrated without a mismatch: React would have reported one on the console.
    expect(errors, errors.join("\n")).toEqual([]);
    await context.close();
  });

  test("a form sent before the app has taken the page over stays on its address: no field in the URL", async ({
    page,
  }) => {
    // The app's start is held back, so the prerendered contact form is on screen without its handler.
    const release = await holdRequests(page, "**/assets/boot-*.js");
    await page.goto("/en/contact");
    const addresses: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name", { exact: true }).fill("Erika Mustermann");
    await form.getByLabel("E-mail", { exact: true }).fill("erika@example.test");
    await form.getByLabel("E-mail", { exact: true }).press("Enter");
    await form.getByRole("button", { name: "Send message" }).click();
    // Nothing was sent by the browser itself: the address is the page's, with nothing typed in it.
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
    expect(addresses, "the browser's own submission navigated").toEqual([]);

    release();
    await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
    await expect(page).toHaveURL(/\/en\/contact$/);
    await expect(form.getByLabel("Name", { exact: true })).toHaveValue("Erika Mustermann");
  });

  test("the address's language wins over a stored one; the root address follows the stored one", async ({
    page,
  }) => {
    await page.addInitScript(() => localStorage.setItem("user_language", "fr"));
    await page.goto("/de/calculator");
    await expect(page).toHaveURL(/\/de\/calculator$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/rechner/i);
    await page.goto("/");
    await expect(page).toHaveURL(/\/fr$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  });

  test("the root address answers with the home page in the browser's language, shown at its own address", async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: "de-DE" });
    const page = await context.newPage();
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["content-language"]).toBe("de");
    await expect(page).toHaveURL(/\/de$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await context.close();
  });

  test("the unprefixed addresses keep working in the stored language", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("user_language", "de"));
    const res = await page.goto("/packages");
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsere Festgeldangebote");
  });
});
