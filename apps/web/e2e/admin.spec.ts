import { randomBytes } from "node:crypto";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { E2E_ADMIN } from "../playwright.config.ts";
import { adminToken, openArea } from "./admin-session.ts";
import { seriousViolations, setTheme } from "./axe.ts";
import { cellsOutsideTheList, expectApart, expectUncovered } from "./layout-checks.ts";
import { verifyIdentity } from "./verify-identity.ts";

const PASSWORD = "e2e back office passphrase";
const uniqueEmail = (prefix: string) => `${prefix}-${randomBytes(5).toString("hex")}@e2e.example.test`;

/** Signs a page in with a token before its first script runs. */
async function storeToken(page: Page, token: string) {
  await page.addInitScript((value) => localStorage.setItem("token", value), token);
}

/**
 * A new browser context signed in through the API (the journey is not about signing in); the e2e
 * admin signs in with two-factor (admin-session.ts).
 */
async function signedInPage(browser: Browser, credentials: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  let token: string;
  if (credentials.email === E2E_ADMIN.email) token = await adminToken(page.request);
  else {
    const res = await page.request.post("/api/auth/login", { data: credentials });
    expect(res.status()).toBe(200);
    token = ((await res.json()) as { access_token: string }).access_token;
  }
  await storeToken(page, token);
  return { page, token, close: () => context.close() };
}

/**
 * A saver with an account, signed in; with `apply`, also one pending application for 10,000 EUR over
 * 12 months at 3.50 % (applications are rate-limited per address, so only the journey that needs one
 * sends one).
 */
async function saver(browser: Browser, { apply }: { apply: boolean }) {
  const email = uniqueEmail("saver");
  const context = await browser.newContext();
  const page = await context.newPage();
  const registered = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: "Sabine Sparer" },
  });
  expect(registered.status()).toBe(201);
  const { access_token } = (await registered.json()) as { access_token: string };
  await storeToken(page, access_token);
  if (!apply) return { page, email, token: access_token, close: () => context.close() };
  const packages = (await (await page.request.get("/api/packages")).json()) as Array<{
    id: string;
    duration_months: number;
  }>;
  const twelve = packages.find((p) => p.duration_months === 12);
  if (!twelve) throw new Error("no 12-month package");
  const applied = await page.request.post("/api/applications", {
    headers: { authorization: `Bearer ${access_token}` },
    data: {
      full_name: "Sabine Sparer",
      email,
      phone: "+49 30 1234567",
      amount: 10_000,
      package_id: twelve.id,
      reference_iban: "DE89 3704 0044 0532 0130 00",
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
    },
  });
  expect(applied.status()).toBe(201);
  return { page, email, token: access_token, close: () => context.close() };
}

test.describe("back office", () => {
  test("an admin approves a pending application; the saver's dashboard shows it approved with its expected return", async ({
    browser,
  }) => {
    const applicant = await saver(browser, { apply: true });
    const admin = await signedInPage(browser, E2E_ADMIN);
    // Approval needs a verified identity.
    await verifyIdentity(admin.page.request, applicant.token, admin.token);
    try {
      await applicant.page.goto("/dashboard");
      await expect(applicant.page.getByTestId("application")).toHaveAttribute("data-status", "pending");

      await admin.page.goto("/admin");
      await expect(admin.page.getByRole("heading", { level: 1 })).toHaveText("Overview");
      await openArea(admin.page, "Applications");
      await admin.page.getByTestId("applications-status-filter").selectOption("pending");
      const row = admin.page.getByTestId("applications-row").filter({ hasText: applicant.email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("€10,000.00");
      await expect(row).toContainText("12 months");
      // At 390 px the row is a card: every cell in view, the amount not under the actions.
      await admin.page.setViewportSize({ width: 390, height: 800 });
      expect(await cellsOutsideTheList(row)).toEqual([]);
      await expectUncovered(row.getByText("€10,000.00"));
      await admin.page.setViewportSize({ width: 1280, height: 720 });
      await row
        .getByRole("button", { name: /^Approve the application of Sabine Sparer for €10,000\.00/ })
        .click();
      // Approving asks once more, with the amount and the name.
      await expect(row.getByTestId("approve-confirmation")).toContainText(
        "Approve €10,000.00 for Sabine Sparer?",
      );
      await row.getByRole("button", { name: "Yes, approve" }).click();
      const approved = admin.page
        .getByRole("status")
        .filter({ hasText: "Application approved successfully!" });
      await expect(approved).toBeVisible();
      // The toast moves the page down; it never lies over the filter.
      await expectApart(approved, admin.page.getByTestId("applications-status-filter"));
      await expectUncovered(admin.page.getByTestId("applications-status-filter"));
      // The list reloads: with the pending filter the decided application leaves it.
      await expect(
        admin.page.getByTestId("applications-row").filter({ hasText: applicant.email }),
      ).toHaveCount(0);
      await admin.page.getByTestId("applications-status-filter").selectOption("approved");
      await expect(
        admin.page.getByTestId("applications-row").filter({ hasText: applicant.email }),
      ).toHaveAttribute("data-status", "approved");

      await applicant.page.reload();
      const application = applicant.page.getByTestId("application");
      await expect(application).toHaveAttribute("data-status", "approved");
      await expect(application.getByTestId("application-status")).toHaveText("Approved");
      // 10,000 EUR x 3.50 % x 12/12 = 350.00 EUR interest at maturity.
      await expect(application.getByTestId("deposit-expected-interest")).toHaveText("€350.00");
      await expect(application.getByTestId("application-maturity-amount")).toHaveText("€10,350.00");
    } finally {
      await applicant.close();
      await admin.close();
    }
  });

  test("the admin sends a notification to all users and the customer's bell shows it", async ({
    browser,
  }) => {
    const customer = await saver(browser, { apply: false });
    const admin = await signedInPage(browser, E2E_ADMIN);
    try {
      await customer.page.goto("/dashboard");
      const bell = customer.page.getByTestId("notification-bell");
      await expect(bell).toBeVisible();

      await admin.page.goto("/admin");
      await openArea(admin.page, "Notifications");
      const form = admin.page.getByTestId("notification-form");
      // nothing is sent without a title and a message.
      await form.getByRole("button", { name: "Review recipients" }).click();
      await expect(form.getByRole("alert")).toHaveText("Please enter title and message");
      const titles = [1, 2].map((n) => `Rate update ${n} ${randomBytes(3).toString("hex")}`);
      for (const title of titles) {
        await form.getByLabel("Title (English)").fill(title);
        await form.getByLabel("Message (English)").fill("Our 12-month rate rises to 3.60 % from Monday.");
        // The confirmation step: how many accounts it reaches, per language, before anything is sent.
        await form.getByRole("button", { name: "Review recipients" }).click();
        const review = form.getByTestId("notification-review");
        await expect(review).toContainText(/This notification reaches \d+ accounts?\./);
        await expect(review).toContainText("No text in German, French: those customers get the English text");
        await review.getByRole("button", { name: "Send to All Users" }).click();
        await expect(
          admin.page.getByRole("status").filter({ hasText: "Notification sent successfully!" }).first(),
        ).toBeVisible();
        await expect(form.getByLabel("Title (English)")).toHaveValue("");
      }

      // The customer's bell picks them up (on focus, on its poll, or after a reload) with the unread count.
      await customer.page.reload();
      const badge = customer.page.getByTestId("notification-badge");
      await expect(badge).toBeVisible();
      const unreadBefore = Number(await badge.textContent());
      expect(unreadBefore).toBeGreaterThanOrEqual(2);
      await bell.click();
      const panel = customer.page.getByTestId("notification-panel");
      await expect(panel).toBeVisible();
      const item = (title: string) => panel.getByTestId("notification-item").filter({ hasText: title });
      const [firstTitle = "", secondTitle = ""] = titles;
      const first = item(firstTitle);
      const second = item(secondTitle);
      await expect(first).toHaveAttribute("data-read", "false");
      await expect(second).toHaveAttribute("data-read", "false");
      await expect(second).toContainText("Our 12-month rate rises to 3.60 % from Monday.");
      await first.getByRole("button", { name: `Mark as read: ${firstTitle}` }).click();
      await expect(first).toHaveAttribute("data-read", "true");
      await expect(badge).toHaveText(String(unreadBefore - 1));
      // Keyboard: Escape closes the panel and returns focus to the bell; Enter opens it again.
      await customer.page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(bell).toBeFocused();
      await bell.press("Enter");
      await expect(panel).toBeVisible();
      await panel.getByRole("button", { name: "Mark all as read" }).click();
      await expect(badge).toBeHidden();
      await expect(second).toHaveAttribute("data-read", "true");
      await expect(panel.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    } finally {
      await customer.close();
      await admin.close();
    }
  });

  test("the admin reviews the confirmed newsletter recipients per language before sending", async ({
    browser,
  }) => {
    const admin = await signedInPage(browser, E2E_ADMIN);
    try {
      await admin.page.goto("/admin");
      await openArea(admin.page, "Messages");
      const form = admin.page.getByTestId("newsletter-send-form");
      await form.getByRole("button", { name: "Review recipients" }).click();
      await expect(form.getByRole("alert")).toHaveText("Please enter title and message");
      await form.getByLabel("Subject (German)").fill("Zinsen im Frühling");
      await form.getByLabel("Text (German)").fill("Unsere Zinsen steigen.");
      await form.getByRole("button", { name: "Review recipients" }).click();
      const review = form.getByTestId("newsletter-review");
      await expect(review).toContainText(/This newsletter reaches \d+ confirmed address(es)?\./);
      await expect(review).toContainText("German:");
      await review.getByRole("button", { name: "Back to editing" }).click();
      await expect(review).toBeHidden();
      await expect(form.getByLabel("Subject (German)")).toHaveValue("Zinsen im Frühling");
    } finally {
      await admin.close();
    }
  });

  test("overview charts and the users search work; public pages never load the chart code", async ({
    browser,
    page,
  }) => {
    // Public pages: no chunk that carries the chart library.
    const publicScripts: string[] = [];
    page.on("response", async (response) => {
      if (response.url().endsWith(".js")) publicScripts.push(await response.text().catch(() => ""));
    });
    for (const path of ["/", "/packages", "/calculator"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    }
    expect(publicScripts.length).toBeGreaterThan(0);
    expect(publicScripts.some((body) => body.includes("recharts"))).toBe(false);

    const customer = await saver(browser, { apply: false });
    const admin = await signedInPage(browser, E2E_ADMIN);
    const violations: string[] = [];
    admin.page.on("console", (msg) => {
      if (/Content.Security.Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    try {
      await admin.page.goto("/admin");
      await expect(admin.page.getByTestId("overview-totalUsers")).toContainText("Total Users");
      await expect(admin.page.getByRole("heading", { name: "Monthly Trends" })).toBeVisible();
      await expect(admin.page.getByRole("heading", { name: "Application Status" })).toBeVisible();
      await expect(admin.page.getByTestId("trends-chart").locator(".recharts-line")).toHaveCount(2);
      await expect(
        admin.page.getByTestId("status-chart").locator(".recharts-pie-sector").first(),
      ).toBeVisible();
      // Below the charts, once the figures are on screen: the exposure per partner bank.
      const exposure = admin.page.getByTestId("bank-exposure-overview");
      await expect(exposure.getByRole("rowheader").first()).toBeVisible();
      await expect(exposure.getByRole("rowheader", { name: /Demo Partnerbank/ })).toHaveCount(1);

      await openArea(admin.page, "Users");
      await admin.page.getByTestId("users-search").fill(customer.email.toUpperCase().slice(0, 12));
      const row = admin.page.getByTestId("users-row").filter({ hasText: customer.email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Sabine Sparer");
      await expect(row).toContainText("User");
      await expect(row).toContainText("Not Started");
      await admin.page.getByTestId("users-role-filter").selectOption("admin");
      await expect(admin.page.getByTestId("users-row")).toHaveCount(0);
      await admin.page.getByTestId("users-search").fill("");
      await expect(admin.page.getByTestId("users-row").filter({ hasText: E2E_ADMIN.email })).toHaveCount(1);

      expect(violations).toEqual([]);
    } finally {
      await customer.close();
      await admin.close();
    }
  });

  test("staff lock a customer's account from the users tab; the customer is signed out", async ({
    browser,
  }) => {
    const customer = await saver(browser, { apply: false });
    const admin = await signedInPage(browser, E2E_ADMIN);
    try {
      await admin.page.goto("/admin");
      await openArea(admin.page, "Users");
      await admin.page.getByTestId("users-search").fill(customer.email);
      const row = admin.page.getByTestId("users-row").filter({ hasText: customer.email });
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: "Manage Sabine Sparer" }).click();
      const tools = admin.page.getByTestId("staff-tools");
      await expect(tools.getByTestId("staff-locked")).toHaveText("Not locked");
      await tools.getByTestId("staff-lock").click();
      await expect(tools).toContainText("The account is locked and signed out everywhere.");
      await expect(tools.getByTestId("staff-locked")).toHaveText("Locked");
      const me = await customer.page.request.get("/api/auth/me", {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      expect(me.status()).toBe(401);
      await openArea(admin.page, "Audit log");
      // The tab is in the address, so a reload keeps it; the entry names the customer with a link to the dossier.
      await expect(admin.page).toHaveURL(/\/admin\?tab=audit$/);
      await admin.page.reload();
      const entry = admin.page
        .getByTestId("audit-table")
        .getByRole("row")
        .filter({ hasText: "Account locked" })
        .filter({ hasText: customer.email })
        .first();
      await expect(entry).toBeVisible();
      await entry.getByRole("link", { name: "Sabine Sparer" }).click();
      await expect(admin.page).toHaveURL(/\/admin\/dossier\//);
    } finally {
      await customer.close();
      await admin.close();
    }
  });

  test("a signed-in customer is sent away from /admin", async ({ browser }) => {
    const customer = await saver(browser, { apply: false });
    try {
      await customer.page.goto("/admin");
      await expect(customer.page).toHaveURL(/\/$/);
    } finally {
      await customer.close();
    }
  });
});

/* ------------------------------------------------------------------------------ accessibility */

async function inBothThemes(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const dark of [false, true]) {
    await setTheme(page, dark ? "dark" : "light");
    // Let the new colours settle (one frame) before axe reads computed styles.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    found.push(...(await seriousViolations(page)).map((v) => `[${label}, ${dark ? "dark" : "light"}] ${v}`));
  }
  return found;
}

test.describe("back office accessibility", () => {
  // axe is injected as a script, which the strict CSP would refuse; only in this test context.
  test.use({ bypassCSP: true, reducedMotion: "reduce" });

  test("every admin tab and the open notification panel pass axe in both themes", async ({ browser }) => {
    // Sixteen full-page axe runs.
    test.setTimeout(210_000);
    const admin = await signedInPage(browser, E2E_ADMIN);
    try {
      await admin.page.goto("/admin");
      await expect(admin.page.getByTestId("overview-totalUsers")).toBeVisible();
      const found: string[] = [];
      for (const tab of [
        "Overview",
        "Users",
        "Applications",
        "Notifications",
        "Packages",
        "Partner banks",
        "Messages",
        "Audit log",
      ]) {
        await openArea(admin.page, tab);
        await admin.page.waitForLoadState("networkidle");
        await expect(admin.page.getByRole("main").getByRole("status")).toHaveCount(0);
        found.push(...(await inBothThemes(admin.page, tab)));
      }
      await openArea(admin.page, "Packages");
      await admin.page.getByRole("button", { name: "New package" }).click();
      found.push(...(await inBothThemes(admin.page, "package form")));
      await admin.page.getByTestId("notification-bell").click();
      await expect(admin.page.getByTestId("notification-panel")).toBeVisible();
      found.push(...(await seriousViolations(admin.page)).map((v) => `[bell] ${v}`));
      expect(found).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
