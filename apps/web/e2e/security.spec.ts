import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { gotoReady } from "./app-ready.ts";
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
  await gotoReady(page, "/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByTestId("login-submit").click();
}

test.describe("account security", () => {
  test("a forgotten password is reset from the e-mailed link; the link works once", async ({ page }) => {
    const { email } = await register(page, "Frieda Vergessen");
    await gotoReady(page, "/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    // The address changes at once; the router shows the new page when its code is in, and until then the
    // sign-in form, which has an "E-mail address" field too, is still on screen.
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("E-mail address").fill(email);
    await page.getByTestId("reset-request-submit").click();
    // The request answers in the same time whether or not the account exists; give a busy machine room.
    await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible({ timeout: 20_000 });

    const mail = await waitForMail(email, "Reset your password");
    const link = linkPath(mail.text, "reset-password");
    await gotoReady(page, link);
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

test.describe("two-step sign-in", () => {
  test("a saver enrols an authenticator on /security, then signs in with its code; a recovery code works once", async ({
    page,
  }) => {
    const { email, token } = await register(page, "Tom Totp");
    await page.addInitScript((value) => {
      if (!sessionStorage.getItem("e2e-token-set")) {
        localStorage.setItem("token", value);
        sessionStorage.setItem("e2e-token-set", "1");
      }
    }, token);
    await page.goto("/security");
    await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
    await page.getByTestId("two-factor-start").click();
    await expect(
      page.getByRole("img", { name: "QR code to add your account to an authenticator app" }),
    ).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });

    await page.getByLabel("The 6-digit code the app shows").fill(totp.generate());
    await page.getByTestId("two-factor-confirm").click();
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = (await codes.first().textContent())?.trim() ?? "";
    await page.getByTestId("recovery-codes-done").click();
    await expect(page.getByTestId("two-factor-status")).toHaveText("On");
    await expect(page.getByTestId("recovery-codes-left")).toHaveText("10 recovery codes left.");

    // Signed out, the password alone is not enough: the code of the next 30-second step signs in
    // (the enrolment used the current one, and a code works once).
    await page.evaluate(() => localStorage.removeItem("token"));
    await signIn(page, email, PASSWORD);
    await expect(page.getByTestId("two-factor-step")).toBeVisible();
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByTestId("two-factor-submit").click();
    await expect(page.getByTestId("auth-error")).toContainText("This code is not right.");
    await page.getByLabel("Authentication code").fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByTestId("two-factor-submit").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();

    // A recovery code instead of the app, once.
    await page.evaluate(() => localStorage.removeItem("token"));
    await signIn(page, email, PASSWORD);
    await page.getByLabel("Authentication code").fill(recovery);
    await page.getByTestId("two-factor-submit").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => localStorage.removeItem("token"));
    await signIn(page, email, PASSWORD);
    await page.getByLabel("Authentication code").fill(recovery);
    await page.getByTestId("two-factor-submit").click();
    await expect(page.getByTestId("auth-error")).toContainText("This code is not right.");
  });
});

test.describe("sessions and activity", () => {
  test("a saver sees the devices signed in, signs another one out, and reads the recent activity", async ({
    page,
  }) => {
    const { email, token } = await register(page, "Sina Session");
    // A second device: a sign-in through the API with a phone's user agent.
    const phone = await page.request.post("/api/auth/login", {
      data: { email, password: PASSWORD },
      headers: {
        "user-agent":
          "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      },
    });
    const phoneToken = ((await phone.json()) as { access_token: string }).access_token;
    await page.addInitScript((value) => localStorage.setItem("token", value), token);
    await page.goto("/security");
    const items = page.getByTestId("session-item");
    await expect(items).toHaveCount(2);
    const other = items.filter({ hasText: "Safari 17 on iOS 17" });
    await expect(other).toHaveCount(1);
    await other.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByTestId("sessions-done")).toHaveText("The device is signed out.");
    await expect(items).toHaveCount(1);
    await expect(items.first()).toHaveAttribute("data-current", "true");
    const me = await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${phoneToken}` } });
    expect(me.status()).toBe(401);
    const events = page.getByTestId("security-event");
    await expect(events.first()).toHaveText(/A device signed out/);
    await expect(page.getByTestId("security-events")).toContainText("Account created");
  });
});
