import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { collectErrors, holdRequests } from "./app-ready.ts";

/**
 * A signed-in page's shell carries the page's first frame, and public/signed-in-frame.js shows it with
 * the reader's name as the document is parsed, before the app's code has arrived (docs/decisions.md "A
 * signed-in page's first frame before the app"). The app then hydrates it when the session is the reader
 * it shows, else renders afresh over it.
 */

async function registerSaver(request: APIRequestContext, name: string) {
  const email = `frame-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const registered = await request.post("/api/auth/register", {
    headers: { "Accept-Language": "en" },
    data: { email, password: "first frame passphrase", full_name: name },
  });
  expect(registered.status()).toBe(201);
  return ((await registered.json()) as { access_token: string }).access_token;
}

/**
 * Opens `path` with what a signed-in browser keeps in its storage (the token, the language, the frame's
 * name, as given) and the app's code held back; returns the function that lets it in.
 */
async function visitHeld(page: Page, path: string, stored: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
  const release = await holdRequests(page, "**/assets/app-shell-*.js");
  await page.goto(path);
  return release;
}

/** Marks the frame's element, to see after the app's start whether the app took it over or replaced it. */
async function mark(element: Locator) {
  await element.evaluate((node) => {
    (window as unknown as { marked: Element }).marked = node;
  });
}
const markedStillShown = (page: Page) =>
  page.evaluate(() => document.contains((window as unknown as { marked: Element }).marked));

test("a signed-in page shows its frame with the reader's name before the app, which then takes over", async ({
  page,
  request,
}) => {
  const token = await registerSaver(request, "Frida Frame");
  const errors = collectErrors(page);
  const release = await visitHeld(page, "/dashboard", {
    token,
    user_language: "de",
    session_frame: JSON.stringify({ name: "Frida Frame" }),
  });

  // The app's code is held back: what is on screen is the shell's frame, in the stored language.
  await expect(page.getByTestId("dashboard-welcome")).toHaveText("Willkommen, Frida Frame");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle(/^Dashboard \| /);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
  await mark(page.getByTestId("dashboard-welcome"));

  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // The session is the frame's reader: the app hydrated the frame, whose heading is still the one on screen.
  await expect(page.getByTestId("dashboard-empty")).toBeVisible();
  expect(await markedStillShown(page)).toBe(true);
  await expect(page.getByTestId("dashboard-welcome")).toHaveCount(1);
  await expect(page.getByTestId("dashboard-welcome")).toHaveText("Willkommen, Frida Frame");
  await expect(page.getByTestId("dashboard-empty")).toContainText("Noch keine Anträge");
  expect(errors, errors.join("\n")).toEqual([]);
});

test("the app keeps the reader's name for the next frame, and a renamed account shows its new name", async ({
  page,
  request,
}) => {
  const token = await registerSaver(request, "Nadia New");
  const errors = collectErrors(page);
  // A name from before (the account was renamed elsewhere): the frame shows it until the app has the
  // session, which renders the page afresh with the new one.
  const release = await visitHeld(page, "/inbox", {
    token,
    user_language: "en",
    session_frame: JSON.stringify({ name: "Nadia Old" }),
  });
  await expect(page.getByTestId("header-user")).toContainText("Nadia Old");
  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  await expect(page.getByTestId("header-user")).toContainText("Nadia New");
  await expect(page.getByText("Nadia Old")).toHaveCount(0);
  expect(errors, errors.join("\n")).toEqual([]);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("session_frame")))
    .toBe(JSON.stringify({ name: "Nadia New", role: "user" }));
});

test("no frame without a stored session: a signed-out visitor is sent to sign in", async ({ page }) => {
  // A frame's name left without its token (signed out in another tab) draws nothing.
  const release = await visitHeld(page, "/dashboard", {
    session_frame: JSON.stringify({ name: "Gone Away" }),
  });
  await expect(page.locator("#root")).toBeEmpty();
  await expect(page.getByText("Gone Away")).toHaveCount(0);
  release();
  await expect(page).toHaveURL(/\/login$/);
});

test("the identity check, the inbox and the security page take over their frames too, without a mismatch", async ({
  browser,
  request,
}) => {
  const token = await registerSaver(request, "Hanna Hydrate");
  for (const [path, language] of [
    ["/kyc", "fr"],
    ["/inbox", "en"],
    ["/security", "de"],
  ] as const) {
    const page = await browser.newPage();
    const errors = collectErrors(page);
    const release = await visitHeld(page, path, {
      token,
      user_language: language,
      session_frame: JSON.stringify({ name: "Hanna Hydrate" }),
    });
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading, path).toBeVisible();
    await mark(heading);
    release();
    await expect(page.locator("html[data-app-ready]"), path).toHaveCount(1);
    await expect(page.locator("html"), path).toHaveAttribute("lang", language);
    await expect(page.getByRole("status").filter({ has: page.locator(".animate-spin") }), path).toHaveCount(
      0,
    );
    expect(await markedStillShown(page), path).toBe(true);
    expect(errors, `${path}\n${errors.join("\n")}`).toEqual([]);
    await page.close();
  }
});

test("the back office's overview shows its figures from its frame before the app, which then draws the same", async ({
  page,
  request,
}) => {
  // docs/decisions.md "The back office's first figures before the app".
  const token = await adminToken(request);
  // The name the app keeps for the frame is the session's (lib/session.tsx).
  const me = await request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
  const { full_name: name } = (await me.json()) as { full_name: string };
  const errors = collectErrors(page);
  const asked = new Map<string, number>();
  page.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith("/api/")) asked.set(url.pathname, (asked.get(url.pathname) ?? 0) + 1);
  });
  const release = await visitHeld(page, "/admin", {
    token,
    user_language: "fr",
    session_frame: JSON.stringify({ name, role: "admin" }),
  });
  // The app's code is held back: the figures on screen are the frame's, in the stored language.
  const figures = page.getByTestId("overview-value");
  await expect(figures).toHaveCount(7);
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page).toHaveTitle(/^Vue d'ensemble – Back-office \| /);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
  const fromFrame = await figures.allTextContents();
  const notes = await page.locator("[data-testid^=overview-] p.text-sm").allTextContents();
  await mark(figures.first());
  for (const text of fromFrame) expect(text).toMatch(/^\d[\d\u202f]*(,\d\d\u00a0€)?$/);
  expect(
    notes.some((text) => /^\d[\d\u202f]* dépôts?$/.test(text)),
    notes.join(" | "),
  ).toBe(true);

  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // The app draws the very figures and notes the frame showed, from the answers the frame asked for.
  await expect(figures).toHaveText(fromFrame);
  expect(await page.locator("[data-testid^=overview-] p.text-sm").allTextContents()).toEqual(notes);
  // Hydrated, not rendered afresh: the frame's figure is the one on screen.
  expect(await markedStillShown(page)).toBe(true);
  for (const path of ["/api/auth/security", "/api/admin/analytics", "/api/admin/deposits/summary"]) {
    expect(asked.get(path), path).toBe(1);
  }
  expect(errors, errors.join("\n")).toEqual([]);
});

test("the back office shows no frame for another area, or to a reader who is not an admin", async ({
  browser,
  request,
}) => {
  const admin = await browser.newPage();
  const releaseAdmin = await visitHeld(admin, "/admin?tab=funding", {
    token: await adminToken(request),
    user_language: "en",
    session_frame: JSON.stringify({ name: "E2E Admin", role: "admin" }),
  });
  await expect(admin.locator("#root")).toBeEmpty();
  releaseAdmin();
  await expect(admin.getByTestId("admin-area-heading")).toHaveText("Funding queue");
  await admin.close();

  const saver = await browser.newPage();
  // Nothing of the back office's data is asked for: not by the frame, not by the app's start.
  const staffAsked: string[] = [];
  saver.on("request", (sent) => {
    const url = new URL(sent.url());
    if (url.pathname.startsWith("/api/admin")) staffAsked.push(url.pathname);
  });
  const releaseSaver = await visitHeld(saver, "/admin", {
    token: await registerSaver(request, "Nosy Saver"),
    user_language: "en",
    session_frame: JSON.stringify({ name: "Nosy Saver", role: "user" }),
  });
  await expect(saver.locator("#root")).toBeEmpty();
  // The frame's script asked for nothing.
  expect(await saver.evaluate(() => "__festgeldFrameAnswers" in window)).toBe(false);
  releaseSaver();
  await expect(saver).not.toHaveURL(/\/admin/);
  await saver.waitForLoadState("networkidle");
  expect(staffAsked).toEqual([]);
  await saver.close();
});

test("the inbox keeps a kind chosen in its frame before the app took it over", async ({ page, request }) => {
  const token = await registerSaver(request, "Ines Inbox");
  const errors = collectErrors(page);
  const release = await visitHeld(page, "/inbox", {
    token,
    user_language: "en",
    session_frame: JSON.stringify({ name: "Ines Inbox" }),
  });
  const filter = page.getByTestId("inbox-filter");
  await expect(filter).toHaveValue("all");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
  // Chosen while the app's code is still on its way: the browser's own select.
  await filter.selectOption("security");

  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  await expect(page.getByTestId("inbox-empty")).toHaveText("No messages of this kind.");
  await expect(filter).toHaveValue("security");
  expect(errors, errors.join("\n")).toEqual([]);
});

test("an inbox with unread messages takes over its frame, then shows their count", async ({
  page,
  request,
}) => {
  // The frame says 0 unread (it is drawn before any data); the header's bell asks for the count once the
  // frame is on screen, and the answer may be in before the page's part of the frame is hydrated.
  const token = await registerSaver(request, "Una Unread");
  const admin = await adminToken(request);
  for (const title of ["Rate update 1", "Rate update 2"]) {
    const sent = await request.post("/api/admin/notifications/send", {
      headers: { authorization: `Bearer ${admin}` },
      data: { title, message: "Our offers changed today." },
    });
    expect(sent.ok()).toBeTruthy();
  }
  await page.setViewportSize({ width: 412, height: 823 });
  const errors = collectErrors(page);
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("user_language", "en");
    localStorage.setItem("session_frame", JSON.stringify({ name: "Una Unread" }));
  }, token);
  await page.goto("/inbox");
  const heading = page.getByRole("heading", { level: 1 });
  await expect(heading).toHaveText("Inbox");
  await mark(heading);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  await expect(page.getByTestId("inbox-unread")).toHaveText("2 unread messages");
  await expect(page.getByTestId("inbox-item")).toHaveCount(2);
  // Hydrated, not rendered afresh after a mismatch: the frame's heading is the one on screen.
  expect(await markedStillShown(page)).toBe(true);
  expect(errors, errors.join("\n")).toEqual([]);
});

test("a direct visit asks for the page's catalogues before the page's code", async ({ page, request }) => {
  const token = await registerSaver(request, "Cora Catalogue");
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("user_language", "en");
  }, token);
  const asked: string[] = [];
  page.on("request", (sent) => asked.push(new URL(sent.url()).pathname));
  await page.goto("/dashboard");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // The dashboard's catalogues in one file named after the page (vite.config.ts, pageCatalogues), its
  // code in the page's own chunk.
  const catalogues = asked.findIndex((path) => /^\/assets\/dashboard-[\w-]{8}\.js$/.test(path));
  const code = asked.findIndex((path) => /^\/assets\/dashboard-page-[\w-]{8}\.js$/.test(path));
  expect(catalogues, asked.join("\n")).toBeGreaterThanOrEqual(0);
  expect(code, asked.join("\n")).toBeGreaterThanOrEqual(0);
  expect(catalogues, asked.join("\n")).toBeLessThan(code);
});
