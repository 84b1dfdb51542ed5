import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";

type Headers = { authorization: string };
type Language = "en" | "de" | "fr";

/** The text of a PDF, read by poppler's pdftotext (Debian poppler-utils), spaces normalised. */
function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "festgeld-pdf-"));
  const file = path.join(dir, "document.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" })
    .replace(/[\u00a0\u202f]/g, " ")
    .replace(/[ \t]+/g, " ");
}

let t: TestApp;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let addressCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await createAdmin(app);
});
afterAll(() => t.close());

async function register(language: Language, name: string) {
  const email = uniqueEmail(`postbox-${language}`);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "accept-language": language },
    payload: { email, password: TEST_PASSWORD, full_name: name },
    remoteAddress: `10.8.0.${++addressCounter}`,
  });
  expect(res.statusCode).toBe(201);
  return { headers: { authorization: `Bearer ${res.json().access_token}` } as Headers };
}

async function apply(headers: Headers, amount: number, fullName = "Erika Mustermann") {
  const pkg = await app.db
    .selectFrom("packages")
    .select("id")
    .where("duration_months", "=", 12)
    .executeTakeFirstOrThrow();
  const res = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers,
    remoteAddress: `10.8.1.${++addressCounter}`,
    payload: {
      full_name: fullName,
      email: "erika@example.test",
      phone: "+49 30 1234567",
      amount,
      package_id: pkg.id,
      reference_iban: "DE89 3704 0044 0532 0130 00",
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; created_at: string };
}

const list = async (headers: Headers) => {
  const res = await app.inject({ method: "GET", url: "/api/documents", headers });
  expect(res.statusCode).toBe(200);
  return { items: res.json() as Array<{ id: string; kind: string; title: string; read: boolean }>, res };
};

const download = (headers: Headers, id: string) =>
  app.inject({ method: "GET", url: `/api/documents/${id}`, headers });

const reference = (id: string) => id.replace(/-/g, "").slice(0, 8).toUpperCase();

describe("the postbox: PDFs issued with events, in the saver's language", () => {
  const cases: Array<{ language: Language; title: string; amount: string; sheet: string; date: RegExp }> = [
    {
      language: "en",
      title: "Confirmation of your application",
      amount: "€12,345.67",
      sheet: "Depositor information sheet (version 2025-01)",
      date: /Issued on \d{1,2} \w+ 20\d\d/,
    },
    {
      language: "de",
      title: "Bestätigung Ihres Antrags",
      amount: "12.345,67 €",
      sheet: "Informationsbogen für den Einleger (Version 2025-01)",
      date: /Ausgestellt am \d{1,2}\. \S+ 20\d\d/,
    },
    {
      language: "fr",
      title: "Confirmation de votre demande",
      amount: "12 345,67 €",
      sheet: "Fiche d'information du déposant (version 2025-01)",
      date: /Émis le \d{1,2} \S+ 20\d\d/,
    },
  ];
  for (const c of cases) {
    it(`application confirmation with the information sheet (${c.language})`, async () => {
      const saver = await register(c.language, "Erika Mustermann");
      const application = await apply(saver.headers, 12_345.67);
      const { items, res } = await list(saver.headers);
      expect(res.headers["x-total-count"]).toBe("1");
      expect(items).toEqual([
        expect.objectContaining({
          kind: "application_confirmation",
          title: c.title,
          language: c.language,
          read: false,
        }),
      ]);
      const file = await download(saver.headers, items[0]?.id ?? "");
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
      const text = pdfText(file.rawPayload);
      expect(text).toContain(c.title);
      expect(text).toContain(reference(application.id));
      expect(text).toContain(c.amount);
      expect(text).toContain(c.sheet);
      expect(text).toContain("Entschädigungseinrichtung deutscher Banken GmbH");
      expect(text).toMatch(c.date);
      expect(text).toContain("Festgeld Demo GmbH");
      expect((await list(saver.headers)).items[0]?.read).toBe(true);
    });
  }

  it("approval and withdrawal receipt: each its own document, with the figures and dates", async () => {
    const saver = await register("de", "Max Mustermann");
    // Under the account's own name: payouts go to the verified holder only.
    const application = await apply(saver.headers, 5000, "Max Mustermann");
    // Approval needs a verified identity (deposits.test.ts tests that rule).
    const owner = await app.db
      .selectFrom("applications")
      .select("user_id")
      .where("id", "=", application.id)
      .executeTakeFirstOrThrow();
    await markVerified(app, owner.user_id ?? "");
    const decide = await app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${application.id}/decision`,
      headers: admin.headers,
      payload: { decision: "approved" },
    });
    expect(decide.statusCode, decide.body).toBe(200);
    const withdraw = await app.inject({
      method: "POST",
      url: `/api/applications/${application.id}/withdraw`,
      headers: saver.headers,
    });
    expect(withdraw.statusCode).toBe(200);
    const { items } = await list(saver.headers);
    expect(items.map((d) => d.kind)).toEqual(["withdrawal_receipt", "approval", "application_confirmation"]);
    const approval = pdfText((await download(saver.headers, items[1]?.id ?? "")).rawPayload);
    expect(approval).toContain("Genehmigung und Überweisungsdaten");
    expect(approval).toContain("5.000,00 €");
    expect(approval).toMatch(/bis zum \d{1,2}\. \S+ 20\d\d ohne Angabe von Gründen widerrufen/);
    const receipt = pdfText((await download(saver.headers, items[0]?.id ?? "")).rawPayload);
    expect(receipt).toContain("Eingangsbestätigung Ihres Widerrufs");
    expect(receipt).toContain(reference(application.id));
    expect(receipt).toContain("5.000,00 €");
  });

  it("another saver's document is 404, like an unknown one; nothing is marked read", async () => {
    const owner = await register("en", "Owner");
    await apply(owner.headers, 10_000);
    const other = await createUser(app);
    const [doc] = (await list(owner.headers)).items;
    expect((await list(other.headers)).items).toEqual([]);
    const res = await download(other.headers, doc?.id ?? "");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("document_not_found");
    expect((await download(other.headers, "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await list(owner.headers)).items[0]?.read).toBe(false);
  });

  it("a document is never changed after issue: the database refuses it", async () => {
    const saver = await register("fr", "Claire");
    await apply(saver.headers, 10_000);
    const [doc] = (await list(saver.headers)).items;
    await expect(
      sql`update postbox_documents set title = 'changed' where id = ${doc?.id}::uuid`.execute(app.db),
    ).rejects.toThrow(/not changed after issue/);
    await download(saver.headers, doc?.id ?? "");
    await expect(
      sql`update postbox_documents set read_at = now() + interval '1 day' where id = ${doc?.id}::uuid`.execute(
        app.db,
      ),
    ).rejects.toThrow(/not changed after issue/);
  });
});
