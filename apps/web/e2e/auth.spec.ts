import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config.ts";
import { freshAdminCode } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { waitForMail } from "./mailbox.ts";

const PASSWORD = "e2e journey passphrase";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

/** Registers through the API (the journeys below are not about registering) and returns the token. */
async function registerViaApi(page: Page, fullName: string) {
  const email = uniqueEmail("api");
  const res = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: fullName },
  });
  expect(res.status()).toBe(201);
  const body = (await res.json()) as { access_token: string };
  return { email, token: body.access_token };
}

async function useToken(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-token-set")) {
      localStorage.setItem("token", value);
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, token);
}

const header = (page: Page) => page.locator("header").first();

/** Opens the desktop account menu (again, if a navigation closed it while the page settled). */
async function openAccountMenu(page: Page) {
  await expect(async () => {
    if ((await header(page).getByTestId("account-menu").count()) === 0) {
      await header(page).getByTestId("header-user").click();
    }
    await expect(header(page).getByTestId("account-menu")).toBeVisible({ timeout: 1000 });
  }).toPass();
}

test.describe("accounts and sessions", () => {
  test("register -> dashboard with the name in the header; logout -> signed-out header", async ({ page }) => {
    const email = uniqueEmail("reg");
    await page.goto("/register");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await page.getByLabel("Full name").fill("Renate Register");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("register-submit").click();
    // Step 2 (identity documents, covered by kyc.spec.ts) can be left for later.
    await page.getByTestId("registration-later").click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(header(page).getByTestId("header-user")).toContainText("Renate Register");
    await expect(header(page).getByTestId("header-user")).toContainText("R");
    const token = await page.evaluate(() => localStorage.getItem("token"));
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The account menu lists the account's pages and signs out.
    await openAccountMenu(page);
    const menu = header(page).getByTestId("account-menu");
    for (const name of ["Dashboard", "Verification", "Profile", "Security", "Documents"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    // A saver has no back office.
    await expect(menu.getByRole("link", { name: "Back office", exact: true })).toHaveCount(0);
    // Opened again if a re-render of the header (the new account's first messages arriving) closed it.
    await openAccountMenu(page);
    await menu.getByRole("link", { name: "Security", exact: true }).click();
    await expect(page).toHaveURL(/\/security$/);
    await expect(menu).toHaveCount(0);
    await openAccountMenu(page);
    await header(page).getByTestId("logout-button").click();
    await expect(header(page).getByRole("link", { name: "Log in" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Register" })).toBeVisible();
    await expect(header(page).getByTestId("header-user")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    // The session was revoked on the server, not only forgotten by the browser.
    const me = await page.request.get("/api/auth/me", { headers: { authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test("register with a taken e-mail does not say so on the page; the owner is told by e-mail", async ({
    page,
  }) => {
    const { email } = await registerViaApi(page, "Taken Person");
    await page.addInitScript(() => localStorage.setItem("user_language", "fr"));
    await gotoReady(page, "/register");
    await page.getByLabel("Nom complet").fill("Quelqu'un");
    await page.getByLabel("Adresse e-mail").fill(email);
    await page.getByLabel("Mot de passe").fill(PASSWORD);
    const answered = page.waitForResponse((r) => r.url().endsWith("/api/auth/register"));
    await page.getByTestId("register-submit").click();
    // The same answer a new address gets (docs/decisions.md "Registration answers the same for a known
    // address"): nothing on the page tells a stranger that the address has an account.
    expect((await answered).status()).toBe(201);
    await expect(page.getByText("Un compte existe déjà avec cette adresse e-mail.")).toHaveCount(0);
    // The owner learns of the attempt in their own mailbox.
    await waitForMail(email, "Someone tried to register with your address");
  });

  test("login -> the dashboard with 'Welcome back!' and the name in the header", async ({ page }) => {
    const { email } = await registerViaApi(page, "Lukas Login");
    await gotoReady(page, "/login");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(header(page).getByTestId("header-user")).toContainText("Lukas Login");
  });

  test("a wrong password shows the translated error in German", async ({ page }) => {
    const { email } = await registerViaApi(page, "Greta Falsch");
    await page.addInitScript(() => localStorage.setItem("user_language", "de"));
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anmelden");
    await page.getByLabel("E-Mail-Adresse").fill(email);
    await page.getByLabel("Passwort").fill("not the right one");
    await page.getByTestId("login-submit").click();
    await expect(page.getByTestId("auth-error")).toHaveText("E-Mail-Adresse oder Passwort ist falsch.");
    await expect(page).toHaveURL(/\/login$/);
    // The error clears as soon as the visitor edits a field.
    await page.getByLabel("Passwort").fill("x");
    await expect(page.getByTestId("auth-error")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBeNull();
  });

  test("/admin as a user lands on /; a signed-out visitor of /profile returns there after login", async ({
    page,
  }) => {
    const { email, token } = await registerViaApi(page, "Uwe User");
    await useToken(page, token);
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByTestId("header-user")).toContainText("Uwe User");

    await openAccountMenu(page);
    await header(page).getByTestId("logout-button").click();
    await expect(header(page).getByRole("link", { name: "Log in" })).toBeVisible();
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("the first admin from ADMIN_EMAIL signs in, lands in the back office, reached from the account menu", async ({
    page,
  }) => {
    await gotoReady(page, "/login");
    await page.getByLabel("E-mail address").fill(E2E_ADMIN.email);
    await page.getByLabel("Password").fill(E2E_ADMIN.password);
    await page.getByTestId("login-submit").click();
    // Admins sign in with two-factor: the code of the authenticator app is the second step.
    await page.getByLabel("Authentication code").fill(await freshAdminCode());
    await page.getByTestId("two-factor-submit").click();
    await expect(page).toHaveURL(/\/admin$/);
    await openAccountMenu(page);
    await expect(
      header(page).getByTestId("account-menu").getByRole("link", { name: "Back office", exact: true }),
    ).toBeVisible();
  });

  test("profile: edit name, see the success message, reload shows it in the header", async ({ page }) => {
    const { email, token } = await registerViaApi(page, "Paula Profil");
    await useToken(page, token);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My profile");
    await expect(page.getByLabel("E-mail address")).toHaveValue(email);
    await expect(page.getByTestId("profile-role")).toHaveText("Customer");
    await page.getByLabel("Full name").fill("Paula Neu");
    await page.getByTestId("profile-submit").click();
    await expect(page.getByTestId("profile-success")).toHaveText("Profile updated successfully!");
    // The page reloads after 1.5 s and the header reads the new name from the server.
    await expect(header(page).getByTestId("header-user")).toContainText("Paula Neu", { timeout: 10_000 });
    await expect(page.getByTestId("profile-success")).toHaveCount(0);
  });

  test("profile: change password; the old one stops working", async ({ page }) => {
    const { email, token } = await registerViaApi(page, "Peter Passwort");
    await useToken(page, token);
    await gotoReady(page, "/profile");
    await page.getByLabel("Current password").fill("wrong current");
    await page.getByLabel("New password", { exact: true }).fill("a brand new passphrase");
    await page.getByLabel("Repeat the new password").fill("a brand new passphrase");
    await page.getByTestId("password-submit").click();
    await expect(page.getByTestId("password-error")).toHaveText("The current password is incorrect.");
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByTestId("password-submit").click();
    await expect(page.getByTestId("password-success")).toBeVisible();
    const oldLogin = await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } });
    expect(oldLogin.status()).toBe(401);
    const newLogin = await page.request.post("/api/auth/login", {
      data: { email, password: "a brand new passphrase" },
    });
    expect(newLogin.status()).toBe(200);
  });
});
