import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { JPEG } from "./kyc-files.ts";

/**
 * The back office by keyboard alone: the skip link, every area through the shell's navigation with
 * focus on each new area's heading, a document opened from the KYC queue and the saver's dossier
 * reached and left again, and the narrow screen's menu (focus kept inside, Escape closes it). Every
 * stop shows where the focus is.
 */

/** What has the focus: its tag, name and whether a ring of at least 1 px is drawn around it. */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: "body", text: "", label: "", ring: false, id: "" };
    const style = getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const outline = style.outlineStyle !== "none" && Number(style.outlineWidth.replace(/px$/, "")) >= 1;
    return {
      tag: el.tagName.toLowerCase(),
      text: (el.textContent ?? "").trim(),
      label: el.getAttribute("aria-label") ?? "",
      ring: (outline || style.boxShadow !== "none") && box.width > 1 && box.height > 1,
      id: el.id,
    };
  });
}

/** Presses `key` until the focused element matches, at most `limit` times; each stop must show focus. */
async function pressUntil(
  page: Page,
  key: string,
  matches: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  limit = 40,
) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press(key);
    const now = await focused(page);
    expect(now.ring, `focus ring on <${now.tag}> "${now.label || now.text.slice(0, 40)}"`).toBe(true);
    if (matches(now)) return now;
  }
  throw new Error(`no match after ${limit} presses of ${key}`);
}

async function expectHeadingFocused(page: Page, text: string | RegExp) {
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText(text);
  await expect(heading).toBeFocused();
  expect((await focused(page)).ring).toBe(true);
}

async function signedInAdmin(page: Page) {
  const token = await adminToken(page.request);
  await page.addInitScript((value) => localStorage.setItem("token", value), token);
}

test.describe("back office by keyboard", () => {
  test("an admin reaches every area through the navigation, focus following to each area's heading", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInAdmin(page);
    await page.goto("/admin");
    await expect(page.getByTestId("admin-area-heading")).toHaveText("Overview", { timeout: 30_000 });

    // The skip link comes first and takes the keyboard past the shell.
    await page.keyboard.press("Tab");
    expect(await focused(page)).toMatchObject({ tag: "a", text: "Skip to main content", ring: true });
    await page.keyboard.press("Enter");
    await expect(page.locator("#main")).toBeFocused();

    // From the top, the header (brand, website, theme, language, inbox, account) leads into the sidebar.
    await page.goto("/admin");
    await expect(page.getByTestId("admin-area-heading")).toHaveText("Overview", { timeout: 30_000 });
    const sidebar = page.getByTestId("admin-sidebar");
    const links = sidebar.getByRole("link");
    // The areas load their code after the first paint; read the sidebar once it has all of them.
    await expect(links).toHaveCount(17);
    const names = (await links.allTextContents()).map((name) => name.trim());
    const ids = await links.evaluateAll((els) => els.map((el) => el.getAttribute("data-area") ?? ""));
    expect(ids).toEqual([
      "overview",
      "users",
      "kyc",
      "sanctions",
      "applications",
      "funding",
      "statements",
      "payments",
      "maturities",
      "jobs",
      "ledger",
      "reconciliation",
      "notifications",
      "messages",
      "packages",
      "banks",
      "audit",
    ]);
    await pressUntil(page, "Tab", (f) => f.tag === "a" && f.text === names[0]);
    await expect(sidebar.getByRole("link", { name: "Overview", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );

    // Each area in turn: back from its heading into the navigation (Shift+Tab; from the overview's
    // link, which is already open, forward with Tab), then Enter.
    for (const [index, name] of names.entries()) {
      if (index === 1) await pressUntil(page, "Tab", (f) => f.tag === "a" && f.text === name);
      if (index > 1) await pressUntil(page, "Shift+Tab", (f) => f.tag === "a" && f.text === name);
      await page.keyboard.press("Enter");
      const id = ids[index] ?? "";
      await expect(page).toHaveURL(id === "overview" ? /\/admin$/ : new RegExp(`/admin\\?tab=${id}$`));
      await expect(sidebar.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      if (index > 0) await expectHeadingFocused(page, name);
      await expect(page.getByRole("main").getByRole("status")).toHaveCount(0, { timeout: 30_000 });
    }

    // A reload keeps the area; the account menu opens from the keyboard and Escape gives focus back.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(names.at(-1) ?? "");
    const account = page.getByTestId("header-user");
    await account.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("account-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("account-menu")).toHaveCount(0);
    await expect(account).toBeFocused();
  });

  test("in every area, Tab reaches each control in turn and each shows a focus ring", async ({ page }) => {
    test.setTimeout(180_000);
    await signedInAdmin(page);
    await page.goto("/admin");
    await expect(page.getByTestId("admin-area-heading")).toHaveText("Overview", { timeout: 30_000 });
    const ids = await page
      .getByTestId("admin-sidebar")
      .getByRole("link")
      .evaluateAll((els) => els.map((el) => el.getAttribute("data-area") ?? ""));
    const missing: string[] = [];
    for (const id of ids) {
      await page.goto(`/admin?tab=${id}`);
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("main").getByRole("status")).toHaveCount(0, { timeout: 30_000 });
      await page.getByRole("heading", { level: 1 }).focus();
      for (let stop = 0; stop < 60; stop++) {
        await page.keyboard.press("Tab");
        const inMain = await page.evaluate(() => document.activeElement?.closest("main") !== null);
        if (!inMain) break;
        const now = await focused(page);
        if (!now.ring) missing.push(`${id}: <${now.tag}> "${now.label || now.text.slice(0, 40)}"`);
      }
    }
    expect(missing).toEqual([]);
  });

  test("from the KYC queue, an admin opens a document, then the saver's dossier, and returns to the queue", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signedInAdmin(page);
    // A saver with personal data and one passport waiting for review.
    const name = `Kira Keyboard ${randomBytes(3).toString("hex")}`;
    const email = `keyboard-${randomBytes(5).toString("hex")}@e2e.example.test`;
    const registered = await page.request.post("/api/auth/register", {
      data: { email, password: "e2e keyboard passphrase", full_name: name },
    });
    expect(registered.status()).toBe(201);
    const saver = {
      authorization: `Bearer ${((await registered.json()) as { access_token: string }).access_token}`,
    };
    const uploaded = await page.request.post("/api/kyc/upload/passport", {
      headers: saver,
      multipart: { file: { name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG } },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);

    await page.goto("/admin");
    await expect(page.getByTestId("admin-area-heading")).toHaveText("Overview", { timeout: 30_000 });
    await pressUntil(page, "Tab", (f) => f.tag === "a" && f.text === "KYC review");
    await page.keyboard.press("Enter");
    await expectHeadingFocused(page, "KYC review");

    // Through the queue, page by page with the keyboard, to the saver's "Review" button.
    const review = `Review Passport of ${name}`;
    for (let pageNo = 0; ; pageNo++) {
      await expect(page.getByTestId("kyc-queue-row").first()).toBeVisible();
      if ((await page.getByRole("button", { name: review }).count()) > 0) break;
      expect(pageNo, "the saver's document is in the queue").toBeLessThan(20);
      await pressUntil(page, "Tab", (f) => f.tag === "button" && f.text === "Next", 80);
      await page.keyboard.press("Enter");
    }
    await pressUntil(page, "Tab", (f) => f.label === review, 80);
    await page.keyboard.press("Enter");
    // Focus moves to the review panel's heading: the saver's name.
    const panel = page.getByTestId("kyc-review-panel");
    await expect(panel.getByRole("heading", { name })).toBeFocused();
    await pressUntil(page, "Tab", (f) => f.tag === "a" && f.text === "Open dossier", 3);
    await page.keyboard.press("Enter");

    // The dossier: its heading has the focus; the back link (just before it) returns to the queue.
    await expect(page).toHaveURL(/\/admin\/dossier\//);
    await expectHeadingFocused(page, new RegExp(name));
    await pressUntil(page, "Shift+Tab", (f) => f.tag === "a" && f.text === "Back to the back office", 2);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\?tab=kyc$/);
    await expectHeadingFocused(page, "KYC review");
  });

  test("on a narrow screen the areas are behind a menu that keeps focus inside and closes on Escape", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signedInAdmin(page);
    await page.goto("/admin");
    await expect(page.getByTestId("admin-area-heading")).toHaveText("Overview", { timeout: 30_000 });
    // Let the area's code and data finish loading, so that nothing is replaced under the keyboard.
    await page.waitForLoadState("networkidle");
    await expect(page.getByTestId("admin-sidebar")).toBeHidden();
    const button = page.getByTestId("admin-menu-button");
    await pressUntil(page, "Tab", (f) => f.tag === "button" && f.text === "Areas");
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("admin-menu");
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");

    // Tab goes round the menu and its button, never out to the page behind.
    const stops = (await menu.locator("a, button").count()) + 1;
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press("Tab");
      const inside = await page.evaluate(
        () =>
          document.activeElement?.closest('[data-testid="admin-menu"], [data-testid="admin-menu-button"]') !==
          null,
      );
      expect(inside).toBe(true);
      expect((await focused(page)).ring).toBe(true);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(button).toBeFocused();

    // An area chosen from the menu closes it and puts focus on the area's heading.
    await page.keyboard.press("Enter");
    await pressUntil(page, "Tab", (f) => f.tag === "a" && f.text === "Users", 5);
    await page.keyboard.press("Enter");
    await expect(menu).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\?tab=users$/);
    await expectHeadingFocused(page, "Users");
  });
});
