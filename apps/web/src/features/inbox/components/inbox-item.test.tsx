import type { InboxNotification } from "@festgeld/domain";
import { cleanup, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18nReady } from "../../../lib/i18n.ts";
import { renderIn } from "../../../test/render.tsx";
import { InboxItem } from "./inbox-item.tsx";

const item: InboxNotification = {
  id: "00000000-0000-4000-8000-000000000001",
  title: "Your application ABCD1234 is approved",
  message:
    "Your application is approved. Please transfer the amount to the account below, quoting the payment reference.\nPayment reference: RF18 5390 0754 7034\nTransfer by: 29 January 2026",
  created_at: "2026-01-15T10:00:00.000Z",
  read: true,
  kind: "deposit",
  application_id: null,
  document_id: null,
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(cleanup);

describe("InboxItem", () => {
  it("keeps a payment reference together on one line, and the message word for word", async () => {
    await renderIn(
      "en",
      "messages",
      <MemoryRouter>
        <InboxItem item={item} busy={false} onMarkRead={() => {}} onOpen={() => {}} />
      </MemoryRouter>,
    );
    const references = await screen.findAllByTestId("payment-reference");
    expect(references.map((r) => r.textContent)).toEqual(["RF18 5390 0754 7034"]);
    // One unbreakable box that still fits a narrow screen (it wraps inside only when wider than the line).
    expect(references[0]?.className.split(" ")).toEqual(
      expect.arrayContaining(["inline-block", "max-w-full"]),
    );
    expect(references[0]?.parentElement?.textContent).toBe(item.message);
    expect(screen.getByRole("heading").textContent).toBe(item.title);
  });
});
