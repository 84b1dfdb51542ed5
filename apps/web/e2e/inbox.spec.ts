import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { seriousViolations } from "./axe.ts";

const PASSWORD = "e2e inbox journey passphrase";

// axe-core is injected as a script, which the page's CSP would refuse; only in this spec's context.
test.use({ bypassCSP: true });

/** Signs a page in with a token, in English, before its first script runs. */
async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("user_language", "en");
  }, token);
}

/** Focus is on a control of the page, never on <body>. */
async function expectFocusKept(page: Page) {
  expect(await page.evaluate(() => document.activeElement?.tagName ?? "BODY")).not.toBe("BODY");
}

/** A new saver (account in English) who has applied for a package: one message in the inbox. */
async function saverWithApplication(page: Page) {
  const register = await page.request.post("/api/auth/register", {
    headers: { "Accept-Language": "en" },
    data: {
      email: `inbox-${randomBytes(5).toString("hex")}@e2e.example.test`,
      password: PASSWORD,
      full_name: "Ines Inbox",
    },
  });
  expect(register.status()).toBe(201);
  const { access_token: token, user } = (await register.json()) as {
    access_token: string;
    user: { id: string };
  };
  const packages = (await (await page.request.get("/api/packages")).json()) as Array<{ id: string }>;
  const applied = await page.request.post("/api/applications", {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      full_name: "Ines Inbox",
      email: "ines@e2e.example.test",
      phone: "+49 30 1234567",
      amount: 10_000,
      package_id: packages[0]?.id,
      reference_iban: "DE89 3704 0044 0532 0130 00",
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
    },
  });
  expect(applied.status()).toBe(201);
  return { token, user };
}

test("a saver finds the inbox from the bell, filters it, marks all read and opens a message's document", async ({
  page,
}) => {
  // One saver with two messages: the confirmation of an application (with its document) and an
  // announcement from staff.
  const { token, user } = await saverWithApplication(page);
  const sent = await page.request.post("/api/admin/notifications/send", {
    headers: { Authorization: `Bearer ${await adminToken(page.request)}` },
    data: { title: "Desk hours change", message: "From Monday we answer until 8 pm.", user_ids: [user.id] },
  });
  expect(sent.status()).toBe(201);

  await signIn(page, token);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");

  await test.step("the bell links to the inbox", async () => {
    await page.getByTestId("notification-bell").click();
    await page.getByTestId("notification-open-inbox").click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(page.getByTestId("inbox-item")).toHaveCount(2);
    await expect(page.getByTestId("inbox-unread")).toHaveText("2 unread messages");
    expect(await seriousViolations(page)).toEqual([]);
  });

  await test.step("the filter shows one kind", async () => {
    await page.getByTestId("inbox-filter").selectOption("announcement");
    const items = page.getByTestId("inbox-item");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toHaveAttribute("data-kind", "announcement");
    await expect(items.first().getByRole("heading", { level: 2 })).toHaveText("Desk hours change");
    await expect(items.first().getByTestId("inbox-open")).toHaveCount(0);
    await page.getByTestId("inbox-filter").selectOption("deposit");
    await expect(items).toHaveCount(1);
    await expect(items.first().getByTestId("inbox-open")).toHaveText("Open the document");
    await page.getByTestId("inbox-filter").selectOption("all");
    await expect(items).toHaveCount(2);
  });

  await test.step("mark all read: announced, focus stays on the button, at 390 px too", async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId("inbox-mark-all").click();
    await expect(page.getByTestId("inbox-announcement")).toHaveText("All messages marked as read.");
    await expect(page.getByTestId("inbox-unread")).toHaveText("0 unread messages");
    await expect(page.locator('[data-testid="inbox-item"][data-read="false"]')).toHaveCount(0);
    await expect(page.getByTestId("inbox-mark-all")).toBeFocused();
    await expectFocusKept(page);
    await expect(page.getByTestId("notification-badge")).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("a message opens its document", async () => {
    await page.getByTestId("inbox-open").click();
    await expect(page).toHaveURL(/\/documents#document-[0-9a-f-]{36}$/);
    const target = new URL(page.url()).hash;
    await expect(page.locator(target)).toBeVisible();
  });
});

test("the inbox speaks the page's language, and switching it sets the account's", async ({ page }) => {
  const { token } = await saverWithApplication(page);
  await signIn(page, token);
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto("/inbox");
  const item = page.getByTestId("inbox-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("We have received your application");

  await page.getByTestId("language-button").click();
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Inbox");
  await expect(item).toContainText(/Votre demande/);
  await expect(item).not.toContainText("We have received");
  await expect
    .poll(async () => {
      const res = await page.request.get("/api/me/message-preferences", {
        headers: { Authorization: `Bearer ${token}` },
      });
      return ((await res.json()) as { language: string }).language;
    })
    .toBe("fr");
});
