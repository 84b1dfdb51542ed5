import { cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18nReady } from "../../lib/i18n.ts";
import { renderIn } from "../../test/render.tsx";
import { NetReturnEstimate } from "./net-return-estimate.tsx";

/** The estimate a saver sees under the calculator's result and on the apply form. */
async function show(language: "en" | "de" | "fr", grossInterest: number) {
  await renderIn(language, "invest", <NetReturnEstimate grossInterest={grossInterest} currency="EUR" />);
}

const net = () => screen.getByTestId("net-return-net").textContent?.replace(/\s/g, " ");

describe("NetReturnEstimate", () => {
  beforeAll(async () => {
    await i18nReady;
  });
  afterEach(cleanup);

  it("German reader: German regime with a 1,000 EUR allowance by default", async () => {
    // 3,500.00 interest, 2,500.00 taxable: 625.00 + 34.38 tax, 2,840.62 left.
    await show("de", 3500);
    expect(net()).toBe("2.840,62 €");
    expect(screen.getByText("Solidaritätszuschlag")).toBeTruthy();
  });

  it("church tax and a larger allowance change the figure", async () => {
    await show("en", 3500);
    fireEvent.change(screen.getByLabelText("Church tax"), { target: { value: "9" } });
    fireEvent.change(screen.getByLabelText("Unused saver's allowance (EUR)"), { target: { value: "2000" } });
    // 1,500.00 taxable at 100/409: 366.75 flat tax, 20.17 solidarity, 33.01 church tax.
    expect(net()).toBe("€3,080.07");
  });

  it("an allowance beyond 2,000 EUR is pointed out, not used", async () => {
    await show("en", 3500);
    fireEvent.change(screen.getByLabelText("Unused saver's allowance (EUR)"), { target: { value: "5000" } });
    expect(screen.getByText("Enter an amount between 0 and 2,000 EUR.")).toBeTruthy();
    expect(net()).toBe("€2,576.87");
  });

  it("French reader: the 30 % flat levy", async () => {
    await show("fr", 3500);
    expect(net()).toBe("2 450,00 €");
  });

  it("elsewhere: no tax estimate, interest before tax", async () => {
    await show("en", 3500);
    fireEvent.change(screen.getByLabelText("Where you pay tax"), { target: { value: "other" } });
    expect(net()).toBe("€3,500.00");
  });
});
