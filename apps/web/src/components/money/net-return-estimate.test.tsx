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

  it("reads a German allowance with thousands and cents: 1.000,50", async () => {
    await show("de", 3500);
    fireEvent.change(screen.getByLabelText("Noch freier Sparer-Pauschbetrag (EUR)"), {
      target: { value: "1.000,50" },
    });
    // 2,499.50 taxable: 624.875 flat tax rounds half-up to 624.88, 5.5 % of it to 34.37; 2,840.75 left.
    expect(screen.queryByText("Bitte einen Betrag zwischen 0 und 2.000 EUR eingeben.")).toBeNull();
    expect(
      screen.getAllByTestId("net-return-deduction").map((d) => d.textContent?.replace(/\s/g, " ")),
    ).toEqual(["− 624,88 €", "− 34,37 €"]);
    expect(net()).toBe("2.840,75 €");
  });

  it("an allowance with more than two decimals is pointed out, not used", async () => {
    await show("en", 3500);
    fireEvent.change(screen.getByLabelText("Unused saver's allowance (EUR)"), {
      target: { value: "1000.505" },
    });
    expect(screen.getByText("Enter an amount between 0 and 2,000 EUR.")).toBeTruthy();
    expect(net()).toBe("€2,576.87");
  });

  it("a deposit in dollars: its interest in dollars", async () => {
    await renderIn("en", "invest", <NetReturnEstimate grossInterest={1234.56} currency="USD" />);
    fireEvent.change(screen.getByLabelText("Where you pay tax"), { target: { value: "fr" } });
    // 30 % of 1,234.56: 158.02 income tax (12.8 %, 158.02368) and 212.34 social charges (17.2 %, 212.34432).
    expect(net()).toBe("$864.20");
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
