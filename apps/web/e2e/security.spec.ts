import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { linkPath, waitForMail } from "./mailbox.ts";

const PASSWORD = "e2e security passphrase";
const NEW_PASSWORD = "a fresh e2e passphrase 7";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

async function register(page: Page, fullName: string) {
  const email = uniqueEmail("sec");
  const res = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: fullName },
  });
  expect(res.status()).toBe(201);
  return { email, token: ((await res.json()) as { access_token: string }).access_token };
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByTestId("login-submit").click();
}

test.describe("account security", () => {
  test("a forgotten password is reset from the e-mailed link; the link works once", async ({ page }) => {
    const { email } = await register(page, "Frieda Vergessen");
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByTestId("reset-request-submit").click();
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

    const mail = await waitForMail(email, "Reset your password");
    const link = linkPath(mail.text, "reset-password");
    await page.goto(link);
    await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Repeat the new password").fill(NEW_PASSWORD);
    await page.getByTestId("reset-submit").click();
    await expect(page.getByText("Your password is changed. Please log in with it.")).toBeVisible();

    await page.getByTestId("reset-login").click();
    await signIn(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);

    // The same link again is refused.
    const again = await page.request.post("/api/auth/password-reset/confirm", {
      data: { token: link.split("#token=")[1], new_password: "yet another passphrase 8" },
    });
    expect(again.status()).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe("token_invalid");
  });

  test("an unconfirmed saver sends the link again from /security and confirms the address with it", async ({
    page,
  }) => {
    const { email } = await register(page, "Vera Verify");
    await waitForMail(email, "Confirm your e-mail address");
    await signIn(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/security");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Security");
    await expect(page.getByTestId("email-verified")).toHaveText("Not confirmed");
    await page.getByTestId("resend-verification").click();
    await expect(page.getByTestId("resend-done")).toContainText(email);

    // The second e-mail carries the newest link; the first one is retired.
    const mail = await waitForMail(email, "Confirm your e-mail address", 1);
    await page.goto(linkPath(mail.text, "verify-email"));
    await expect(page.getByTestId("verify-done")).toBeVisible();
    await page.getByRole("link", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(page.getByTestId("email-verified")).toHaveText("Confirmed");
    await expect(page.getByTestId("resend-verification")).toHaveCount(0);
  });
});
