import {
  actions,
  type EventText,
  type EventTexts,
  eventTexts,
  reasonRow,
  type TextContext,
} from "./event-text-kit.ts";

/**
 * A notice about the account's security: what happened, the event's own "was this not you?" and the
 * security page.
 */
function securityNotice(
  c: TextContext,
  t: (key: "subject" | "not_you") => string,
  happened: string,
): EventText {
  return {
    subject: t("subject"),
    paragraphs: [happened, t("not_you")],
    rows: [],
    action: actions.security(c),
  };
}

/** The texts of identity checks and of changes to the account's security. */
export const accountTexts: EventTexts<
  | "kyc_document_approved"
  | "kyc_document_rejected"
  | "kyc_document_new_upload"
  | "identity_verified"
  | "new_sign_in"
  | "password_changed"
  | "passkey_added"
  | "passkey_removed"
  | "email_changed"
> = {
  kyc_document_approved: (x, c) => {
    const t = eventTexts(c, "kyc_document_approved");
    const document = c.t.document[x.document_type];
    return {
      subject: t("subject", { document }),
      paragraphs: [t("accepted", { document })],
      rows: [],
      action: actions.identity(c),
    };
  },
  kyc_document_rejected: (x, c) => {
    const t = eventTexts(c, "kyc_document_rejected");
    const document = c.t.document[x.document_type];
    return {
      subject: t("subject", { document }),
      paragraphs: [t(x.needed === false ? "declined_not_needed" : "declined", { document })],
      rows: reasonRow(c, x.reason),
      action: actions.identity(c),
    };
  },
  kyc_document_new_upload: (x, c) => {
    const t = eventTexts(c, "kyc_document_new_upload");
    const document = c.t.document[x.document_type];
    const reason = [x.reason_code ? c.t.new_upload_reason[x.reason_code] : null, x.reason];
    return {
      subject: t("subject", { document }),
      paragraphs: [t("needed", { document })],
      rows: reasonRow(c, reason.filter(Boolean).join(" ") || null),
      action: actions.identity(c),
    };
  },
  identity_verified: (_, c) => {
    const t = eventTexts(c, "identity_verified");
    return { subject: t("subject"), paragraphs: [t("verified")], rows: [], action: actions.dashboard(c) };
  },
  new_sign_in: (x, c) => {
    const t = eventTexts(c, "new_sign_in");
    const browser = !x.browser
      ? ""
      : x.os
        ? t("browser_os", { browser: x.browser, os: x.os })
        : t("browser", { browser: x.browser });
    const address = x.ip ? t("address", { ip: x.ip }) : "";
    return securityNotice(c, t, t("signed_in", { at: c.f.dateTime(x.signed_in_at), browser, address }));
  },
  password_changed: (x, c) => {
    const t = eventTexts(c, "password_changed");
    return securityNotice(c, t, t("changed", { at: c.f.dateTime(x.changed_at) }));
  },
  passkey_added: (x, c) => {
    const t = eventTexts(c, "passkey_added");
    return securityNotice(c, t, t("added", { at: c.f.dateTime(x.at), name: x.name }));
  },
  passkey_removed: (x, c) => {
    const t = eventTexts(c, "passkey_removed");
    return securityNotice(c, t, t("removed", { at: c.f.dateTime(x.at), name: x.name }));
  },
  email_changed: (x, c) => {
    const t = eventTexts(c, "email_changed");
    const values = { at: c.f.dateTime(x.changed_at), old: x.old_email, new: x.new_email };
    return securityNotice(c, t, t("changed", values));
  },
};
