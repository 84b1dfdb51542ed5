import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TruncatedText } from "./truncated-text.tsx";

const original = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "scrollWidth");

/** jsdom lays nothing out: the text's width is what the test says, the column is 100 px. */
function layout(textWidth: number) {
  Object.defineProperty(HTMLElement.prototype, "scrollWidth", { configurable: true, get: () => textWidth });
  Object.defineProperty(HTMLElement.prototype, "clientWidth", { configurable: true, get: () => 100 });
}

afterEach(() => {
  if (original) Object.defineProperty(HTMLElement.prototype, "scrollWidth", original);
});

describe("TruncatedText", () => {
  it("makes a cut text a tab stop with the whole text as its title", () => {
    layout(900);
    const long = "A".repeat(500);
    render(<TruncatedText text={long} />);
    const text = screen.getByText(long);
    expect(text.getAttribute("tabindex")).toBe("0");
    expect(text.getAttribute("title")).toBe(long);
    expect(text.dataset.clipped).toBe("true");
  });

  it("leaves a text that fits alone: no tab stop, no title", () => {
    layout(80);
    render(<TruncatedText text="Erika Mustermann" />);
    const text = screen.getByText("Erika Mustermann");
    expect(text.hasAttribute("tabindex")).toBe(false);
    expect(text.hasAttribute("title")).toBe(false);
  });
});
