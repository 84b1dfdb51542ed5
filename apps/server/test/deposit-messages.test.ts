import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  addDays,
  addMonths,
  BUSINESS_TIME_ZONE,
  dateInZone,
  formatCreditorReference,
  formatIban,
  simpleInterest,
  toBasisPoints,
} from "@festgeld/domain";
import type { FastifyInstance } from "fastify";
import jsQR from "jsqr";
import { PNG } from "pngjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdjustableClock } from "../src/lib/clock.ts";
import { adjustableClockOf, moveClockTo } from "./helpers/clock-app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { eurosOf } from "./helpers/money.ts";
import { settlePayments } from "./helpers/payments.ts";
import { appWithSmtp, outboxDrained, type ReceivedMail, startSmtp } from "./helpers/smtp.ts";

type Headers = { authorization: string };
type Language = "en" | "de" | "fr";

const LOCALE: Record<Language, string> = { en: "en-GB", de: "de-DE", fr: "fr-FR" };
/** Spaces as pdftotext and mail clients show them (French amounts use narrow no-break spaces). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/[ \t]+/g, " ");
const money = (language: Language, cents: bigint) =>
  plain(
    new Intl.NumberFormat(LOCALE[language], { style: "currency", currency: "EUR" }).format(eurosOf(cents)),
  );
const longDate = (language: Language, date: string) =>
  new Intl.DateTimeFormat(LOCALE[language], { dateStyle: "long", timeZone: BUSINESS_TIME_ZONE }).format(
    new Date(`${date}T12:00:00Z`),
  );
const shortReference = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();

function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "festgeld-pdf-"));
  const file = path.join(dir, "document.pdf");
  writeFileSync(file, pdf);
  return plain(execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" }));
}

/** The QR codes of a PDF's first page: rendered by poppler's pdftoppm, decoded by jsQR. */
function pdfQrCode(pdf: Buffer): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), "festgeld-qr-"));
  writeFileSync(path.join(dir, "document.pdf"), pdf);
  execFileSync("pdftoppm", ["-png", "-r", "200", "-f", "1", "-l", "1", "document.pdf", "page"], { cwd: dir });
  const image = readdirSync(dir).find((name) => name.endsWith(".png"));
  if (!image) return null;
  const png = PNG.sync.read(readFileSync(path.join(dir, image)));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

/** What each event's subject says, per language (the texts live in message-texts.ts). */
type Step = "approved" | "funded" | "reminder" | "payoutOrdered" | "paidOut" | "renewed" | "lapsed";
const SUBJECT: Record<Language, Record<Step, RegExp>> = {
  en: {
    approved: /^Your application \w+ is approved$/,
    funded: /^Funds received: your fixed-term deposit \w+ is active$/,
    reminder: /^Your fixed-term deposit \w+ matures on /,
    payoutOrdered: /^Payment ordered: payout of deposit \w+$/,
    paidOut: /^Your fixed-term deposit \w+ has been paid out$/,
    renewed: /^Your fixed-term deposit \w+ has been renewed$/,
    lapsed: /^Your application \w+ has lapsed$/,
  },
  de: {
    approved: /^Ihr Antrag \w+ ist genehmigt$/,
    funded: /^Geld eingegangen: Ihre Festgeldanlage \w+ läuft$/,
    reminder: /^Ihre Festgeldanlage \w+ wird am .* fällig$/,
    payoutOrdered: /^Zahlung beauftragt: Auszahlung der Anlage \w+$/,
    paidOut: /^Ihre Festgeldanlage \w+ wurde ausgezahlt$/,
    renewed: /^Ihre Festgeldanlage \w+ wurde verlängert$/,
    lapsed: /^Ihr Antrag \w+ ist verfallen$/,
  },
  fr: {
    approved: /^Votre demande \w+ est approuvée$/,
    funded: /^Fonds reçus\s: votre dépôt à terme \w+ est actif$/,
    reminder: /^Votre dépôt à terme \w+ arrive à échéance le /,
    payoutOrdered: /^Paiement ordonné\s: versement du dépôt \w+$/,
    paidOut: /^Votre dépôt à terme \w+ a été versé$/,
    renewed: /^Votre dépôt à terme \w+ a été renouvelé$/,
    lapsed: /^Votre demande \w+ a expiré$/,
  },
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Awaited<ReturnType<typeof appWithSmtp>>;
let app: FastifyInstance;
let clock: AdjustableClock;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let addressCounter = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await appWithSmtp(smtp.url, { CLOCK_CONTROL: "true" });
  app = env.app;
  clock = adjustableClockOf(app);
  admin = await createAdmin(app);
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

async function register(language: Language) {
  const email = uniqueEmail(`deposit-${language}`);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "accept-language": language },
    payload: { email, password: TEST_PASSWORD, full_name: "Erika Mustermann" },
    remoteAddress: `10.66.0.${++addressCounter}`,
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { access_token: string; user: { id: string } };
  return { email, user: { id: body.user.id }, headers: { authorization: `Bearer ${body.access_token}` } };
}

/** Mails of one kind to an address, once the outbox has sent what was queued. */
async function mailsTo(address: string, subject: RegExp): Promise<ReceivedMail[]> {
  await outboxDrained(app);
  return smtp.to(address).filter((mail) => subject.test(plain(mail.subject)));
}

async function inbox(headers: Headers) {
  const res = await app.inject({ method: "GET", url: "/api/notifications", headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ title: string; message: string }>;
}

async function documents(headers: Headers) {
  const res = await app.inject({ method: "GET", url: "/api/documents", headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ id: string; kind: string }>;
}

async function documentPdf(headers: Headers, id: string) {
  const res = await app.inject({ method: "GET", url: `/api/documents/${id}`, headers });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

/** Moves the clock to noon (Berlin) of a calendar day and runs the jobs that fell due. */
const moveTo = (date: string) => moveClockTo(app, clock, date);

/** Exactly one e-mail and one inbox message of the event, both saying every expected figure. */
async function expectToldOnce(
  saver: { email: string; headers: Headers },
  subject: RegExp,
  figures: string[],
): Promise<ReceivedMail> {
  const mails = await mailsTo(saver.email, subject);
  expect(mails, `e-mails matching ${subject}`).toHaveLength(1);
  const mail = mails[0] as ReceivedMail;
  const messages = (await inbox(saver.headers)).filter((m) => subject.test(plain(m.title)));
  expect(messages, `inbox messages matching ${subject}`).toHaveLength(1);
  for (const figure of figures) {
    expect(plain(mail.text)).toContain(figure);
    expect(plain(messages[0]?.message ?? "")).toContain(figure);
  }
  return mail;
}

const cases: Array<{ language: Language; instruction: "payout" | "renew_principal" | "renew_all" }> = [
  { language: "en", instruction: "payout" },
  { language: "de", instruction: "renew_principal" },
  { language: "fr", instruction: "renew_all" },
];

describe("every deposit event reaches the saver once, in the saver's language", () => {
  for (const { language, instruction } of cases) {
    it(`approval with the QR code, funding, reminder, maturity (${language}, ${instruction})`, async () => {
      clock.reset();
      const saver = await register(language);
      const application = await approvedApplication(app, saver, admin, { amount: 10_000, instruction });
      const deposit = application.deposit;
      const transfer = deposit.transfer;
      if (!transfer) throw new Error("no transfer instructions");
      const amount = money(language, 1_000_000n);
      // E-mails and PDFs print the reference and the IBAN in groups of four.
      const reference = formatCreditorReference(deposit.reference);

      // Approved: the transfer instructions, in the e-mail, the inbox and the PDF with its GiroCode.
      const approvedMail = await expectToldOnce(saver, SUBJECT[language].approved, [
        reference,
        formatIban(transfer.iban),
        amount,
      ]);
      expect(approvedMail.subject).toContain(shortReference(application.id));
      const approval = (await documents(saver.headers)).find((d) => d.kind === "approval");
      const approvalPdf = await documentPdf(saver.headers, approval?.id ?? "");
      const approvalText = pdfText(approvalPdf);
      expect(approvalText).toContain(reference);
      expect(approvalText).toContain(amount);
      expect(approvalText).toContain(
        longDate(language, dateInZone(new Date(transfer.deadline), BUSINESS_TIME_ZONE)),
      );
      expect(pdfQrCode(approvalPdf)).toBe(transfer.epc_qr_payload);

      // Funds received.
      const valueDate = dateInZone(clock.now(), BUSINESS_TIME_ZONE);
      const maturity = addMonths(valueDate, 12);
      const funded = await app.inject({
        method: "POST",
        url: `/api/admin/deposits/${deposit.id}/funding`,
        headers: admin.headers,
        payload: { amount: 10_000, value_date: valueDate, payer_iban: SAVER_IBAN },
      });
      expect(funded.statusCode, funded.body).toBe(200);
      const fundingFigures = [reference, amount, longDate(language, valueDate), longDate(language, maturity)];
      await expectToldOnce(saver, SUBJECT[language].funded, fundingFigures);
      const confirmation = (await documents(saver.headers)).find((d) => d.kind === "funding_confirmation");
      const confirmationText = pdfText(await documentPdf(saver.headers, confirmation?.id ?? ""));
      for (const figure of fundingFigures) expect(confirmationText).toContain(figure);

      // 14 days ahead: the reminder with the cut-off; a retried job tells nothing more.
      await moveTo(addDays(maturity, -14));
      const cutoff = longDate(language, addDays(maturity, -5));
      await expectToldOnce(saver, SUBJECT[language].reminder, [
        reference,
        longDate(language, maturity),
        cutoff,
      ]);
      await app.db
        .updateTable("jobs")
        .set({ state: "pending", run_at: clock.now() })
        .where("key", "=", `deposit.maturity_reminder:${deposit.id}`)
        .execute();
      expect(await app.jobs.runDue()).toBeGreaterThanOrEqual(1);
      expect(await mailsTo(saver.email, SUBJECT[language].reminder)).toHaveLength(1);

      // Maturity: the gross interest, what was paid out, what was renewed.
      await moveTo(maturity);
      const rate = toBasisPoints(deposit.interest_rate) ?? 0n;
      const { interestCents } = simpleInterest({
        principalCents: 1_000_000n,
        rateBasisPoints: rate,
        months: 12,
      });
      const interest = money(language, interestCents);
      const statementFigures = [reference, amount, interest, longDate(language, maturity)];
      if (instruction === "payout") {
        // The payout is ordered first (with the expected execution date), then told as paid once
        // the bank has booked it.
        expect(await mailsTo(saver.email, SUBJECT[language].paidOut)).toHaveLength(0);
        const payout = money(language, 1_000_000n + interestCents);
        await expectToldOnce(saver, SUBJECT[language].payoutOrdered, [payout, longDate(language, maturity)]);
        const bookedOn = addDays(maturity, 1);
        await moveTo(bookedOn);
        await settlePayments(app, admin, bookedOn);
        // The e-mail, the inbox message and the maturity statement name the bank's booking date.
        statementFigures.push(payout, longDate(language, bookedOn));
        await expectToldOnce(saver, SUBJECT[language].paidOut, statementFigures);
      } else {
        const renewed = instruction === "renew_all" ? 1_000_000n + interestCents : 1_000_000n;
        statementFigures.push(money(language, renewed), longDate(language, addMonths(maturity, 12)));
        if (instruction === "renew_principal") statementFigures.push(interest);
        await expectToldOnce(saver, SUBJECT[language].renewed, statementFigures);
      }
      const statement = (await documents(saver.headers)).find((d) => d.kind === "maturity_statement");
      const statementText = pdfText(await documentPdf(saver.headers, statement?.id ?? ""));
      for (const figure of statementFigures) expect(statementText).toContain(figure);
      // Once more, a maturity run that finds nothing to do tells nothing.
      await app.jobs.runDue();
      expect(await mailsTo(saver.email, SUBJECT[language].paidOut)).toHaveLength(
        instruction === "payout" ? 1 : 0,
      );
      expect(await mailsTo(saver.email, SUBJECT[language].renewed)).toHaveLength(
        instruction === "payout" ? 0 : 1,
      );
      // Every mail went to the account's address only; the application's contact address got none.
      expect(smtp.to("erika@example.test")).toHaveLength(0);
      clock.reset();
    });
  }

  it("an approval in US dollars: the transfer details in the e-mail and the PDF, no QR code", async () => {
    clock.reset();
    const saver = await register("en");
    const application = await approvedApplication(app, saver, admin, { amount: 10_000, currency: "USD" });
    const transfer = application.deposit.transfer;
    if (!transfer) throw new Error("no transfer instructions");
    expect(transfer).toMatchObject({ currency: "USD", epc_qr_payload: null });
    const reference = formatCreditorReference(application.deposit.reference);
    const amount = plain(
      new Intl.NumberFormat(LOCALE.en, { style: "currency", currency: "USD" }).format(10_000),
    );
    await expectToldOnce(saver, SUBJECT.en.approved, [reference, formatIban(transfer.iban), amount]);
    const approval = (await documents(saver.headers)).find((d) => d.kind === "approval");
    const approvalPdf = await documentPdf(saver.headers, approval?.id ?? "");
    const approvalText = pdfText(approvalPdf);
    expect(approvalText).toContain(reference);
    expect(approvalText).toContain(amount);
    // No GiroCode drawn (it would send euros), and no text that promises one.
    expect(pdfQrCode(approvalPdf)).toBeNull();
    expect(approvalText).not.toMatch(/\bQR\b|GiroCode/i);
  });

  it("a lapse is told once, with the reference and the deadline", async () => {
    clock.reset();
    const saver = await register("de");
    const application = await approvedApplication(app, saver, admin, { amount: 6_000 });
    const deadline = new Date(application.deposit.transfer?.deadline ?? "");
    clock.set(new Date(deadline.getTime() + 60_000));
    await app.jobs.runDue();
    await app.jobs.runDue();
    await expectToldOnce(saver, SUBJECT.de.lapsed, [
      formatCreditorReference(application.deposit.reference),
      money("de", 600_000n),
      longDate("de", dateInZone(deadline, BUSINESS_TIME_ZONE)),
    ]);
    clock.reset();
  });
});
