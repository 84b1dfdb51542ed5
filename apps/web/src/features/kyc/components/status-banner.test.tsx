import type { ApprovalChecklist } from "@festgeld/domain";
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n, i18nReady } from "../../../lib/i18n.ts";
import { StatusBanner } from "./status-banner.tsx";

const checklist = (overrides: Partial<ApprovalChecklist> = {}): ApprovalChecklist => ({
  steps: [
    { step: "confirm_email", state: "done" },
    { step: "verify_identity", state: "in_review" },
    { step: "personal_data", state: "in_review" },
    { step: "complete_details", state: "done" },
  ],
  documents_to_provide: [],
  incomplete_applications: [],
  ready: true,
  ...overrides,
});

const banner = () => screen.getByTestId("kyc-overall-status");

describe("StatusBanner", () => {
  beforeAll(async () => {
    await i18nReady;
    await i18n.changeLanguage("en");
    await i18n.loadNamespaces(["kyc"]);
  });
  afterEach(cleanup);

  it("says 'under review' for a pending status only when nothing is missing", async () => {
    render(
      <Suspense fallback="loading">
        <StatusBanner status="pending" checklist={checklist()} />
      </Suspense>,
    );
    expect(await screen.findByText("Verification in progress")).toBeTruthy();
    expect(banner().dataset.status).toBe("pending");
  });

  it("says what is missing while documents or the personal data are still to come", async () => {
    render(
      <Suspense fallback="loading">
        <StatusBanner
          status="pending"
          checklist={checklist({
            documents_to_provide: ["utility_bill"],
            steps: [
              { step: "confirm_email", state: "done" },
              { step: "verify_identity", state: "to_do" },
              { step: "personal_data", state: "to_do" },
              { step: "complete_details", state: "done" },
            ],
            ready: false,
          })}
        />
      </Suspense>,
    );
    expect(await screen.findByText("Some things are still missing")).toBeTruthy();
    expect(banner().textContent).toContain("Still needed: proof of address, your personal data.");
    expect(banner().textContent).not.toContain("under review");
    expect(banner().dataset.status).toBe("incomplete");
  });

  it("in German", async () => {
    await i18n.changeLanguage("de");
    await i18n.loadNamespaces(["kyc"]);
    render(
      <Suspense fallback="loading">
        <StatusBanner status="pending" checklist={checklist({ documents_to_provide: ["selfie"] })} />
      </Suspense>,
    );
    expect(await screen.findByText("Es fehlt noch etwas")).toBeTruthy();
    expect(banner().textContent).toContain("Es fehlt noch: Selfie.");
    await i18n.changeLanguage("en");
  });
});
