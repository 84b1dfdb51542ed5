import { randomBytes } from "node:crypto";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { openArea, adminToken as signInAdmin } from "./admin-session.ts";
import { berlinDate } from "./clock-journey.ts";
import { verifyIdentity } from "./verify-identity.ts";

/*
 * A third partner bank, added at runtime: staff enter it in the back office with its receiving account
 * and give it a package; the prerendered /de/banks page shows it once it has loaded the live list
 * (docs/decisions.md "Bank pages: prerendered from the seed, live after load"), as do packages and
 * compare; a saver applies for its package, is approved, and the transfer instructions and the QR code
 * name that bank's account, not the configured one.
 */

test.describe.configure({ mode: "serial" });

const SAVER_IBAN = "DE89370400440532013000";
/** The first seeded bank's account (the configured PARTNER_BANK_IBAN of the e2e servers). */
const BANK_A_IBAN = "DE52000000000012345678";
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const suffix = randomBytes(3).toString("hex");
const BANK = {
  name: `Drittbank ${suffix} AG`,
  slug: `drittbank-${suffix}`,
  holder: `Drittbank ${suffix} AG`,
};

/** A valid German IBAN for a random account number (ISO 7064 mod 97-10 check digits). */
function randomIban(): string {
  const bban = `50010060${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
  const numeric = `${bban}131400`; // "DE00" moved to the end, letters as numbers (D=13, E=14)
  const check = 98n - (BigInt(numeric) % 97n);
  return `DE${String(check).padStart(2, "0")}${bban}`;
}
const BANK_IBAN = randomIban();
const grouped = (iban: string) => iban.replace(/(.{4})/g, "$1 ").trim();

let adminToken = "";
let bankId = "";
let packageId = "";
let depositId = "";
let reference = "";

// The other specs share this server and count the packages on offer: the third bank is paused at the
// end, which takes its package off sale (its deposit stays).
test.afterAll(async ({ request }) => {
  if (!bankId) return;
  const token = await signInAdmin(request);
  const paused = await request.patch(`/api/admin/banks/${bankId}`, {
    headers: bearer(token),
    data: { status: "paused" },
  });
  expect(paused.status(), await paused.text()).toBe(200);
});

async function register(request: APIRequestContext) {
  const email = `banks-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const res = await request.post("/api/auth/register", {
    data: { email, password: "e2e banks passphrase", full_name: "Bruno Bankenwahl" },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, token: ((await res.json()) as { access_token: string }).access_token };
}

test("staff add a third bank with its account, and a package at it", async ({ browser, request }) => {
  adminToken = await signInAdmin(request);
  const context = await browser.newContext();
  await context.addInitScript(
    ([token]) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user_language", "en");
    },
    [adminToken] as const,
  );
  const page = await context.newPage();
  await page.goto("/admin");
  await openArea(page, "Partner banks");
  await page.getByRole("button", { name: "Add a bank" }).click();
  const form = page.getByTestId("bank-form");
  const fill = (label: string, value: string) => form.getByLabel(label, { exact: true }).fill(value);
  await fill("Name", BANK.name);
  await fill("Address (slug)", BANK.slug);
  await fill("Country (ISO code)", "AT");
  await fill("Seat", "Wien");
  await fill("BIC", "DRTBATWWXXX");
  await fill("Supervisor", "FMA");
  await fill("Register entry", "FN 000000x (fictional)");
  await fill("Description (English)", "Fictional Austrian bank for the e2e journey.");
  await fill("Deposit guarantee scheme", "Einlagensicherung AUSTRIA Ges.m.b.H.");
  await fill("Scheme website (https)", "https://www.einlagensicherung.at");
  await fill("Information sheet notes (English)", "Protected by ESA.");
  await fill("Information sheet notes (German)", "Geschützt durch die ESA.");
  await fill("Information sheet notes (French)", "Protégé par l'ESA.");
  await fill("Account holder", BANK.holder);
  await fill("IBAN", grouped(BANK_IBAN));
  await fill("Account BIC", "DRTBATWWXXX");
  await form.getByRole("button", { name: "Save" }).click();
  const row = page.locator(`[data-testid="banks-row"][data-slug="${BANK.slug}"]`);
  await expect(row).toContainText(BANK_IBAN);
  await context.close();

  const banks = (await (
    await request.get("/api/admin/banks", { headers: bearer(adminToken) })
  ).json()) as Array<{
    id: string;
    slug: string;
  }>;
  bankId = banks.find((b) => b.slug === BANK.slug)?.id ?? "";
  expect(bankId).toBeTruthy();
  const created = await request.post("/api/admin/packages", {
    headers: bearer(adminToken),
    data: {
      duration_months: 24,
      interest_rate: 4.25,
      min_amount: 1000,
      max_amount: 95_000,
      features: { en: ["Austrian bank"], de: ["Österreichische Bank"], fr: ["Banque autrichienne"] },
      bank_id: bankId,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  packageId = ((await created.json()) as { id: string }).id;
});

test("the new bank appears on /de/banks, in packages and in compare", async ({ page }) => {
  await page.goto("/de/banks");
  // The prerendered list holds the seeded banks; the live list adds the new one after loading.
  const item = page.locator(`[data-testid="bank-item"][data-slug="${BANK.slug}"]`);
  await expect(item).toBeVisible();
  await expect(item).toContainText(BANK.name);
  await expect(item).toContainText("Einlagensicherung AUSTRIA");
  await expect(item.locator(`[data-testid="bank-offer"][data-duration="24"]`)).toBeVisible();

  await item.getByRole("link", { name: BANK.name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/de/banks/${BANK.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(BANK.name);
  await expect(page.getByTestId("bank-information-sheet")).toContainText("Geschützt durch die ESA.");

  await page.goto(`/de/packages?bank=${BANK.slug}`);
  const cards = page.getByTestId("package-card");
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByTestId("package-bank")).toContainText(BANK.name);

  await page.goto(`/de/compare?country=AT`);
  await expect(page.getByTestId("compare-bank").filter({ hasText: BANK.name })).toHaveCount(1);
});

test("a saver applies for its package and is told to pay into that bank's account", async ({
  browser,
  request,
}) => {
  const saver = await register(request);
  await verifyIdentity(request, saver.token, adminToken);
  const applied = await request.post("/api/applications", {
    headers: bearer(saver.token),
    data: {
      full_name: "Bruno Bankenwahl",
      email: saver.email,
      phone: "+49 30 1234567",
      amount: 5000,
      package_id: packageId,
      reference_iban: SAVER_IBAN,
      maturity_instruction: "payout",
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
  const deposit = ((await decided.json()) as { deposit: { id: string; transfer: { reference: string } } })
    .deposit;
  depositId = deposit.id;
  reference = deposit.transfer.reference;

  const context = await browser.newContext();
  await context.addInitScript(
    ([token]) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user_language", "en");
    },
    [saver.token] as const,
  );
  const page = await context.newPage();
  await page.goto("/dashboard");
  const card = page.getByTestId("transfer-card");
  await expect(card).toBeVisible();
  await expect(card.getByTestId("transfer-iban")).toHaveText(grouped(BANK_IBAN));
  await expect(card).toContainText(BANK.holder);
  await expect(card.getByTestId("transfer-qr")).toBeVisible();
  await context.close();

  // The QR code carries the same account (EPC069-12: the IBAN on its own line).
  const qr = await request.get(`/api/deposits/${depositId}/transfer-qr`, { headers: bearer(saver.token) });
  expect(qr.status()).toBe(200);
  const payload = ((await qr.json()) as { payload: string }).payload;
  expect(payload.split("\n")).toContain(BANK_IBAN);
  expect(payload).toContain(BANK.holder);
});

// The statement import funds only a deposit whose receiving account is the statement's account.
test("a statement for another bank's account does not fund it", async ({ request }) => {
  // Today as the platform counts days (Berlin), not UTC's date: they differ around midnight.
  const valueDate = berlinDate(new Date().toISOString());
  const messageId = `E2E-BANKS-${randomBytes(4).toString("hex")}`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${valueDate}T18:00:00</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${messageId}-1</Id>
      <CreDtTm>${valueDate}T18:00:00</CreDtTm>
      <Acct><Id><IBAN>${BANK_A_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
      <Ntry>
        <Amt Ccy="EUR">5000.00</Amt>
        <CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${valueDate}</Dt></BookgDt>
        <ValDt><Dt>${valueDate}</Dt></ValDt>
        <AcctSvcrRef>${messageId}-REF</AcctSvcrRef>
        <NtryDtls><TxDtls>
          <Amt Ccy="EUR">5000.00</Amt>
          <RltdPties><Dbtr><Pty><Nm>Bruno Bankenwahl</Nm></Pty></Dbtr>
            <DbtrAcct><Id><IBAN>${SAVER_IBAN}</IBAN></Id></DbtrAcct></RltdPties>
          <RmtInf><Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry><Issr>ISO</Issr></Tp>
            <Ref>${reference}</Ref></CdtrRefInf></Strd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
  const imported = await request.post("/api/admin/bank-statements", {
    headers: bearer(adminToken),
    data: { xml, dry_run: false },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const detail = await request.get(`/api/admin/deposits/${depositId}`, { headers: bearer(adminToken) });
  expect(((await detail.json()) as { status: string }).status).toBe("awaiting_funds");
});
