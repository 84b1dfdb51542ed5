import {
  actions,
  applicationRows,
  type EventTexts,
  eventTexts,
  money,
  reasonRow,
  reference,
  transferRows,
  verifyHint,
} from "./event-text-kit.ts";

/** The texts of an application's steps: received, approved, rejected, withdrawn. */
export const applicationTexts: EventTexts<
  "application_received" | "application_approved" | "application_rejected" | "application_withdrawn"
> = {
  application_received: (x, c) => {
    const t = eventTexts(c, "application_received");
    const amount = money(c, x);
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [
        x.full_name ? t("received_named", { name: x.full_name, amount }) : t("received", { amount }),
        t("confirmation", { version: x.info_sheet_version }),
      ],
      rows: applicationRows(c, x),
      action: actions.dashboard(c),
    };
  },
  application_approved: (x, c) => {
    const t = eventTexts(c, "application_approved");
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [
        x.transfer ? t("transfer") : t("no_transfer"),
        // The approval points to the public check of transfer details (the web page /{lang}/verify).
        ...(x.transfer ? [verifyHint(c)] : []),
        t("withdrawal", { date: c.f.date(x.withdrawal_deadline) }),
      ],
      rows: [...applicationRows(c, x), ...(x.transfer ? transferRows(c, x.transfer, x) : [])],
      action: actions.dashboard(c),
    };
  },
  application_rejected: (x, c) => {
    const t = eventTexts(c, "application_rejected");
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [t("declined"), ...(x.reason ? [] : [t("questions")])],
      rows: [...applicationRows(c, x), ...reasonRow(c, x.reason)],
      action: actions.dashboard(c),
    };
  },
  application_withdrawn: (x, c) => {
    const t = eventTexts(c, "application_withdrawn");
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [t("received", { at: c.f.dateTime(x.withdrawn_at) }), t("receipt")],
      rows: applicationRows(c, x),
      action: actions.dashboard(c),
    };
  },
};
