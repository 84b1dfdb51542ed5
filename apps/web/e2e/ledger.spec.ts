import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken, openArea } from "./admin-session.ts";
import { violationsInBothThemes } from "./axe.ts";
import { verifyIdentity } from "./verify-identity.ts";

const PASSWORD = "e2e books journey passphrase";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());

/** With SHOTS_DIR=dir, leaves a screenshot of the page as it is now there (for review). */
async function shot(page: Page, name: string) {
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
}

async function storeToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem("token", value), token);
}

test.describe("the books", () => {
  // axe is injected as a script, which the strict CSP would refuse; only in this test context.
  test.use({ bypassCSP: true, reducedMotion: "reduce" });

  test("staff see a funded deposit in the trial balance and the reconciliation; the saver gets a statement of holdings", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A saver whose deposit staff fund today.
    const email = uniqueEmail("books");
    const register = await page.request.post("/api/auth/register", {
      data: { email, password: PASSWORD, full_name: "Berta Buch" },
    });
    expect(register.status()).toBe(201);
    const { access_token: token } = (await register.json()) as { access_token: string };
    const packages = (await (await page.request.get("/api/packages")).json()) as Array<{
      id: string;
      duration_months: number;
    }>;
    const pkg = packages.find((p) => p.duration_months === 12) ?? packages[0];
    const applied = await page.request.post("/api/applications", {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        full_name: "Berta Buch",
        email: "berta@e2e.example.test",
        phone: "+49 30 1234567",
        amount: 12_345.67,
        package_id: pkg?.id,
        reference_iban: "DE89 3704 0044 0532 0130 00",
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.status()).toBe(201);
    const { id } = (await applied.json()) as { id: string };
    const adminBearer = await adminToken(page.request);
    const admin = { Authorization: `Bearer ${adminBearer}` };
    await verifyIdentity(page.request, token, adminBearer);
    const decided = await page.request.patch(`/api/admin/applications/${id}/decision`, {
      headers: admin,
      data: { decision: "approved" },
    });
    expect(decided.status()).toBe(200);
    const depositId = ((await decided.json()) as { deposit: { id: string } }).deposit.id;
    const funded = await page.request.post(`/api/admin/deposits/${depositId}/funding`, {
      headers: admin,
      data: { amount: 12_345.67, value_date: today(), payer_iban: "DE89370400440532013000" },
    });
    expect(funded.status()).toBe(200);

    // Staff: the trial balance of today has the deposit's account and totals zero.
    const staffContext = await browser.newContext({ bypassCSP: true, reducedMotion: "reduce" });
    const staff = await staffContext.newPage();
    try {
      await storeToken(staff, adminBearer);
      await staff.goto("/admin");
      await openArea(staff, "Trial balance");
      const table = staff.getByTestId("trial-balance");
      await expect(table).toBeVisible();
      await expect(table.getByRole("row", { name: new RegExp(`deposits:${depositId}`) })).toContainText(
        "€12,345.67",
      );
      await expect(staff.getByTestId("trial-balance-total")).toHaveText("€0.00");
      await expect(staff.getByTestId("trial-balance-totals")).toContainText("The books balance.");
      // Before the platform had any money, there was nothing.
      await staff.getByLabel("Balances at the end of").fill("2000-01-01");
      await expect(staff.getByText("No entries up to this day.")).toBeVisible();
      await staff.getByLabel("Balances at the end of").fill(today());
      await expect(table).toBeVisible();
      await shot(staff, "books-trial-balance");
      expect(await violationsInBothThemes(staff)).toEqual([]);

      // The reconciliation: no statement imported today, and the staff-recorded funding is listed as
      // booked here, not at the bank.
      await openArea(staff, "Reconciliation");
      await expect(staff.getByTestId("reconciliation-result")).toContainText(
        "No statement imported for this day",
      );
      await expect(staff.getByTestId("reconciliation-differences")).toContainText(
        "Booked here, not at the bank",
      );
      await expect(staff.getByTestId("reconciliation-differences")).toContainText("€12,345.67");
      await expect(staff.getByRole("heading", { name: "Daily runs" })).toBeVisible();
      await shot(staff, "books-reconciliation");
      expect(await violationsInBothThemes(staff)).toEqual([]);
    } finally {
      await staffContext.close();
    }

    // The saver asks for today's statement of holdings on the documents page.
    await storeToken(page, token);
    await page.goto("/documents");
    const form = page.getByTestId("holdings-statement");
    await expect(form.getByRole("heading", { name: "Statement of holdings" })).toBeVisible();
    await form.getByLabel("Day").fill(today());
    await form.getByRole("button", { name: "Create statement" }).click();
    await expect(page.getByTestId("holdings-issued")).toContainText("is in your postbox");
    await expect(page.locator('[data-testid="document-item"][data-kind="holdings_statement"]')).toHaveCount(
      1,
    );
    await shot(page, "documents-holdings");
    expect(await violationsInBothThemes(page)).toEqual([]);
  });
});
