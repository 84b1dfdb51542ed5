import { actions, type EventTexts, eventTexts, months, type Row } from "./event-text-kit.ts";

/** The texts of notices that are not about one deposit: a rate alert, the yearly interest statement. */
export const noticeTexts: EventTexts<"rate_alert_reached" | "tax_statement_issued"> = {
  rate_alert_reached: (x, c) => {
    const t = eventTexts(c, "rate_alert_reached");
    const values = { term: months(c, x.term_months), rate: c.f.percent(x.best_rate) };
    const alert = c.f.percent(x.alert_rate);
    return {
      subject: t("subject", values),
      paragraphs: [t("reached", { ...values, alert }), t("again")],
      rows: [
        [c.t.label.term, values.term],
        [c.t.label.rate, values.rate],
        [c.t.label.rate_alert, alert],
      ],
      action: actions.packages(c),
    };
  },
  /** The yearly interest statement (modules/tax-statements): information for the tax return, not tax advice. */
  tax_statement_issued: (x, c) => {
    const t = eventTexts(c, "tax_statement_issued");
    const money = (cents: number) => c.f.money(cents, x.currency);
    const rows: Row[] = [
      ...x.deposits.map(
        (d): Row => [
          t("deposit", { reference: d.reference, bank: d.bank_name, country: d.country }),
          money(d.interest_cents),
        ],
      ),
      ...x.countries.map((d): Row => [t("country", { country: d.country }), money(d.interest_cents)]),
      [t("total"), money(x.total_interest_cents)],
    ];
    const paragraphs = [t("intro", { year: x.year }), t("not_advice")];
    if (x.residence !== "FR") {
      rows.push([t("kap_foreign"), money(x.foreign_interest_cents.DE)], [t("kap_withheld"), money(0)]);
    }
    if (x.residence !== "DE") {
      rows.push(
        [t("fr_2042"), money(x.total_interest_cents)],
        [t("fr_2778"), money(x.foreign_interest_cents.FR)],
      );
      paragraphs.push(t("fr_3916"));
    }
    paragraphs.push(t("lines_vary"));
    return { subject: t("subject", { year: x.year }), paragraphs, rows, action: actions.documents(c) };
  },
};
