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
