import { randomBytes } from "node:crypto";
import { expect, type Page, test } from "@playwright/test";
import { adminToken } from "./admin-session.ts";

/**
 * Layout at the widths savers and staff use, in every language: no page scrolls sideways, the header
 * is one row from 1280 px (signed in and out), and nothing fixed on the screen covers a control at any
 * scroll position. Each page is loaded once per language and measured at every width by resizing.
 */
const WIDTHS = [360, 768, 1280, 1536] as const;
const LANGUAGES = ["en", "de", "fr"] as const;

const PUBLIC_ROUTES = [
  "/",
  "/packages",
  "/compare",
  "/calculator",
  "/about",
  "/faq",
  "/contact",
  "/blog",
  "/blog/why-fixed-deposits",
  "/impressum",
  "/privacy",
  "/terms",
  "/deposit-insurance",
  "/legal-compliance",
  "/apply",
  "/login",
  "/register",
  "/forgot-password",
  "/no-such-page",
];
/** Signed in as a saver: a public page (the signed-in header) and the account's pages. */
const SAVER_ROUTES = ["/", "/dashboard", "/profile", "/security", "/documents", "/kyc"];
const ADMIN_ROUTES = ["/", "/admin"];

interface Finding {
  route: string;
  width: number;
  problem: string;
}

/** Runs in the page: what is wrong with the layout at the current width. */
function measure(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const root = document.documentElement;
  if (root.scrollWidth > width + 1) {
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ""}`);
    problems.push(`scrolls sideways: ${root.scrollWidth} px wide (${wide.join(", ")})`);
  }
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 1 && r.height > 1 && style.visibility !== "hidden" && style.display !== "none";
  };
  const row = document.querySelector("header > div");
  if (width >= 1280 && row) {
    const box = row.getBoundingClientRect();
    for (const el of row.querySelectorAll("a, button")) {
      if (!visible(el) || el.closest("[hidden]")) continue;
      const r = el.getBoundingClientRect();
      if (r.top < box.top - 1 || r.bottom > box.bottom + 1) {
        problems.push(`header is more than one row ("${el.textContent?.trim()}")`);
        break;
      }
    }
  }
  // Fixed elements (the header is sticky, not fixed) must not lie over a control at any scroll position.
  // Candidates by class first (the app positions with Tailwind's `fixed`), which keeps this cheap on long pages.
  const fixed = [
    ...document.querySelectorAll<HTMLElement>('body [class*="fixed"], body [style*="fixed"]'),
  ].filter((el) => getComputedStyle(el).position === "fixed" && visible(el));
  if (fixed.length > 0) {
    const controls = [...document.querySelectorAll("a[href], button, input, select, textarea")].filter(
      (el) => !fixed.some((f) => f.contains(el)),
    );
    const step = Math.max(200, Math.floor(window.innerHeight * 0.75));
    for (let y = 0; y <= root.scrollHeight; y += step) {
      window.scrollTo(0, y);
      for (const f of fixed) {
        const a = f.getBoundingClientRect();
        for (const el of controls) {
          if (!visible(el)) continue;
          const b = el.getBoundingClientRect();
          const overlap =
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
          if (overlap) {
            problems.push(
              `fixed ${f.dataset.testid ?? f.tagName.toLowerCase()} covers "${(el.textContent ?? "").trim().slice(0, 40) || el.tagName.toLowerCase()}" at scroll ${y}`,
            );
            window.scrollTo(0, 0);
            return problems;
          }
        }
      }
    }
    window.scrollTo(0, 0);
  }
  return problems;
}

async function check(page: Page, routes: string[], findings: Finding[]) {
  for (const route of routes) {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(route);
    await expect(page.locator("h1").first()).toBeVisible();
    // Images and fonts are local; wait for them so that the measures are final.
    await page.waitForLoadState("load");
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // One frame for the layout to follow the new width.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
      for (const problem of await page.evaluate(measure)) findings.push({ route, width, problem });
    }
  }
}

async function useLanguage(page: Page, language: string, token?: string) {
  await page.addInitScript(
    ([lang, value]) => {
      localStorage.setItem("user_language", lang as string);
      if (value) localStorage.setItem("token", value);
      else localStorage.removeItem("token");
    },
    [language, token ?? ""] as const,
  );
}

test.describe("layout at 360, 768, 1280 and 1536 px", () => {
  test.describe.configure({ timeout: 240_000 });

  for (const language of LANGUAGES) {
    test(`every page in ${language}, signed out, as a saver and as an admin`, async ({ page, request }) => {
      const findings: Finding[] = [];
      // Init scripts run in the order they were added: the last one decides who is signed in.
      await useLanguage(page, language);
      await check(page, PUBLIC_ROUTES, findings);

      const email = `layout-${randomBytes(5).toString("hex")}@e2e.example.test`;
      const registered = await request.post("/api/auth/register", {
        data: { email, password: "e2e-Saver-Passphrase-2026", full_name: "Maximiliane Layout-Prüfung" },
      });
      expect(registered.ok()).toBeTruthy();
      await useLanguage(page, language, ((await registered.json()) as { access_token: string }).access_token);
      await check(page, SAVER_ROUTES, findings);

      await useLanguage(page, language, await adminToken(request));
      await check(page, ADMIN_ROUTES, findings);

      expect(findings.map((f) => `${f.route} at ${f.width} px: ${f.problem}`)).toEqual([]);
    });
  }
});
