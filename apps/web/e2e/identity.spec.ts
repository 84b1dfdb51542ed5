import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { JPEG, PNG, pdf } from "./kyc-files.ts";

const PASSWORD = "e2e identity journey passphrase";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

/** Signs a page in with a token before its first script runs. */
async function signInWithToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-token-set")) {
      localStorage.setItem("token", value);
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, token);
}

const imageDecoded = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator("img")
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);

test.describe("identity", () => {
  test("a saver enters personal data and both sides of the ID card; staff see them in the dossier and decide", async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail("ident");
    const registered = await page.request.post("/api/auth/register", {
      data: { email, password: PASSWORD, full_name: "Ida Ident" },
    });
    expect(registered.status()).toBe(201);
    const { access_token, user } = (await registered.json()) as {
      access_token: string;
      user: { id: string };
    };
    await signInWithToken(page, access_token);

    // The saver: personal data on /kyc, checked in the browser first.
    await page.goto("/kyc");
    const form = page.getByTestId("personal-data-form");
    await form.getByLabel("Date of birth").fill("1980-05-17");
    await form.getByLabel("Place of birth").fill("Köln");
    await form.getByLabel("Nationality").selectOption("DE");
    await form.getByLabel("Country of residence").selectOption("DE");
    await form.getByLabel("Street and number").fill("Hauptstraße 1");
    await form.getByLabel("Postcode").fill("10115");
    await form.getByLabel("City").fill("Berlin");
    await form.getByLabel("Country of tax residency").selectOption("DE");
    await form.getByLabel("Tax identification number").fill("86095742718");
    await form.getByRole("button", { name: "Save personal data" }).click();
    await expect(form.getByText("This tax identification number is not valid")).toBeVisible();
    await form.getByLabel("Tax identification number").fill("86095742719");
    await form.getByRole("button", { name: "Save personal data" }).click();
    await expect(page.getByTestId("personal-data-status")).toHaveAttribute("data-status", "pending");

    // Both sides of the ID card, the proof of address as a PDF and the selfie.
    for (const [type, name, mimeType, buffer] of [
      ["id_card", "front.jpg", "image/jpeg", JPEG],
      ["id_card_back", "back.png", "image/png", PNG],
      ["utility_bill", "bill.pdf", "application/pdf", pdf()],
      ["selfie", "me.png", "image/png", PNG],
    ] as const) {
      await page.getByTestId(`kyc-upload-${type}`).setInputFiles({ name, mimeType, buffer });
      await expect(page.getByTestId(`kyc-card-${type}`)).toHaveAttribute("data-status", "pending");
    }

    // Staff: the dossier shows the personal data, both sides beside the selfie, the PDF inline.
    const context = await browser.newContext();
    const admin = await context.newPage();
    await signInWithToken(admin, await adminToken(admin.request));
    await admin.goto(`/admin/dossier/${user.id}`);
    await expect(admin.getByRole("heading", { name: "Dossier of Ida Ident" })).toBeVisible();
    await expect(admin.getByTestId("dossier-personal")).toContainText("86095742719");
    await expect(admin.getByTestId("dossier-personal")).toContainText("Köln");
    for (const type of ["id_card", "id_card_back", "selfie"]) {
      await expect.poll(() => imageDecoded(admin, `dossier-document-${type}`)).toBe(true);
    }
    const pdfPage = admin.getByTestId("dossier-document-utility_bill").getByTestId("pdf-page");
    await expect(pdfPage).toBeVisible();
    expect(await pdfPage.evaluate((c: HTMLCanvasElement) => c.width > 0 && c.height > 0)).toBe(true);

    // No decision is preselected; staff confirm the personal data and approve the front.
    const decide = admin.getByTestId("profile-decision-form");
    await expect(decide.getByRole("button", { name: "Record decision" })).toBeDisabled();
    await decide.getByLabel("Confirm: matches the documents").check();
    await decide.getByRole("button", { name: "Record decision" }).click();
    await expect(admin.getByTestId("dossier-personal")).toContainText("Approved");
    const front = admin.getByTestId("dossier-document-id_card");
    await front.getByLabel("Approve", { exact: true }).check();
    await front.getByRole("button", { name: "Approve document" }).click();
    await expect(admin.getByTestId("dossier-document-id_card")).toContainText("Approved");
    await context.close();

    // The saver sees the confirmation.
    await page.reload();
    await expect(page.getByTestId("personal-data-status")).toHaveAttribute("data-status", "approved");
    await expect(page.getByTestId("kyc-card-id_card")).toHaveAttribute("data-status", "approved");
  });
});
