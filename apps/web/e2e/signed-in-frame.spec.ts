import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { collectErrors, holdRequests } from "./app-ready.ts";

/**
 * A signed-in page's shell carries the page's first frame, and public/signed-in-frame.js shows it with
 * the reader's name as the document is parsed, before the app's code has arrived (docs/decisions.md "A
 * signed-in page's first frame before the app"). The app then replaces it with its own render.
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

/** Stores what a signed-in browser keeps (the token, the language, and the frame's name when given). */
async function store(page: Page, values: Record<string, string>) {
  await page.addInitScript((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, values);
}

test("a signed-in page shows its frame with the reader's name before the app, which then takes over", async ({
  page,
  request,
}) => {
  const token = await registerSaver(request, "Frida Frame");
  const errors = collectErrors(page);
  await store(page, {
    token,
    user_language: "de",
    session_frame: JSON.stringify({ name: "Frida Frame" }),
  });
  const release = await holdRequests(page, "**/assets/app-shell-*.js");
  await page.goto("/dashboard");

  // The app's code is held back: what is on screen is the shell's frame, in the stored language.
  await expect(page.getByTestId("dashboard-welcome")).toHaveText("Willkommen, Frida Frame");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page).toHaveTitle(/^Dashboard \| /);
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("status")).toBeVisible();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
  // Marks the frame's heading, to see whether the app takes it over or replaces it.
  await page.getByTestId("dashboard-welcome").evaluate((heading) => {
    (window as unknown as { frameHeading: Element }).frameHeading = heading;
  });

  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  // The session is the frame's reader: the app hydrated the frame, whose heading is still the one on screen.
  await expect(page.getByTestId("dashboard-empty")).toBeVisible();
  expect(
    await page.evaluate(() =>
      document.contains((window as unknown as { frameHeading: Element }).frameHeading),
    ),
  ).toBe(true);
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
  await store(page, { token, user_language: "en", session_frame: JSON.stringify({ name: "Nadia Old" }) });
  const release = await holdRequests(page, "**/assets/app-shell-*.js");
  await page.goto("/inbox");
  await expect(page.getByTestId("header-user")).toContainText("Nadia Old");
  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  await expect(page.getByTestId("header-user")).toContainText("Nadia New");
  await expect(page.getByText("Nadia Old")).toHaveCount(0);
  expect(errors, errors.join("\n")).toEqual([]);
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("session_frame")))
    .toBe(JSON.stringify({ name: "Nadia New" }));
});

test("no frame without a stored session: a signed-out visitor is sent to sign in", async ({ page }) => {
  // A frame's name left without its token (signed out in another tab) draws nothing.
  await store(page, { session_frame: JSON.stringify({ name: "Gone Away" }) });
  const release = await holdRequests(page, "**/assets/app-shell-*.js");
  await page.goto("/dashboard");
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
    await store(page, {
      token,
      user_language: language,
      session_frame: JSON.stringify({ name: "Hanna Hydrate" }),
    });
    const release = await holdRequests(page, "**/assets/app-shell-*.js");
    await page.goto(path);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading, path).toBeVisible();
    await heading.evaluate((element) => {
      (window as unknown as { frameHeading: Element }).frameHeading = element;
    });
    release();
    await expect(page.locator("html[data-app-ready]"), path).toHaveCount(1);
    await expect(page.locator("html"), path).toHaveAttribute("lang", language);
    await expect(page.getByRole("status").filter({ has: page.locator(".animate-spin") }), path).toHaveCount(
      0,
    );
    expect(
      await page.evaluate(() =>
        document.contains((window as unknown as { frameHeading: Element }).frameHeading),
      ),
      path,
    ).toBe(true);
    expect(errors, `${path}\n${errors.join("\n")}`).toEqual([]);
    await page.close();
  }
});
