import { BOOKS_CURRENCY, type Language, moneyFromJsonNumber, moneyToJsonCents, zero } from "@festgeld/domain";
import type { Operator } from "../../config/operator.ts";
import { loadPdfKit } from "../../lib/lazy.ts";
import { fill, textsFor } from "../../locales/catalogues.ts";
import { legalLines } from "./email-text.ts";
import type { EventFacts } from "./message-events.ts";
import { formatterFor } from "./message-format.ts";
import type { EventText } from "./message-texts.ts";

/** The documents the postbox keeps, one per event that the law wants on a durable medium. */
export const DOCUMENT_KINDS = [
  "application_confirmation",
  "approval",
  "withdrawal_receipt",
  "funding_confirmation",
  "maturity_statement",
  "closure_statement",
  "holdings_statement",
  "tax_statement",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** The title of a postbox document in a language. */
export function documentTitle(language: Language, kind: DocumentKind): string {
  return textsFor(language).documents.title[kind];
}

export interface PdfInput {
  kind: DocumentKind;
  language: Language;
  operator: Operator;
  /** The saver's name, shown as the addressee. */
  recipient: string;
  text: EventText;
  issuedAt: Date;
  /** The information sheet of an application confirmation. */
  infoSheet?: Pick<
    EventFacts["application_received"],
    "info_sheet_version" | "info_sheet_acknowledged_at" | "bank"
  >;
  /** Drawn as a QR code when given (EPC "GiroCode" payload), as a matrix of dark modules. */
  qrModules?: boolean[][] | null;
}

/**
 * A postbox document as PDF (pdfkit, the built-in Helvetica, so no font file is shipped): the
 * operator, the addressee, the title, the event's text and figures, the information sheet where it
 * belongs, and the operator's legal details at the foot.
 */
export async function renderPdf(input: PdfInput): Promise<Buffer> {
  const PDFDocument = await loadPdfKit();
  const { language, operator, text } = input;
  const f = formatterFor(language);
  const t = textsFor(language).documents;
  const title = t.title[input.kind];
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    // The creation date is the issue date, so that the same document renders the same bytes (the
    // file id is derived from this information): a batch's statement is rendered on first download.
    info: {
      Title: title,
      Author: operator.name,
      Subject: text.subject,
      Creator: operator.shortName,
      CreationDate: input.issuedAt,
    },
    lang: language,
  });
  // The built-in fonts use WinAnsi, which lacks the narrow no-break space French formatting puts in
  // amounts; a no-break space looks the same there.
  const rawText = doc.text.bind(doc);
  doc.text = ((value: string, ...rest: unknown[]) =>
    (rawText as (...args: unknown[]) => PDFKit.PDFDocument)(
      String(value).replace(/\u202f/g, "\u00a0"),
      ...rest,
    )) as never;
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const width = doc.page.width - 112;

  doc.font("Helvetica-Bold").fontSize(16).fillColor(operator.accentColor).text(operator.shortName);
  doc
    .font("Helvetica")
    .fontSize(9)
    .fillColor("#555555")
    .text(legalLines(operator, language)[0] ?? "");
  doc.moveDown(1.5);
  doc.fillColor("#000000").fontSize(11).text(input.recipient);
  doc
    .fontSize(9)
    .fillColor("#555555")
    .text(fill(t.issued, { date: f.date(input.issuedAt.toISOString()) }));
  doc.moveDown(1.5);
  doc.font("Helvetica-Bold").fontSize(15).fillColor("#000000").text(title);
  doc.moveDown(0.5);
  doc.font("Helvetica").fontSize(11).text(text.subject);
  doc.moveDown(0.8);
  for (const paragraph of text.paragraphs) {
    doc.text(paragraph, { width });
    doc.moveDown(0.5);
  }
  if (text.rows.length > 0) {
    doc.moveDown(0.5);
    table(doc, text.rows, width);
  }
  if (input.qrModules && input.qrModules.length > 0) {
    doc.moveDown(1);
    drawQr(doc, input.qrModules, 110);
  }
  if (input.infoSheet) {
    const s = t.info_sheet;
    // The bank's own scheme when the confirmation names the bank, else the operator's configured one.
    const bank = input.infoSheet.bank;
    const dgs = bank
      ? {
          name: bank.scheme_name,
          coverageCents: bank.coverage_cents,
          reimbursementWorkingDays: bank.repayment_days,
          contact: bank.scheme_contact ?? operator.depositGuarantee.contact,
          website: bank.scheme_website ?? operator.depositGuarantee.website,
        }
      : {
          ...operator.depositGuarantee,
          coverageCents: moneyToJsonCents(
            moneyFromJsonNumber(operator.depositGuarantee.coverageEur, BOOKS_CURRENCY) ??
              zero(BOOKS_CURRENCY),
          ),
        };
    doc.moveDown(1.5);
    doc
      .font("Helvetica-Bold")
      .fontSize(13)
      .text(fill(s.title, { version: input.infoSheet.info_sheet_version }), { width });
    doc.moveDown(0.5);
    table(
      doc,
      [
        [s.bank, bank?.name ?? operator.partnerBank],
        [s.protected_by, dgs.name],
        [s.limit, fill(s.limit_value, { coverage: f.money(dgs.coverageCents, "EUR") })],
        [s.period, fill(s.period_value, { days: dgs.reimbursementWorkingDays })],
        [s.currency, s.currency_value],
        [s.contact, dgs.contact],
        [s.more, dgs.website],
      ],
      width,
    );
    doc.moveDown(0.5);
    doc
      .font("Helvetica")
      .fontSize(10)
      .text(
        input.infoSheet.info_sheet_acknowledged_at
          ? fill(s.acknowledged, { at: f.dateTime(input.infoSheet.info_sheet_acknowledged_at) })
          : s.not_acknowledged,
        { width },
      );
  }
  doc.moveDown(2);
  doc.font("Helvetica").fontSize(8).fillColor("#555555");
  for (const line of legalLines(operator, language)) doc.text(line, { width });
  doc.end();
  return done;
}

function table(doc: PDFKit.PDFDocument, rows: Array<[string, string]>, width: number) {
  const labelWidth = Math.round(width * 0.42);
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font("Helvetica")
      .fontSize(10)
      .fillColor("#555555")
      .text(label, doc.page.margins.left, y, {
        width: labelWidth - 8,
      });
    const afterLabel = doc.y;
    doc
      .font("Helvetica-Bold")
      .fillColor("#000000")
      .text(value, doc.page.margins.left + labelWidth, y, { width: width - labelWidth });
    doc.y = Math.max(afterLabel, doc.y) + 3;
  }
  doc.x = doc.page.margins.left;
}

function drawQr(doc: PDFKit.PDFDocument, modules: boolean[][], size: number) {
  const count = modules.length;
  const cell = size / (count + 8);
  const x0 = doc.page.margins.left + cell * 4;
  const y0 = doc.y + cell * 4;
  modules.forEach((row, r) => {
    row.forEach((dark, c) => {
      if (dark) doc.rect(x0 + c * cell, y0 + r * cell, cell, cell).fill("#000000");
    });
  });
  doc.y = y0 + count * cell + cell * 4;
  doc.x = doc.page.margins.left;
}
