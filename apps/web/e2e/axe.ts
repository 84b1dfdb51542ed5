import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

/**
 * WCAG 2.2 AA with axe-core, injected from the installed package (@axe-core/playwright needs Node 22).
 * The page's CSP would refuse the injected script: specs using this set `bypassCSP` in their context.
 */
const AXE_PATH = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

export const THEMES = ["light", "dark"] as const;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe on the page as it is now; returns the serious and critical violations, readable. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: "tag",
        values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
      },
      resultTypes: ["violations"],
    })) as { violations: AxeViolation[] };
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes
          .slice(0, 5)
          .map((n) => `  ${n.target.join(" ")}: ${n.failureSummary ?? ""}`)
          .join("\n")}`,
    );
}

/** Chooses the theme in the header's theme menu, as a user would; the page stays as it is. */
export async function setTheme(page: Page, theme: (typeof THEMES)[number] | "system") {
  await page.getByTestId("theme-toggle").click();
  await page.getByTestId(`theme-${theme}`).click();
  await expect(page.getByTestId("theme-menu")).toBeHidden();
  if (theme === "dark") await expect(page.locator("html")).toHaveClass(/dark/);
  else if (theme === "light") await expect(page.locator("html")).not.toHaveClass(/dark/);
}

/** axe in each theme on the page as it is now; violations are labelled with their theme. */
export async function violationsInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of THEMES) {
    await setTheme(page, theme);
    found.push(...(await seriousViolations(page)).map((v) => `[${theme}] ${v}`));
  }
  return found;
}
