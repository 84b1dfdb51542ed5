import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { gotoReady } from "./app-ready.ts";
import { verifyIdentity } from "./verify-identity.ts";

const PASSWORD = "e2e postbox journey passphrase";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

/** Signs a page in with a token, in German, before its first script runs. */
async function signInGerman(page: Page, token: string) {
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-token-set")) {
      localStorage.setItem("token", value);
      localStorage.setItem("user_language", "de");
      sessionStorage.setItem("e2e-token-set", "1");
    }
  }, token);
}

test.describe("postbox", () => {
  test("a German saver gets the approval in the inbox and finds the PDF in Documents", async ({ page }) => {
    // Registered in German: e-mails, inbox messages and documents are German from then on.
    const email = uniqueEmail("postbox");
    const register = await page.request.post("/api/auth/register", {
      headers: { "Accept-Language": "de" },
      data: { email, password: PASSWORD, full_name: "Greta Gruber" },
    });
    expect(register.status()).toBe(201);
    const { access_token: token } = (await register.json()) as { access_token: string };
    const auth = { Authorization: `Bearer ${token}`, "Accept-Language": "de" };

    const packages = (await (await page.request.get("/api/packages")).json()) as Array<{
      id: string;
      duration_months: number;
    }>;
    const pkg = packages.find((p) => p.duration_months === 12) ?? packages[0];
    const applied = await page.request.post("/api/applications", {
      headers: auth,
      data: {
        full_name: "Greta Gruber",
        email: "greta@e2e.example.test",
        phone: "+49 30 1234567",
        amount: 25_000,
        package_id: pkg?.id,
        reference_iban: "DE89 3704 0044 0532 0130 00",
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.status()).toBe(201);
    const { id } = (await applied.json()) as { id: string };
    const reference = id.replace(/-/g, "").slice(0, 8).toUpperCase();

    const admin = { Authorization: `Bearer ${await adminToken(page.request)}` };
    // Approval needs a verified identity (personal data and documents, each accepted by staff) and a
    // confirmed e-mail address (verifyIdentity opens the link of the registration e-mail).
    await verifyIdentity(page.request, token, admin.Authorization.slice("Bearer ".length));
    const decided = await page.request.patch(`/api/admin/applications/${id}/decision`, {
      headers: admin,
      data: { decision: "approved" },
    });
    expect(decided.status()).toBe(200);

    await signInGerman(page, token);
    await gotoReady(page, "/dashboard");
    await page.getByTestId("notification-bell").click();
    const panel = page.getByTestId("notification-panel");
    await expect(panel.getByTestId("notification-item").first()).toContainText(
      `Ihr Antrag ${reference} ist genehmigt`,
    );
    await expect(panel).toContainText(
      "In Ihrem Postfach liegt ein neues Dokument: Genehmigung und Überweisungsdaten.",
    );

    await page.goto("/documents");
    await expect(page.getByRole("heading", { level: 1, name: "Dokumente" })).toBeVisible();
    const items = page.getByTestId("document-item");
    await expect(items).toHaveCount(2);
    await expect(page.getByText("2 neue Dokumente")).toBeVisible();
    const approval = items.filter({ hasText: "Genehmigung und Überweisungsdaten" });
    await expect(approval).toContainText("Neu");
    await expect(items.filter({ hasText: "Bestätigung Ihres Antrags" })).toHaveCount(1);

    const downloading = page.waitForEvent("download");
    await approval
      .getByRole("button", { name: "PDF herunterladen: Genehmigung und Überweisungsdaten" })
      .click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^approval-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.pdf$/);
    const file = readFileSync(await download.path());
    expect(file.subarray(0, 5).toString()).toBe("%PDF-");
    await expect(page.getByText("1 neues Dokument")).toBeVisible();
    await expect(approval).not.toContainText("Neu");
  });
});
