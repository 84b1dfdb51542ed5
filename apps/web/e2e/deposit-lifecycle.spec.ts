import { randomBytes } from "node:crypto";
import { type Browser, expect, test } from "@playwright/test";
import { openArea, adminToken as signInAdmin } from "./admin-session.ts";
import { seriousViolations } from "./axe.ts";
import {
  bearer,
  berlinDate,
  longDate as longDateIn,
  openAs as openIn,
  plain,
  plusMonths,
  replaceToken,
  serverClock,
  signIn,
} from "./clock-journey.ts";
import { verifyIdentity } from "./verify-identity.ts";

/*
 * The life of a deposit, in the browser: a saver applies and is approved, sees the transfer card with
 * the reference and the QR code; staff import the bank's camt.053 statement through the back office,
 * which funds the deposit; the saver sees it running with its maturity date; then the server's clock
 * moves to the maturity (POST /api/admin/clock, never a sleep) and the maturity job renews it: the
 * saver sees the renewal and the interest paid out. This spec runs against its own server (the
 * "lifecycle" project in playwright.config.ts), whose clock the other specs do not share.
 */

test.describe.configure({ mode: "serial" });

const PASSWORD = "e2e lifecycle passphrase";
const SAVER_IBAN = "DE89370400440532013000";
const LOCALES = { en: "en-GB", de: "de-DE" } as const;
type Language = keyof typeof LOCALES;

/** This spec's server (playwright.config.ts): its admin signs in with two-factor (admin-session.ts). */
const CLOCK_PORT = Number(process.env.E2E_CLOCK_PORT);
const longDate = (isoDate: string, language: Language) => longDateIn(isoDate, LOCALES[language]);
const openAs = (browser: Browser, token: string, language: Language) =>
  openIn(browser, token, language, { bypassCSP: true });

/** A camt.053.001.08 statement of the partner bank account with one booked credit. */
function camt053(credit: { reference: string; amount: string; valueDate: string; messageId: string }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${credit.messageId}</MsgId><CreDtTm>${credit.valueDate}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${credit.messageId}-1</Id>
      <CreDtTm>${credit.valueDate}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>DE52000000000012345678</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">${credit.amount}</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${credit.valueDate}</Dt></BookgDt>
        <ValDt><Dt>${credit.valueDate}</Dt></ValDt>
        <AcctSvcrRef>${credit.messageId}-REF</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Amt Ccy="EUR">${credit.amount}</Amt>
          <RltdPties><Dbtr><Pty><Nm>Lena Lebenszyklus</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>${SAVER_IBAN}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp>
            <Ref>${credit.reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

const TEXT = {
  en: {
    awaiting: "Awaiting your transfer",
    running: "Running",
    renewed: "Renewed",
    statementsTab: "Bank statements",
    fundingTab: "Funding queue",
    recordFor: (reference: string) => `Record receipt for ${reference}`,
    payerIban: "Payer IBAN",
    recordConfirm: "Record and start the term",
    payerMismatch: "The money did not come from the saver's reference account.",
    cancel: "Cancel",
    calendarTab: "Maturity calendar",
    fileLabel: "camt.053 file (XML)",
    confirm: "Book 1 matched credit",
    booked: "1 credit booked; its deposit is now running.",
    alreadyImported: "This statement was already imported. Nothing changed",
    renewedTitle: "Your renewed deposit",
    paidOut: "€350.00 ordered to your reference account; paid once the bank has booked it.",
    continued: "Continued in the deposit",
    cutoff409: "The instruction can no longer be changed: the cut-off 5 days before maturity has passed.",
    payout: "Pay out everything",
    save: "Save instruction",
  },
  de: {
    awaiting: "Wartet auf Ihre Überweisung",
    running: "Läuft",
    renewed: "Verlängert",
    statementsTab: "Kontoauszüge",
    fundingTab: "Zahlungseingänge",
    recordFor: (reference: string) => `Eingang für ${reference} erfassen`,
    payerIban: "IBAN des Zahlers",
    recordConfirm: "Erfassen und Laufzeit beginnen",
    payerMismatch: "Das Geld kam nicht vom Referenzkonto des Kunden.",
    cancel: "Abbrechen",
    calendarTab: "Fälligkeiten",
    fileLabel: "camt.053-Datei (XML)",
    confirm: "1 zugeordnete Gutschrift buchen",
    booked: "1 Gutschrift gebucht; die Anlage läuft jetzt.",
    alreadyImported: "Dieser Auszug wurde bereits eingelesen. Es hat sich nichts geändert",
    renewedTitle: "Ihre verlängerte Festgeldanlage",
    paidOut: "350,00 € an Ihr Referenzkonto beauftragt; ausgezahlt, sobald die Bank sie gebucht hat.",
    continued: "Fortgesetzt in der Anlage",
    cutoff409:
      "Die Weisung kann nicht mehr geändert werden: Die Frist 5 Tage vor Fälligkeit ist verstrichen.",
    payout: "Alles auszahlen",
    save: "Weisung speichern",
  },
} as const;

for (const language of ["en", "de"] as const) {
  const text = TEXT[language];

  test(`apply, transfer, statement import, renewal at maturity (${language})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    let adminToken = await signInAdmin(request, CLOCK_PORT);

    // A saver registers, is verified by staff and applies for 10,000 EUR over 12 months, renewing the
    // principal at maturity; staff approve.
    const email = `lifecycle-${randomBytes(5).toString("hex")}@e2e.example.test`;
    const registered = await request.post("/api/auth/register", {
      data: { email, password: PASSWORD, full_name: "Lena Lebenszyklus" },
    });
    expect(registered.status(), await registered.text()).toBe(201);
    const saverToken = ((await registered.json()) as { access_token: string }).access_token;
    // The sanctions list is dated by the server's clock, which the English run moved a year ahead (a
    // list's age counts from its own date).
    await verifyIdentity(
      request,
      saverToken,
      adminToken,
      new Date((await serverClock(request, adminToken)).now),
    );
    const packages = (await (await request.get("/api/packages")).json()) as Array<{
      id: string;
      duration_months: number;
    }>;
    const twelve = packages.find((p) => p.duration_months === 12);
    const applied = await request.post("/api/applications", {
      headers: bearer(saverToken),
      data: {
        full_name: "Lena Lebenszyklus",
        email,
        phone: "+49 30 1234567",
        amount: 10_000,
        package_id: twelve?.id,
        reference_iban: SAVER_IBAN,
        maturity_instruction: "renew_principal",
        info_sheet_acknowledged: true,
      },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const { id: applicationId } = (await applied.json()) as { id: string };
    const decided = await request.patch(`/api/admin/applications/${applicationId}/decision`, {
      headers: bearer(adminToken),
      data: { decision: "approved" },
    });
    expect(decided.status(), await decided.text()).toBe(200);

    // The saver sees the transfer card: exact amount, reference, IBAN in groups of four, QR code.
    const saver = await openAs(browser, saverToken, language);
    await saver.page.goto("/dashboard");
    const deposit = saver.page.getByTestId("deposit");
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.awaiting);
    const card = saver.page.getByTestId("transfer-card");
    await expect(card).toBeVisible();
    const shownReference = plain(await card.getByTestId("transfer-reference").textContent());
    expect(shownReference).toMatch(/^RF\d{2}( [A-Z0-9]{1,4})+$/);
    const reference = shownReference.replace(/ /g, "");
    await expect(card.getByTestId("transfer-iban")).toHaveText(/^[A-Z]{2}\d{2}( [A-Z0-9]{1,4})+$/);
    expect(plain(await card.getByTestId("transfer-amount").textContent())).toBe(
      language === "en" ? "€10,000.00" : "10.000,00 €",
    );
    await expect(card.getByTestId("transfer-qr")).toBeVisible();
    await expect(saver.page.getByTestId("whats-next")).toContainText(shownReference);
    if (language === "en") expect(await seriousViolations(saver.page)).toEqual([]);

    // Staff import the bank statement that carries the transfer, through the back office.
    const valueDate = berlinDate((await serverClock(request, adminToken)).now);
    const staff = await openAs(browser, adminToken, language);
    await staff.page.goto("/admin");
    // The deposit waits in the funding queue; a receipt from another account is refused, translated.
    await openArea(staff.page, text.fundingTab);
    const queued = staff.page.locator(`[data-testid="funding-item"][data-reference="${reference}"]`);
    await queued.getByRole("button", { name: text.recordFor(reference) }).click();
    await queued.getByLabel(text.payerIban).fill("DE02 1203 0000 0000 2020 51");
    await queued.getByRole("button", { name: text.recordConfirm }).click();
    await expect(queued.getByRole("alert")).toHaveText(text.payerMismatch);
    await queued.getByRole("button", { name: text.cancel }).click();
    await openArea(staff.page, text.statementsTab);
    const statement = {
      name: "statement.xml",
      mimeType: "application/xml",
      buffer: Buffer.from(
        camt053({
          reference,
          amount: "10000.00",
          valueDate,
          messageId: `E2E-${randomBytes(4).toString("hex")}`,
        }),
      ),
    };
    await staff.page.getByLabel(text.fileLabel).setInputFiles(statement);
    const result = staff.page.getByTestId("statement-result");
    await expect(result.getByTestId("matched-credit")).toHaveCount(1);
    await expect(result.getByTestId("matched-credit")).toContainText(reference);
    await expect(result.getByTestId("statement-outcome")).toHaveAttribute("data-outcome", "preview");
    if (language === "en") expect(await seriousViolations(staff.page)).toEqual([]);
    await result.getByRole("button", { name: text.confirm }).click();
    await expect(result.getByTestId("statement-outcome")).toHaveText(text.booked);
    // The same statement again: nothing changes, and the screen says so.
    await staff.page.getByLabel(text.fileLabel).setInputFiles(statement);
    await expect(result.getByTestId("statement-outcome")).toContainText(text.alreadyImported);
    await expect(result.getByRole("button", { name: text.confirm })).toHaveCount(0);
    await staff.close();

    // The saver sees the deposit running from the value date, maturing twelve months later.
    const maturity = plusMonths(valueDate, 12);
    await saver.page.reload();
    await expect(deposit.getByTestId("deposit-status")).toHaveText(text.running);
    await expect(saver.page.getByTestId("transfer-card")).toHaveCount(0);
    await expect(deposit.getByTestId("deposit-maturity-date")).toHaveText(longDate(maturity, language));
    expect(plain(await saver.page.getByTestId("stat-invested").locator("dd").textContent())).toBe(
      language === "en" ? "€10,000.00" : "10.000,00 €",
    );

    // Three days before maturity the cut-off (5 days before) has passed: the server refuses a change
    // of instruction and the saver reads why. Moving the clock this far ends every session.
    const [y, m, d] = maturity.split("-").map(Number) as [number, number, number];
    const threeDaysBefore = new Date(Date.UTC(y, m - 1, d - 3, 10)).toISOString();
    await serverClock(request, adminToken, threeDaysBefore);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    await replaceToken(saver.page, await signIn(request, email, PASSWORD));
    await saver.page.reload();
    const instruction = deposit.getByTestId("instruction");
    await instruction.getByRole("radio", { name: text.payout }).check();
    await instruction.getByRole("button", { name: text.save }).click();
    await expect(instruction.getByRole("alert")).toHaveText(text.cutoff409);
    // Staff see it in the next 30 days of the maturity calendar (their browser on the server's day).
    const calendar = await openAs(browser, adminToken, language);
    await calendar.page.clock.setFixedTime(new Date(threeDaysBefore));
    await calendar.page.goto("/admin");
    await openArea(calendar.page, text.calendarTab);
    await expect(
      calendar.page.locator(`[data-testid="maturity-day"][data-date="${maturity}"]`),
    ).toContainText(reference);
    await calendar.close();

    // The clock moves to the maturity day; the maturity job renews the principal and orders the
    // interest to the reference account (10,000 EUR at 3.50 % for 12 months): ordered, not yet paid,
    // until the bank books it (payments.spec.ts follows a payment to the booking).
    const moved = await serverClock(request, adminToken, `${maturity}T10:00:00Z`);
    expect(moved.jobs_run).toBeGreaterThanOrEqual(1);
    adminToken = await signInAdmin(request, CLOCK_PORT);
    await replaceToken(saver.page, await signIn(request, email, PASSWORD));
    await saver.page.reload();
    const renewed = saver.page.getByTestId("deposit");
    await expect(renewed.getByRole("heading", { name: text.renewedTitle })).toBeVisible();
    await expect(renewed.getByTestId("deposit-status")).toHaveText(text.running);
    await expect(renewed.getByTestId("deposit-maturity-date")).toHaveText(
      longDate(plusMonths(maturity, 12), language),
    );
    const earlier = saver.page.getByTestId("earlier-deposit");
    await expect(earlier).toHaveAttribute("data-status", "renewed");
    await expect(earlier.getByTestId("earlier-deposit-outcome")).toContainText(text.renewed);
    expect(plain(await earlier.getByTestId("earlier-deposit-paid-out").textContent())).toBe(text.paidOut);
    await earlier.getByRole("link", { name: new RegExp(text.continued) }).click();
    await expect(renewed).toBeFocused();
    await saver.close();
  });
}
