import { fill } from "../../locales/catalogues.ts";
import {
  actions,
  applicationRows,
  type EventTexts,
  eventTexts,
  ibanSuffix,
  money,
  paymentRows,
  type Row,
  reference,
  type TextContext,
} from "./event-text-kit.ts";

/** What a return reason code means, as the saver reads it (ISO 20022 ExternalReturnReason1Code). */
function returnReason(c: TextContext, code: string): string {
  const reasons = c.t.return_reason as Record<string, string>;
  return fill(c.t.return_reason.line, { code, reason: reasons[code] ?? c.t.return_reason.other });
}

/** What a payment order pays, and for which application: "payout of deposit 3F2B9C1E". */
const purposeOf = (
  c: TextContext,
  x: { purpose: keyof TextContext["t"]["purpose"]; application_id: string },
) => ({ purpose: c.t.purpose[x.purpose], reference: reference(x) });

/** The texts of a running deposit: funded, reminded, paid, renewed, closed, and its payments. */
export const depositTexts: EventTexts<
  | "deposit_funded"
  | "deposit_maturity_reminder"
  | "deposit_payout_ordered"
  | "deposit_paid_out"
  | "deposit_renewed"
  | "deposit_closed_early"
  | "deposit_lapsed"
  | "deposit_interest_paid"
  | "deposit_payment_booked"
  | "deposit_payout_returned"
  | "deposit_payout_redirected"
> = {
  deposit_funded: (x, c) => {
    const t = eventTexts(c, "deposit_funded");
    const [valueDate, maturityDate] = [c.f.date(x.value_date), c.f.date(x.maturity_date)];
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [
        t("received", { amount: money(c, x), value_date: valueDate, maturity_date: maturityDate }),
        t("confirmation"),
      ],
      rows: [...applicationRows(c, x), [c.t.label.value_date, valueDate], [c.t.label.maturity, maturityDate]],
      action: actions.dashboard(c),
    };
  },
  deposit_maturity_reminder: (x, c) => {
    const t = eventTexts(c, "deposit_maturity_reminder");
    const maturity = c.f.date(x.maturity_date);
    const minimum = x.renew_min_rate ? c.f.percent(x.renew_min_rate) : null;
    const today = x.rate_today ? c.f.percent(x.rate_today) : null;
    const renews = Number(x.rate_today) >= Number(x.renew_min_rate);
    return {
      subject: t("subject", { reference: reference(x), date: maturity }),
      paragraphs: [
        t("instruction", { instruction: c.t.instruction[x.instruction] }),
        ...(minimum === null
          ? []
          : today === null
            ? [t("minimum_not_offered", { minimum })]
            : [t(renews ? "minimum_renews" : "minimum_pays_out", { minimum, today })]),
        t("change", { date: c.f.date(x.cutoff_date) }),
      ],
      rows: [...applicationRows(c, x), [c.t.label.maturity, maturity]],
      action: actions.dashboard(c),
    };
  },
  deposit_payout_ordered: (x, c) => {
    const t = eventTexts(c, "deposit_payout_ordered");
    const expected = c.f.date(x.expected_date);
    const amount = c.f.money(x.payout_cents, x.currency);
    return {
      subject: t("subject", purposeOf(c, x)),
      paragraphs: [
        t("ordered", { amount, iban: ibanSuffix(x.reference_iban), date: expected }),
        t("confirmation"),
      ],
      rows: [...paymentRows(c, x), [c.t.label.expected_execution, expected]],
      action: actions.dashboard(c),
    };
  },
  deposit_paid_out: (x, c) => {
    const t = eventTexts(c, "deposit_paid_out");
    const L = c.t.label;
    const values = { amount: c.f.money(x.payout_cents, x.currency), iban: ibanSuffix(x.reference_iban) };
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [
        x.booked_on
          ? t("transferred_booked", { ...values, date: c.f.date(x.booked_on) })
          : t("transferred", values),
      ],
      rows: [
        ...settlementRows(c, x),
        [L.maturity, c.f.date(x.maturity_date)],
        ...(x.booked_on ? ([[L.booked_on, c.f.date(x.booked_on)]] as Row[]) : []),
      ],
      action: actions.documents(c),
    };
  },
  deposit_renewed: (x, c) => {
    const t = eventTexts(c, "deposit_renewed");
    const L = c.t.label;
    const newMaturity = c.f.date(x.new_maturity_date);
    const amount = c.f.money(x.new_amount_cents, x.currency);
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [t("renewed", { amount, rate: c.f.percent(x.new_rate), date: newMaturity })],
      rows: [
        ...settlementRows(c, x),
        [L.new_amount, amount],
        [L.maturity, c.f.date(x.maturity_date)],
        [L.new_maturity, newMaturity],
      ],
      action: actions.documents(c),
    };
  },
  deposit_closed_early: (x, c) => {
    const t = eventTexts(c, "deposit_closed_early");
    const closed = c.f.date(x.close_date);
    const amount = c.f.money(x.payout_cents, x.currency);
    const [ref, principal, ...rest] = settlementRows(c, x);
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [t("closed", { date: closed, amount, iban: ibanSuffix(x.reference_iban) })],
      rows: [
        ref,
        principal,
        [c.t.label.months_held, String(x.months_held)],
        ...rest,
        [c.t.label.closed_on, closed],
      ],
      action: actions.documents(c),
    };
  },
  deposit_lapsed: (x, c) => {
    const t = eventTexts(c, "deposit_lapsed");
    return {
      subject: t("subject", { reference: reference(x) }),
      paragraphs: [t("lapsed", { date: c.f.date(x.deadline) })],
      rows: applicationRows(c, x),
      action: actions.dashboard(c),
    };
  },
  deposit_interest_paid: (x, c) => {
    const t = eventTexts(c, "deposit_interest_paid");
    const [booked, thisMonth, paid] = [
      c.f.date(x.booked_on),
      c.f.money(x.interest_cents, x.currency),
      c.f.money(x.paid_to_date_cents, x.currency),
    ];
    return {
      subject: t("subject", { month: x.month, months: x.months, reference: reference(x) }),
      paragraphs: [
        t("paid", { month: x.month, amount: thisMonth, iban: ibanSuffix(x.reference_iban), date: booked }),
        t("so_far", { paid, total: c.f.money(x.total_interest_cents, x.currency) }),
      ],
      rows: [
        [c.t.label.reference, reference(x)],
        [t("row_interest"), thisMonth],
        [t("row_due"), c.f.date(x.due_date)],
        [t("row_booked"), booked],
        [t("row_paid"), paid],
      ],
      action: actions.dashboard(c),
    };
  },
  deposit_payment_booked: (x, c) => {
    const t = eventTexts(c, "deposit_payment_booked");
    const booked = c.f.date(x.booked_on);
    const amount = c.f.money(x.payout_cents, x.currency);
    return {
      subject: t("subject", purposeOf(c, x)),
      paragraphs: [t("booked", { amount, iban: ibanSuffix(x.reference_iban), date: booked })],
      rows: [...paymentRows(c, x), [c.t.label.booked_on, booked]],
      action: actions.dashboard(c),
    };
  },
  deposit_payout_returned: (x, c) => {
    const t = eventTexts(c, "deposit_payout_returned");
    const reason = x.reason_code ? returnReason(c, x.reason_code) : null;
    const values = {
      amount: c.f.money(x.payout_cents, x.currency),
      iban: ibanSuffix(x.reference_iban),
      date: c.f.date(x.returned_on),
    };
    return {
      subject: t("subject", purposeOf(c, x)),
      paragraphs: [
        reason ? t("returned_reason", { ...values, reason }) : t("returned", values),
        t("confirm_account"),
      ],
      rows: [...paymentRows(c, x), ...(reason ? ([[c.t.label.reason, reason]] as Row[]) : [])],
      action: actions.dashboard(c),
    };
  },
  deposit_payout_redirected: (x, c) => {
    const t = eventTexts(c, "deposit_payout_redirected");
    const amount = c.f.money(x.payout_cents, x.currency);
    return {
      subject: t("subject", purposeOf(c, x)),
      paragraphs: [t("redirected", { amount, new_iban: x.new_iban, old_iban: x.old_iban }), t("not_you")],
      rows: [
        ...paymentRows(c, x),
        [c.t.label.previous_account, x.old_iban],
        [c.t.label.new_account, x.new_iban],
      ],
      action: actions.dashboard(c),
    };
  },
};

/** The settlement of a deposit at its end: the application, principal, gross interest and payout. */
function settlementRows(
  c: TextContext,
  x: {
    application_id: string;
    principal_cents: number;
    gross_interest_cents: number;
    payout_cents: number;
    currency: string;
  },
): [Row, Row, Row, Row] {
  const L = c.t.label;
  return [
    [L.reference, reference(x)],
    [L.principal, c.f.money(x.principal_cents, x.currency)],
    [L.gross_interest, c.f.money(x.gross_interest_cents, x.currency)],
    [L.paid_out, c.f.money(x.payout_cents, x.currency)],
  ];
}
