import { actions, type EventTexts, eventTexts, reasonRow } from "./event-text-kit.ts";

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
    return {
      subject: t("subject"),
      paragraphs: [t("signed_in", { at: c.f.dateTime(x.signed_in_at), browser, address }), t("not_you")],
      rows: [],
      action: actions.security(c),
    };
  },
  password_changed: (x, c) => {
    const t = eventTexts(c, "password_changed");
    return {
      subject: t("subject"),
      paragraphs: [t("changed", { at: c.f.dateTime(x.changed_at) }), t("not_you")],
      rows: [],
      action: actions.security(c),
    };
  },
  passkey_added: (x, c) => {
    const t = eventTexts(c, "passkey_added");
    return {
      subject: t("subject"),
      paragraphs: [t("added", { at: c.f.dateTime(x.at), name: x.name }), t("not_you")],
      rows: [],
      action: actions.security(c),
    };
  },
  passkey_removed: (x, c) => {
    const t = eventTexts(c, "passkey_removed");
    return {
      subject: t("subject"),
      paragraphs: [t("removed", { at: c.f.dateTime(x.at), name: x.name }), t("not_you")],
      rows: [],
      action: actions.security(c),
    };
  },
  email_changed: (x, c) => {
    const t = eventTexts(c, "email_changed");
    const values = { at: c.f.dateTime(x.changed_at), old: x.old_email, new: x.new_email };
    return {
      subject: t("subject"),
      paragraphs: [t("changed", values), t("not_you")],
      rows: [],
      action: actions.security(c),
    };
  },
};
