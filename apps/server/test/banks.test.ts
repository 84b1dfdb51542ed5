import { execFileSync } from "node:child_process";
import fs, { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type AdminBank,
  type AdminPackage,
  type Application,
  BUSINESS_TIME_ZONE,
  dateInZone,
  type Package,
  type PublicBank,
} from "@festgeld/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPartnerAccountByIban, listPublicBanks } from "../src/modules/banks/banks.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { approvedApplication, SAVER_IBAN } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  user = await createUser(t.app);
});
afterAll(() => t.close());

/** The text of a PDF (poppler's pdftotext, as the documents tests read them). */
function pdfText(pdf: Buffer): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "festgeld-bank-pdf-")), "document.pdf");
  writeFileSync(file, pdf);
  return execFileSync("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
}

const THIRD_IBAN = "AT611904300234573201";
const validBank = (overrides: Record<string, unknown> = {}) => ({
  name: "Drittbank AG",
  slug: `drittbank-${Math.random().toString(36).slice(2, 8)}`,
  country: "AT",
  city: "Wien",
  bic: "DRTBATWWXXX",
  lei: "529900T8BM49AURSDO55",
  supervisor: "FMA",
  register_entry: "FN 000000x (fictional)",
  description: {
    en: "Fictional Austrian bank.",
    de: "Fiktive österreichische Bank.",
    fr: "Banque autrichienne fictive.",
  },
  scheme: { name: "Einlagensicherung AUSTRIA Ges.m.b.H.", website: "https://www.einlagensicherung.at" },
  info_sheet: { en: "Protected by ESA.", de: "Geschützt durch die ESA.", fr: "Protégé par l'ESA." },
  country_rating: { rating: "AA+", source: "Fictional rating", date: "2026-02-01" },
  account: { holder: "Drittbank AG", iban: "AT61 1904 3002 3457 3201", bic: "DRTBATWWXXX" },
  ...overrides,
});
const features = { en: ["Fixed rate"], de: ["Fester Zins"], fr: ["Taux fixe"] };

type Headers = Record<string, string>;
const createBank = (payload: unknown, headers: Headers = admin.headers) =>
  t.app.inject({ method: "POST", url: "/api/admin/banks", headers, payload: payload as object });
const patchBank = (id: string, payload: unknown, headers: Headers = admin.headers) =>
  t.app.inject({ method: "PATCH", url: `/api/admin/banks/${id}`, headers, payload: payload as object });
const publicPackages = async () =>
  (await t.app.inject({ method: "GET", url: "/api/packages?lang=en" })).json() as Package[];
const adminBanks = async () =>
  (
    await t.app.inject({ method: "GET", url: "/api/admin/banks", headers: admin.headers })
  ).json() as AdminBank[];

describe("the seeded partner banks (migration 0180)", () => {
  it("moves the packages to the brand's banks by term", async () => {
    const list = await publicPackages();
    expect(list.map((p) => [p.duration_months, p.bank.slug])).toEqual([
      [3, "demo-partnerbank"],
      [6, "demo-partnerbank"],
      [12, "demo-partnerbank"],
      [24, "beispiel-sparbank"],
      [36, "beispiel-sparbank"],
    ]);
    expect(list[0]?.bank).toMatchObject({ name: "Demo Partnerbank AG", country: "DE" });
    // The package fields every client reads are unchanged beside the new ones (bank, interest payout).
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(
      [
        "bank",
        "currency",
        "duration_months",
        "features",
        "id",
        "interest_payout",
        "interest_rate",
        "max_amount",
        "min_amount",
      ].sort(),
    );
  });

  it("gives the seeded bank without an account the configured PARTNER_BANK_* account at start-up", async () => {
    const banks = await adminBanks();
    const demo = banks.find((b) => b.slug === "demo-partnerbank");
    expect(demo?.account).toEqual({
      holder: t.app.depositSettings.defaultBank.holder,
      iban: t.app.depositSettings.defaultBank.iban,
      bic: t.app.depositSettings.defaultBank.bic,
    });
    expect(banks.find((b) => b.slug === "beispiel-sparbank")?.account?.iban).toBe("DE10200500000987654321");
    expect(demo?.package_count).toBe(3);
  });

  it("matches the web app's build-time copy, which the prerendered bank pages start from", async () => {
    const file = path.resolve(import.meta.dirname, "../../web/src/content/banks/demo-banks.json");
    const copy = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, PublicBank[]>;
    for (const lang of ["en", "de", "fr"]) {
      expect((await t.app.inject(`/api/banks?lang=${lang}`)).json(), lang).toEqual(copy[lang]);
    }
  });

  it("shows the public profile without the receiving account", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/banks/beispiel-sparbank?lang=de" });
    expect(res.statusCode).toBe(200);
    const bank = res.json() as PublicBank;
    expect(bank).toMatchObject({
      name: "Beispiel Sparbank AG",
      country: "DE",
      accepting_deposits: true,
      scheme: { coverage_cents: 10_000_000, name: "Entschädigungseinrichtung deutscher Banken GmbH" },
      country_rating: { rating: "AAA", date: "2026-01-15" },
    });
    expect(bank.info_sheet).toContain("Einlagensicherung");
    // Fields with one value for every language carry no English on the German page (migration 0255).
    expect(bank.register_entry).toBe("HRB DEMO-222222");
    expect(bank.country_rating?.source).toBe("DEMO");
    expect(JSON.stringify(bank)).not.toContain("DE10200500000987654321");
    const unknown = await t.app.inject({ method: "GET", url: "/api/banks/no-such-bank" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("bank_not_found");
    const all = (await t.app.inject({ method: "GET", url: "/api/banks" })).json() as PublicBank[];
    expect(all.map((b) => b.slug)).toEqual(expect.arrayContaining(["demo-partnerbank", "beispiel-sparbank"]));
  });
});

describe("the lookups other modules use", () => {
  it("finds a partner account by IBAN with its holder and bank, and nothing for another IBAN", async () => {
    const found = await findPartnerAccountByIban(t.app.db, "DE10200500000987654321");
    expect(found).toMatchObject({
      holder: "Beispiel Sparbank AG",
      bic: "BSPBDEHHXXX",
      bank: { slug: "beispiel-sparbank", name: "Beispiel Sparbank AG", status: "active" },
    });
    expect(await findPartnerAccountByIban(t.app.db, SAVER_IBAN)).toBeNull();
    const listed = await listPublicBanks(t.app.db, "fr");
    expect(listed.find((b) => b.slug === "demo-partnerbank")?.description).toContain("Banque universelle");
  });
});

describe("bank upkeep in the back office", () => {
  it("refuses anonymous callers (401) and savers (403)", async () => {
    for (const headers of [{}, user.headers] as Headers[]) {
      const expected = "authorization" in headers ? 403 : 401;
      expect((await createBank(validBank(), headers)).statusCode).toBe(expected);
      expect((await t.app.inject({ method: "GET", url: "/api/admin/banks", headers })).statusCode).toBe(
        expected,
      );
      const demo = (await adminBanks())[0];
      expect((await patchBank(demo?.id ?? "", { status: "paused" }, headers)).statusCode).toBe(expected);
    }
  });

  it("validates the input with a clear 400 and changes nothing", async () => {
    const before = (await adminBanks()).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ account: { holder: "X", iban: "DE00123", bic: "DRTBATWWXXX" } }, "body.account.iban"],
      [{ bic: "nope" }, "body.bic"],
      [{ slug: "Not A Slug" }, "body.slug"],
      [{ country: "Austria" }, "body.country"],
      [{ scheme: { name: "X", website: "http://insecure.example" } }, "body.scheme.website"],
      [{ lei: "123" }, "body.lei"],
    ];
    for (const [override, path] of cases) {
      const res = await createBank(validBank(override));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().fields.map((f: { path: string }) => f.path)).toContain(path);
    }
    expect(await adminBanks()).toHaveLength(before);
  });

  it("creates, edits and pauses a bank, audited; slug and account stay unique (409)", async () => {
    const res = await createBank(validBank({ slug: "drittbank" }));
    expect(res.statusCode).toBe(201);
    const bank = res.json() as AdminBank;
    expect(bank.account).toEqual({ holder: "Drittbank AG", iban: THIRD_IBAN, bic: "DRTBATWWXXX" });
    expect(bank.scheme.coverage_cents).toBe(10_000_000);

    expect((await createBank(validBank({ slug: "drittbank", account: undefined }))).statusCode).toBe(400);
    const sameSlug = await createBank(
      validBank({
        slug: "drittbank",
        account: { holder: "Y", iban: "DE51500100600123456789", bic: "DRTBATWWXXX" },
      }),
    );
    expect(sameSlug.statusCode).toBe(409);
    expect(sameSlug.json().code).toBe("bank_slug_taken");
    const sameAccount = await createBank(validBank({ slug: "viertbank" }));
    expect(sameAccount.statusCode).toBe(409);
    expect(sameAccount.json().code).toBe("bank_account_taken");

    const renamed = await patchBank(bank.id, { name: "Drittbank Wien AG" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe("Drittbank Wien AG");
    expect((await patchBank(bank.id, {})).statusCode).toBe(400);
    const unknown = await patchBank("00000000-0000-4000-8000-000000000000", { name: "X" });
    expect(unknown.statusCode).toBe(404);

    const audit = await t.app.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("target_id", "=", bank.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["bank.created", "bank.updated"]);
    expect(audit[1]?.details).toMatchObject({
      before: { name: "Drittbank AG" },
      after: { name: "Drittbank Wien AG" },
    });
  });
});

describe("packages belong to a bank", () => {
  it("a package is created at a chosen bank; every list names it; a paused bank's packages are not offered", async () => {
    const bank = (
      await createBank(
        validBank({
          account: { holder: "Pausebank AG", iban: "DE51500100600123456789", bic: "PAUSDEFFXXX" },
        }),
      )
    ).json() as AdminBank;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: admin.headers,
      payload: {
        duration_months: 6,
        interest_rate: 3.9,
        min_amount: 1000,
        max_amount: 90_000,
        features,
        bank_id: bank.id,
      },
    });
    expect(created.statusCode).toBe(201);
    const pkg = created.json() as AdminPackage;
    expect(pkg.bank).toMatchObject({ id: bank.id, slug: bank.slug, status: "active" });
    expect((await publicPackages()).find((p) => p.id === pkg.id)?.bank).toEqual({
      id: bank.id,
      slug: bank.slug,
      name: "Drittbank AG",
      country: "AT",
    });
    const unknownBank = await t.app.inject({
      method: "POST",
      url: "/api/admin/packages",
      headers: admin.headers,
      payload: {
        duration_months: 6,
        interest_rate: 3.9,
        min_amount: 1000,
        max_amount: 90_000,
        features,
        bank_id: "00000000-0000-4000-8000-000000000000",
      },
    });
    expect(unknownBank.statusCode).toBe(400);
    expect(unknownBank.json().code).toBe("bank_not_found");

    // The saver's applications list names the bank of each application's package too.
    const apply = () =>
      t.app.inject({
        method: "POST",
        url: "/api/applications",
        headers: user.headers,
        payload: {
          full_name: "Erika Mustermann",
          email: "erika@example.test",
          phone: "+49 30 1234567",
          amount: 5000,
          package_id: pkg.id,
          reference_iban: SAVER_IBAN,
          maturity_instruction: "payout",
          info_sheet_acknowledged: true,
        },
      });
    const applied = await apply();
    expect(applied.statusCode).toBe(201);
    expect((applied.json() as Application).package.bank).toMatchObject({ id: bank.id });
    const mine = (
      await t.app.inject({ method: "GET", url: "/api/applications/me", headers: user.headers })
    ).json();
    expect(mine.find((a: Application) => a.package_id === pkg.id)?.package.bank?.slug).toBe(bank.slug);
    const all = (
      await t.app.inject({ method: "GET", url: "/api/applications", headers: admin.headers })
    ).json();
    expect(all.find((a: Application) => a.package_id === pkg.id)?.package.bank?.slug).toBe(bank.slug);

    // Once applied for, the package stays with its bank.
    const demo = (await adminBanks()).find((b) => b.slug === "demo-partnerbank");
    const move = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/packages/${pkg.id}`,
      headers: admin.headers,
      payload: { bank_id: demo?.id },
    });
    expect(move.statusCode).toBe(409);
    expect(move.json().code).toBe("package_bank_locked");

    expect((await patchBank(bank.id, { status: "paused" })).statusCode).toBe(200);
    expect((await publicPackages()).some((p) => p.id === pkg.id)).toBe(false);
    const refused = await apply();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("package_inactive");
    const adminPkgs = (
      await t.app.inject({ method: "GET", url: "/api/admin/packages", headers: admin.headers })
    ).json();
    expect(adminPkgs.find((p: AdminPackage) => p.id === pkg.id)?.bank.status).toBe("paused");
    const profile = (
      await t.app.inject({ method: "GET", url: `/api/banks/${bank.slug}` })
    ).json() as PublicBank;
    expect(profile.accepting_deposits).toBe(false);
  });
});

describe("money per bank", () => {
  it("an approval stores the package bank's account; the guarantee counts per bank", async () => {
    const saver = await createUser(t.app);
    await markVerified(t.app, saver.user.id);
    const atA = await approvedApplication(t.app, saver, admin, { months: 12, amount: 60_000 });
    const atB = await approvedApplication(t.app, saver, admin, { months: 24, amount: 70_000 });
    expect(atA.deposit.transfer?.iban).toBe(t.app.depositSettings.defaultBank.iban);
    expect(atB.deposit.transfer?.iban).toBe("DE10200500000987654321");
    expect(atB.deposit.transfer?.account_holder).toBe("Beispiel Sparbank AG");
    const stored = await t.app.db
      .selectFrom("deposits")
      .select(["bank_iban", "bank_name"])
      .where("application_id", "=", atB.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ bank_iban: "DE10200500000987654321", bank_name: "Beispiel Sparbank AG" });
    // The postbox copy of each confirmation carries its bank's own information sheet.
    const documents = (
      await t.app.inject({ method: "GET", url: "/api/documents?limit=50", headers: saver.headers })
    ).json() as Array<{ id: string; kind: string }>;
    const sheets: string[] = [];
    for (const document of documents.filter((d) => d.kind === "application_confirmation")) {
      const pdf = await t.app.inject({
        method: "GET",
        url: `/api/documents/${document.id}`,
        headers: saver.headers,
      });
      const text = pdfText(pdf.rawPayload);
      const line = text
        .split("\n")
        .find((l) => /Credit institution|Kreditinstitut|Établissement de crédit/.test(l));
      sheets.push(line ?? text);
    }
    expect(sheets.some((l) => l.includes("Beispiel Sparbank AG"))).toBe(true);
    expect(sheets.some((l) => l.includes("Demo Partnerbank AG"))).toBe(true);

    const res = await t.app.inject({
      method: "GET",
      url: "/api/me/deposit-guarantee",
      headers: saver.headers,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Over both banks the saver has 130,000 EUR, yet each bank will hold less than 100,000 EUR; approved
    // but not yet funded, the money is pending (held is what the journal says the bank holds).
    expect(body.total_cents).toBe(13_000_000);
    expect(body.banks).toEqual([
      {
        bank: expect.objectContaining({ slug: "beispiel-sparbank" }),
        limit_cents: 10_000_000,
        held_cents: 0,
        pending_cents: 7_000_000,
        left_cents: 3_000_000,
      },
      {
        bank: expect.objectContaining({ slug: "demo-partnerbank" }),
        limit_cents: 10_000_000,
        held_cents: 0,
        pending_cents: 6_000_000,
        left_cents: 4_000_000,
      },
    ]);
    expect((await t.app.inject({ method: "GET", url: "/api/me/deposit-guarantee" })).statusCode).toBe(401);

    // Staff see the exposure per bank by the same rule: an approved deposit whose money has not
    // arrived is pending, and becomes held once the journal has received it.
    const exposure = async () =>
      (await adminBanks()).find((b) => b.slug === "beispiel-sparbank")?.exposure ?? {
        held_cents: Number.NaN,
        pending_cents: Number.NaN,
        savers: 0,
      };
    const before = await exposure();
    expect(before.savers).toBeGreaterThanOrEqual(1);
    const funded = await t.app.inject({
      method: "POST",
      url: `/api/admin/deposits/${atB.deposit.id}/funding`,
      headers: admin.headers,
      // The app runs on the real clock here: the value date is its Berlin day.
      payload: {
        amount: 70_000,
        value_date: dateInZone(new Date(), BUSINESS_TIME_ZONE),
        payer_iban: SAVER_IBAN,
      },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const after = await exposure();
    expect(after.held_cents - before.held_cents).toBe(7_000_000);
    expect(before.pending_cents - after.pending_cents).toBe(7_000_000);
  });
});

describe("bank logos", () => {
  const PNG = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const multipart = (content: Buffer, name = "logo.png") => {
    const boundary = "----banklogo";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
  };

  it("takes a PNG by its bytes, serves it with safe headers, and refuses anything else", async () => {
    const bank = (await adminBanks()).find((b) => b.slug === "beispiel-sparbank");
    const id = bank?.id ?? "";
    const fake = multipart(Buffer.from("<svg onload=alert(1)></svg>"), "logo.png");
    const refused = await t.app.inject({
      method: "PUT",
      url: `/api/admin/banks/${id}/logo`,
      headers: { ...admin.headers, ...fake.headers },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().code).toBe("bank_logo_invalid");
    const big = multipart(Buffer.concat([PNG, Buffer.alloc(300 * 1024)]));
    const tooBig = await t.app.inject({
      method: "PUT",
      url: `/api/admin/banks/${id}/logo`,
      headers: { ...admin.headers, ...big.headers },
      payload: big.payload,
    });
    expect(tooBig.statusCode).toBe(413);
    const asSaver = multipart(PNG);
    expect(
      (
        await t.app.inject({
          method: "PUT",
          url: `/api/admin/banks/${id}/logo`,
          headers: { ...user.headers, ...asSaver.headers },
          payload: asSaver.payload,
        })
      ).statusCode,
    ).toBe(403);

    const good = multipart(PNG);
    const stored = await t.app.inject({
      method: "PUT",
      url: `/api/admin/banks/${id}/logo`,
      headers: { ...admin.headers, ...good.headers },
      payload: good.payload,
    });
    expect(stored.statusCode).toBe(200);
    const url = stored.json().logo_url as string;
    expect(url).toMatch(/^\/api\/banks\/beispiel-sparbank\/logo\?v=/);
    const served = await t.app.inject({ method: "GET", url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toContain("sandbox");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await t.app.inject({ method: "GET", url: "/api/banks/demo-partnerbank/logo" })).statusCode).toBe(
      404,
    );
  });
});
