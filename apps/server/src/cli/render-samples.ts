/**
 * Renders a sample of every e-mail and every postbox PDF in English, German and French, with
 * invented figures, so that texts and layout can be reviewed without running the platform:
 *
 *   npm run samples [-- --out <dir>]      (default ./samples; OPERATOR_FILE and PUBLIC_URL apply)
 *
 * Writes <dir>/<language>/email-<name>.html and .txt, and <dir>/<language>/pdf-<kind>.pdf, and an
 * index.html linking them all.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { LANGUAGES } from "@festgeld/domain";
import { loadOperator } from "../config/operator.ts";
import { UNCONFIRMED_ACCOUNT_DAYS } from "../modules/auth/account-security.service.ts";
import { holdingsText } from "../modules/ledger/holdings.service.ts";
import { ACCOUNT_MAIL_TEMPLATE, type AccountMail } from "../modules/messages/account-mail.ts";
import { INFO_SHEET_VERSION } from "../modules/messages/info-sheet.ts";
import type { EventFacts, EventType } from "../modules/messages/message-events.ts";
import { eventText } from "../modules/messages/message-texts.ts";
import {
  DOCUMENT_OF,
  qrModules,
  type RenderContext,
  renderNotificationEmail,
  renderTemplateEmail,
} from "../modules/messages/messages.service.ts";
import { renderPdf } from "../modules/messages/postbox-pdf.ts";
import {
  NEWSLETTER_CONFIRM_TEMPLATE,
  NEWSLETTER_TEMPLATE,
  onlyIn,
} from "../modules/newsletter/newsletter-mail.ts";

const APPLICATION = "3f2b9c1e-7a4d-4e2b-9c1e-7a4d4e2b9c1e";
const EPC =
  "BCD\n002\n1\nSCT\nDEMODEFFXXX\nFestgeld Demo Treuhand\nDE02120300000000202051\nEUR10000.00\n\nRF18FG00100001\n\n";
const money = { application_id: APPLICATION, amount_cents: 1_000_000, currency: "EUR" };
const deposit = { ...money, deposit_reference: "RF18FG00100001" };

/** The deposits of the sample statement of holdings. */
const HOLDINGS = [
  {
    depositId: "1c0ffee0-0000-4000-8000-000000000001",
    reference: "RF18FG00100001",
    currency: "EUR",
    rate: "3.50",
    months: 12,
    valueDate: "2026-02-02",
    maturityDate: "2027-02-02",
    bank: "Demo Partnerbank AG",
    balanceCents: 1_000_000n,
    inTransitCents: 0n,
  },
  {
    depositId: "1c0ffee0-0000-4000-8000-000000000002",
    reference: "RF61FG00100002",
    currency: "EUR",
    rate: "2.80",
    months: 6,
    valueDate: "2026-08-15",
    maturityDate: "2027-02-15",
    bank: "Demo Partnerbank AG",
    balanceCents: 0n,
    // Matured: its payout is ordered and on the way (payments in transit).
    inTransitCents: 2_550_050n,
  },
];

/** One sample of every event's facts; the compiler checks that no event is missing. */
const FACTS: { [K in EventType]: EventFacts[K] } = {
  application_received: {
    ...money,
    rate: "3.50",
    term_months: 12,
    received_at: "2026-11-23T09:15:00Z",
    info_sheet_version: INFO_SHEET_VERSION,
    info_sheet_acknowledged_at: "2026-11-23T09:14:30Z",
    full_name: "Erika Mustermann",
    reference_iban: "DE89 **** **** **** **** 3000",
    maturity_instruction: "renew_principal",
  },
  application_approved: {
    ...money,
    rate: "3.50",
    term_months: 12,
    approved_at: "2026-11-24T10:00:00Z",
    withdrawal_deadline: "2026-12-08T22:59:59Z",
    transfer: {
      account_holder: "Festgeld Demo Treuhand",
      iban: "DE02120300000000202051",
      bic: "DEMODEFFXXX",
      reference: "RF18FG00100001",
      amount_cents: 1_000_000,
      currency: "EUR",
      deadline: "2026-12-08",
      epc_qr_payload: EPC,
    },
  },
  application_rejected: { ...money, reason: "The reference account could not be verified." },
  application_withdrawn: { ...money, withdrawn_at: "2026-11-30T16:20:00Z" },
  kyc_document_approved: { document_type: "passport" },
  kyc_document_rejected: { document_type: "utility_bill", reason: "The bill is older than three months." },
  kyc_document_new_upload: { document_type: "id_card", reason_code: "blurry", reason: null },
  identity_verified: {},
  password_changed: { changed_at: "2026-11-25T08:00:00Z" },
  new_sign_in: {
    signed_in_at: "2026-11-25T08:00:00Z",
    browser: "Firefox 133",
    os: "Windows 11",
    ip: "198.51.100.7",
  },
  passkey_added: { name: "Chrome on macOS", at: "2026-11-25T08:02:00Z" },
  passkey_removed: { name: "Chrome on macOS", at: "2026-11-25T08:03:00Z" },
  email_changed: {
    old_email: "erika@example.test",
    new_email: "erika.mustermann@example.test",
    changed_at: "2026-11-25T08:05:00Z",
  },
  deposit_funded: {
    ...deposit,
    rate: "3.50",
    term_months: 12,
    value_date: "2026-11-27",
    maturity_date: "2027-11-27",
  },
  deposit_maturity_reminder: {
    ...deposit,
    maturity_date: "2027-11-27",
    cutoff_date: "2027-11-22",
    instruction: "renew_principal",
  },
  deposit_payout_ordered: {
    ...deposit,
    purpose: "maturity_payout",
    payout_cents: 1_035_000,
    expected_date: "2027-11-27",
    reference_iban: "DE89 **** **** **** **** 3000",
  },
  deposit_paid_out: {
    ...deposit,
    maturity_date: "2027-11-27",
    booked_on: "2027-11-29",
    principal_cents: 1_000_000,
    gross_interest_cents: 35_000,
    payout_cents: 1_035_000,
    reference_iban: "DE89 **** **** **** **** 3000",
  },
  deposit_renewed: {
    ...deposit,
    maturity_date: "2027-11-27",
    principal_cents: 1_000_000,
    gross_interest_cents: 35_000,
    payout_cents: 35_000,
    new_amount_cents: 1_000_000,
    new_rate: "3.40",
    new_maturity_date: "2028-11-27",
  },
  deposit_closed_early: {
    ...deposit,
    close_date: "2027-05-27",
    months_held: 6,
    principal_cents: 1_000_000,
    gross_interest_cents: 10_000,
    payout_cents: 1_010_000,
    reference_iban: "DE89 **** **** **** **** 3000",
  },
  deposit_lapsed: { ...deposit, deadline: "2026-12-08T22:59:59Z" },
  deposit_payment_booked: {
    ...deposit,
    purpose: "withdrawal_refund",
    payout_cents: 1_000_000,
    booked_on: "2026-12-03",
    reference_iban: "DE89 **** **** **** **** 3000",
  },
  deposit_interest_paid: {
    ...deposit,
    month: 2,
    months: 12,
    interest_cents: 2_917,
    due_date: "2027-02-01",
    booked_on: "2027-02-02",
    paid_to_date_cents: 5_834,
    total_interest_cents: 35_000,
    reference_iban: "DE89 **** **** **** **** 3000",
  },
  deposit_payout_returned: {
    ...deposit,
    purpose: "maturity_payout",
    payout_cents: 1_035_000,
    reason_code: "AC04",
    returned_on: "2027-12-01",
    reference_iban: "DE89 **** **** **** **** 3000",
  },
  deposit_payout_redirected: {
    ...deposit,
    purpose: "maturity_payout",
    payout_cents: 1_035_000,
    old_iban: "DE89 **** **** **** **** 3000",
    new_iban: "FR14 **** **** **** **** **** 2606",
  },
  rate_alert_reached: {
    term_months: 12,
    alert_rate: "3.50",
    best_rate: "3.60",
    package_id: "00000000-0000-4000-8000-000000000012",
  },
  tax_statement_issued: {
    year: 2026,
    total_interest_cents: 57_500,
    currency: "EUR",
    deposits: [
      {
        reference: "RF18 0000 0000 0000 0001 2345",
        bank_name: "Nordbank AG",
        country: "DE",
        interest_cents: 35_000,
      },
      {
        reference: "RF71 0000 0000 0000 0001 2346",
        bank_name: "Banque du Rhône",
        country: "FR",
        interest_cents: 22_500,
      },
    ],
    countries: [
      { country: "DE", interest_cents: 35_000 },
      { country: "FR", interest_cents: 22_500 },
    ],
    foreign_interest_cents: { DE: 22_500, FR: 35_000 },
    residence: "DE",
  },
};

const ACCOUNT_MAILS: Record<string, AccountMail> = {
  "password-reset": {
    kind: "password_reset",
    path: "/reset-password#token=SAMPLE",
    minutes: 30,
    by_staff: false,
  },
  "verify-email": {
    kind: "verify_email",
    path: "/verify-email#token=SAMPLE",
    hours: 48,
    unconfirmed_days: UNCONFIRMED_ACCOUNT_DAYS,
  },
  "confirm-email-change": { kind: "confirm_email_change", path: "/verify-email#token=SAMPLE", hours: 48 },
};

async function main() {
  const { values } = parseArgs({ options: { out: { type: "string", default: "samples" } } });
  const out = path.resolve(values.out ?? "samples");
  const context: RenderContext = {
    operator: loadOperator(process.env.OPERATOR_FILE),
    publicUrl: (process.env.PUBLIC_URL ?? "http://127.0.0.1:3000").replace(/\/+$/, ""),
  };
  const links: string[] = [];
  for (const language of LANGUAGES) {
    const dir = path.join(out, language);
    mkdirSync(dir, { recursive: true });
    const write = (name: string, rendered: { subject: string; html: string; text: string }) => {
      writeFileSync(path.join(dir, `email-${name}.html`), rendered.html);
      writeFileSync(path.join(dir, `email-${name}.txt`), `Subject: ${rendered.subject}\n\n${rendered.text}`);
      links.push(`${language}/email-${name}.html`);
    };
    for (const type of Object.keys(FACTS) as EventType[]) {
      const facts = { type, facts: FACTS[type] };
      write(`event-${type}`, await renderTemplateEmail({ template: "event", facts, language }, context));
      const kind = DOCUMENT_OF[type];
      if (!kind) continue;
      const pdf = await renderPdf({
        kind,
        language,
        operator: context.operator,
        recipient: "Erika Mustermann",
        text: eventText(type, FACTS[type] as never, language),
        issuedAt: new Date("2026-11-24T10:00:00Z"),
        infoSheet: type === "application_received" ? FACTS.application_received : undefined,
        qrModules: type === "application_approved" ? await qrModules(EPC) : null,
      });
      const name = `pdf-${kind}${type === "deposit_renewed" ? "-renewal" : ""}.pdf`;
      writeFileSync(path.join(dir, name), pdf);
      links.push(`${language}/${name}`);
    }
    // The statement of holdings a saver asks for (no event): two deposits on one day.
    const holdings = await renderPdf({
      kind: "holdings_statement",
      language,
      operator: context.operator,
      recipient: "Erika Mustermann",
      text: holdingsText("2026-11-24", HOLDINGS, language),
      issuedAt: new Date("2026-11-24T10:00:00Z"),
    });
    writeFileSync(path.join(dir, "pdf-holdings_statement.pdf"), holdings);
    links.push(`${language}/pdf-holdings_statement.pdf`);
    for (const [name, facts] of Object.entries(ACCOUNT_MAILS)) {
      write(
        `account-${name}`,
        // Queued with the page under the mail's language (account-security.service.ts, queueMail).
        await renderTemplateEmail(
          {
            template: ACCOUNT_MAIL_TEMPLATE,
            facts: { ...facts, path: `/${language}${facts.path}` },
            language,
          },
          context,
        ),
      );
    }
    write(
      "newsletter-confirm",
      await renderTemplateEmail(
        {
          template: NEWSLETTER_CONFIRM_TEMPLATE,
          facts: { path: "/newsletter/confirm#token=SAMPLE", days: 30 },
          language,
        },
        context,
      ),
    );
    write(
      "newsletter-issue",
      await renderTemplateEmail(
        {
          template: NEWSLETTER_TEMPLATE,
          facts: {
            title: "Rates in spring",
            message: "Our 12-month rate rises to 3.60 % from Monday.\n\nRead more on the packages page.",
            // A reader of German or French sees the note of a text written only in English.
            note: language === "en" ? null : onlyIn(language, "en"),
            unsubscribe_path: "/newsletter/unsubscribe#token=SAMPLE",
          },
          language,
        },
        context,
      ),
    );
    write(
      "notification",
      await renderNotificationEmail(
        { title: "Maintenance on Sunday", message: "The site is offline from 2 to 4 am.", note: null },
        language,
        context,
      ),
    );
  }
  const index = `<!doctype html><meta charset="utf-8"><title>E-mail and PDF samples</title><ul>${links
    .map((l) => `<li><a href="${l}">${l}</a></li>`)
    .join("")}</ul>`;
  writeFileSync(path.join(out, "index.html"), index);
  process.stdout.write(`${links.length} samples written to ${out} (open index.html)\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
