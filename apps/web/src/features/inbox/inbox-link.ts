import type { InboxNotification } from "@festgeld/domain";

export interface InboxLink {
  to: string;
  /** The link's text in the messages catalogue (inbox.*). */
  label: "openDocument" | "openDeposit";
  /** Its accessible name, naming the message (inbox.*). */
  labelFor: "openDocumentFor" | "openDepositFor";
}

/**
 * Where a message opens: the document issued with it (the postbox, at that document), else the
 * application or deposit it is about (the dashboard, at its card); messages about neither open nowhere.
 */
export function inboxLink(item: Pick<InboxNotification, "document_id" | "application_id">): InboxLink | null {
  if (item.document_id) {
    return {
      to: `/documents#document-${item.document_id}`,
      label: "openDocument",
      labelFor: "openDocumentFor",
    };
  }
  if (item.application_id) {
    return {
      to: `/dashboard#application-${item.application_id}`,
      label: "openDeposit",
      labelFor: "openDepositFor",
    };
  }
  return null;
}
