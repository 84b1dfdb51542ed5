import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import "../../lib/i18n.ts";
import { CountryFlag, Flag } from "./flag.tsx";

afterEach(cleanup);

describe("CountryFlag", () => {
  it("draws the banks' countries as SVG named by the country, never as emoji letters", () => {
    const { container } = render(
      <>
        <CountryFlag country="DE" />
        <CountryFlag country="FR" />
      </>,
    );
    const flags = screen.getAllByRole("img");
    expect(flags.map((f) => f.getAttribute("aria-label"))).toEqual(["Germany", "France"]);
    expect(container.querySelectorAll("svg rect").length).toBe(6);
    // No regional indicator symbols (what renders as two empty boxes without a flag font).
    expect(container.textContent).not.toMatch(/[\u{1F1E6}-\u{1F1FF}]/u);
  });

  it("is decorative beside a written country name, and draws an unknown country as its code", () => {
    const { container } = render(
      <>
        <CountryFlag country="DE" decorative />
        <CountryFlag country="PT" decorative />
        <CountryFlag country="bad" />
      </>,
    );
    expect(screen.queryAllByRole("img")).toHaveLength(0);
    const svgs = container.querySelectorAll("svg");
    expect([...svgs].map((s) => s.getAttribute("aria-hidden"))).toEqual(["true", "true"]);
    expect(svgs[1]?.textContent).toBe("PT");
  });

  it("keeps the language flags (the British one for English)", () => {
    const { container } = render(<Flag language="en" />);
    expect(container.querySelector("svg")?.dataset.flag).toBe("GB");
  });
});
