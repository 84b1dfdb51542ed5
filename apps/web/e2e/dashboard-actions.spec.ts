import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { verifyIdentity } from "./verify-identity.ts";

const PASSWORD = "e2e dashboard actions passphrase";
const IBAN = "DE89370400440532013000";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

async function register(page: Page) {
  const email = uniqueEmail("actions");
  const res = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: "Dora Dashboard" },
  });
  expect(res.status()).toBe(201);
  const { access_token: token } = (await res.json()) as { access_token: string };
  await page.addInitScript((value) => localStorage.setItem("token", value), token);
  return { email, token, auth: { authorization: `Bearer ${token}` } };
}

async function adminAuth(request: APIRequestContext) {
  const token = await adminToken(request);
  return { token, auth: { authorization: `Bearer ${token}` } };
}

async function packageId(request: APIRequestContext, months: number) {
  const packages = (await (await request.get("/api/packages")).json()) as Array<{
    id: string;
    duration_months: number;
  }>;
  const found = packages.find((p) => p.duration_months === months);
  if (!found) throw new Error(`no ${months}-month package`);
  return found.id;
}

test.describe("dashboard actions", () => {
  test("an application sent with only the original fields is completed on the dashboard", async ({
    page,
  }) => {
    const saver = await register(page);
    const sent = await page.request.post("/api/applications", {
      headers: saver.auth,
      data: {
        full_name: "Dora Dashboard",
        email: saver.email,
        phone: "+49 30 1234567",
        amount: 5_000,
        package_id: await packageId(page.request, 12),
        message: null,
      },
    });
    expect(sent.status()).toBe(201);

    await page.goto("/dashboard");
    const form = page.getByTestId("complete-details");
    await expect(form).toBeVisible();
    await expect(form.getByRole("listitem")).toHaveCount(3);
    // Saving without the details says what is missing and sends nothing.
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(form.getByRole("alert")).toHaveText("Please enter the IBAN of your reference account.");

    await form.getByLabel("IBAN of your reference account").fill("DE89 3704 0044 0532 0130 00");
    await form.getByLabel("Renew principal and interest").check();
    await form.getByRole("checkbox").check();
    await form.getByRole("button", { name: "Save details" }).click();
    await expect(page.getByTestId("complete-details")).toHaveCount(0);
    await expect(page.getByTestId("application-iban")).toHaveText("DE89 **** **** **** **** 3000");
    await expect(page.getByTestId("application-maturity-instruction")).toHaveText(
      "Renew principal and interest",
    );
  });

  test("a saver closes a 3-month deposit early after seeing what it pays", async ({ page }) => {
    const saver = await register(page);
    const admin = await adminAuth(page.request);
    await verifyIdentity(page.request, saver.token, admin.token);
    const sent = await page.request.post("/api/applications", {
      headers: saver.auth,
      data: {
        full_name: "Dora Dashboard",
        email: saver.email,
        phone: "+49 30 1234567",
        amount: 5_000,
        package_id: await packageId(page.request, 3),
        reference_iban: IBAN,
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(sent.status()).toBe(201);
    const approved = await page.request.patch(
      `/api/admin/applications/${((await sent.json()) as { id: string }).id}/decision`,
      {
        headers: admin.auth,
        data: { decision: "approved" },
      },
    );
    expect(approved.status(), await approved.text()).toBe(200);
    const deposit = ((await approved.json()) as { deposit: { id: string } }).deposit;
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date());
    const funded = await page.request.post(`/api/admin/deposits/${deposit.id}/funding`, {
      headers: admin.auth,
      data: { amount: 5_000, value_date: today, payer_iban: IBAN },
    });
    expect(funded.status(), await funded.text()).toBe(200);

    await gotoReady(page, "/dashboard");
    await page.getByRole("button", { name: "Close deposit early" }).click();
    const panel = page.getByTestId("early-closure");
    await expect(panel.getByRole("heading", { name: "Close the deposit before maturity" })).toBeFocused();
    // Funded today: no whole month held yet, so the principal comes back without interest.
    await expect(panel.getByTestId("early-closure-monthsHeld")).toHaveText("0");
    await expect(panel.getByTestId("early-closure-payout")).toHaveText("€5,000.00");
    await expect(panel.getByTestId("early-closure-interestAtMaturity")).toHaveText("€31.25");
    await panel.getByRole("button", { name: "Close and pay out €5,000.00" }).click();
    await expect(page.getByTestId("early-closure")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Close deposit early" })).toHaveCount(0);

    const after = await page.request.get(`/api/deposits/${deposit.id}`, { headers: saver.auth });
    // Closed: the payout is ordered and leaves the balance when the bank books it (docs/decisions.md
    // "Payment orders").
    expect(await after.json()).toMatchObject({
      status: "closed_early",
      ledger: { paid_out: 0, balance: 5_000 },
    });
  });
});
