import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page } from "@playwright/test";

/**
 * What the specs that look at pages per width and language share (defects.spec.ts, newcomer-shots.spec.ts):
 * accounts made through the API, a page signed in and set to a language before its first script, one
 * load per width, a screenshot per load with SHOTS_DIR set, and the checks that run in the page.
 */
export const LANGUAGES = ["en", "de", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];
const PASSWORD = "e2e-Defects-Passphrase-2026";
export const IBAN = "DE89 3704 0044 0532 0130 00";

/** A new account (its e-mail address unconfirmed). */
export async function register(request: APIRequestContext, fullName: string) {
  const email = `defects-${randomBytes(5).toString("hex")}@e2e.example.test`;
  const res = await request.post("/api/auth/register", {
    data: { email, password: PASSWORD, full_name: fullName },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { email, token: body.access_token, id: body.user.id };
}

/** An application for the 12-month package (25,000 €); returns its id. */
export async function apply(
  request: APIRequestContext,
  saver: { email: string; token: string },
  name: string,
) {
  const packages = (await (await request.get("/api/packages")).json()) as Array<{
    id: string;
    duration_months: number;
  }>;
  const res = await request.post("/api/applications", {
    headers: { authorization: `Bearer ${saver.token}` },
    data: {
      full_name: name,
      email: saver.email,
      phone: "+49 30 1234567",
      amount: 25_000,
      package_id: packages.find((p) => p.duration_months === 12)?.id,
      reference_iban: IBAN,
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Signs the page in (or out) and sets its language before any script of the app runs. */
export async function prepare(page: Page, language: Language, token: string | null) {
  await page.addInitScript(
    ([lang, value]) => {
      localStorage.setItem("user_language", lang as string);
      if (value) localStorage.setItem("token", value);
      else localStorage.removeItem("token");
    },
    [language, token ?? ""] as const,
  );
}

export async function load(page: Page, route: string, width: number, height = 900) {
  await page.setViewportSize({ width, height });
  await page.goto(route);
  await expect(page.locator("h1").first()).toBeVisible();
  await page.waitForLoadState("load");
  // Some checks click (the mobile menu): only once React has taken the page over.
  await expect(page.locator("html[data-app-ready]")).toHaveCount(1);
}

export async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Runs in the page: general problems at the current width. No sideways scrolling, and no word of a
 * heading, button, badge or table cell split across two lines (the text only breaks between words).
 */
export function general(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    const wide = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && el.getClientRects().length > 0)
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")}`);
    problems.push(
      `scrolls sideways: ${document.documentElement.scrollWidth} px wide at ${width} px (${wide.join(", ")})`,
    );
  }
  // Whether the text from start to end begins and ends on different lines (its first and last letters).
  const splits = (node: Node, start: number, end: number) => {
    // A letter's box (a range at the start of a line may also hold an empty box at the end of the line before).
    const box = (from: number) => {
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, from + 1);
      const boxes = [...range.getClientRects()].filter((r) => r.width >= 1);
      return boxes[boxes.length - 1];
    };
    const [first, last] = [box(start), box(end - 1)];
    if (!first || !last) return false;
    return Math.abs(first.top - last.top) > Math.max(first.height, last.height) / 2;
  };
  const selector = "h1, h2, h3, button, [data-testid=most-popular], [data-testid=overview-value]";
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (element.closest("[hidden], .sr-only") || element.getClientRects().length === 0) continue;
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? "";
      if ((node.parentElement as HTMLElement).closest(".sr-only")) continue;
      // A cut text (an ellipsis) is meant to be one line; it is checked elsewhere.
      const style = getComputedStyle(node.parentElement as HTMLElement);
      if (style.textOverflow === "ellipsis") continue;
      // Words as the browser may break them: at spaces, after hyphens ("sommes-|nous" is fine) and at
      // soft hyphens ("Geschäfts-|bedingungen").
      for (const match of text.matchAll(/[^\s\-\u00ad]+/g)) {
        const start = match.index ?? 0;
        if (splits(node, start, start + match[0].length)) {
          problems.push(`"${match[0].slice(0, 30)}" breaks mid-word in <${element.tagName.toLowerCase()}>`);
        }
      }
    }
  }
  return problems;
}

/** Whether the element is on screen and on top at its centre (not clipped, scrolled away or covered). */
export function reachable(selector: string): string[] {
  const problems: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    const r = element.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.width < 1 || x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) {
      problems.push(`${selector} "${element.textContent?.trim().slice(0, 30)}" is off-screen`);
      continue;
    }
    const top = document.elementFromPoint(x, y);
    if (!top || !(element === top || element.contains(top))) {
      problems.push(
        `${selector} "${element.textContent?.trim().slice(0, 30)}" is covered by <${top?.tagName.toLowerCase()}>`,
      );
    }
  }
  return problems;
}

/**
 * Runs in the page: what a German or French reader trips over in the text on screen. No word of any
 * visible text split across two lines without a hyphen (a break at a hyphen or a soft hyphen is fine;
 * a cut text with an ellipsis is meant to be one line), no "-0,00" (a zero has no sign), no emoji flag
 * (the flags are drawn) and no machine date (2026-12-02) where a reader's date belongs.
 */
export function readerProblems(): string[] {
  const problems: string[] = [];
  // Whether the text from start to end begins and ends on different lines (its first and last letters).
  const splits = (node: Node, start: number, end: number) => {
    // A letter's box (a range at the start of a line may also hold an empty box at the end of the line before).
    const box = (from: number) => {
      const range = document.createRange();
      range.setStart(node, from);
      range.setEnd(node, from + 1);
      const boxes = [...range.getClientRects()].filter((r) => r.width >= 1);
      return boxes[boxes.length - 1];
    };
    const [first, last] = [box(start), box(end - 1)];
    if (!first || !last) return false;
    return Math.abs(first.top - last.top) > Math.max(first.height, last.height) / 2;
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement as HTMLElement;
    const text = node.textContent ?? "";
    if (!/\S{8,}/.test(text)) continue;
    // Codes (IBANs, account names) and addresses break anywhere on purpose (styles.css).
    if (parent.closest("[hidden], .sr-only, script, style, [data-clipped], code, .font-mono")) continue;
    if (parent.getClientRects().length === 0) continue;
    if (getComputedStyle(parent).textOverflow === "ellipsis") continue;
    for (const match of text.matchAll(/[^\s\-\u00ad\u2011]{8,}/g)) {
      // Addresses break anywhere on purpose, and so does a "word" longer than any language has (a test's
      // longest name).
      if (/:\/\/|@|^\(?www\./.test(match[0]) || match[0].length > 50) continue;
      const start = match.index ?? 0;
      if (splits(node, start, start + match[0].length)) {
        problems.push(`"${match[0].slice(0, 40)}" breaks mid-word in <${parent.tagName.toLowerCase()}>`);
      }
    }
  }
  // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, without hidden elements
  const shown = document.body.innerText;
  for (const m of shown.matchAll(/[-\u2212]\s?0[,.]00(?!\d)/g)) {
    problems.push(`a signed zero: "${shown.slice(Math.max(0, (m.index ?? 0) - 20), (m.index ?? 0) + 10)}"`);
  }
  if (/[\u{1F1E6}-\u{1F1FF}]/u.test(shown)) problems.push("an emoji flag in the text");
  for (const m of shown.matchAll(/\b\d{4}-\d{2}-\d{2}(?!\d)/g)) {
    problems.push(`a machine date: "${shown.slice(Math.max(0, (m.index ?? 0) - 20), (m.index ?? 0) + 12)}"`);
  }
  return problems;
}
