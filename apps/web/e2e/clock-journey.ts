import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";

/*
 * What the journeys on the clock server (the "lifecycle" projects of playwright.config.ts) share:
 * signing in through the API, moving the server's clock, calendar arithmetic on ISO dates, and a page
 * of its own browser context per saver and language.
 */

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Intl separates amounts and symbols with (narrow) no-break spaces; compare with plain spaces. */
export const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ").trim();

/** The calendar day of an instant in Berlin (the business time zone), as YYYY-MM-DD. */
export const berlinDate = (instant: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(new Date(instant));

/** A calendar date `months` later; a day the target month lacks becomes its last (29 Feb -> 28 Feb). */
export function plusMonths(isoDate: string, months: number) {
  const [y, m, d] = isoDate.split("-").map(Number) as [number, number, number];
  const total = m - 1 + months;
  const year = y + Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export const plusDays = (isoDate: string, days: number) =>
  new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A calendar date as the web app writes it (long style) in the locale. */
export const longDate = (isoDate: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

export async function signIn(request: APIRequestContext, email: string, password: string) {
  const res = await request.post("/api/auth/login", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** The server's clock: moved to `to` (or left where it is) and the jobs that fell due run. */
export async function serverClock(request: APIRequestContext, adminToken: string, to?: string) {
  const res = await request.post("/api/admin/clock", {
    headers: bearer(adminToken),
    data: to ? { to } : { advance_days: 0 },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { now: string; jobs_run: number };
}

/**
 * A page of its own browser context, signed in with the token, in the language. `bypassCSP` only so
 * that an accessibility check can inject axe-core; `acceptDownloads` for a journey that saves a file.
 */
export async function openAs(
  browser: Browser,
  token: string,
  language: string,
  options: { bypassCSP?: boolean; acceptDownloads?: boolean } = {},
) {
  const context = await browser.newContext(options);
  await context.addInitScript(
    ([value, lang]) => {
      // A later sign-in (after the clock moved) replaces the token; keep the newest.
      if (!localStorage.getItem("token")) localStorage.setItem("token", value);
      localStorage.setItem("user_language", lang);
    },
    [token, language] as const,
  );
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

export async function replaceToken(page: Page, token: string) {
  await page.evaluate((value) => localStorage.setItem("token", value), token);
}
