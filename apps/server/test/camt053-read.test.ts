import { readFileSync } from "node:fs";
import { eur, MAX_CONTRACT_CENTS, moneyFromDecimalText, moneyToDecimalText } from "@festgeld/domain";
import fc from "fast-check";
import { XMLBuilder, XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import {
  CAMT053_VERSIONS,
  MAX_STATEMENT_CENTS,
  parseCamt053,
  type StatementEntry,
  StatementFormatError,
} from "../src/modules/deposits/camt053.ts";
import { buildPain001, MAX_TRANSFER_CENTS } from "../src/modules/payments/pain001.ts";
import { camt053 } from "./helpers/deposits.ts";

const VERSION_NUMBERS = CAMT053_VERSIONS.map((v) => v.slice(-2));

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/camt053/${name}`, import.meta.url), "utf8");

const pick = (entry: StatementEntry, ...keys: (keyof StatementEntry)[]) =>
  Object.fromEntries(keys.map((k) => [k, entry[k]]));

describe("camt.053 reading of banks' statements", () => {
  it("finds RF references cut across 35-character lines and in lower case, and keeps the payer's text (.001.02)", () => {
    const s = parseCamt053(fixture("ing-001-02-references.xml"));
    expect(s).toMatchObject({
      format: "camt.053.001.02",
      messageId: "ING-20261125-000173",
      statementId: "0173-2026-11-25",
      accountIban: "NL20INGB0001234567",
      enveloped: false,
    });
    expect(s.statements[0]).toMatchObject({
      accountCurrency: "EUR",
      openingBalance: { type: "OPBD", amountCents: 100_000n, creditDebit: "CRDT", date: "2026-11-24" },
      closingBalance: { type: "CLBD", amountCents: 1_435_000n, creditDebit: "CRDT", date: "2026-11-25" },
      fromDate: "2026-11-25",
      toDate: "2026-11-25",
    });
    expect(s.entries.map((e) => e.kind)).toEqual(["credit", "credit", "credit", "debit"]);
    const [split, lower, none, debit] = s.entries;
    expect(split).toMatchObject({
      reference: "RF37FG00100001",
      remittanceText: "Festgeld Einlage Erika M. RF37FG00100001 Danke",
      counterpartyName: "Erika Mustermann",
      counterpartyIban: "DE89370400440532013000",
      bookingDate: "2026-11-25",
      valueDate: "2026-11-25",
      bankTransactionCode: "PMNT/RCDT/ESCT",
      position: { statement: 1, entry: 1, transaction: 1 },
    });
    expect(lower).toMatchObject({
      reference: "RF80FG00100003",
      remittanceText: "festgeld rf80 fg00 1000 03",
    });
    expect(none).toMatchObject({
      reference: null,
      remittanceText: "Anlage fuer meine Tochter, Vertrag vom 20.11.",
    });
    expect(debit).toMatchObject({
      direction: "DBIT",
      amountCents: 250_000n,
      endToEndId: "PO-000017",
      counterpartyName: "Erika Mustermann",
      counterpartyIban: "DE89370400440532013000",
      bankReference: "20261125-0000104",
    });
    // The credits the deposit desk matches: the three incoming payments, references found.
    expect(s.credits.map((c) => [c.amountCents, c.reference, c.payerIban])).toEqual([
      [1_000_000n, "RF37FG00100001", "DE89370400440532013000"],
      [500_000n, "RF80FG00100003", "FR1420041010050500013M02606"],
      [85_000n, null, "DE44500105175407324931"],
    ]);
  });

  it("reports each transfer of a batch debit with its end-to-end id (.001.04, PRCD as opening)", () => {
    const s = parseCamt053(fixture("abn-amro-001-04-batch.xml"));
    expect(s.format).toBe("camt.053.001.04");
    expect(s.statements[0]?.openingBalance).toMatchObject({ type: "PRCD", amountCents: 5_000_000n });
    expect(s.statements[0]?.closingBalance).toMatchObject({ amountCents: 2_935_877n, date: "2026-11-26" });
    expect(
      s.entries.map((e) => pick(e, "kind", "amountCents", "endToEndId", "counterpartyIban", "position")),
    ).toEqual([
      {
        kind: "debit",
        amountCents: 1_032_055n,
        endToEndId: "PO-000021",
        counterpartyIban: "DE44500105175407324931",
        position: { statement: 1, entry: 1, transaction: 1 },
      },
      {
        kind: "debit",
        amountCents: 1_032_068n,
        endToEndId: "PO-000022",
        counterpartyIban: "FR1420041010050500013M02606",
        position: { statement: 1, entry: 1, transaction: 2 },
      },
    ]);
    expect(s.credits).toEqual([]);
  });

  it("reports a reversal with what it reverses, and keeps the reversed credit (.001.08)", () => {
    const s = parseCamt053(fixture("nordea-001-08-reversal.xml"));
    expect(s.statements[0]?.openingBalance).toMatchObject({ amountCents: -25_000n, creditDebit: "DBIT" });
    const [credit, reversal] = s.entries;
    expect(credit).toMatchObject({
      kind: "credit",
      reference: "RF26FG00100005",
      counterpartyName: "Matti Virtanen",
      endToEndId: "E2E-MATTI-20261125",
    });
    expect(reversal).toMatchObject({
      kind: "reversal",
      direction: "DBIT",
      reversalIndicator: true,
      amountCents: 2_500_000n,
      reverses: { direction: "CRDT", endToEndId: "E2E-MATTI-20261125", reference: "RF26FG00100005" },
      bankReference: "5320261125AAA0002",
    });
    // The reversal is not a credit; the credit it undoes is still reported (the desk must undo it).
    expect(s.credits).toHaveLength(1);
  });

  it("gives booking and value date apart: booked today, value tomorrow (.001.10)", () => {
    const s = parseCamt053(fixture("postfinance-001-10-value-date.xml"));
    expect(s.format).toBe("camt.053.001.10");
    expect(s.entries[0]).toMatchObject({
      kind: "credit",
      bookingDate: "2026-11-25",
      valueDate: "2026-11-26",
      reference: "RF53FG00100004",
      counterpartyName: "Beat Mueller",
      reversalIndicator: false,
    });
    expect(s.credits[0]?.valueDate).toBe("2026-11-26");
    expect(s.statements[0]).toMatchObject({
      accountIban: "CH5604835012345678009",
      openingBalance: { amountCents: 0n, date: "2026-11-25" },
      closingBalance: { amountCents: 1_500_000n },
    });
    expect(s.statements[0]?.balances.map((b) => b.type)).toEqual(["OPBD", "CLBD", "CLAV"]);
  });

  it("reports returns with reason code and original end-to-end id, in both directions (.001.12)", () => {
    const s = parseCamt053(fixture("goldman-001-12-returns.xml"));
    expect(s.entries.map((e) => pick(e, "kind", "direction", "amountCents", "returned"))).toEqual([
      {
        kind: "return",
        direction: "CRDT",
        amountCents: 1_020_000n,
        returned: {
          payment: "outgoing",
          reasonCode: "AC04",
          reasonText: "Account closed",
          originalEndToEndId: "PO-000031",
        },
      },
      {
        kind: "return",
        direction: "DBIT",
        amountCents: 500_000n,
        returned: {
          payment: "incoming",
          reasonCode: "MS02",
          reasonText: null,
          originalEndToEndId: "20261124-MB-88412",
        },
      },
    ]);
    // A returned payout carries the deposit's reference; it is not a new credit for the desk.
    expect(s.credits).toEqual([]);
  });

  it("refuses entries whose amount cannot be read, and pending ones, with a reason, never dropping them (.001.13)", () => {
    const s = parseCamt053(fixture("genkgo-001-13-unreadable.xml"));
    expect(s.entries.map((e) => [e.kind, e.amountText, e.refusal?.reason ?? null])).toEqual([
      ["refused", "1E4", "amount_unreadable"],
      ["refused", "10000.001", "amount_unreadable"],
      ["refused", "10 000,00", "amount_unreadable"],
      ["refused", "10000.00", "not_booked"],
      ["credit", "10001.000", null],
    ]);
    expect(s.entries[0]?.refusal?.detail).toBe('"1E4" is not a positive amount with at most two decimals');
    // What could be read of a refused entry is still there for staff.
    expect(s.entries[0]).toMatchObject({ reference: "RF37FG00100001", counterpartyName: "Anna Schmidt" });
    expect(s.entries[3]).toMatchObject({ status: "PDNG" });
    expect(s.credits.map((c) => [c.amountCents, c.reference])).toEqual([[1_000_100n, "RF80FG00100003"]]);
  });

  it("reads a statement inside a SWIFT CBPR+ envelope with prefixed elements (.001.08)", () => {
    const s = parseCamt053(fixture("swift-cbpr-envelope-001-08.xml"));
    expect(s).toMatchObject({
      format: "camt.053.001.08",
      messageId: "STMT2611250001",
      accountIban: "DE02120300000000202051",
      enveloped: true,
    });
    expect(s.entries[0]).toMatchObject({
      kind: "credit",
      reference: "RF37FG00100001",
      endToEndId: "E2E-ERIKA-0001",
    });
    expect(s.statements[0]?.closingBalance).toMatchObject({ amountCents: 2_200_000n });
  });

  it("reads several statements of several accounts in one message, and a debit's reversal (.001.02)", () => {
    const s = parseCamt053(fixture("oca-001-02-two-accounts.xml"));
    expect(s).toMatchObject({
      statementId: "1420561226673-A,1420561226673-B",
      accountIban: "NL77ABNA0574908765",
    });
    expect(s.statements.map((st) => [st.id, st.accountIban, st.closingBalance?.amountCents])).toEqual([
      ["1420561226673-A", "NL77ABNA0574908765", 800_000n],
      ["1420561226673-B", "NL20INGB0001234567", 2_000_000n],
    ]);
    expect(
      s.entries.map((e) => pick(e, "kind", "statementId", "position", "endToEndId", "reverses")),
    ).toEqual([
      {
        kind: "debit",
        statementId: "1420561226673-A",
        position: { statement: 1, entry: 1, transaction: 1 },
        endToEndId: "PO-000040",
        reverses: null,
      },
      {
        kind: "reversal",
        statementId: "1420561226673-A",
        position: { statement: 1, entry: 2, transaction: 1 },
        endToEndId: "PO-000040",
        reverses: { direction: "DBIT", endToEndId: "PO-000040", reference: null },
      },
      {
        kind: "credit",
        statementId: "1420561226673-B",
        position: { statement: 2, entry: 1, transaction: 1 },
        endToEndId: "E2E-OCA-B-1",
        reverses: null,
      },
    ]);
    expect(s.credits.map((c) => c.reference)).toEqual(["RF80FG00100003"]);
  });

  it("reads the amount booked net of charges, a lower-case structured reference, an entry without details (.001.04)", () => {
    const s = parseCamt053(fixture("swiss-bank-001-04-charges.xml"));
    const [credit, fee] = s.entries;
    expect(credit).toMatchObject({
      kind: "credit",
      amountCents: 999_500n,
      reference: "RF18539007547034",
      counterpartyIban: "IT60X0542811101000000123456",
      bankReference: "RAIF-20261125-88-1",
      bankTransactionCode: "PMNT/RCDT/XBCT",
      remittanceText: "Gutschrift Auslandzahlung MARCO ROSSI",
    });
    expect(fee).toMatchObject({
      kind: "debit",
      amountCents: 600n,
      position: { statement: 1, entry: 2, transaction: null },
      bankTransactionCode: "ACMT/MDOP/CHRG",
      remittanceText: "Kontofuehrungsgebuehr November",
      endToEndId: null,
    });
    expect(s.statements[0]?.closingBalance?.amountCents).toBe(1_098_900n);
  });

  it("accounts for every entry of every fixture", () => {
    for (const name of [
      "ing-001-02-references.xml",
      "abn-amro-001-04-batch.xml",
      "nordea-001-08-reversal.xml",
      "postfinance-001-10-value-date.xml",
      "goldman-001-12-returns.xml",
      "genkgo-001-13-unreadable.xml",
      "swift-cbpr-envelope-001-08.xml",
      "oca-001-02-two-accounts.xml",
      "swiss-bank-001-04-charges.xml",
    ]) {
      const xml = fixture(name);
      const s = parseCamt053(xml);
      // One result per transaction, or per entry without details.
      const expected = [...xml.matchAll(/<(?:\w+:)?Ntry>([\s\S]*?)<\/(?:\w+:)?Ntry>/g)].reduce(
        (n, m) => n + Math.max(1, [...(m[1] ?? "").matchAll(/<(?:\w+:)?TxDtls>/g)].length),
        0,
      );
      expect(s.entries, name).toHaveLength(expected);
    }
  });
});

describe("camt.053 versions and formats", () => {
  /** The test helper's .001.08 statement relabelled: the elements read are the same in .001.07 to .001.13. */
  const relabelled = (version: string) =>
    camt053("08", { messageId: "M1", credits: [{ amount: "10.00", reference: "RF18539007547034" }] }).replace(
      "camt.053.001.08",
      `camt.053.001.${version}`,
    );

  it("reads every version from .001.02 to .001.13", () => {
    expect(CAMT053_VERSIONS).toHaveLength(12);
    for (const version of ["02", "03", "04", "05", "06"]) {
      const xml = camt053("02", {
        messageId: "M1",
        credits: [{ amount: "10.00", reference: "RF18539007547034" }],
      }).replace("camt.053.001.02", `camt.053.001.${version}`);
      expect(parseCamt053(xml).credits[0]?.reference, version).toBe("RF18539007547034");
    }
    for (const version of ["07", "08", "09", "10", "11", "12", "13"]) {
      const s = parseCamt053(relabelled(version));
      expect(s.format).toBe(`camt.053.001.${version}`);
      expect(s.credits[0]).toMatchObject({ amountCents: 1000n, reference: "RF18539007547034" });
      expect(s.entries.map((e) => e.kind)).toEqual(["debit", "credit"]);
    }
  });

  it("names what it found when the version is unknown", () => {
    const refused = (xml: string) => {
      try {
        parseCamt053(xml);
      } catch (error) {
        if (error instanceof StatementFormatError) return error.message;
        throw error;
      }
      return null;
    };
    expect(refused(relabelled("14"))).toBe(
      "Not a camt.053 statement of version .001.02 to .001.13: found camt.053.001.14",
    );
    expect(refused(relabelled("01"))).toContain("found camt.053.001.01");
    expect(refused(relabelled("08").replace("camt.053.001.08", "camt.052.001.08"))).toContain(
      "found camt.052.001.08",
    );
    expect(refused(relabelled("08").replace(/ xmlns="[^"]*"/, ""))).toContain("found no ISO 20022 namespace");
    expect(refused(relabelled("08").replace(/ xmlns="[^"]*"/, ' xmlns="urn:example:statement"'))).toContain(
      'found namespace "urn:example:statement"',
    );
    expect(refused("<Document")).toMatch(/^Not well-formed XML/);
    // Read without tracking positions, then again with them: the refusal says where the fault is.
    const broken = relabelled("08").replace("</Stmt>", "</Stmt\n>\n<Stray>");
    const strayLine = broken.slice(0, broken.indexOf("<Stray>")).split("\n").length;
    const where = /^Not well-formed XML \((\d+):(\d+): /.exec(refused(broken) ?? "");
    expect(Number(where?.[1])).toBeGreaterThanOrEqual(strayLine);
  });

  it("reads a prefixed Document declaring its own namespace inside another envelope", () => {
    const inner = relabelled("08")
      .replace(/^<\?xml[^>]*>\s*/, "")
      .replace(
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"',
        '<d:Document xmlns:d="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"',
      )
      .replace(/<(\/?)(?!d:)(\w+)/g, "<$1d:$2")
      .replace("</Document>", "</d:Document>");
    const xml = `<?xml version="1.0"?><BizMsgEnvlp><AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.03"><MsgDefIdr>camt.053.001.08</MsgDefIdr></AppHdr>${inner}</BizMsgEnvlp>`;
    const s = parseCamt053(xml);
    expect(s).toMatchObject({ format: "camt.053.001.08", enveloped: true });
    expect(s.credits[0]?.reference).toBe("RF18539007547034");
  });
});

describe("camt.053 content fingerprint", () => {
  it("is the same when only the message id, creation time, version or envelope change", () => {
    const base = parseCamt053(fixture("nordea-001-08-reversal.xml"));
    const renamed = fixture("nordea-001-08-reversal.xml")
      .replace("NDEA53202611260000000042", "NDEA53202611260000000043")
      .replace("<Id>53-20261125-42</Id>", "<Id>53-20261125-42-RESENT</Id>")
      .replaceAll("2026-11-26T04:30:00+01:00", "2026-11-26T09:15:00+01:00")
      .replace("camt.053.001.08", "camt.053.001.09");
    const again = parseCamt053(renamed);
    expect(again.messageId).not.toBe(base.messageId);
    expect(again.fingerprint).toBe(base.fingerprint);
    expect(base.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("differs when an amount, a date, the account or a balance differs", () => {
    const xml = fixture("nordea-001-08-reversal.xml");
    const base = parseCamt053(xml).fingerprint;
    for (const changed of [
      xml.replace('<Amt Ccy="EUR">25000.00</Amt>', '<Amt Ccy="EUR">25000.01</Amt>'),
      xml.replace("<BookgDt><Dt>2026-11-25</Dt></BookgDt>", "<BookgDt><Dt>2026-11-26</Dt></BookgDt>"),
      xml.replace("FI2112345600000785", "FI5542345670000081"),
      xml.replace('<Amt Ccy="EUR">250.00</Amt>', '<Amt Ccy="EUR">250.10</Amt>'),
    ]) {
      expect(changed).not.toBe(xml);
      expect(parseCamt053(changed).fingerprint).not.toBe(base);
    }
  });
});

/* ------------------------------------------------------------------ properties */

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@_", suppressEmptyNode: true });

interface GeneratedEntry {
  amount: string;
  direction: "CRDT" | "DBIT";
  reversal: boolean;
  endToEndId: string;
  lines: string[];
}

/** A camt.053 statement of the version with one entry per generated entry (the test's own, via a builder). */
function statementOf(version: string, entries: GeneratedEntry[]): string {
  const modern = Number(version) >= 7;
  const party = (name: string) => (modern ? { Pty: { Nm: name } } : { Nm: name });
  return xml.build({
    Document: {
      "@_xmlns": `urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}`,
      BkToCstmrStmt: {
        GrpHdr: { MsgId: "P1", CreDtTm: "2026-11-26T06:00:00" },
        Stmt: {
          Id: "P1-1",
          Acct: { Id: { IBAN: "DE02120300000000202051" } },
          Ntry: entries.map((e) => ({
            Amt: { "@_Ccy": "EUR", "#text": e.amount },
            CdtDbtInd: e.direction,
            RvslInd: e.reversal ? "true" : undefined,
            Sts: modern ? { Cd: "BOOK" } : "BOOK",
            BookgDt: { Dt: "2026-11-25" },
            NtryDtls: {
              TxDtls: {
                Refs: { EndToEndId: e.endToEndId },
                RltdPties:
                  e.direction === "CRDT"
                    ? { Dbtr: party("Payer"), DbtrAcct: { Id: { IBAN: "DE89370400440532013000" } } }
                    : { Cdtr: party("Payee"), CdtrAcct: { Id: { IBAN: "DE89370400440532013000" } } },
                RmtInf: e.lines.length ? { Ustrd: e.lines } : undefined,
              },
            },
          })),
        },
      },
    },
  }) as string;
}

const amountTexts = fc.oneof(
  fc.bigInt({ min: 1n, max: 99_999_999_999n }).map((c) => moneyToDecimalText(eur(c))),
  fc.constantFrom("1E4", "10000.001", "10 000,00", "-5.00", "0.00", "", "12,50", "1.5e2", "NaN"),
  fc.string({ maxLength: 12 }),
);

describe("camt.053 reading, the largest amount", () => {
  it("reads up to MAX_STATEMENT_CENTS (what the API answers exactly) and refuses a cent more, naming the bound", () => {
    const entry = (amount: string) =>
      parseCamt053(
        statementOf("08", [{ amount, direction: "CRDT", reversal: false, endToEndId: "E2E-MAX", lines: [] }]),
      ).entries[0];
    expect(MAX_STATEMENT_CENTS).toBe(MAX_CONTRACT_CENTS);
    expect(entry("9999999999999.99")).toMatchObject({ kind: "credit", amountCents: 999_999_999_999_999n });
    expect(entry("10000000000000.00")).toMatchObject({
      kind: "refused",
      amountCents: null,
      refusal: {
        reason: "amount_unreadable",
        detail: '"10000000000000.00" is above the largest amount read (9999999999999.99)',
      },
    });
  });
});

describe("camt.053 reading, properties", () => {
  it("every entry of any statement is reported once: read exactly, or refused when its amount is not", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...VERSION_NUMBERS),
        fc.array(
          fc.record({
            amount: amountTexts,
            direction: fc.constantFrom("CRDT" as const, "DBIT" as const),
            reversal: fc.boolean(),
            endToEndId: fc.stringMatching(/^[A-Z0-9-]{1,35}$/),
            lines: fc.array(fc.string({ minLength: 1, maxLength: 35 }), { maxLength: 3 }),
          }),
          { maxLength: 20 },
        ),
        (version, generated) => {
          const s = parseCamt053(statementOf(version, generated));
          expect(s.entries).toHaveLength(generated.length);
          generated.forEach((g, i) => {
            const entry = s.entries[i];
            // A positive plain decimal of at most two places reads; a negative one never does.
            const read = moneyFromDecimalText(g.amount.trim(), "EUR");
            const cents = read === null || read.cents < 0n ? null : read.cents;
            if (cents === null || cents === 0n) {
              expect(entry?.kind).toBe("refused");
              expect(entry?.refusal?.reason).toBe("amount_unreadable");
            } else {
              expect(entry).toMatchObject({
                kind: g.reversal ? "reversal" : g.direction === "CRDT" ? "credit" : "debit",
                amountCents: cents,
                endToEndId: g.endToEndId,
                position: { statement: 1, entry: i + 1, transaction: 1 },
              });
            }
          });
          const credited = s.entries
            .filter((e) => e.kind === "credit")
            .reduce((t, e) => t + (e.amountCents ?? 0n), 0n);
          expect(s.credits.reduce((t, c) => t + c.amountCents, 0n)).toBe(credited);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("the debits of a booked payment file come back with each order's end-to-end id and amount", () => {
    const orders = fc.uniqueArray(
      fc.record({
        endToEndId: fc.stringMatching(/^PO-[0-9]{6}$/),
        amountCents: fc.bigInt({ min: 1n, max: MAX_TRANSFER_CENTS }),
        creditor: fc.constant({ name: "Jürgen Groß", iban: "DE89370400440532013000" }),
        remittance: fc.constantFrom("Festgeld RF37FG00100001 Auszahlung", "Rückzahlung RF10 FG00 1000 02"),
      }),
      { minLength: 1, maxLength: 15, selector: (o) => o.endToEndId },
    );
    fc.assert(
      fc.property(orders, fc.constantFrom("02", "08", "13"), (generated, version) => {
        const file = buildPain001({
          messageId: "FG20261126-0002",
          createdAt: new Date("2026-11-26T09:00:00Z"),
          initiatingParty: { name: "Festgeld Plattform GmbH" },
          debtor: {
            name: "Festgeld Treuhand GmbH",
            iban: "DE02120300000000202051",
            bic: "BYLADEM1001",
            postalAddress: { townName: "Berlin", country: "DE" },
          },
          requestedExecutionDate: "2026-11-27",
          orders: generated,
        });
        // The bank books each transfer as its own debit (batch booking off), as written in the file.
        const written = new XMLParser({
          removeNSPrefix: true,
          parseTagValue: false,
          ignoreAttributes: false,
          isArray: (n) => n === "CdtTrfTxInf",
        }).parse(file.xml).Document.CstmrCdtTrfInitn.PmtInf.CdtTrfTxInf as {
          PmtId: { EndToEndId: string };
          Amt: { InstdAmt: { "#text": string } };
          RmtInf?: { Ustrd: string };
        }[];
        const s = parseCamt053(
          statementOf(
            version,
            written.map((t) => ({
              amount: t.Amt.InstdAmt["#text"],
              direction: "DBIT",
              reversal: false,
              endToEndId: t.PmtId.EndToEndId,
              lines: t.RmtInf ? [t.RmtInf.Ustrd.slice(0, 35), t.RmtInf.Ustrd.slice(35)].filter(Boolean) : [],
            })),
          ),
        );
        expect(s.entries.map((e) => [e.kind, e.endToEndId, e.amountCents])).toEqual(
          generated.map((o) => ["debit", o.endToEndId, o.amountCents]),
        );
        expect(s.entries.reduce((t, e) => t + (e.amountCents ?? 0n), 0n)).toBe(file.controlSumCents);
        expect(s.entries.map((e) => e.reference)).toEqual(
          generated.map((o) => (o.remittance.startsWith("Festgeld") ? "RF37FG00100001" : "RF10FG00100002")),
        );
      }),
      { numRuns: 100 },
    );
  });
});
