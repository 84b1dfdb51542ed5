import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { berlinDate } from "./clock-journey.ts";
import { pdf } from "./kyc-files.ts";
import {
  apply,
  general,
  type Language,
  load,
  prepare,
  readerProblems,
  register,
  shoot,
} from "./page-checks.ts";
import { loadSanctionsList, verifyIdentity } from "./verify-identity.ts";

/**
 * Every page a German or French newcomer was shown, at a phone's 390 px and a laptop's 1280 px, with
 * the data that shows what they tripped over: a deposit with its timeline, a toast, a message in the
 * inbox, a loaded sanctions list, a dossier, a trial balance with money in it. Each load runs the
 * layout and reading checks (page-checks.ts) and, with SHOTS_DIR set, leaves a full-page screenshot
 * named newcomer-<language>-<page>-<width>.png to look at (defects.spec.ts names its own <language>-...).
 */
const LANGUAGES: Language[] = ["de", "fr"];
const WIDTHS = [390, 1280] as const;

interface Fixture {
  admin: string;
  /** Verified, with an approved application: a deposit awaiting its money, and messages in the inbox. */
  saver: { token: string; id: string };
  /** Not verified, with a pending application: approving it is refused (an error toast). */
  pending: { email: string; applicationId: string };
  bankSlug: string;
}

async function setUp(request: APIRequestContext): Promise<Fixture> {
  const admin = await adminToken(request);
  const staff = { authorization: `Bearer ${admin}` };
  await loadSanctionsList(request, staff);
  const saver = await register(request, "Dora Einsteigerin");
  await verifyIdentity(request, saver.token, admin);
  const id = await apply(request, saver, "Dora Einsteigerin");
  const approved = await request.patch(`/api/admin/applications/${id}/decision`, {
    headers: staff,
    data: { decision: "approved" },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  // A funded deposit puts money in the books: the trial balance has rows and a total of zero.
  const funder = await register(request, "Frieda Festgeld");
  await verifyIdentity(request, funder.token, admin);
  const funderApplication = await apply(request, funder, "Frieda Festgeld");
  const decided = await request.patch(`/api/admin/applications/${funderApplication}/decision`, {
    headers: staff,
    data: { decision: "approved" },
  });
  expect(decided.status(), await decided.text()).toBe(200);
  const depositId = ((await decided.json()) as { deposit: { id: string } }).deposit.id;
  const funded = await request.post(`/api/admin/deposits/${depositId}/funding`, {
    headers: staff,
    data: {
      amount: 25_000,
      value_date: berlinDate(new Date().toISOString()),
      payer_iban: "DE89370400440532013000",
    },
  });
  expect(funded.status(), await funded.text()).toBe(200);

  const newcomer = await register(request, "Paul Ungeprüft");
  const applicationId = await apply(request, newcomer, "Paul Ungeprüft");

  const packages = (await (await request.get("/api/packages")).json()) as Array<{ bank: { slug: string } }>;
  const bankSlug = packages[0]?.bank.slug ?? "";
  expect(bankSlug).not.toBe("");
  return {
    admin,
    saver: { token: saver.token, id: saver.id },
    pending: { email: newcomer.email, applicationId },
    bankSlug,
  };
}

/** Checks the loaded page, then leaves its screenshot (from the top: the sticky bar drawn where it belongs). */
async function look(page: Page, name: string, note: (where: string, found: string[]) => void) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, name);
  note(name, await page.evaluate(general));
  note(name, await page.evaluate(readerProblems));
}

test.describe("the newcomer's pages in German and French, at 390 and 1280 px", () => {
  test.describe.configure({ timeout: 300_000 });
  let fixture: Fixture;
  test.beforeAll(async ({ request }) => {
    test.setTimeout(120_000);
    fixture = await setUp(request);
  });

  for (const language of LANGUAGES) {
    test.describe(`in ${language}`, () => {
      // A German or French reader's browser: its own date fields and number formats.
      test.use({ locale: language === "de" ? "de-DE" : "fr-FR" });

      test(`public pages in ${language}`, async ({ page }) => {
        const problems: string[] = [];
        const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
        await prepare(page, language, null);
        for (const width of WIDTHS) {
          const at = (name: string) => `newcomer-${language}-${name}-${width}`;

          // Ratings and investor figures on one screen: one rating, stars drawn.
          await load(page, `/${language}`, width);
          await expect(page.getByTestId("testimonial").first()).toBeVisible();
          await look(page, at("home"), note);

          await load(page, `/${language}/packages`, width);
          await expect(page.getByTestId("package-card").first()).toBeVisible();
          await look(page, at("packages"), note);

          // Several packages side by side; at 390 the hint says which are in view.
          await load(page, `/${language}/compare`, width);
          await expect(page.getByTestId("compare-table")).toBeVisible();
          if (width === 390) await expect(page.getByTestId("compare-scroll-hint")).toBeVisible();
          await look(page, at("compare"), note);

          await load(page, `/${language}/calculator`, width);
          await page.locator('main input[inputmode="decimal"]').first().fill("25000");
          await page.locator('main form button[type="submit"]').first().click();
          await expect(page.getByTestId("net-return-deduction").first()).toBeVisible();
          await look(page, at("calculator"), note);

          // A flag (drawn, not an emoji) before the bank's name.
          await load(page, `/${language}/banks/${fixture.bankSlug}`, width);
          await expect(page.getByTestId("bank-information-sheet")).toBeVisible();
          await look(page, at("bank"), note);

          // Long words: Verbraucherstreitbeilegung, Sicherungsobergrenze, remboursement.
          for (const legal of ["impressum", "legal-compliance", "deposit-insurance", "terms"]) {
            await load(page, `/${language}/${legal}`, width);
            await look(page, at(legal), note);
          }

          // "Überweisungsdaten prüfen": checking the account a saver is asked to pay into.
          await load(page, `/${language}/verify`, width);
          await look(page, at("verify"), note);
        }
        expect(problems).toEqual([]);
      });

      test(`the saver's pages in ${language}`, async ({ page, request }) => {
        const problems: string[] = [];
        const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
        await prepare(page, language, fixture.saver.token);
        for (const width of WIDTHS) {
          const at = (name: string) => `newcomer-${language}-${name}-${width}`;

          // The approved deposit: "approved on <date>" and its timeline.
          await load(page, "/dashboard", width);
          const application = page.getByTestId("application").first();
          await expect(application.getByTestId("timeline-step").first()).toBeVisible();
          await look(page, at("dashboard"), note);

          await load(page, "/inbox", width);
          await expect(page.getByTestId("inbox-item").first()).toBeVisible();
          await look(page, at("inbox"), note);

          await load(page, "/profile", width);
          const form = page.locator("main form").first();
          await form
            .locator('input[name="full_name"]')
            .fill(width === 390 ? "Dora Maria Einsteigerin" : "Dora Einsteigerin");
          await page.getByTestId("profile-submit").click();
          await expect(page.getByTestId("profile-success")).toBeVisible();
          await look(page, at("profile"), note);
          // The page reloads itself after a save (the header reads the new name): that ends first.
          await expect(page.getByTestId("profile-success")).toHaveCount(0, { timeout: 10_000 });
          await expect(page.locator("html[data-app-ready]")).toHaveCount(1);

          // An alert set: the list has it, and the toast says so.
          await load(page, "/rate-alerts", width);
          const alertForm = page.getByTestId("rate-alert-form");
          await alertForm.locator("input[inputmode=decimal]").fill(width === 390 ? "4" : "4,5");
          await alertForm.locator('button[type="submit"]').click();
          await expect(page.getByTestId("toasts")).toContainText(/\S/);
          await expect(page.getByTestId("rate-alert-list")).toBeVisible();
          await look(page, at("rate-alerts"), note);
        }

        // The KYC page of a saver who starts: its own bar, and the toast of an upload beside the postcode.
        for (const width of WIDTHS) {
          const starter = await register(request, "Karla Kennlern");
          const kyc = await page.context().browser()?.newPage();
          if (!kyc) throw new Error("no browser");
          try {
            await prepare(kyc, language, starter.token);
            await load(kyc, "/kyc", width);
            await kyc.getByTestId("kyc-upload-utility_bill").setInputFiles({
              name: "rechnung.pdf",
              mimeType: "application/pdf",
              buffer: pdf(),
            });
            await expect(kyc.locator("[data-testid=kyc-card-utility_bill]")).toHaveAttribute(
              "data-status",
              "pending",
            );
            await expect(kyc.locator('input[name="address.postcode"]')).toBeVisible();
            await look(kyc, `newcomer-${language}-kyc-${width}`, note);
          } finally {
            await kyc.close();
          }
        }
        expect(problems).toEqual([]);
      });

      test(`the back office in ${language}`, async ({ page }) => {
        const problems: string[] = [];
        const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
        await prepare(page, language, fixture.admin);
        for (const width of WIDTHS) {
          const at = (name: string) => `newcomer-${language}-${name}-${width}`;

          // Held (awaiting money) beside the funds under management.
          await load(page, "/admin", width);
          await expect(page.getByTestId("overview-totalInvestment")).toBeVisible();
          // The charts are drawn after the first paint, once they are near the screen (below the figures
          // on a phone).
          await page.locator("#admin-status-heading").scrollIntoViewIfNeeded();
          await expect(page.locator("[data-testid=status-chart] svg").first()).toBeVisible();
          await look(page, at("admin-overview"), note);

          // The pending filter, and a refused approval's toast.
          await load(page, "/admin?tab=applications", width);
          await page.getByTestId("applications-status-filter").selectOption("pending");
          await page.locator(`#approve-${fixture.pending.applicationId}`).click();
          await page.getByTestId("approve-confirmation").getByRole("button").first().click();
          await expect(page.getByTestId("application-refusal").first()).toBeVisible();
          await look(page, at("admin-applications"), note);

          await load(page, "/admin?tab=banks", width);
          await expect(page.getByTestId("banks-row").first()).toBeVisible();
          await look(page, at("admin-banks"), note);

          await load(page, "/admin?tab=sanctions", width);
          await expect(page.getByTestId("sanctions-load")).toBeVisible();
          await look(page, at("admin-sanctions"), note);

          await load(page, "/admin?tab=ledger", width);
          await expect(page.getByTestId("trial-balance-total")).toBeVisible();
          await look(page, at("admin-trial-balance"), note);

          // Date of birth and country names in the reader's language.
          await load(page, `/admin/dossier/${fixture.saver.id}`, width);
          await expect(page.getByTestId("dossier-personal")).toBeVisible();
          await look(page, at("admin-dossier"), note);
        }
        expect(problems).toEqual([]);
      });
    });
  }
});
