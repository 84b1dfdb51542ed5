import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Layout at the widths savers and staff use: no page scrolls sideways, the header is one row from
 * 1280 px, and nothing fixed on the screen covers a control at any scroll position. The page is
 * loaded once and measured at every width by resizing.
 */
export const WIDTHS = [360, 768, 1280, 1536] as const;
/** The viewport a page is loaded at before it is measured at each of WIDTHS. */
export const LOAD_VIEWPORT = { width: 1280, height: 800 } as const;

/** Runs in the page: what is wrong with the layout at the current width. */
export function measure(): string[] {
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

/** Measures the loaded page at every width; returns what is wrong, as `at <width> px: <problem>`. */
export async function layoutProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: LOAD_VIEWPORT.height });
    // One frame for the layout to follow the new width.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    for (const problem of await page.evaluate(measure)) problems.push(`at ${width} px: ${problem}`);
  }
  return problems;
}

/** Nothing lies over `target`: scrolled into view, the point at its centre is its own. */
export async function expectUncovered(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const own = await target.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(own, "another element lies over it").toBe(true);
}

/** The two boxes do not overlap (measured as they are now). */
export async function expectApart(a: Locator, b: Locator) {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  expect(one && two, "both are shown").toBeTruthy();
  if (!one || !two) return;
  const overlapX = Math.min(one.x + one.width, two.x + two.width) - Math.max(one.x, two.x);
  const overlapY = Math.min(one.y + one.height, two.y + two.height) - Math.max(one.y, two.y);
  expect(overlapX > 0 && overlapY > 0, "they overlap").toBe(false);
}

/** A back-office row's cells that are not wholly inside its list's box (a card shows them all). */
export function cellsOutsideTheList(row: Locator): Promise<string[]> {
  return row.evaluate((tr) => {
    const box = tr.closest(".overflow-x-auto");
    if (!box) return ["no list box"];
    const b = box.getBoundingClientRect();
    const outside = [...tr.querySelectorAll("td")]
      .filter((td) => {
        const r = td.getBoundingClientRect();
        return r.width === 0 || r.left < b.left - 1 || r.right > b.right + 1;
      })
      .map((td) => td.textContent?.trim() ?? "");
    if (box.scrollWidth > box.clientWidth + 1) outside.push("the list scrolls sideways");
    return outside;
  });
}
