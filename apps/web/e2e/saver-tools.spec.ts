import { randomBytes } from "node:crypto";
import { basisPointsToPercent, toBasisPoints } from "@festgeld/domain";
import { expect, type Page, test } from "@playwright/test";
import { adminToken, openArea } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";

const PASSWORD = "e2e saver tools passphrase";

/** Signs a page in with a token, in English, before its first script runs. */
async function signIn(page: Page, token: string) {
  await page.addInitScript((value) => {
    localStorage.setItem("token", value);
    localStorage.setItem("user_language", "en");
  }, token);
}

test("a saver builds a ladder in the calculator, applies, sees it grouped; a rate alert fires when staff raise a rate", async ({
  page,
  browser,
}) => {
  const register = await page.request.post("/api/auth/register", {
    data: {
      email: `tools-${randomBytes(5).toString("hex")}@e2e.example.test`,
      password: PASSWORD,
      full_name: "Lena Leiter",
    },
  });
  expect(register.status()).toBe(201);
  const { access_token: token } = (await register.json()) as { access_token: string };
  await signIn(page, token);
  await page.setViewportSize({ width: 1280, height: 900 });

  await test.step("the calculator's ladder mode shows each rung and the whole ladder", async () => {
    await gotoReady(page, "/calculator");
    await page.getByTestId("calculator-mode").getByLabel("Deposit ladder").check();
    const ladder = page.getByTestId("ladder-calculator");
    await ladder.getByLabel("Total amount (€)").fill("30000");
    // The default terms are 6, 12 and 24 months: three rungs of 10,000.
    const rows = ladder.getByTestId("ladder-rungs").locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("6 months");
    await expect(rows.nth(0)).toContainText("€10,000.00");
    await expect(ladder.getByTestId("ladder-total-interest")).not.toHaveText("€0.00");
    await ladder.getByRole("button", { name: "Apply for this ladder" }).click();
  });

  await test.step("the ladder's application asks what an application asks, and sends one per rung", async () => {
    await expect(page).toHaveURL(/\/apply\/ladder$/);
    const form = page.getByTestId("ladder-form");
    await expect(form.getByLabel("Total amount (€)")).toHaveValue("30000");
    await form.getByLabel("Telephone", { exact: false }).fill("+49 30 1234567");
    await form.getByLabel("IBAN", { exact: false }).first().fill("DE89 3704 0044 0532 0130 00");
    await form.getByRole("checkbox", { name: /information sheet/i }).check();
    await form.getByRole("button", { name: "Send the ladder's applications" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const group = page.getByTestId("ladder-group");
    await expect(group).toHaveCount(1);
    await expect(group.getByRole("heading", { name: "Deposit ladder of €30,000.00" })).toBeVisible();
    await expect(group.getByTestId("application")).toHaveCount(3);
  });

  const staff = { authorization: `Bearer ${await adminToken(page.request)}` };
  const packages = (await (
    await page.request.get("/api/admin/packages", { headers: staff })
  ).json()) as Array<{
    id: string;
    duration_months: number;
    interest_rate: number;
    is_active: boolean;
  }>;
  const threeMonths = packages
    .filter((p) => p.duration_months === 3 && p.is_active)
    .sort((a, b) => b.interest_rate - a.interest_rate)[0];
  if (!threeMonths) throw new Error("no 3-month package");
  const original = threeMonths.interest_rate;
  const originalBasisPoints = toBasisPoints(original);
  if (originalBasisPoints === null) throw new Error(`rate ${original} has more than two decimals`);
  const target = basisPointsToPercent(originalBasisPoints + 25n);
  const targetText = target.toFixed(2);

  try {
    await test.step("the saver sets a rate alert above today's rate", async () => {
      await gotoReady(page, "/rate-alerts");
      const form = page.getByTestId("rate-alert-form");
      await form.getByLabel("Term").selectOption("3");
      await form.getByLabel("Rate (% p.a.)").fill(targetText);
      await form.getByRole("button", { name: "Add alert" }).click();
      await expect(page.getByTestId("rate-alert-list")).toContainText(`3 months at ${targetText}% or more`);
      await expect(page.getByTestId("rate-alert-list")).toContainText("Waiting");
    });

    await test.step("staff raise the rate in the back office's package edit", async () => {
      const context = await browser.newContext();
      const admin = await context.newPage();
      await signIn(admin, staff.authorization.slice("Bearer ".length));
      await admin.setViewportSize({ width: 1280, height: 900 });
      await gotoReady(admin, "/admin");
      await openArea(admin, "Packages");
      await admin
        .getByRole("button", { name: /^Edit the package 3 months/ })
        .first()
        .click();
      const form = admin.getByTestId("package-form");
      await form.getByLabel("Interest rate (% per year)").fill(targetText);
      await form.getByRole("button", { name: "Save package" }).click();
      await expect(admin.getByText("Package saved.")).toBeVisible();
      await context.close();
    });

    await test.step("the alert is in the inbox", async () => {
      await gotoReady(page, "/inbox");
      const item = page.getByTestId("inbox-item").filter({ hasText: "Rate alert" });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`${targetText}%`);
    });
  } finally {
    await page.request.patch(`/api/admin/packages/${threeMonths.id}`, {
      headers: staff,
      data: { interest_rate: original },
    });
  }
});

test("the public verify page answers for the partner account and for another one", async ({ page }) => {
  await gotoReady(page, "/en/verify");
  await expect(page.getByRole("heading", { level: 1, name: "Check transfer details" })).toBeVisible();
  await page.getByLabel("IBAN you were given").fill("DE52 0000 0000 0012 3456 78");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("verify-partner")).toBeVisible();
  await expect(page.getByTestId("verify-holder")).toHaveText("Demo Partnerbank AG");

  await page.getByLabel("IBAN you were given").fill("DE89 3704 0044 0532 0130 00");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByTestId("verify-not-partner")).toBeVisible();

  await page.getByLabel("IBAN you were given").fill("DE00 1234");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByRole("alert")).toContainText("valid IBAN");
  await expect(
    page.getByRole("heading", { name: "How fake brokers work, and how to recognise us" }),
  ).toBeVisible();
});
