import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { changeLanguage, i18n, i18nReady } from "../../lib/i18n.ts";
import { ErrorBoundary } from "./error-boundary.tsx";

function Broken(): never {
  throw new Error("render failed");
}

function page(resetKey: string, broken: boolean) {
  return (
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <ErrorBoundary resetKey={resetKey}>{broken ? <Broken /> : <p>Page content</p>}</ErrorBoundary>
      </MemoryRouter>
    </I18nextProvider>
  );
}

describe("error boundary", () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it.each([
    ["en", "An error occurred", "Reload the page"],
    ["de", "Ein Fehler ist aufgetreten", "Seite neu laden"],
    ["fr", "Une erreur est survenue", "Recharger la page"],
  ] as const)(
    "a page that fails to render shows the translated error and a way on (%s)",
    async (language, title, reload) => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      await changeLanguage(language);
      render(page("/compare", true));
      expect(screen.getByRole("alert")).toBeTruthy();
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
      expect(screen.getByRole("button", { name: reload })).toBeTruthy();
      expect(screen.getByRole("link").getAttribute("href")).toBe("/");
    },
  );

  it("going to another page clears the error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await changeLanguage("en");
    const view = render(page("/compare", true));
    expect(screen.queryByText("Page content")).toBeNull();
    view.rerender(page("/packages", false));
    expect(screen.getByText("Page content")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
