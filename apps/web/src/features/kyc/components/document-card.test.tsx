import type { KycDocument } from "@festgeld/domain";
import { KYC_DOCUMENT_STATUSES, type KycDocumentStatus } from "@festgeld/domain/constants";
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, i18nReady } from "../../../lib/i18n.ts";
import { DocumentCard } from "./document-card.tsx";

const doc = (
  status: Exclude<KycDocumentStatus, "not_uploaded">,
  extra: Partial<KycDocument> = {},
): KycDocument => ({
  id: "00000000-0000-4000-8000-000000000001",
  document_type: "utility_bill",
  status,
  content_type: "application/pdf",
  size_bytes: 1000,
  file_name: "bill.pdf",
  uploaded_at: "2025-01-15T10:00:00.000Z",
  reviewed_at: status === "pending" ? null : "2025-01-16T10:00:00.000Z",
  rejection_reason: null,
  rejection_code: null,
  rejection_note: null,
  ...extra,
});

function renderCard(
  status: KycDocumentStatus,
  document: KycDocument | null,
  busy = false,
  notNeeded = false,
) {
  return render(
    <Suspense fallback="loading">
      <DocumentCard
        type="utility_bill"
        status={status}
        document={document}
        uploadingProgress={null}
        busy={busy}
        notNeeded={notNeeded}
        onUpload={vi.fn(async () => ({ ok: true as const }))}
      />
    </Suspense>,
  );
}

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage("en");
  await i18n.loadNamespaces(["kyc"]);
});
afterEach(cleanup);

describe("DocumentCard", () => {
  it("offers an upload only when nothing was uploaded or the last one was rejected", async () => {
    for (const status of KYC_DOCUMENT_STATUSES) {
      renderCard(status, status === "not_uploaded" ? null : doc(status, { rejection_reason: "x" }));
      await screen.findByText("Utility bill");
      const input = document.querySelector('input[type="file"]');
      expect(Boolean(input), status).toBe(status === "not_uploaded" || status === "rejected");
      cleanup();
    }
  });

  it("shows the specified status texts and notes", async () => {
    renderCard("pending", doc("pending"));
    expect(await screen.findByText("Pending Review")).toBeTruthy();
    expect(screen.getByText("Your document is being reviewed.")).toBeTruthy();
    cleanup();
    renderCard("approved", doc("approved"));
    expect(await screen.findByText("Document verified.")).toBeTruthy();
  });

  it("shows a coded rejection reason in the reader's language, with the reviewer's note", async () => {
    await i18n.changeLanguage("de");
    await i18n.loadNamespaces(["kyc"]);
    renderCard(
      "rejected",
      doc("rejected", {
        rejection_code: "too_old",
        rejection_note: "Vom Januar.",
        rejection_reason: "Vom Januar.",
      }),
    );
    expect(
      await screen.findByText(
        "Grund: Das Dokument ist älter als 3 Monate. Bitte laden Sie ein aktuelles hoch.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("Hinweis unseres Teams: Vom Januar.")).toBeTruthy();
    await i18n.changeLanguage("en");
  });

  it("limits the picker to the allowed types and disables it while another upload runs", async () => {
    renderCard("not_uploaded", null, true);
    const input = (await screen.findByLabelText("Upload Utility bill")) as HTMLInputElement;
    expect(input.accept).toBe("image/jpeg,.jpg,.jpeg,image/png,.png,application/pdf,.pdf");
    expect(input.disabled).toBe(true);
    expect(screen.getByText("JPG, PNG or PDF (max 5MB)")).toBeTruthy();
  });

  it("asks for no upload of a document the verified identity does not need", async () => {
    renderCard("not_uploaded", null, false, true);
    expect(await screen.findByText("Not needed")).toBeTruthy();
    expect(screen.getByTestId("kyc-not-needed").textContent).toBe(
      "Your identity is verified with another document; this one is not needed.",
    );
    expect(document.querySelector('input[type="file"]')).toBeNull();
    expect(screen.queryByText("Not uploaded")).toBeNull();
  });
});
