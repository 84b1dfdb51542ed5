import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { type CDPSession, expect, type Page, test } from "@playwright/test";
import { gotoReady } from "./app-ready.ts";

/**
 * Passkeys with Chromium's virtual authenticator (CDP WebAuthn domain): a platform authenticator
 * (CTAP2, internal transport) that keeps discoverable credentials and verifies the user.
 * Browsers refuse an IP address as RP ID; the e2e server's PUBLIC_URL is http://127.0.0.1:PORT, whose
 * RP ID is `localhost` (docs/decisions.md, "Passkeys"), so this spec opens the app as http://localhost:PORT.
 */
test.use({ baseURL: `http://localhost:${process.env.E2E_PORT}` });

const PASSWORD = "e2e passkey passphrase";

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test("register, add a passkey on /security and sign in with it, without the e-mail", async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = `passkey-${randomBytes(5).toString("hex")}@e2e.example.test`;

  await gotoReady(page, "/register");
  await page.getByLabel("Full name").fill("Paula Passkey");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByTestId("register-submit").click();
  await page.getByTestId("registration-later").click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto("/security");
  const card = page.getByTestId("passkeys");
  await expect(card.getByRole("heading", { name: "Passkeys" })).toBeVisible();
  await expect(card.getByText("No passkeys yet.")).toBeVisible();
  await card.getByTestId("passkey-add").click();
  await card.getByLabel("Name of the passkey").fill("E2E laptop");
  // A wrong password is refused before the browser is asked.
  await card.getByLabel("Current password (needed to add a passkey)").fill("not my password");
  await card.getByTestId("passkey-add-submit").click();
  await expect(card.getByTestId("passkey-error")).toHaveText("The current password is incorrect.");
  await card.getByLabel("Current password (needed to add a passkey)").fill(PASSWORD);
  await card.getByTestId("passkey-add-submit").click();
  await expect(card.getByTestId("passkeys-done")).toHaveText(
    'The passkey "E2E laptop" is added. You can now sign in with it.',
  );
  await expect(card.getByTestId("passkey-name")).toHaveText("E2E laptop");
  await expect(card.getByTestId("passkey-item")).toContainText("not used yet");

  // The virtual authenticator now holds one discoverable credential for localhost.
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(credentials[0]?.rpId).toBe("localhost");
  const registeredCount = credentials[0]?.signCount ?? 0;

  // Signed out, then in again with the passkey alone.
  const token = await page.evaluate(() => localStorage.getItem("token"));
  expect(
    (await page.request.post("/api/auth/logout", { headers: { authorization: `Bearer ${token}` } })).ok(),
  ).toBe(true);
  await page.evaluate(() => localStorage.removeItem("token"));
  await gotoReady(page, "/login");
  await page.getByTestId("passkey-login").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The authenticator signed once more; the server took the higher counter.
  const after = (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials[0];
  expect(after?.signCount).toBe(registeredCount + 1);

  await page.goto("/security");
  await expect(card.getByTestId("passkey-item")).toContainText("last used");
  await expect(page.getByTestId("security-event").first()).toHaveText(/Signed in with a passkey/);

  // The same page in German.
  await page.evaluate(() => localStorage.setItem("user_language", "de"));
  await page.reload();
  await expect(card.getByTestId("passkey-add")).toHaveText("Passkey hinzufügen");

  // Removed: the browser still offers it, the server no longer accepts it.
  await card.getByTestId("passkey-remove").click();
  await card.getByTestId("passkey-remove-confirm").click();
  await expect(card.getByTestId("passkeys-done")).toHaveText("Der Passkey ist entfernt.");
  await expect(card.getByTestId("passkey-item")).toHaveCount(0);
});

const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

test.describe("accessibility", () => {
  // axe-core is injected as a script, which the page's CSP would refuse (as in pages.spec.ts).
  test.use({ bypassCSP: true, reducedMotion: "reduce" });

  test("the passkeys card (a passkey listed, the add form and the removal question open) has no serious axe violation", async ({
    page,
  }) => {
    await virtualAuthenticator(page);
    const email = `passkey-a11y-${randomBytes(5).toString("hex")}@e2e.example.test`;
    const res = await page.request.post("/api/auth/register", {
      data: { email, password: PASSWORD, full_name: "Alma Axe" },
    });
    const { access_token } = (await res.json()) as { access_token: string };
    await page.addInitScript((token) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user_language", "en");
      localStorage.setItem("darkMode", "false");
    }, access_token);
    await page.goto("/security");
    const card = page.getByTestId("passkeys");
    await card.getByTestId("passkey-add").click();
    await card.getByLabel("Current password (needed to add a passkey)").fill(PASSWORD);
    await card.getByTestId("passkey-add-submit").click();
    await expect(card.getByTestId("passkey-item")).toHaveCount(1);
    await card.getByTestId("passkey-add").click();
    await card.getByTestId("passkey-remove").click();
    await page.addScriptTag({ path: AXE_PATH });
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (ctx: Element, opts: unknown) => Promise<unknown> } })
        .axe;
      const card = document.querySelector('[data-testid="passkeys"]') as Element;
      const result = (await axe.run(card, {
        runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
        resultTypes: ["violations"],
      })) as { violations: Array<{ id: string; impact: string | null }> };
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => v.id);
    });
    expect(violations).toEqual([]);
  });
});

test.describe("at an address that is not the RP ID", () => {
  test.use({ baseURL: `http://127.0.0.1:${process.env.E2E_PORT}` });

  test("the browser refuses the passkey and the page says why", async ({ page }) => {
    await virtualAuthenticator(page);
    await gotoReady(page, "/login");
    await page.getByTestId("passkey-login").click();
    await expect(page.getByTestId("auth-error")).toHaveText(
      "Passkeys cannot be used at this address of the site. Please open the site at its usual address.",
    );
    await expect(page).toHaveURL(/\/login$/);
  });
});
