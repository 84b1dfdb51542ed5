import { brand } from "@brand";
import { LANGUAGES } from "@festgeld/domain/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { Suspense } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { changeLanguage, i18n, i18nReady } from "../lib/i18n.ts";

/**
 * Renders every page of the public site (home, about, FAQ, contact, legal) in every language and checks
 * what a reader would notice: one h1, no untranslated key, no {{placeholder}} left unfilled, no
 * "undefined", the demonstration notice on legal pages, and the figures of the brand.
 */
const PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {
  home: () => import("../features/home/home-page.tsx"),
  about: () => import("../features/about/about-page.tsx"),
  faq: () => import("../features/faq/faq-page.tsx"),
  contact: () => import("../features/contact/contact-page.tsx"),
  impressum: () => import("../features/legal/impressum-page.tsx"),
  privacy: () => import("../features/legal/privacy-page.tsx"),
  terms: () => import("../features/legal/terms-page.tsx"),
  "deposit-insurance": () => import("../features/legal/deposit-insurance-page.tsx"),
  "legal-compliance": () => import("../features/legal/legal-compliance-page.tsx"),
  verify: () => import("../features/verify/verify-page.tsx"),
};
const LEGAL = new Set(["impressum", "privacy", "terms", "deposit-insurance", "legal-compliance"]);

// Keys that no catalogue (not even the English fallback) resolves; i18next would show the key itself.
const missingKeys: string[] = [];

async function renderPage(name: string) {
  const Page = (await PAGES[name]?.())?.default;
  if (!Page) throw new Error(`unknown page ${name}`);
  const router = createMemoryRouter([{ path: "/", element: <Page /> }], { initialEntries: ["/"] });
  // The deposit-insurance page reads the partner banks (the build's copy until the live list answers).
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queries}>
        <Suspense fallback={<p>loading</p>}>
          <main id="main">
            <RouterProvider router={router} />
          </main>
        </Suspense>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
  return view;
}

beforeAll(async () => {
  await i18nReady;
  i18n.options.saveMissing = true;
  i18n.options.missingKeyHandler = (_languages, namespace, key) => {
    missingKeys.push(`${namespace}:${key}`);
  };
});
// No server here: the API is offline, so the deposit-insurance page keeps the build's list of partner
// banks (its live list's request used to leave for localhost:3000 and fail with "socket hang up").
beforeEach(() => {
  vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

it("notices a key that no catalogue has (self-check)", async () => {
  await i18n.loadNamespaces("marketing");
  i18n.t("marketing:no.such.key");
  expect(missingKeys).toContain("marketing:no.such.key");
  missingKeys.length = 0;
});

describe.each(LANGUAGES)("public pages in %s", (language) => {
  it.each(Object.keys(PAGES))("%s renders completely", async (name) => {
    await changeLanguage(language);
    const { container } = await renderPage(name);
    expect(screen.getAllByRole("heading", { level: 1 })).toHaveLength(1);
    const text = container.textContent ?? "";
    expect(text).not.toMatch(/\{\{|\}\}/);
    expect(text).not.toMatch(/undefined|\[object Object\]|NaN/);
    expect(missingKeys).toEqual([]);
    expect(document.title).toContain(brand.shortName);
    const description = document.querySelector('meta[name="description"]');
    if (description) expect(description.getAttribute("content")).not.toMatch(/\{\{/);
    if (LEGAL.has(name)) expect(screen.getByTestId("legal-demo-notice")).toBeTruthy();
  });
});

describe("page content", () => {
  it("home shows six testimonials marked illustrative and one reading of the rating", async () => {
    await changeLanguage("en");
    await renderPage("home");
    const testimonials = screen.getAllByTestId("testimonial");
    expect(testimonials).toHaveLength(6);
    for (const item of testimonials) expect(item.textContent).toContain("Illustrative");
    expect(document.body.textContent).toContain("Rated 5.0 out of 5 by 10,000+ customers");
    // One rating on one screen (docs/decisions.md): the trust line repeats the hero's reading.
    expect(document.body.textContent).toContain("5.0/5 from over 10,000 investors");
    expect(document.body.textContent).not.toContain("4.8/5");
    expect(document.body.textContent).toContain("3.99%");
    expect(screen.getByTestId("hero-packages").getAttribute("href")).toBe("/packages");
    expect(screen.getByTestId("hero-calculator").getAttribute("href")).toBe("/calculator");
    expect(screen.getByTestId("cta-apply").getAttribute("href")).toBe("/apply");
  });

  it("about shows the four stats from the brand, formatted for the language", async () => {
    await changeLanguage("de");
    await renderPage("about");
    const stats = screen.getByTestId("about-stats").textContent ?? "";
    expect(stats).toContain("über 50.000");
    expect(stats).toContain("über 7");
    expect(stats.replace(/\u00a0/g, " ")).toContain("100.000 €");
    expect(screen.getAllByTestId("team")[0]?.querySelectorAll("li")).toHaveLength(4);
    expect(document.body.textContent).toContain("2009");
    expect(document.body.textContent).toContain("2018");
  });

  it("FAQ keeps one answer open at a time and closes the open one on a second click", async () => {
    await changeLanguage("en");
    await renderPage("faq");
    const questions = screen.getAllByTestId("faq-question");
    expect(questions).toHaveLength(8);
    const [first, second] = questions as [HTMLElement, HTMLElement];
    expect(first.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(first);
    expect(first.getAttribute("aria-expanded")).toBe("true");
    const panel = document.getElementById(first.getAttribute("aria-controls") ?? "");
    expect(panel?.hidden).toBe(false);
    fireEvent.click(second);
    expect(first.getAttribute("aria-expanded")).toBe("false");
    expect(second.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByTestId("faq-answer").filter((a) => !a.hidden)).toHaveLength(1);
    fireEvent.click(second);
    expect(screen.getAllByTestId("faq-answer").filter((a) => !a.hidden)).toHaveLength(0);
  });

  it("contact sends the form, shows the success message and empties the form after 3 seconds", async () => {
    await changeLanguage("en");
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ id: "7b0f5c4e-1111-4b6a-9c55-0d2b7f3a9e10", created_at: "2025-01-01" }), {
        status: 201,
        headers: { "content-type": "application/json" },
      }),
    );
    await renderPage("contact");
    const fill = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    fill("Name", "Erika Mustermann");
    fill("E-mail", "erika@example.test");
    fill("Subject", "Question");
    fill("Message", "When is the interest paid?");
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.submit(screen.getByTestId("contact-form"));
    await waitFor(() => expect(screen.getByTestId("contact-success")).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/contact");
    expect(JSON.parse(String(init.body))).toEqual({
      name: "Erika Mustermann",
      email: "erika@example.test",
      subject: "Question",
      message: "When is the interest paid?",
    });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Erika Mustermann");
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Message") as HTMLTextAreaElement).value).toBe("");
    expect(screen.queryByTestId("contact-success")).toBeNull();
  });

  it("contact shows the translated error of a refused message and keeps the entries", async () => {
    await changeLanguage("de");
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify({ detail: "Too many requests", code: "rate_limited" }), { status: 429 }),
    );
    await renderPage("contact");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Max" } });
    fireEvent.change(screen.getByLabelText("E-Mail"), { target: { value: "max@example.test" } });
    fireEvent.change(screen.getByLabelText("Betreff"), { target: { value: "Frage" } });
    fireEvent.change(screen.getByLabelText("Nachricht"), {
      target: { value: "Wann werden Zinsen gezahlt?" },
    });
    fireEvent.submit(screen.getByTestId("contact-form"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.",
    );
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Max");
  });

  it("contact sends nothing while a field is empty and names the problem at the field, translated", async () => {
    await changeLanguage("de");
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    await renderPage("contact");
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Max" } });
    fireEvent.change(screen.getByLabelText("E-Mail"), { target: { value: "kein-at-zeichen" } });
    fireEvent.submit(screen.getByTestId("contact-form"));
    const email = screen.getByLabelText("E-Mail");
    await vi.waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(document.getElementById(email.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    );
    expect(screen.getByLabelText("Betreff").getAttribute("aria-invalid")).toBe("true");
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes("/api/contact"))).toBe(false);
  });

  it("deposit insurance shows the coverage figures, both lists and one information sheet per partner bank", async () => {
    await changeLanguage("en");
    await renderPage("deposit-insurance");
    const figures = screen.getByTestId("coverage-figures").textContent ?? "";
    expect(figures).toContain("€100,000");
    expect(figures).toContain("€500,000");
    expect(figures).toContain("6 months");
    expect(screen.getByTestId("covered-list").querySelectorAll("li").length).toBeGreaterThan(3);
    expect(screen.getByTestId("not-covered-list").querySelectorAll("li").length).toBeGreaterThan(3);
    expect(screen.getAllByTestId("information-sheet")).toHaveLength(2); // the two seeded partner banks (content/banks/demo-banks.json)
    expect(screen.getByTestId("deposit-insurance-packages").getAttribute("href")).toBe("/packages");
  });

  it("terms have nine sections; legal compliance lists German and French regulators", async () => {
    await changeLanguage("fr");
    await renderPage("terms");
    expect(document.querySelectorAll("section[aria-labelledby^='terms-']")).toHaveLength(9);
    cleanup();
    await renderPage("legal-compliance");
    const regulators = screen.getAllByTestId("regulator").map((r) => r.textContent ?? "");
    expect(regulators.some((r) => r.includes("BaFin"))).toBe(true);
    expect(regulators.some((r) => r.includes("ACPR"))).toBe(true);
  });
});
