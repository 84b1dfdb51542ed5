import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { adminToken } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { JPEG } from "./kyc-files.ts";

/**
 * The flows where a control the keyboard is on goes away or is disabled (a language chosen, a set-up
 * step finished, a file uploaded, a message marked read, a form replaced by the next step, a decision
 * taken): after each, focus is on an element of the page, never on <body> (WCAG 2.4.3). Driven by the
 * keyboard: Tab, Enter and the keys a user would press.
 */
const PASSWORD = "e2e-Keyboard-Passphrase-2026";

/** What has the focus: its tag, test id, text or name, or "body". */
async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    const label = element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 40) ?? "";
    return `${element.tagName.toLowerCase()}${(element as HTMLElement).dataset.testid ? `[${(element as HTMLElement).dataset.testid}]` : ""} "${label}"`;
  });
}

async function expectFocusKept(page: Page, after: string) {
  const where = await focused(page);
  expect(where, `focus after ${after}`).not.toBe("body");
  return where;
}

/** Presses Tab until the focused element matches, at most `limit` times. */
async function tabTo(page: Page, matches: () => boolean, limit = 60) {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(matches).catch(() => false)) return;
  }
  throw new Error("Tab never reached the control");
}

async function register(request: APIRequestContext, name: string) {
  const email = `keyboard-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const res = await request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: name },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, token: ((await res.json()) as { access_token: string }).access_token };
}

async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("user_language", "en");
  }, token);
}

test.describe("focus never falls to <body>", () => {
  test.describe.configure({ timeout: 120_000 });

  test("a language change, register step 1 to 2, and a KYC upload", async ({ page }) => {
    await page.goto("/register");
    await expect(page.locator("h1")).toHaveText("Create your account");

    // The language list: Enter opens it, Tab reaches "Deutsch", Enter chooses it.
    await page.getByTestId("language-button").focus();
    await page.keyboard.press("Enter");
    await tabTo(page, () => document.activeElement?.getAttribute("lang") === "de");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect(await expectFocusKept(page, "a language change")).toContain("language-button");
    await page.getByTestId("language-button").press("Enter");
    await tabTo(page, () => document.activeElement?.getAttribute("lang") === "en");
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    // Step 1, sent with Enter from the last field: step 2's title takes the focus.
    const email = `keyboard-${randomBytes(5).toString("hex")}@e2e.example.test`;
    await page.getByLabel("Full name").fill("Kim Keyboard");
    await page.getByLabel("E-mail address").fill(email);
    for (const field of await page.locator('input[type="password"]').all()) await field.fill(PASSWORD);
    await page.locator('input[type="password"]').last().press("Enter");
    await expect(page.locator("h1")).toHaveText("Verify your identity");
    await expect(page.locator("h1")).toBeFocused();

    // A KYC upload: the picker is busy while the file goes up; afterwards focus is on the card.
    await page.goto("/kyc");
    const card = page.getByTestId("kyc-card-passport");
    const input = card.locator('input[type="file"]');
    await input.focus();
    await input.setInputFiles({ name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG });
    await expect(card).toHaveAttribute("data-status", "pending");
    await expect(card.locator("h3")).toBeFocused();
    // A file of a refused type: one announcement (beside the picker, no toast), focus on the picker.
    const bill = page.getByTestId("kyc-card-utility_bill");
    const billInput = bill.locator('input[type="file"]');
    await billInput.focus();
    await billInput.setInputFiles({ name: "bill.txt", mimeType: "text/plain", buffer: Buffer.from("no") });
    await expect(bill.getByRole("alert")).toBeVisible();
    await expect(billInput).toBeFocused();
    await expect(
      page.getByRole("status").filter({ hasText: (await bill.getByRole("alert").textContent()) ?? "" }),
    ).toHaveCount(0);
  });

  test("two-step sign-in: each set-up step keeps the focus; the card says on at once; codes to copy and download", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const saver = await register(page.request, "Tom Totp");
    await signIn(page, saver.token);
    await page.goto("/security");
    const card = page.getByTestId("two-factor");
    await expect(card.getByTestId("two-factor-status")).toHaveText("Off");

    await card.getByTestId("two-factor-start").focus();
    await page.keyboard.press("Enter");
    const secret = (await card.getByTestId("totp-secret").textContent()) ?? "";
    await expectFocusKept(page, "starting the set-up");
    await tabTo(page, () => document.activeElement?.getAttribute("autocomplete") === "one-time-code");
    await page.keyboard.type(new TOTP({ secret: Secret.fromBase32(secret.replace(/\s/g, "")) }).generate());
    await page.keyboard.press("Enter");
    await expect(card.getByTestId("recovery-codes")).toBeVisible();
    await expectFocusKept(page, "confirming the first code");
    // Right after enrolment: "On", and no call to set it up.
    await expect(card.getByTestId("two-factor-status")).toHaveText("On");
    await expect(card.getByTestId("two-factor-required")).toHaveCount(0);

    const codes = (await card.getByTestId("recovery-codes").locator("li").allInnerTexts()).map((c) =>
      c.trim(),
    );
    expect(codes.length).toBeGreaterThan(0);
    await card.getByTestId("recovery-codes-copy").press("Enter");
    await expect(card.getByText("The recovery codes are copied.")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes[0]);
    const download = page.waitForEvent("download");
    await card.getByTestId("recovery-codes-download").press("Enter");
    const file = await download;
    const text = readFileSync(await file.path(), "utf8");
    for (const code of codes) expect(text).toContain(code);

    await card.getByTestId("recovery-codes-done").press("Enter");
    await expect(card.getByTestId("recovery-codes")).toHaveCount(0);
    await expectFocusKept(page, "closing the recovery codes");

    // New codes: the form opens on its password field; Cancel gives focus back to its button.
    await card.getByRole("button", { name: "New recovery codes" }).press("Enter");
    await expect(card.getByLabel("Current password")).toBeFocused();
    await card.getByRole("button", { name: "Cancel" }).press("Enter");
    await expect(card.getByRole("button", { name: "New recovery codes" })).toBeFocused();
  });

  test("an application by keyboard, submit another, mark as read; in the back office reject, cancel and a refused approval", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    const saver = await register(page.request, "Kai Keys");
    await signIn(page, saver.token);
    await gotoReady(page, "/packages");
    await page.locator('[data-duration="12"]').getByRole("button").press("Enter");
    await expect(page).toHaveURL(/\/apply$/);
    await page.getByLabel("Telephone number").fill("+49 30 1234567");
    await page.getByLabel("Amount (€)").fill("10000");
    await page.getByLabel("IBAN of your reference account").fill("DE89 3704 0044 0532 0130 00");
    await page.getByRole("radio", { name: "Pay out everything" }).check();
    await page.getByRole("checkbox", { name: /depositor information sheet/ }).check();
    const submit = page.getByRole("button", { name: "Submit application" });
    await submit.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "Submit another application" })).toBeVisible();
    await expectFocusKept(page, "sending the application");
    await page.getByRole("button", { name: "Submit another application" }).press("Enter");
    await expect(page.locator("h1")).toBeFocused();

    // The inbox tells of the application: "mark as read" leaves focus on the message.
    await page.goto("/dashboard");
    const bell = page.getByTestId("notification-bell");
    await bell.press("Enter");
    const panel = page.getByTestId("notification-panel");
    const markRead = panel.getByRole("button", { name: /^Mark .* as read$/ }).first();
    await markRead.focus();
    await page.keyboard.press("Enter");
    await expect(panel.getByTestId("notification-item").first()).toHaveAttribute("data-read", "true");
    await expectFocusKept(page, "mark as read");

    // The back office: Reject, then Cancel: focus back on Reject. Approve, confirm: refused (the
    // identity is not verified), and the reason stays on the row after the toast has gone.
    const context = await browser.newContext();
    const admin = await context.newPage();
    try {
      const token = await adminToken(admin.request);
      await admin.addInitScript((value) => {
        localStorage.setItem("token", value);
        localStorage.setItem("user_language", "en");
      }, token);
      await admin.goto("/admin?tab=applications");
      const row = admin.getByTestId("applications-row").filter({ hasText: saver.email });
      await expect(row).toHaveCount(1);
      const reject = row.getByRole("button", { name: /^Reject the application of Kai Keys/ });
      await reject.press("Enter");
      await row.getByRole("button", { name: "Cancel" }).press("Enter");
      await expect(reject).toBeFocused();

      const approve = row.getByRole("button", { name: /^Approve the application of Kai Keys/ });
      await approve.press("Enter");
      const yes = row.getByRole("button", { name: "Yes, approve" });
      await expect(yes).toBeFocused();
      await admin.keyboard.press("Enter");
      const refusal = row.getByTestId("application-refusal");
      await expect(refusal).toBeVisible();
      await expectFocusKept(admin, "a refused approval");
      await expect(
        admin.locator("[role=status], [role=alert]").filter({ hasText: "Not approved" }),
      ).toHaveCount(1);
      // The toast goes; the row keeps the reason until it is dismissed.
      await expect(admin.locator("div.fixed[aria-live] > [role]")).toHaveCount(0, { timeout: 15_000 });
      await expect(refusal).toBeVisible();
      await refusal.getByRole("button", { name: "Dismiss" }).press("Enter");
      await expect(refusal).toHaveCount(0);
      await expect(approve).toBeFocused();

      // The newsletter's review: the review takes the focus, "back" returns it to the button.
      await admin.goto("/admin?tab=messages");
      const form = admin.getByTestId("newsletter-send-form");
      await form.getByLabel("Subject (German)").fill("Zinsen im Herbst");
      await form.getByLabel("Text (German)").fill("Unsere Zinsen.");
      await form.getByRole("button", { name: "Review recipients" }).press("Enter");
      const review = form.getByTestId("newsletter-review");
      await expect(review).toBeFocused();
      await review.getByRole("button", { name: "Back to editing" }).press("Enter");
      await expect(form.getByRole("button", { name: "Review recipients" })).toBeFocused();
    } finally {
      await context.close();
    }
  });
});
