import { type APIRequestContext, expect, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";
import { JPEG } from "./kyc-files.ts";
import { apply, general, LANGUAGES, load, prepare, reachable, register, shoot } from "./page-checks.ts";
import { verifyIdentity } from "./verify-identity.ts";

/**
 * Layout defects found on screenshots, each caught where it showed: at a phone's 390 px, a laptop's
 * 1280 or 1366 px, 400 % zoom (320 x 256) and 640 px, in en, de and fr. Each page is loaded once per
 * width and language, and every check of that page runs on the one load. With SHOTS_DIR set, each load
 * also leaves a full-page screenshot there (to look at, not compared).
 */

/** The longest name an account may have, without a space to break at. */
const LONG_NAME = `Maximiliane${"x".repeat(189)}`;

interface Fixture {
  admin: string;
  /** A verified saver with an approved application (a deposit awaiting its money). */
  saver: string;
  /** A saver with the longest name, a pending application and a pending KYC document. */
  long: { token: string; email: string };
}

async function setUp(request: APIRequestContext): Promise<Fixture> {
  const admin = await adminToken(request);
  const staff = { authorization: `Bearer ${admin}` };
  const saver = await register(request, "Dora Defekt");
  await verifyIdentity(request, saver.token, admin);
  const id = await apply(request, saver, "Dora Defekt");
  const approved = await request.patch(`/api/admin/applications/${id}/decision`, {
    headers: staff,
    data: { decision: "approved" },
  });
  expect(approved.status(), await approved.text()).toBe(200);

  const long = await register(request, LONG_NAME);
  await apply(request, long, LONG_NAME);
  const upload = await request.post("/api/kyc/upload/passport", {
    headers: { authorization: `Bearer ${long.token}` },
    multipart: { file: { name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return { admin, saver: saver.token, long };
}

test.describe("defects seen on screenshots, at the widths they showed", () => {
  test.describe.configure({ timeout: 240_000 });
  let fixture: Fixture;
  test.beforeAll(async ({ request }) => {
    fixture = await setUp(request);
  });

  for (const language of LANGUAGES) {
    test(`public pages and the header in ${language}`, async ({ page }) => {
      const problems: string[] = [];
      const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
      await prepare(page, language, null);

      for (const width of [390, 1280, 1366]) {
        await load(page, "/packages", width);
        await expect(page.getByTestId("package-card").first()).toBeVisible();
        await shoot(page, `${language}-packages-${width}`);
        note(`/packages at ${width}`, await page.evaluate(general));
        note(
          `/packages at ${width}`,
          await page.evaluate(() => {
            const found: string[] = [];
            const cards = [...document.querySelectorAll<HTMLElement>("[data-testid=package-card]")];
            const badge = document.querySelector<HTMLElement>("[data-testid=most-popular]");
            if (badge) {
              const b = badge.getBoundingClientRect();
              const card = (
                badge.closest("[data-testid=package-card]") as HTMLElement
              ).getBoundingClientRect();
              if (b.height > 32) found.push(`the badge wraps (${Math.round(b.height)} px high)`);
              if (b.left < card.left || b.right > card.right) found.push("the badge sticks out of its card");
            }
            const heights = new Set(
              cards.map((c) => Math.round(c.querySelector("button")?.offsetHeight ?? 0)),
            );
            if (heights.size > 1) found.push(`button heights differ: ${[...heights].join(", ")}`);
            for (const card of cards) {
              const rate = card.querySelector<HTMLElement>("[data-testid=package-rate]");
              const spans = rate ? [...rate.querySelectorAll("span")] : [];
              const [figure, perYear] = spans.map((s) => s.getBoundingClientRect());
              if (figure && perYear && perYear.top >= figure.bottom - 2)
                found.push("the rate's period wraps");
              const text = card.textContent ?? "";
              if (text.includes("€") && /\bEUR\b/.test(text)) found.push("one card writes both € and EUR");
            }
            return found;
          }),
        );
      }

      // 400 % zoom: the open menu scrolls inside the viewport, so its last links can be reached.
      await load(page, "/", 320, 256);
      await page.getByTestId("mobile-menu-button").click();
      const menu = page.locator("#mobile-menu");
      await expect(menu).toBeVisible();
      const last = menu.getByRole("link").last();
      await last.scrollIntoViewIfNeeded();
      await expect(last).toBeInViewport();
      note("menu at 320 x 256", await page.evaluate(general));
      await shoot(page, `${language}-menu-320x256`);

      // Text spacing (WCAG 1.4.12): the nav wraps instead of running under the header's buttons.
      await load(page, "/", 1280);
      // A constructed style sheet, as a bookmarklet would add it (the page's CSP refuses inline styles).
      await page.evaluate(() => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(
          "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }",
        );
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
      note(
        "text spacing at 1280",
        await page.evaluate(() => {
          const found: string[] = [];
          const nav = document.querySelector("header nav");
          const controls = [
            ...document.querySelectorAll(
              "header [data-testid=theme-toggle], header [data-testid=language-button], header a[href='/login']",
            ),
          ]
            .map((el) => el.getBoundingClientRect())
            .filter((r) => r.width > 0);
          for (const link of nav?.querySelectorAll("a, button") ?? []) {
            const l = link.getBoundingClientRect();
            if (l.width === 0) continue;
            for (const c of controls) {
              const overlap =
                Math.min(l.right, c.right) - Math.max(l.left, c.left) > 1 &&
                Math.min(l.bottom, c.bottom) - Math.max(l.top, c.top) > 1;
              if (overlap) found.push(`"${link.textContent?.trim()}" runs under the header's buttons`);
            }
          }
          return found;
        }),
      );
      await shoot(page, `${language}-text-spacing-1280`);

      // The docked contact widget never takes the header's clicks (390 and 640 px), and the home
      // page's media grid fits 320 px.
      for (const width of [320, 390, 640]) {
        await load(page, "/", width);
        note(`/ at ${width}`, await page.evaluate(general));
        for (const selector of [
          "header > div > a[href='/']",
          "[data-testid=theme-toggle]",
          "[data-testid=language-button]",
          "[data-testid=mobile-menu-button]",
        ]) {
          note(`/ at ${width}`, await page.evaluate(reachable, selector));
        }
        if (width === 390) {
          // The rating stars are drawn filled.
          const fill = await page
            .getByTestId("testimonial")
            .first()
            .locator("svg")
            .first()
            .evaluate((svg) => getComputedStyle(svg).fill);
          if (fill === "none") problems.push("the rating stars are empty outlines");
          await shoot(page, `${language}-home-${width}`);
        }
      }

      // The phone calculator: the tax estimate's deductions ("− 1.234,56 €") stay on one line.
      await load(page, "/calculator", 390);
      await page.locator('main input[inputmode="decimal"]').first().fill("250000");
      await page.locator('main form button[type="submit"]').first().click();
      await expect(page.getByTestId("net-return-deduction").first()).toBeVisible();
      note(
        "/calculator at 390",
        await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>("[data-testid=net-return-deduction]")]
            .filter((dd) => {
              const range = document.createRange();
              range.selectNodeContents(dd);
              return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
            })
            .map((dd) => `the deduction "${dd.textContent}" wraps`),
        ),
      );
      await shoot(page, `${language}-calculator-390`);

      // A language chosen from the open menu closes it.
      await load(page, "/", 390);
      await page.getByTestId("mobile-menu-button").click();
      await page.getByTestId("language-button").click();
      await page
        .locator(`[data-testid=language-menu] button[lang=${language === "en" ? "de" : "en"}]`)
        .click();
      await expect(page.locator("#mobile-menu")).toHaveCount(0);

      expect(problems).toEqual([]);
    });

    test(`the saver's pages in ${language}`, async ({ page }) => {
      const problems: string[] = [];
      const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
      await prepare(page, language, fixture.saver);
      for (const width of [390, 1280]) {
        await load(page, "/dashboard", width);
        const application = page.getByTestId("application").first();
        await expect(application.getByTestId("transfer-card")).toBeVisible();
        await shoot(page, `${language}-dashboard-${width}`);
        note(`/dashboard at ${width}`, await page.evaluate(general));
        // Each figure once: with a deposit, the rate and the interest are the deposit's.
        await expect(application.getByTestId("application-expected-return")).toHaveCount(0);
        await expect(application.getByTestId("application-rate")).toHaveCount(0);
        await expect(application.getByTestId("application-amount")).toHaveCount(0);
        await expect(application.getByTestId("deposit-expected-interest")).toHaveCount(1);
        // The copy button sits beside the IBAN, not alone on a line below it.
        const iban = await application.getByTestId("transfer-iban").boundingBox();
        const copy = await application.getByTestId("copy-iban").boundingBox();
        if (iban && copy && copy.y >= iban.y + iban.height - 2) {
          problems.push(`/dashboard at ${width}: the IBAN's copy button wraps below it`);
        }
        // No step that lies ahead is marked done.
        for (const step of await application.getByTestId("timeline-step").all()) {
          const state = await step.getAttribute("data-state");
          const key = await step.getAttribute("data-step");
          if ((key === "active" || key === "matures") && state === "done") {
            problems.push(`/dashboard at ${width}: "${key}" is marked done`);
          }
        }

        await load(page, "/kyc", width);
        await expect(page.getByTestId("kyc-card-passport")).toBeVisible();
        await shoot(page, `${language}-kyc-${width}`);
        note(`/kyc at ${width}`, await page.evaluate(general));
        note(
          `/kyc at ${width}`,
          await page.evaluate(() => {
            const found: string[] = [];
            // Every card's badge in the same place: right under its title, at the same distance from
            // the card's left edge.
            const lefts = new Set<number>();
            for (const card of document.querySelectorAll<HTMLElement>("[data-testid^=kyc-card-]")) {
              const box = card.getBoundingClientRect();
              const title = card.querySelector("h3")?.getBoundingClientRect();
              const badge = card.querySelector("[data-testid=kyc-card-status]")?.getBoundingClientRect();
              if (!title || !badge) continue;
              lefts.add(Math.round(badge.left - box.left));
              if (badge.top < title.bottom - 1 || badge.top > title.bottom + 12)
                found.push(`${card.dataset.testid}: the badge is not right under the title`);
            }
            if (lefts.size > 1) found.push(`the badges sit at different places: ${[...lefts].join(", ")} px`);
            return found;
          }),
        );
      }
      // /kyc has its own bar: a banner landmark, then the main region, and a way to help.
      await expect(page.getByRole("banner")).toHaveCount(1);
      await expect(page.getByRole("main")).toHaveCount(1);
      await expect(page.getByRole("banner").getByTestId("kyc-help")).toBeVisible();
      // Verified with a passport: the ID card is not asked for any more.
      const idCard = page.getByTestId("kyc-card-id_card");
      await expect(idCard.getByTestId("kyc-not-needed")).toBeVisible();
      await expect(idCard.locator('input[type="file"]')).toHaveCount(0);

      expect(problems).toEqual([]);
    });

    test(`the back office in ${language}`, async ({ page }) => {
      const problems: string[] = [];
      const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
      await prepare(page, language, fixture.admin);
      for (const width of [390, 1366]) {
        await load(page, "/admin", width);
        await expect(page.getByTestId("overview-totalInvestment")).toBeVisible();
        await shoot(page, `${language}-admin-overview-${width}`);
        note(`overview at ${width}`, await page.evaluate(general));
        note(
          `overview at ${width}`,
          await page.evaluate(() => {
            const found: string[] = [];
            for (const value of document.querySelectorAll<HTMLElement>("[data-testid=overview-value]")) {
              const range = document.createRange();
              range.selectNodeContents(value);
              const tops = new Set(
                [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
              );
              if (tops.size > 1) found.push(`"${value.textContent}" takes ${tops.size} lines`);
            }
            // One heading per area: no heading repeats the page's title.
            const title = document.querySelector("h1")?.textContent?.trim();
            for (const heading of document.querySelectorAll("main h2")) {
              if (heading.textContent?.trim() === title) found.push(`"${title}" is both h1 and h2`);
            }
            return found;
          }),
        );

        await load(page, "/admin?tab=applications", width);
        const row = page.getByTestId("applications-row").filter({ hasText: fixture.long.email });
        await expect(row).toHaveCount(1);
        await shoot(page, `${language}-admin-applications-${width}`);
        note(`applications at ${width}`, await page.evaluate(general));
        // Reject is in sight without scrolling the table sideways (only the page scrolls, vertically).
        await row.evaluate((el) => {
          window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 3);
          el.querySelectorAll("button")[1]?.setAttribute("data-probe", "reject");
        });
        note(`applications at ${width}`, await page.evaluate(reachable, "[data-probe=reject]"));
        // A cut name shows in full on hover (title) and can be focused.
        const name = row.locator("[data-clipped]").first();
        await expect(name).toHaveAttribute("title", LONG_NAME);
        await expect(name).toHaveAttribute("tabindex", "0");

        await load(page, "/admin?tab=users", width);
        await page.getByRole("searchbox").fill(fixture.long.email);
        const user = page.getByTestId("users-manage");
        await expect(user).toHaveCount(1);
        await shoot(page, `${language}-admin-users-${width}`);
        note(`users at ${width}`, await page.evaluate(general));
        note(`users at ${width}`, await page.evaluate(reachable, "[data-testid=users-manage]"));

        await load(page, "/admin?tab=kyc", width);
        await expect(page.locator("[data-open-document]").first()).toBeVisible();
        await shoot(page, `${language}-admin-kyc-${width}`);
        note(`KYC review at ${width}`, await page.evaluate(general));
      }
      expect(problems).toEqual([]);
    });
  }
});
