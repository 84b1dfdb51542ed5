import type { Language } from "@festgeld/domain/constants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, i18nReady } from "../../../lib/i18n.ts";
import { renderIn } from "../../../test/render.tsx";

/** The profile routes as the server answers them: no profile yet; a saved one is recorded. */
const sent: unknown[] = [];
vi.mock("../../../lib/api-client.ts", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../../lib/api-client.ts")>();
  return {
    ...real,
    api: {
      call: vi.fn(async (operation: { id: string }, input: { body?: unknown }) => {
        if (operation.id === "kycProfileGet") return { profile: null };
        sent.push(input.body);
        return { profile: null };
      }),
    },
  };
});

const { PersonalDataForm } = await import("./personal-data-form.tsx");

beforeAll(async () => {
  await i18nReady;
  await i18n.loadNamespaces(["identity", "errors"]);
});
afterEach(() => {
  cleanup();
  sent.length = 0;
});

const yearsAgo = (years: number) => {
  const day = new Date();
  day.setUTCFullYear(day.getUTCFullYear() - years);
  return day.toISOString().slice(0, 10);
};

async function fill(container: HTMLElement, dateOfBirth: string) {
  const set = (name: string, value: string) => {
    const element = container.querySelector(`[name="${name}"]`);
    if (!element) throw new Error(`no field ${name}`);
    fireEvent[element.tagName === "SELECT" ? "change" : "input"](element, { target: { value } });
  };
  await waitFor(() => expect(container.querySelector('[name="date_of_birth"]')).not.toBeNull());
  set("date_of_birth", dateOfBirth);
  set("place_of_birth", "Lyon");
  set("nationality", "FR");
  set("address.street", "1 rue de l'Exemple");
  set("address.postcode", "75002");
  set("address.city", "Paris");
  set("address.country", "FR");
  set("tax_residency", "LI");
  set("tax_id", "ABCD1234");
}

function renderForm(language: Language) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderIn(
    language,
    "identity",
    <QueryClientProvider client={client}>
      <PersonalDataForm />
    </QueryClientProvider>,
  );
}

async function submit(container: HTMLElement) {
  await act(async () => {
    fireEvent.submit(container.querySelector("form") as HTMLFormElement);
  });
}

describe("PersonalDataForm", () => {
  it("checks with the contract's schema, loaded at the first check: under 18 refused in the reader's language", async () => {
    const { container } = await renderForm("de");
    await fill(container, yearsAgo(10));
    await submit(container);
    // The first check loads zod and the resolver (lib/forms.ts): longer than waitFor's second on a busy machine.
    await waitFor(() => expect(screen.getByText("Sie müssen mindestens 18 Jahre alt sein.")).toBeTruthy(), {
      timeout: 10_000,
    });
    expect(sent).toEqual([]);
  }, 20_000);

  it("sends the request the contract describes once the values are valid (no PEP details unless ticked)", async () => {
    const { container } = await renderForm("en");
    await fill(container, "1980-05-17");
    await submit(container);
    await waitFor(() => expect(sent).toHaveLength(1), { timeout: 10_000 });
    expect(sent[0]).toMatchObject({
      date_of_birth: "1980-05-17",
      nationality: "FR",
      tax_residency: "LI",
      tax_id: "ABCD1234",
      is_pep: false,
      pep_details: null,
    });
  }, 20_000);
});
