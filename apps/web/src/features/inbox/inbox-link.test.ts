import { describe, expect, it } from "vitest";
import { inboxLink } from "./inbox-link.ts";

const DOC = "11111111-1111-4111-8111-111111111111";
const APP = "22222222-2222-4222-8222-222222222222";

describe("inboxLink", () => {
  it("opens the document when the message came with one, even when it names an application", () => {
    expect(inboxLink({ document_id: DOC, application_id: APP })).toEqual({
      to: `/documents#document-${DOC}`,
      label: "openDocument",
      labelFor: "openDocumentFor",
    });
  });

  it("opens the application's card on the dashboard otherwise", () => {
    expect(inboxLink({ document_id: null, application_id: APP })?.to).toBe(`/dashboard#application-${APP}`);
  });

  it("opens nothing for a message about neither", () => {
    expect(inboxLink({ document_id: null, application_id: null })).toBeNull();
  });
});
