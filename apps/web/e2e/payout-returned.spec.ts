import { randomBytes } from "node:crypto";
import { maskIban as masked } from "@festgeld/domain";
import { type APIRequestContext, expect as baseExpect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { openArea, adminToken as signInAdmin } from "./admin-session.ts";
import { bankStatement, type StatementEntry } from "./bank-statement.ts";
import {
  bearer,
  longDate,
  openAs,
  plain,
  plusDays,
  plusMonths,
  replaceToken,
  serverClock,
  signIn,
} from "./clock-journey.ts";
import { fundedSaver } from "./funded-deposit.ts";

/*
 * A payout that comes back, in the browser, in German and in French: the maturity payout is put into a
 * payment file and booked by the bank's statement; the next statement returns it (AC04, the account is
 * closed). Staff see it returned, the saver reads in the inbox that the money came back and what to do.
 * One admin orders it again to the saver's new IBAN and may not release it; a second admin releases it,
 * the saver is told of the new account (masked), the next file and statement pay it, and the saver sees
 * the deposit paid. It runs on the server with CLOCK_CONTROL, after the payments journey
 * (playwright.config.ts), and moves its clock day by day.
 */

test.describe.configure({ mode: "serial" });
// Each step waits for what the page shows; on a busy machine a dashboard after a clock move takes a while.
const expect = baseExpect.configure({ timeout: 30_000 });

const PASSWORD = "e2e returned payout passphrase";
const OLD_IBAN = "DE89370400440532013000";
const NEW_IBAN = "DE02120300000000202051";
const PAYOUT_CENTS = 1_035_000;
const CLOCK_PORT = Number(process.env.E2E_CLOCK_PORT);
const LOCALES = { de: "de-DE", fr: "fr-FR" } as const;
type Language = keyof typeof LOCALES;

const TEXT = {
  de: {
    paymentOrdered: "Zahlung beauftragt",
    paidOut: "Ausgezahlt",
    bookedOn: (date: string) => `die Bank hat die Zahlung am ${date} gebucht`,
    paymentsTab: "Zahlungen",
    statementsTab: "Kontoauszüge",
    createFile: "Zahlungsdatei erstellen",
    fileLabel: "camt.053-Datei (XML)",
    confirm: /zugeordnete Gutschriften? buchen$/,
    bookedOrder: "Zahlungsauftrag gebucht",
    returnedOrder: "Zahlung zurückgekommen",
    statuses: {
      submitted: "In einer Datei übergeben",
      returned: "Zurückgekommen",
      awaiting_release: "Wartet auf Freigabe",
      ordered: "Beauftragt",
    },
    reorder: "Erneut beauftragen",
    correctedIban: "Korrigierte IBAN (optional)",
    awaitsSecond: "Wartet auf eine zweite Person",
    release: "Freigeben",
    returnedTitle: "Zahlung zurückgekommen",
    returnedReason: "AC04: das Konto ist aufgelöst",
    whatToDo: "Bitte bestätigen Sie uns Ihr Referenzkonto oder nennen Sie uns ein neues",
    redirectedTitle: "Zahlung an ein anderes Konto",
    redirected: (from: string, to: string) => `jetzt auf das Konto ${to} statt auf ${from}`,
  },
  fr: {
    paymentOrdered: "Paiement ordonné",
    paidOut: "Versé",
    bookedOn: (date: string) => `la banque a comptabilisé le paiement le ${date}`,
    paymentsTab: "Paiements",
    statementsTab: "Relevés bancaires",
    createFile: "Créer le fichier de paiement",
    fileLabel: "Fichier camt.053 (XML)",
    confirm: /^Comptabiliser \d+ crédits? rapprochés?$/,
    bookedOrder: "Ordre de paiement comptabilisé",
    returnedOrder: "Paiement retourné",
    statuses: {
      submitted: "Remis dans un fichier",
      returned: "Retourné",
      awaiting_release: "En attente de validation",
      ordered: "Ordonné",
    },
    reorder: "Ordonner à nouveau",
    correctedIban: "IBAN corrigé (facultatif)",
    awaitsSecond: "Attend un second membre de l'équipe",
    release: "Valider",
    returnedTitle: "Paiement revenu",
    returnedReason: "AC04 : le compte est clôturé",
    whatToDo: "Merci de nous confirmer votre compte de référence ou de nous en indiquer un nouveau",
    redirectedTitle: "Paiement vers un autre compte",
    redirected: (from: string, to: string) => `vers le compte ${to} au lieu de ${from}`,
  },
} as const;

type Order = { id: string; deposit_id: string | null; end_to_end_id: string; status: string };

/** The deposit's order in the given state, as staff list them. */
async function orderOf(request: APIRequestContext, token: string, depositId: string, status: string) {
  const res = await request.get(`/api/admin/payments?status=${status}&limit=100`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  const order = ((await res.json()) as Order[]).find((o) => o.deposit_id === depositId);
  if (!order) throw new Error(`no ${status} order of deposit ${depositId}`);
  return order;
}

/**
 * A second admin, as an operator makes one while the server runs: a registered account the first
 * admin gives the admin role, which then enrols two-factor (every admin must). Answers its session.
 */
async function secondAdmin(request: APIRequestContext, firstAdminToken: string) {
  const email = `second-admin-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const password = "e2e second admin passphrase";
  const registered = await request.post("/api/auth/register", {
    data: { email, password, full_name: "Zweite Prüferin" },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  const promoted = await request.put(`/api/admin/users/${user.id}/role`, {
    headers: bearer(firstAdminToken),
    data: { role: "admin" },
  });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const token = await signIn(request, email, password);
  const setup = await request.post("/api/auth/two-factor/setup", { headers: bearer(token) });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const enabled = await request.post("/api/auth/two-factor/enable", {
    headers: bearer(token),
    data: { code },
  });
  expect(enabled.ok(), await enabled.text()).toBe(true);
  return token;
}

/** Staff import a statement through the statement screen and book it; answers the entry's row. */
async function importStatement(page: Page, language: Language, bookingDate: string, entry: StatementEntry) {
  const text = TEXT[language];
  await openArea(page, text.statementsTab);
  await page.getByLabel(text.fileLabel).setInputFiles({
    name: "statement.xml",
    mimeType: "application/xml",
    buffer: Buffer.from(
      bankStatement({
        messageId: `E2E-RTN-${randomBytes(4).toString("hex")}`,
        bookingDate,
        entries: [entry],
      }),
    ),
  });
  const result = page.getByTestId("statement-result");
  await expect(result.getByTestId("statement-entry")).toHaveCount(1);
  await result.getByRole("button", { name: text.confirm }).click();
  await expect(result.getByTestId("statement-outcome")).toHaveAttribute("data-outcome", "booked");
  return result.getByTestId("statement-entry");
}

/** The payments list filtered to one state; answers the order's row. */
async function paymentRow(page: Page, language: Language, status: string, endToEndId: string) {
  await openArea(page, TEXT[language].paymentsTab);
  await page.getByTestId("payments-status-filter").selectOption(status);
  return page.locator(`[data-testid="payment-row"][data-end-to-end-id="${endToEndId}"]`);
}

/** The inbox message whose title is `title`. */
async function inboxMessage(page: Page, title: string) {
  await page.goto("/inbox");
  const item = page.getByTestId("inbox-item").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(item).toHaveCount(1);
  return plain(await item.textContent());
}

for (const language of ["de", "fr"] as const) {
  const text = TEXT[language];

  test(`a returned payout is ordered again to the new IBAN, released by a second admin and paid (${language})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(360_000);
    let adminToken = await signInAdmin(request, CLOCK_PORT);

    // A verified saver's 10,000 EUR deposit over 12 months, paid out at maturity, funded today.
    const { email, depositId, valueDate } = await fundedSaver(request, adminToken, {
      emailPrefix: "returned",
      password: PASSWORD,
      fullName: "Rita Rückläufer",
      iban: OLD_IBAN,
      headers: { "accept-language": language },
    });

    // Maturity: the payout is ordered; staff put it into a payment file.
    const maturity = plusMonths(valueDate, 12);
    await serverClock(request, adminToken, `${maturity}T10:00:00Z`);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    const saver = await openAs(browser, await signIn(request, email, PASSWORD), language);
    await saver.page.goto("/dashboard");
    const deposit = saver.page.getByTestId("deposit");
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.paymentOrdered);
    const first = await orderOf(request, adminToken, depositId, "ordered");
    const staff = await openAs(browser, adminToken, language);
    await staff.page.goto("/admin");
    await openArea(staff.page, text.paymentsTab);
    await staff.page.getByRole("button", { name: text.createFile }).click();
    await expect(
      (await paymentRow(staff.page, language, "submitted", first.end_to_end_id)).getByTestId(
        "payment-status",
      ),
    ).toContainText(text.statuses.submitted);

    // The next day's statement books the debit: the saver sees the deposit paid.
    const bookedOn = plusDays(maturity, 1);
    await serverClock(request, adminToken, `${bookedOn}T10:00:00Z`);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    await replaceToken(staff.page, adminToken);
    await staff.page.reload();
    const booked = await importStatement(staff.page, language, bookedOn, {
      kind: "debit",
      endToEndId: first.end_to_end_id,
      cents: PAYOUT_CENTS,
      creditorName: "Rita Rückläufer",
      creditorIban: OLD_IBAN,
    });
    await expect(booked).toHaveAttribute("data-outcome", "booked_order");
    await expect(booked).toContainText(text.bookedOrder);
    await replaceToken(saver.page, await signIn(request, email, PASSWORD));
    await saver.page.reload();
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.paidOut);

    // The day after, the saver's bank returns it: the account is closed (AC04).
    const returnedOn = plusDays(bookedOn, 1);
    await serverClock(request, adminToken, `${returnedOn}T10:00:00Z`);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    await replaceToken(staff.page, adminToken);
    await staff.page.reload();
    const returned = await importStatement(staff.page, language, returnedOn, {
      kind: "return",
      endToEndId: first.end_to_end_id,
      cents: PAYOUT_CENTS,
      reasonCode: "AC04",
    });
    await expect(returned).toHaveAttribute("data-outcome", "returned_order");
    await expect(returned).toContainText(text.returnedOrder);

    // Staff see the order returned in the payments list.
    const returnedRow = await paymentRow(staff.page, language, "returned", first.end_to_end_id);
    await expect(returnedRow.getByTestId("payment-status")).toContainText(text.statuses.returned);

    // The saver: the payment is pending again, and the inbox says it came back, why and what to do.
    await replaceToken(saver.page, await signIn(request, email, PASSWORD));
    await saver.page.reload();
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.paymentOrdered);
    const returnedMessage = await inboxMessage(saver.page, `${text.returnedTitle}`);
    expect(returnedMessage).toContain(masked(OLD_IBAN));
    expect(returnedMessage).toContain(text.returnedReason);
    expect(returnedMessage).toContain(text.whatToDo);

    // The saver gave a new account: the admin orders the payout again to it, and may not release it.
    await returnedRow.getByRole("button", { name: text.reorder }).click();
    await staff.page.getByLabel(text.correctedIban).fill(NEW_IBAN);
    await staff.page.getByLabel(text.correctedIban).press("Enter");
    // Saved, the form closes.
    await expect(staff.page.getByLabel(text.correctedIban)).toHaveCount(0);
    const again = await orderOf(request, adminToken, depositId, "awaiting_release");
    const waiting = await paymentRow(staff.page, language, "awaiting_release", again.end_to_end_id);
    await expect(waiting.getByTestId("payment-status")).toContainText(text.statuses.awaiting_release);
    await expect(waiting.getByTestId("awaits-second")).toHaveText(text.awaitsSecond);
    await expect(waiting.getByRole("button", { name: text.release })).toHaveCount(0);
    const own = await request.post(`/api/admin/payments/${again.id}/release`, {
      headers: bearer(adminToken),
      data: {},
    });
    expect(own.status()).toBe(403);
    expect(((await own.json()) as { code: string }).code).toBe("payment_order_release_own");

    // A second admin releases it in the back office.
    const second = await openAs(browser, await secondAdmin(request, adminToken), language);
    await second.page.goto("/admin");
    const toRelease = await paymentRow(second.page, language, "awaiting_release", again.end_to_end_id);
    await toRelease.getByRole("button", { name: text.release }).click();
    await expect(toRelease).toHaveCount(0);
    const released = await paymentRow(second.page, language, "ordered", again.end_to_end_id);
    await expect(released.getByTestId("payment-status")).toContainText(text.statuses.ordered);
    await expect(released).toContainText(NEW_IBAN.slice(-4));
    await second.close();

    // The saver is told the payout now goes to the new account, both masked.
    const redirected = await inboxMessage(saver.page, text.redirectedTitle);
    expect(redirected).toContain(text.redirected(masked(OLD_IBAN), masked(NEW_IBAN)));
    expect(redirected).not.toContain(NEW_IBAN);

    // The payment file carries it; the next day's statement books it to the new account.
    await openArea(staff.page, text.paymentsTab);
    await staff.page.getByRole("button", { name: text.createFile }).click();
    await expect(
      (await paymentRow(staff.page, language, "submitted", again.end_to_end_id)).getByTestId(
        "payment-status",
      ),
    ).toContainText(text.statuses.submitted);
    const paidOn = plusDays(returnedOn, 1);
    await serverClock(request, adminToken, `${paidOn}T10:00:00Z`);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    await replaceToken(staff.page, adminToken);
    await staff.page.reload();
    const paid = await importStatement(staff.page, language, paidOn, {
      kind: "debit",
      endToEndId: again.end_to_end_id,
      cents: PAYOUT_CENTS,
      creditorName: "Rita Rückläufer",
      creditorIban: NEW_IBAN,
    });
    await expect(paid).toHaveAttribute("data-outcome", "booked_order");
    await staff.close();

    // The saver sees the deposit paid, on the day the bank booked the new payment.
    await replaceToken(saver.page, await signIn(request, email, PASSWORD));
    await saver.page.goto("/dashboard");
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.paidOut);
    expect(plain(await deposit.getByTestId("deposit-paid-out").textContent())).toContain(
      text.bookedOn(longDate(paidOn, LOCALES[language])),
    );
    await saver.close();
  });
}
