import { expect, type Page } from "@playwright/test";

/**
 * Opens a page and waits until the app has taken it over. A prerendered page (every public page, and
 * the root address) is on screen before React hydrates it, and a click before that does nothing; the
 * root layout marks `<html data-app-ready>` once the page inside it has mounted (app/root-layout.tsx).
 */
export async function gotoReady(page: Page, url: string) {
  const response = await page.goto(url);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  return response;
}

/**
 * Holds back every request matching `pattern` (the app's start, its code) until the returned function is
 * called: what a page shows, and does, before the app has it.
 */
export async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Collects the page's console errors and uncaught exceptions, for a test to expect none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
