import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { adminToken, openArea } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { JPEG, PNG, pdf } from "./kyc-files.ts";
import { expectApart } from "./layout-checks.ts";

const PASSWORD = "e2e kyc journey passphrase";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

/** Signs a page in with a token before its first script runs (once, so logout stays logged out). */
async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-token-set")) {
      localStorage.setItem("token", value);
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, token);
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const access_token = await adminToken(page.request);
  await signInWithToken(page, access_token);
  return { page, token: access_token, close: () => context.close() };
}

const card = (page: Page, type: string) => page.getByTestId(`kyc-card-${type}`);

test.describe("identity verification", () => {
  test("register with all three documents -> pending on /kyc -> an admin approves all -> fully verified", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("kyc");
    await gotoReady(page, "/register");
    await page.getByLabel("Full name").fill("Klara Kyc");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Continue to KYC Verification" }).click();

    // Step 2: all three documents are required.
    const step2 = page.getByTestId("registration-documents");
    await expect(step2).toBeVisible();
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(step2.getByRole("alert")).toHaveText("Please upload all required documents");

    await step2.getByLabel("Passport").check();
    await page.getByTestId("registration-file-identity").setInputFiles({
      name: "passport.jpg",
      mimeType: "image/jpeg",
      buffer: JPEG,
    });
    await page.getByTestId("registration-file-utility_bill").setInputFiles({
      name: "electricity-bill.pdf",
      mimeType: "application/pdf",
      buffer: pdf(),
    });
    await page.getByTestId("registration-file-selfie").setInputFiles({
      name: "selfie.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await page.getByRole("button", { name: "Complete Registration" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // /kyc: no shared header or footer; the three documents wait for review, but the review cannot
    // finish before the personal data is in, so the page says that rather than "in progress".
    await page.goto("/kyc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identity verification");
    await expect(page.getByTestId("kyc-overall-status")).toHaveAttribute("data-status", "incomplete");
    await expect(page.getByTestId("kyc-overall-status")).toContainText("Still needed: your personal data.");
    await expect(page.getByTestId("kyc-overall-status")).not.toContainText("under review");
    for (const type of ["passport", "utility_bill", "selfie"]) {
      await expect(card(page, type)).toHaveAttribute("data-status", "pending");
      await expect(card(page, type).getByTestId("kyc-card-status")).toHaveText("Pending Review");
      await expect(card(page, type).locator('input[type="file"]')).toHaveCount(0);
    }
    await expect(card(page, "id_card")).toHaveAttribute("data-status", "not_uploaded");
    await expect(page.locator("footer")).toHaveCount(0);

    // An admin reviews the queue: the file beside the user's name, then approves each document.
    const admin = await adminPage(browser);
    await admin.page.goto("/admin");
    await openArea(admin.page, "KYC review");
    const rows = admin.page.getByTestId("kyc-queue-row").filter({ hasText: email });
    await expect(rows).toHaveCount(3);
    for (let remaining = 3; remaining > 0; remaining--) {
      await rows
        .first()
        .getByRole("button", { name: /Review/ })
        .click();
      const panel = admin.page.getByTestId("kyc-review-panel");
      await expect(panel.getByRole("heading", { name: "Klara Kyc" })).toBeVisible();
      await expect(panel.getByTestId("kyc-file-viewer")).toBeVisible();
      const image = panel.locator("img");
      if (await image.count()) {
        // The decrypted image really decodes in the browser.
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      } else {
        await expect(panel.getByRole("link", { name: "Download PDF" })).toBeVisible();
      }
      // No decision is preselected: the reviewer chooses one.
      await panel.getByLabel("Approve", { exact: true }).check();
      await panel.getByRole("button", { name: "Approve document" }).click();
      await expect(admin.page.getByText("Document approved.").first()).toBeVisible();
      await expect(rows).toHaveCount(remaining - 1);
    }
    // The admin users tab would then show the user approved; that tab is not covered here, so the user's
    // own record is checked through /api/auth/me below instead.
    await admin.close();

    // The user refreshes /kyc: fully verified.
    await page.getByRole("button", { name: "Refresh status" }).click();
    await expect(page.getByTestId("kyc-overall-status")).toHaveAttribute("data-status", "approved");
    await expect(page.getByTestId("kyc-overall-status")).toContainText("Fully verified");
    for (const type of ["passport", "utility_bill", "selfie"]) {
      await expect(card(page, type).getByTestId("kyc-card-status")).toHaveText("Approved");
      await expect(card(page, type)).toContainText("Document verified.");
    }
    const me = await page.request.get("/api/auth/me", {
      headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem("token"))}` },
    });
    expect(((await me.json()) as { kycStatus: string }).kycStatus).toBe("approved");
  });

  test("/kyc checks files before sending, shows a requested re-upload in German, and logs out", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("kyc-de");
    const res = await page.request.post("/api/auth/register", {
      data: { email, password: PASSWORD, full_name: "Dieter Deutsch" },
    });
    expect(res.status()).toBe(201);
    const { access_token } = (await res.json()) as { access_token: string };
    await page.addInitScript(() => localStorage.setItem("user_language", "de"));
    await signInWithToken(page, access_token);

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/kyc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Identitätsprüfung");
    await expect(page.getByTestId("kyc-overall-status")).toHaveAttribute("data-status", "not_started");
    // The page's own bar at 390 px: one row (the brand does not wrap), the way back to the dashboard.
    expect((await page.getByRole("banner").boundingBox())?.height).toBeLessThanOrEqual(65);
    await expect(page.getByTestId("kyc-dashboard")).toHaveText(/Übersicht/);
    await expect(page.getByTestId("kyc-dashboard")).toHaveAttribute("href", "/dashboard");

    // Browser-side checks with the product's error texts; nothing is sent.
    await page.getByTestId("kyc-upload-id_card").setInputFiles({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("not an image"),
    });
    await expect(card(page, "id_card").getByRole("alert")).toHaveText(
      "Ungültiger Dateityp. Nur JPG, PNG und PDF erlaubt",
    );
    await page.getByTestId("kyc-upload-id_card").setInputFiles({
      name: "huge.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.concat([JPEG, Buffer.alloc(5_242_880)]),
    });
    await expect(card(page, "id_card").getByRole("alert")).toHaveText("Datei zu groß. Maximal 5 MB erlaubt");
    await page.getByTestId("kyc-upload-selfie").setInputFiles({
      name: "selfie.pdf",
      mimeType: "application/pdf",
      buffer: pdf(),
    });
    await expect(card(page, "selfie").getByRole("alert")).toContainText("Ungültiger Dateityp");
    // The server decides by content: a text file named .jpg is refused with the translated code.
    await page.getByTestId("kyc-upload-passport").setInputFiles({
      name: "fake.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("this is text pretending to be a photo"),
    });
    await expect(card(page, "passport").getByRole("alert")).toHaveText(
      "Ungültiger Dateityp. Nur JPG, PNG und PDF erlaubt",
    );
    const status = await page.request.get("/api/kyc/status", {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await status.json()) as { overall_status: string }).overall_status).toBe("not_started");

    await page.getByTestId("kyc-upload-utility_bill").setInputFiles({
      name: "rechnung.pdf",
      mimeType: "application/pdf",
      buffer: pdf(),
    });
    const uploaded = page.getByText("Dokument erfolgreich hochgeladen!");
    await expect(uploaded).toBeVisible();
    // The toast moves the page down under the bar; it never lies over a field.
    await expectApart(uploaded, page.locator('input[name="address.postcode"]'));
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(card(page, "utility_bill")).toHaveAttribute("data-status", "pending");
    await expect(card(page, "utility_bill").locator('input[type="file"]')).toHaveCount(0);
    // Pending, but the identity document, the selfie and the personal data are still missing.
    await expect(page.getByTestId("kyc-overall-status")).toHaveAttribute("data-status", "incomplete");

    // Staff ask for a new upload; the user reads why in German and may upload again.
    const admin = await adminPage(browser);
    const queue = await admin.page.request.get(`/api/admin/kyc/documents?status=pending&limit=200`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    const doc = ((await queue.json()) as Array<{ id: string; user_email: string }>).find(
      (d) => d.user_email === email,
    );
    expect(doc).toBeTruthy();
    const decided = await admin.page.request.patch(`/api/admin/kyc/documents/${doc?.id}/decision`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { decision: "request_new_upload", reason_code: "too_old" },
    });
    expect(decided.status()).toBe(200);
    await admin.close();

    await page.getByRole("button", { name: "Status aktualisieren" }).click();
    await expect(card(page, "utility_bill")).toHaveAttribute("data-status", "rejected");
    await expect(card(page, "utility_bill").getByTestId("kyc-rejection-reason")).toHaveText(
      "Grund: Das Dokument ist älter als 3 Monate. Bitte laden Sie ein aktuelles hoch.",
    );
    await expect(card(page, "utility_bill").locator('input[type="file"]')).toHaveCount(1);
    await expect(page.getByTestId("kyc-overall-status")).toHaveAttribute("data-status", "rejected");

    await page.getByRole("button", { name: "Abmelden" }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("/admin is for admins only", async ({ page }) => {
    const res = await page.request.post("/api/auth/register", {
      data: { email: uniqueEmail("not-admin"), password: PASSWORD, full_name: "Nora Normal" },
    });
    const { access_token } = (await res.json()) as { access_token: string };
    await signInWithToken(page, access_token);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
  });
});
