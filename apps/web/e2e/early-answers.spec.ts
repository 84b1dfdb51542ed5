import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { collectErrors, holdRequests } from "./app-ready.ts";

/**
 * A direct visit to a signed-in page asks for the page's first data beside the app's code
 * (lib/page-requests.ts, lib/early-session.ts; docs/decisions.md "The signed-in pages measured cold"):
 * with the app's shell held back, so that nothing can render, the page's requests have already left;
 * once the app is in, the page shows their answers and asks for none of them again.
 */

/** Counts the page's requests by path and query (`/api/kyc/status`). */
function countRequests(page: Page) {
  const counts = new Map<string, number>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith("/api/")) return;
    const key = `${url.pathname}${url.search}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return (key: string) => counts.get(key) ?? 0;
}

async function visitHeld(
  page: Page,
  token: string,
  path: string,
  expected: readonly string[],
  language = "en",
) {
  await page.addInitScript(
    ([value, chosen]) => {
      localStorage.setItem("token", value);
      localStorage.setItem("user_language", chosen);
    },
    [token, language] as const,
  );
  const count = countRequests(page);
  const release = await holdRequests(page, "**/assets/app-shell-*.js");
  await page.goto(path);
  for (const key of expected) await expect.poll(() => count(key), { message: key }).toBe(1);
  await expect(page.locator("html[data-app-ready]")).toHaveCount(0);
  release();
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  return count;
}

test("a signed-in page's first data leaves beside the app's code, and the page takes it", async ({
  browser,
  request,
}) => {
  const email = `early-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const registered = await request.post("/api/auth/register", {
    headers: { "Accept-Language": "en" },
    data: { email, password: "early answers passphrase", full_name: "Edda Early" },
  });
  expect(registered.status()).toBe(201);
  const { access_token: token } = (await registered.json()) as { access_token: string };

  // The inbox: its first page and the unread count (registration left a welcome message or none).
  const inbox = await browser.newPage();
  const inboxErrors = collectErrors(inbox);
  const inboxList = "/api/notifications?limit=20&offset=0";
  const unread = "/api/notifications/unread-count";
  const inboxCount = await visitHeld(inbox, token, "/inbox", [inboxList, unread]);
  await expect(inbox.getByTestId("inbox-unread")).toBeVisible();
  expect(inboxCount(inboxList)).toBe(1);
  expect(inboxCount(unread)).toBe(1);
  expect(inboxErrors, inboxErrors.join("\n")).toEqual([]);
  await inbox.close();

  // The identity check: its status, the approval checklist and the personal data.
  const kyc = await browser.newPage();
  const kycRequests = ["/api/kyc/status", "/api/me/approval-checklist", "/api/kyc/profile"];
  const kycCount = await visitHeld(kyc, token, "/kyc", kycRequests);
  await expect(kyc.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(kyc.getByTestId("personal-data-form")).toBeVisible();
  for (const key of kycRequests) expect(kycCount(key), key).toBe(1);
  await kyc.close();

  // The back office's overview, in German: the two-factor status and the figures, asked for in the
  // page's language (the back office asks for them before i18next has started).
  const admin = await browser.newPage();
  const adminRequests = ["/api/auth/security", "/api/admin/analytics", "/api/admin/deposits/summary"];
  const adminCount = await visitHeld(admin, await adminToken(request), "/admin", adminRequests, "de");
  await expect(admin.getByTestId("overview-value").first()).toBeVisible();
  await expect(admin.locator("html")).toHaveAttribute("lang", "de");
  for (const key of adminRequests) expect(adminCount(key), key).toBe(1);
  await admin.close();
});

test("the signed-in pages' shell names React's renderer, the one the app then runs, as it is parsed", async ({
  page,
  request,
}) => {
  // docs/decisions.md "The signed-in pages measured cold": asked for with the document, not after the entry.
  const html = await (await request.get("/inbox")).text();
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  expect(preloads).toHaveLength(1);
  const renderer = preloads[0] as string;
  expect(renderer).toMatch(/^\/assets\/client-[\w-]+\.js$/);
  expect((await request.get(renderer)).status()).toBe(200);
  // The app loads that very file, once: the preload is used, not fetched beside another copy.
  const loaded: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/assets/client-")) loaded.push(new URL(r.url()).pathname);
  });
  await page.goto("/login");
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
  expect(loaded).toEqual([renderer]);
});
