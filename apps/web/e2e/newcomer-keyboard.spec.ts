import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { verifyIdentity } from "./verify-identity.ts";

/**
 * Three places where the keyboard lost its way (WCAG 2.4.3): deleting a rate alert, saving the
 * profile (the button disables itself) and the inline withdrawal confirmation, which Escape closes.
 * A rate alert the contract refuses says which rates are allowed.
 */
const PASSWORD = "e2e-Newcomer-Keyboard-2026";

async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "body";
    return `${element.tagName.toLowerCase()} ${element.getAttribute("aria-label") ?? element.textContent?.trim().slice(0, 60) ?? ""}`;
  });
}

async function saver(page: Page, name: string) {
  const email = `newcomer-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const res = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: name },
  });
  expect(res.status(), await res.text()).toBe(201);
  const token = ((await res.json()) as { access_token: string }).access_token;
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("user_language", "en");
  }, token);
  return { email, token, headers: { authorization: `Bearer ${token}` } };
}

test.describe("keyboard focus after a control goes away", () => {
  test.describe.configure({ timeout: 120_000 });

  test("deleting a rate alert moves focus to the next alert, then to the list's heading; 25 % says what is allowed", async ({
    page,
  }) => {
    const { headers } = await saver(page, "Rita Rate");
    for (const rate of [3.5, 4]) {
      const res = await page.request.post("/api/me/rate-alerts", { headers, data: { term: 12, rate } });
      expect(res.status(), await res.text()).toBe(201);
    }
    await page.goto("/rate-alerts");
    const deletes = page.locator("[data-rate-alert-delete]");
    await expect(deletes).toHaveCount(2);
    await deletes.first().focus();
    await page.keyboard.press("Enter");
    await expect(deletes).toHaveCount(1);
    expect(await focused(page)).toContain("Delete the alert for");
    await page.keyboard.press("Enter");
    await expect(deletes).toHaveCount(0);
    await expect(page.getByTestId("rate-alert-heading")).toBeFocused();

    await page.getByLabel("Rate (% p.a.)").fill("25");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("rate-alert-form").getByRole("alert")).toContainText("from 0 to 20 %");
    await expect(page.getByLabel("Rate (% p.a.)")).toBeFocused();
  });

  test("saving the profile leaves focus on its success message", async ({ page }) => {
    await saver(page, "Paul Profile");
    await gotoReady(page, "/profile");
    await page.getByLabel("Full name").fill("Paul Profil");
    await page.getByLabel("Full name").press("Enter");
    await expect(page.getByTestId("profile-success")).toBeVisible();
    expect(await focused(page)).not.toBe("body");
    expect(await focused(page)).toContain("div");
  });

  test("Escape closes the withdrawal confirmation and returns to its button", async ({ page }) => {
    const me = await saver(page, "Wanda Withdraw");
    const staffToken = await adminToken(page.request);
    await verifyIdentity(page.request, me.token, staffToken);
    const pkg = ((await (await page.request.get("/api/packages")).json()) as Array<{ id: string }>)[0];
    const applied = await page.request.post("/api/applications", {
      headers: me.headers,
      data: {
        full_name: "Wanda Withdraw",
        email: me.email,
        phone: "+49 30 1234567",
        amount: 5_000,
        package_id: pkg?.id,
        reference_iban: "DE89370400440532013000",
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const approved = await page.request.patch(
      `/api/admin/applications/${((await applied.json()) as { id: string }).id}/decision`,
      { headers: { authorization: `Bearer ${staffToken}` }, data: { decision: "approved" } },
    );
    expect(approved.status(), await approved.text()).toBe(200);

    await page.goto("/dashboard");
    const open = page.getByRole("button", { name: "Withdraw from contract" });
    await open.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("withdrawal-confirm")).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("withdrawal-confirm")).toHaveCount(0);
    await expect(open).toBeFocused();
  });
});
