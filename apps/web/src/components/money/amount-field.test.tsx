import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { addMessages, loadZodResolver, useApiForm } from "../../lib/forms.ts";
import { changeLanguage, i18n, i18nReady } from "../../lib/i18n.ts";
import { renderTranslated } from "../../test/render.tsx";
import { AmountField } from "./amount-field.tsx";
import { amountMessage, decimalValue, rateMessage } from "./amount-rules.ts";

/** The amount-and-rate block as the calculator uses it, in the reader's language. */
function Calculation({ send }: { send: (values: { amount: number; rate: number }) => void }) {
  const language = i18n.language;
  const { form, submit } = useApiForm({
    schema: z
      .object({ amount: z.string(), rate: z.string() })
      .superRefine((values, ctx) =>
        addMessages(ctx, {
          amount: amountMessage(values.amount, language),
          rate: rateMessage(values.rate, language),
        }),
      )
      .transform((values) => ({
        amount: decimalValue(values.amount, language),
        rate: decimalValue(values.rate, language),
      })),
    defaultValues: { amount: "", rate: "" },
    fallback: "failed",
  });
  return (
    <form onSubmit={submit(send)} noValidate>
      <AmountField form={form} name="amount" id="amount" label="Betrag" hint="Mindestens 1.000 €" />
      <AmountField form={form} name="rate" id="rate" label="Zinssatz" />
      <button type="submit">Berechnen</button>
    </form>
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces("invest");
  // The form check's library, which the app loads with a form's first check (lib/forms.ts).
  await loadZodResolver();
});
afterEach(async () => {
  cleanup();
  await changeLanguage("en");
});

describe("AmountField", () => {
  it("takes German amounts and rates and sends them as numbers", async () => {
    await changeLanguage("de");
    const send = vi.fn();
    renderTranslated(<Calculation send={send} />);
    const amount = screen.getByLabelText("Betrag");
    expect(amount.getAttribute("inputmode")).toBe("decimal");
    expect(amount.getAttribute("type")).toBe("text");
    expect(amount.getAttribute("aria-describedby")).toBe("amount-hint");

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Berechnen" }));
    });
    expect(screen.getByText("Bitte geben Sie einen Betrag ein.")).toBeTruthy();
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(amount.getAttribute("aria-describedby")).toBe("amount-hint amount-error");
    expect(document.activeElement).toBe(amount);
    expect(send).not.toHaveBeenCalled();

    await act(async () => {
      fireEvent.change(amount, { target: { value: "10.000,50" } });
      fireEvent.change(screen.getByLabelText("Zinssatz"), { target: { value: "3,75" } });
    });
    // 10.000,50 is read, but amounts go in steps of 100.
    expect(screen.getByText(/in Schritten von 100/)).toBeTruthy();

    await act(async () => {
      fireEvent.change(amount, { target: { value: "10.000" } });
    });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Berechnen" }));
    });
    expect(send).toHaveBeenCalledWith({ amount: 10_000, rate: 3.75 });
  });
});
