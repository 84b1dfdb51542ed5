import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { type Browser, expect, test } from "@playwright/test";
import { openArea, adminToken as signInAdmin } from "./admin-session.ts";
import { bankStatement, PARTNER_IBAN } from "./bank-statement.ts";
import {
  bearer,
  longDate as longDateIn,
  openAs as openIn,
  plain,
  plusDays,
  plusMonths,
  replaceToken,
  serverClock,
  signIn,
} from "./clock-journey.ts";
import { fundedSaver } from "./funded-deposit.ts";

/*
 * Money that really leaves, in the browser: a funded deposit matures (the server's clock moves, never
 * a sleep), the saver sees "payment ordered"; staff create the SEPA payment file and download it,
 * then import the bank's camt.053 statement that books the file's debit (built here from the file's
 * end-to-end id and amount); the saver sees the deposit paid with the bank's booking date. It runs on
 * the server with CLOCK_CONTROL (the "lifecycle" project of playwright.config.ts).
 */

test.describe.configure({ mode: "serial" });

const PASSWORD = "e2e payments passphrase";
const SAVER_IBAN = "DE89370400440532013000";
const CLOCK_PORT = Number(process.env.E2E_CLOCK_PORT);
const LOCALES = { en: "en-GB", fr: "fr-FR" } as const;
type Language = keyof typeof LOCALES;

const longDate = (isoDate: string, language: Language) => longDateIn(isoDate, LOCALES[language]);
const openAs = (browser: Browser, token: string, language: Language) =>
  openIn(browser, token, language, { acceptDownloads: true });

const TEXT = {
  en: {
    paymentOrdered: "Payment ordered",
    paidOut: "Paid out",
    paymentsTab: "Payments",
    statementsTab: "Bank statements",
    createFile: "Create payment file",
    download: "Download XML",
    fileLabel: "camt.053 file (XML)",
    confirm: /^Book 0 matched credits$/,
    bookedOrder: "Booked a payment order",
    bookedOn: (date: string) => `the bank booked it on ${date}`,
    booksBalance: "The books balance.",
    consistent: "Books and bank agree",
    noDifferences: "No differences on this day.",
  },
  fr: {
    paymentOrdered: "Paiement ordonné",
    paidOut: "Versé",
    paymentsTab: "Paiements",
    statementsTab: "Relevés bancaires",
    createFile: "Créer le fichier de paiement",
    download: "Télécharger le XML",
    fileLabel: "Fichier camt.053 (XML)",
    confirm: /^Comptabiliser 0 crédit/,
    bookedOrder: "Ordre de paiement comptabilisé",
    bookedOn: (date: string) => `la banque a comptabilisé le paiement le ${date}`,
    booksBalance: "La comptabilité est équilibrée.",
    consistent: "Comptabilité et banque concordent",
    noDifferences: "Aucun écart ce jour-là.",
  },
} as const;

for (const language of ["en", "fr"] as const) {
  const text = TEXT[language];

  test(`maturity orders the payout; the payment file and the statement pay it (${language})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(150_000);
    let adminToken = await signInAdmin(request, CLOCK_PORT);

    // A verified saver's 10,000 EUR deposit over 12 months, paid out at maturity, funded today.
    const { email, depositId, valueDate } = await fundedSaver(request, adminToken, {
      emailPrefix: "payments",
      password: PASSWORD,
      fullName: "Paula Zahlung",
      iban: SAVER_IBAN,
    });

    // The clock moves to the maturity day: the payout is ordered, not yet paid.
    const maturity = plusMonths(valueDate, 12);
    expect((await serverClock(request, adminToken, `${maturity}T10:00:00Z`)).jobs_run).toBeGreaterThanOrEqual(
      1,
    );
    adminToken = await signInAdmin(request, CLOCK_PORT);
    const saver = await openAs(browser, await signIn(request, email, PASSWORD), language);
    await saver.page.goto("/dashboard");
    const deposit = saver.page.getByTestId("deposit");
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.paymentOrdered);
    await expect(deposit.getByTestId("deposit-payment-ordered")).toBeVisible();
    await expect(
      deposit.locator('[data-testid="timeline-step"][data-step="payment-ordered"]'),
    ).toHaveAttribute("data-state", "current");

    // Staff create the payment file and download it: it carries the order's end-to-end id.
    const staff = await openAs(browser, adminToken, language);
    await staff.page.goto("/admin");
    await openArea(staff.page, text.paymentsTab);
    await expect(
      staff.page.locator('[data-testid="payment-status"][data-status="ordered"]').first(),
    ).toBeVisible();
    const filesBefore = Number(
      (await request.get("/api/admin/payment-files", { headers: bearer(adminToken) })).headers()[
        "x-total-count"
      ],
    );
    await staff.page.getByRole("button", { name: text.createFile }).click();
    // The new file heads the history (newest first) once the list has read it again.
    const fileRows = staff.page.getByTestId("payment-file-row");
    await expect(fileRows).toHaveCount(Math.min(filesBefore + 1, 10));
    const [download] = await Promise.all([
      staff.page.waitForEvent("download"),
      fileRows.first().getByRole("button", { name: text.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xml$/);
    const xml = await readFile((await download.path()) as string, "utf8");
    expect(xml).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001.001.09");
    const orders = (await (
      await request.get("/api/admin/payments?status=submitted&limit=100", { headers: bearer(adminToken) })
    ).json()) as Array<{ deposit_id: string | null; end_to_end_id: string; amount: number }>;
    const order = orders.find((o) => o.deposit_id === depositId);
    expect(order?.amount).toBe(10_350);
    const endToEndId = order?.end_to_end_id ?? "";
    expect(xml).toContain(`<EndToEndId>${endToEndId}</EndToEndId>`);
    expect(xml).toContain(`<InstdAmt Ccy="EUR">10350.00</InstdAmt>`);

    // The next day's statement books the debit; staff import it through the statement screen.
    const bookedOn = plusDays(maturity, 1);
    await serverClock(request, adminToken, `${bookedOn}T10:00:00Z`);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    await replaceToken(staff.page, adminToken);
    await staff.page.reload();
    // The bank's balance before the day's debit is what the books hold for the account that day (the
    // staff-recorded fundings of this server have no statement of their own).
    const before = await request.get(`/api/admin/reconciliation?date=${bookedOn}&account=${PARTNER_IBAN}`, {
      headers: bearer(adminToken),
    });
    expect(before.status(), await before.text()).toBe(200);
    const openingCents = ((await before.json()) as { book_balance_cents: number }).book_balance_cents;
    await openArea(staff.page, text.statementsTab);
    await staff.page.getByLabel(text.fileLabel).setInputFiles({
      name: "statement.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(
        bankStatement({
          messageId: `E2E-PAY-${randomBytes(4).toString("hex")}`,
          bookingDate: bookedOn,
          openingCents,
          entries: [
            {
              kind: "debit",
              endToEndId,
              cents: 1_035_000,
              creditorName: "Paula Zahlung",
              creditorIban: SAVER_IBAN,
            },
          ],
        }),
      ),
    });
    const result = staff.page.getByTestId("statement-result");
    await expect(result.getByTestId("statement-entry")).toHaveCount(1);
    await expect(result.getByTestId("statement-entry")).toHaveAttribute("data-outcome", "booked_order");
    await result.getByRole("button", { name: text.confirm }).click();
    await expect(result.getByTestId("statement-outcome")).toHaveAttribute("data-outcome", "booked");
    await expect(result.getByTestId("statement-entry")).toContainText(text.bookedOrder);

    // The saver sees the deposit paid, with the date the bank booked it.
    await replaceToken(saver.page, await signIn(request, email, PASSWORD));
    await saver.page.reload();
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.paidOut);
    expect(plain(await deposit.getByTestId("deposit-paid-out").textContent())).toContain(
      text.bookedOn(longDate(bookedOn, language)),
    );
    await saver.close();

    // Staff: the books of the booking day balance, and agree with the bank's statement of that day
    // for the deposit's receiving account.
    await staff.page.goto("/admin?tab=ledger");
    await staff.page.getByTestId("trial-balance-date").fill(bookedOn);
    await expect(staff.page.getByTestId("trial-balance")).toBeVisible();
    expect(
      plain(await staff.page.getByTestId("trial-balance-total").textContent()).replace(/[^0-9.,-]/g, ""),
    ).toMatch(/^0[.,]00$/);
    await expect(staff.page.getByTestId("trial-balance-totals")).toContainText(text.booksBalance);
    await staff.page.goto("/admin?tab=reconciliation");
    await staff.page.getByTestId("reconciliation-date").fill(bookedOn);
    await staff.page.getByTestId("reconciliation-account").selectOption(PARTNER_IBAN);
    const reconciliation = staff.page.getByTestId("reconciliation-result");
    await expect(reconciliation.getByRole("heading", { level: 3 })).toHaveText(text.consistent);
    expect(
      plain(await staff.page.getByTestId("reconciliation-difference").textContent()).replace(
        /[^0-9.,-]/g,
        "",
      ),
    ).toMatch(/^0[.,]00$/);
    await expect(reconciliation).toContainText(text.noDifferences);
    await staff.close();
  });
}
