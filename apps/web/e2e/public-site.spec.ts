import { expect, test } from "@playwright/test";
import { gotoReady } from "./app-ready.ts";

/**
 * Journeys of the public site: FAQ with one answer open, the language
 * dropdown, the contact form and its 3-second reset, the promo banner, the contact widget in German.
 */
const inLanguage = (language: string) => (page: import("@playwright/test").Page) =>
  page.addInitScript((l) => localStorage.setItem("user_language", l), language);

test.describe("FAQ", () => {
  test("opens one answer at a time, closes the open one on a second click, works with the keyboard", async ({
    page,
  }) => {
    await page.goto("/faq");
    const questions = page.getByTestId("faq-question");
    await expect(questions).toHaveCount(8);
    const answers = page.getByTestId("faq-answer");
    await expect(answers.filter({ visible: true })).toHaveCount(0);

    await questions.nth(0).click();
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
    await expect(answers.nth(0)).toBeVisible();
    await expect(answers.nth(0)).toContainText("fixed-term deposit");

    await questions.nth(3).click();
    await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
    await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
    await expect(answers.filter({ visible: true })).toHaveCount(1);

    await questions.nth(3).click();
    await expect(answers.filter({ visible: true })).toHaveCount(0);

    // Keyboard: focus a question, Enter opens it, Space closes it again.
    await questions.nth(5).focus();
    await page.keyboard.press("Enter");
    await expect(questions.nth(5)).toHaveAttribute("aria-expanded", "true");
    await expect(answers.nth(5)).toBeVisible();
    await page.keyboard.press("Space");
    await expect(questions.nth(5)).toHaveAttribute("aria-expanded", "false");

    await expect(page.getByRole("link", { name: "Contact us" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("main").getByRole("link", { name: "View packages" })).toHaveAttribute(
      "href",
      "/packages",
    );
  });
});

test.describe("language dropdown", () => {
  test("closes on an outside click and on Escape, which gives focus back to the button", async ({ page }) => {
    await page.goto("/about");
    const button = page.getByTestId("language-button");
    const menu = page.getByTestId("language-menu");
    await button.click();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await page.getByRole("heading", { level: 1 }).click();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");

    await button.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Choosing a language switches the page in place.
    await button.click();
    await page.getByRole("button", { name: "Français" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("À propos de Festgeld Demo");
    await expect(page).toHaveTitle(/^Qui sommes-nous \| /);
  });
});

test.describe("contact form", () => {
  test("stores the message, shows the success message and is empty again after 3 seconds", async ({
    page,
  }) => {
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name").fill("Erika Mustermann");
    await form.getByLabel("E-mail").fill("erika@example.test");
    await form.getByLabel("Subject").fill("Question about the 12-month deposit");
    await form.getByLabel("Message").fill("When is the interest paid?");

    const response = page.waitForResponse(
      (r) => r.url().endsWith("/api/contact") && r.request().method() === "POST",
    );
    await page.getByTestId("contact-submit").click();
    expect((await response).status()).toBe(201);
    const sentAt = Date.now();

    await expect(page.getByTestId("contact-success")).toBeVisible();
    await expect(page.getByTestId("contact-success")).toBeFocused();
    await expect(form.getByLabel("Name")).toHaveValue("Erika Mustermann");
    await expect(form.getByLabel("Name")).toHaveValue("", { timeout: 6000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(2500);
    for (const label of ["E-mail", "Subject", "Message"])
      await expect(form.getByLabel(label)).toHaveValue("");
    await expect(page.getByTestId("contact-success")).toBeHidden();
    await expect(page.getByTestId("contact-submit")).toBeEnabled();
  });

  test("does not send while a required field is empty", async ({ page }) => {
    let posted = false;
    page.on("request", (r) => {
      if (r.url().endsWith("/api/contact")) posted = true;
    });
    await page.goto("/contact");
    const form = page.getByTestId("contact-form");
    await form.getByLabel("Name").fill("Erika Mustermann");
    await form.getByLabel("E-mail").fill("erika@example.test");
    await form.getByLabel("Subject").fill("Question");
    await page.getByTestId("contact-submit").click();
    await expect(form.getByLabel("Message")).toHaveJSProperty("validity.valueMissing", true);
    expect(posted).toBe(false);
  });
});

test.describe("home", () => {
  test("the promo banner can be dismissed and stays dismissed while browsing", async ({ page }) => {
    await gotoReady(page, "/");
    const banner = page.getByTestId("promo-banner");
    await expect(banner).toBeVisible();
    await expect(banner.getByRole("link")).toHaveAttribute("href", "/packages");
    await page.getByRole("button", { name: "Dismiss announcement" }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.locator("#main")).toBeFocused();
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "FAQ" })
      .click();
    await expect(page).toHaveURL(/\/faq$/);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("promo-banner")).toHaveCount(0);
  });

  test("the hero leads to the packages and the calculator, the closing call to action to /apply", async ({
    page,
  }) => {
    await gotoReady(page, "/");
    await expect(page.getByTestId("testimonial")).toHaveCount(6);
    await page.getByTestId("hero-calculator").click();
    await expect(page).toHaveURL(/\/calculator$/);
    await page.goBack();
    await page.getByTestId("cta-apply").click();
    await expect(page).toHaveURL(/\/apply$/);
  });
});

test.describe("contact widget", () => {
  test("in German: WhatsApp link text and greeting, call button, hours; Escape closes it", async ({
    page,
  }) => {
    await inLanguage("de")(page);
    await gotoReady(page, "/");
    const toggle = page.getByTestId("contact-widget-button");
    await expect(toggle).toHaveAccessibleName("Kontaktmöglichkeiten öffnen");
    await toggle.click();
    const panel = page.getByTestId("contact-widget-panel");
    await expect(panel).toBeVisible();
    const whatsapp = page.getByTestId("whatsapp-link");
    await expect(whatsapp).toContainText("Per WhatsApp schreiben");
    const href = (await whatsapp.getAttribute("href")) ?? "";
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(href.split("text=")[1] ?? "")).toBe(
      "Hallo, ich habe eine Frage zu Ihren Festgeldangeboten.",
    );
    await expect(page.getByTestId("call-link")).toHaveAttribute("href", /^tel:\+49/);
    await expect(page.getByTestId("widget-hours")).toHaveText(
      // Weekday abbreviations come from the browser's Intl data ("Mo" or "Mo."); a word joiner after
      // each dash keeps a range on one line.
      /^Erreichbarkeit: Mo\.?–\u2060Fr\.? 9:00–\u206018:00 Uhr MEZ$/,
    );

    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(toggle).toBeFocused();
    // Keyboard only: Enter opens it again and Tab reaches the WhatsApp link next.
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(whatsapp).toBeFocused();
  });
});

test.describe("mobile navigation", () => {
  test("opens and closes with the keyboard; Escape gives focus back to the menu button", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoReady(page, "/");
    const button = page.getByTestId("mobile-menu-button");
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    for (const link of ["Home", "Packages", "Compare", "Calculator", "About us", "Blog", "FAQ"]) {
      await expect(menu.getByRole("link", { name: link, exact: true })).toBeVisible();
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });
});
