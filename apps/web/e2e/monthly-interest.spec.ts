import { randomBytes } from "node:crypto";
import { eur, moneyFromJsonCents, moneyToJsonNumber } from "@festgeld/domain/money";
import { expect, test } from "@playwright/test";
import { openArea, adminToken as signInAdmin } from "./admin-session.ts";
import { bankStatement } from "./bank-statement.ts";
import { bearer, berlinDate, openAs, plusMonths, serverClock, signIn } from "./clock-journey.ts";
import { verifyIdentity } from "./verify-identity.ts";

/*
 * A package that pays interest monthly, in the browser (docs/decisions.md "Monthly interest"): staff
 * create it in the back office, a verified saver applies and is funded, the server's clock moves three
 * months (never a sleep), three interest payments are ordered, filed in a pain.001 and booked from the
 * bank's camt.053; the saver sees them paid in the deposit's plan on the dashboard and in the inbox. It
 * runs on a clock server of its own (the "monthly-interest" project of playwright.config.ts), beside
 * the specs that need no clock.
 */

test.describe.configure({ mode: "serial" });

const PASSWORD = "e2e monthly interest passphrase";
const SAVER_IBAN = "DE89370400440532013000";
const PORT = Number(process.env.E2E_MONTHLY_PORT);

const TEXT = {
  en: {
    area: "Packages",
    newPackage: "New package",
    term: "Term",
    rate: "Interest rate (% per year)",
    min: "Minimum amount (EUR)",
    max: "Maximum amount (EUR)",
    features: { en: "Features (English)", de: "Features (German)", fr: "Features (French)" },
    payout: "Interest payout",
    monthly: "Monthly",
    save: "Save package",
    created: "Package created.",
    months12: "12 months",
    rateText: "3.65",
    ratePercent: 3.65,
    monthlyCents: 3_650,
    planTitle: "Monthly interest payments",
    paid: "Paid",
    inboxTitle: (n: number) => `Interest payment ${n} of 12`,
  },
  de: {
    area: "Angebote",
    newPackage: "Neues Angebot",
    term: "Laufzeit",
    rate: "Zinssatz (% p. a.)",
    min: "Mindestbetrag (EUR)",
    max: "Höchstbetrag (EUR)",
    features: { en: "Merkmale (Englisch)", de: "Merkmale (Deutsch)", fr: "Merkmale (Französisch)" },
    payout: "Zinszahlung",
    monthly: "Monatlich",
    save: "Angebot speichern",
    created: "Angebot angelegt.",
    months12: "12 Monate",
    rateText: "3,75",
    ratePercent: 3.75,
    monthlyCents: 3_750,
    planTitle: "Monatliche Zinszahlungen",
    paid: "Ausgezahlt",
    inboxTitle: (n: number) => `Zinszahlung ${n} von 12`,
  },
} as const;

for (const language of ["en", "de"] as const) {
  const text = TEXT[language];

  test(`a monthly interest package: three months ordered, filed, booked and seen by the saver (${language})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    let adminToken = await signInAdmin(request, PORT);

    // Staff create the package in the back office: 12 months, interest paid monthly.
    const staff = await openAs(browser, adminToken, language);
    await staff.page.goto("/admin");
    await openArea(staff.page, text.area);
    await staff.page.getByRole("button", { name: text.newPackage }).click();
    const form = staff.page.getByTestId("package-form");
    await form.getByLabel(text.term).selectOption("12");
    await form.getByLabel(text.rate).fill(text.rateText);
    await form.getByLabel(text.min).fill("1000");
    await form.getByLabel(text.max).fill("100000");
    await form.getByLabel(text.features.en).fill("Interest every month");
    await form.getByLabel(text.features.de).fill("Zinsen jeden Monat");
    await form.getByLabel(text.features.fr).fill("Intérêts chaque mois");
    await form.getByLabel(text.payout).selectOption({ label: text.monthly });
    await form.getByRole("button", { name: text.save }).click();
    await expect(staff.page.getByText(text.created)).toBeVisible();
    await staff.close();
    const packages = (await (await request.get("/api/packages")).json()) as Array<{
      id: string;
      duration_months: number;
      interest_rate: number;
      interest_payout: string;
    }>;
    const pkg = packages.find(
      (p) =>
        p.interest_payout === "monthly" && p.interest_rate === text.ratePercent && p.duration_months === 12,
    );
    expect(pkg).toBeDefined();

    // A verified saver applies for 12,000 EUR and is funded today.
    const email = `monthly-${randomBytes(5).toString("hex")}@e2e.example.test`;
    // Registered in the journey's language: the saver's messages are written in it.
    const registered = await request.post("/api/auth/register", {
      headers: { "accept-language": language },
      data: { email, password: PASSWORD, full_name: "Moritz Monat" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const saverToken = ((await registered.json()) as { access_token: string }).access_token;
    const now = new Date((await serverClock(request, adminToken)).now);
    await verifyIdentity(request, saverToken, adminToken, now);
    const applied = await request.post("/api/applications", {
      headers: bearer(saverToken),
      data: {
        full_name: "Moritz Monat",
        email,
        phone: "+49 30 1234567",
        amount: 12_000,
        package_id: pkg?.id,
        reference_iban: SAVER_IBAN,
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const decided = await request.patch(`/api/admin/applications/${(await applied.json()).id}/decision`, {
      headers: bearer(adminToken),
      data: { decision: "approved" },
    });
    expect(decided.status(), await decided.text()).toBe(200);
    const depositId = ((await decided.json()) as { deposit: { id: string } }).deposit.id;
    const valueDate = berlinDate(now.toISOString());
    const funded = await request.post(`/api/admin/deposits/${depositId}/funding`, {
      headers: bearer(adminToken),
      data: { amount: 12_000, value_date: valueDate, payer_iban: SAVER_IBAN },
    });
    expect(funded.status(), await funded.text()).toBe(200);

    // Three months: on each due date the month's interest is ordered, filed and booked.
    for (let month = 1; month <= 3; month++) {
      const due = plusMonths(valueDate, month);
      await serverClock(request, adminToken, `${due}T10:00:00Z`);
      adminToken = await signInAdmin(request, PORT);
      const ordered = (await (
        await request.get("/api/admin/payments?status=ordered&limit=100", { headers: bearer(adminToken) })
      ).json()) as Array<{
        deposit_id: string | null;
        source: string;
        end_to_end_id: string;
        amount: number;
        debtor_iban: string;
      }>;
      const order = ordered.find((o) => o.deposit_id === depositId && o.source === "monthly_interest");
      expect(order?.amount).toBe(moneyToJsonNumber(moneyFromJsonCents(text.monthlyCents, "EUR") ?? eur(0n)));
      const files = await request.post("/api/admin/payment-files", { headers: bearer(adminToken), data: {} });
      expect(files.status(), await files.text()).toBe(201);
      const [file] = ((await files.json()) as { files: Array<{ id: string }> }).files;
      const xml = await (
        await request.get(`/api/admin/payment-files/${file?.id}`, { headers: bearer(adminToken) })
      ).text();
      expect(xml).toContain(`<EndToEndId>${order?.end_to_end_id}</EndToEndId>`);
      const statement = bankStatement({
        messageId: `E2E-MONTHLY-${randomBytes(4).toString("hex")}`,
        bookingDate: due,
        // The account of the package's bank, which the order is paid from.
        account: order?.debtor_iban ?? "",
        entries: [
          {
            kind: "debit",
            endToEndId: order?.end_to_end_id ?? "",
            cents: text.monthlyCents,
            creditorName: "Moritz Monat",
            creditorIban: SAVER_IBAN,
          },
        ],
      });
      const imported = await request.post("/api/admin/bank-statements", {
        headers: bearer(adminToken),
        data: { xml: statement, dry_run: false },
      });
      expect(imported.status(), await imported.text()).toBe(200);
    }
    const interestOrders = (await (
      await request.get("/api/admin/payments?limit=100", { headers: bearer(adminToken) })
    ).json()) as Array<{ deposit_id: string | null; source: string; status: string }>;
    expect(
      interestOrders.filter(
        (o) => o.deposit_id === depositId && o.source === "monthly_interest" && o.status === "booked",
      ),
    ).toHaveLength(3);

    // The saver sees three paid months in the deposit's plan and three messages in the inbox.
    const saver = await openAs(browser, await signIn(request, email, PASSWORD), language);
    await saver.page.goto("/dashboard");
    const plan = saver.page.getByTestId("interest-plan");
    await expect(plan.getByRole("heading", { name: text.planTitle })).toBeVisible();
    await expect(plan.getByTestId("interest-plan-row")).toHaveCount(12);
    await expect(plan.locator('[data-testid="interest-plan-row"][data-status="paid"]')).toHaveCount(3);
    await expect(plan.locator('[data-testid="interest-plan-row"][data-status="paid"]').first()).toContainText(
      text.paid,
    );
    await saver.page.goto("/inbox");
    for (const n of [1, 2, 3]) {
      await expect(saver.page.getByTestId("inbox-item").filter({ hasText: text.inboxTitle(n) })).toHaveCount(
        1,
      );
    }
    await saver.close();
  });
}
