import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { buffer as readAll } from "node:stream/consumers";
import {
  KYC_DOCUMENT_STATUSES,
  KYC_DOCUMENT_TYPES,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycStatus,
  LIMITS,
} from "@festgeld/domain";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { getStatus, overallStatus, recomputeUserStatus } from "../src/modules/kyc/kyc.service.ts";
import type { DocumentStorage } from "../src/storage/document-store.ts";
import { documentKeyLoader } from "../src/storage/key-ring.ts";
import { LocalDocumentStorage } from "../src/storage/local-store.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { jpegBytes, multipartBody, type Part, padTo, pdfBytes, pngBytes } from "./helpers/kyc-files.ts";

type Headers = { authorization: string };

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, { full_name: "Rita Reviewer" });
});
afterAll(async () => {
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

const documentsDir = () => path.join(t.config.dataDir, "documents");

async function storedFiles(): Promise<string[]> {
  try {
    const entries = await fs.readdir(documentsDir(), { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

function upload(
  headers: Headers,
  type: string,
  data: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
) {
  const body = multipartBody([
    {
      name: options.field ?? "file",
      filename: options.filename ?? "document.jpg",
      contentType: options.contentType ?? "image/jpeg",
      data,
    },
  ]);
  return t.app.inject({
    method: "POST",
    url: `/api/kyc/upload/${type}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

function uploadParts(headers: Headers, type: string, parts: Part[]) {
  const body = multipartBody(parts);
  return t.app.inject({
    method: "POST",
    url: `/api/kyc/upload/${type}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

const status = async (headers: Headers) => {
  const res = await t.app.inject({ url: "/api/kyc/status", headers });
  expect(res.statusCode).toBe(200);
  return res.json();
};

const documentRows = (userId: string) =>
  t.app.db.selectFrom("kyc_documents").selectAll().where("user_id", "=", userId).orderBy("seq").execute();

const userKycStatus = async (userId: string) =>
  (await t.app.db.selectFrom("users").select("kyc_status").where("id", "=", userId).executeTakeFirstOrThrow())
    .kyc_status;

const decide = (id: string, body: unknown, headers: Headers = admin.headers) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/admin/kyc/documents/${id}/decision`,
    headers,
    payload: body as Record<string, unknown>,
  });

describe("POST /api/kyc/upload/:documentType", () => {
  it("stores a JPEG identity card as pending and makes the user pending", async () => {
    const u = await createUser(t.app);
    const res = await upload(u.headers, "id_card", jpegBytes(), { filename: "ausweis.jpg" });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.overall_status).toBe("pending");
    expect(body.document).toMatchObject({
      document_type: "id_card",
      status: "pending",
      content_type: "image/jpeg",
      size_bytes: jpegBytes().length,
      file_name: "ausweis.jpg",
      rejection_reason: null,
      reviewed_at: null,
    });
    expect(body.document).not.toHaveProperty("storage_key");
    expect(res.headers["cache-control"]).toBe("no-store");
    const s = await status(u.headers);
    expect(s).toMatchObject({
      overall_status: "pending",
      id_card_status: "pending",
      passport_status: "not_uploaded",
      utility_bill_status: "not_uploaded",
      selfie_status: "not_uploaded",
      passport_document: null,
    });
    expect(s.id_card_document.id).toBe(body.document.id);
    expect(await userKycStatus(u.user.id)).toBe("pending");
    const me = await t.app.db.selectFrom("users").select("kyc_status").where("id", "=", u.user.id).execute();
    expect(me[0]?.kyc_status).toBe("pending");
  });

  it("accepts PNG and PDF where allowed and decides the type from the bytes, not the name or header", async () => {
    const u = await createUser(t.app);
    const pdf = await upload(u.headers, "utility_bill", pdfBytes(), {
      filename: "bill.png",
      contentType: "image/png",
    });
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().document.content_type).toBe("application/pdf");
    const png = await upload(u.headers, "passport", pngBytes(), {
      filename: "passport.pdf",
      contentType: "application/pdf",
    });
    expect(png.statusCode).toBe(201);
    expect(png.json().document.content_type).toBe("image/png");
    const selfie = await upload(u.headers, "selfie", jpegBytes(), {
      filename: "me",
      contentType: "application/octet-stream",
    });
    expect(selfie.statusCode).toBe(201);
    expect(selfie.json().document.content_type).toBe("image/jpeg");
  });

  it("accepts a file of exactly 5,242,880 bytes", async () => {
    const u = await createUser(t.app);
    const res = await upload(u.headers, "id_card", padTo(jpegBytes(), LIMITS.kycMaxFileBytes));
    expect(res.statusCode).toBe(201);
    expect(res.json().document.size_bytes).toBe(5_242_880);
  });

  describe("refuses bad input, storing nothing", () => {
    let u: Awaited<ReturnType<typeof createUser>>;
    let filesBefore: string[];
    beforeAll(async () => {
      u = await createUser(t.app);
    });

    async function expectNothingStored() {
      expect(await documentRows(u.user.id)).toEqual([]);
      expect(await userKycStatus(u.user.id)).toBe("not_started");
      expect(await storedFiles()).toEqual(filesBefore);
    }

    it("a text file renamed to .jpg (415)", async () => {
      filesBefore = await storedFiles();
      const res = await upload(
        u.headers,
        "id_card",
        Buffer.from("Just some text, not an image.\n".repeat(20)),
        {
          filename: "scan.jpg",
          contentType: "image/jpeg",
        },
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({
        code: "kyc_invalid_file_type",
        detail: "Invalid file type. Only JPG, PNG, and PDF allowed",
      });
      await expectNothingStored();
    });

    it("an HTML file and a GIF (415): only JPEG, PNG and PDF exist", async () => {
      filesBefore = await storedFiles();
      const html = await upload(
        u.headers,
        "passport",
        Buffer.from("<!doctype html><script>alert(1)</script>"),
        {
          filename: "x.pdf",
          contentType: "application/pdf",
        },
      );
      expect(html.statusCode).toBe(415);
      const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(40, 0)]);
      const res = await upload(u.headers, "passport", gif, { filename: "x.png", contentType: "image/png" });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe("kyc_invalid_file_type");
      await expectNothingStored();
    });

    it("a PDF sent as selfie (415)", async () => {
      filesBefore = await storedFiles();
      const res = await upload(u.headers, "selfie", pdfBytes(), {
        filename: "selfie.jpg",
        contentType: "image/jpeg",
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().code).toBe("kyc_invalid_file_type");
      await expectNothingStored();
    });

    it("5,242,881 bytes (413), refused while streaming", async () => {
      filesBefore = await storedFiles();
      const res = await upload(u.headers, "id_card", padTo(jpegBytes(), LIMITS.kycMaxFileBytes + 1));
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: "kyc_file_too_large",
        detail: "File too large. Maximum 5MB allowed",
      });
      await expectNothingStored();
    });

    it("a much larger body (413) without a 5xx", async () => {
      filesBefore = await storedFiles();
      const res = await upload(u.headers, "utility_bill", padTo(pdfBytes(), 12 * 1024 * 1024));
      expect(res.statusCode).toBe(413);
      expect(res.json().code).toBe("kyc_file_too_large");
      await expectNothingStored();
    });

    it("zero bytes (400)", async () => {
      filesBefore = await storedFiles();
      const res = await upload(u.headers, "id_card", Buffer.alloc(0));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("kyc_file_empty");
      await expectNothingStored();
    });

    it("a missing file field (400), however it is missing", async () => {
      filesBefore = await storedFiles();
      const onlyText = await uploadParts(u.headers, "id_card", [{ name: "note", data: "hello" }]);
      expect(onlyText.statusCode).toBe(400);
      expect(onlyText.json().code).toBe("kyc_file_missing");
      const otherField = await uploadParts(u.headers, "id_card", [
        { name: "document", filename: "a.jpg", contentType: "image/jpeg", data: jpegBytes() },
      ]);
      expect(otherField.statusCode).toBe(400);
      expect(otherField.json().code).toBe("kyc_file_missing");
      const fileAsText = await uploadParts(u.headers, "id_card", [{ name: "file", data: "not a file" }]);
      expect(fileAsText.json().code).toBe("kyc_file_missing");
      const noBody = await t.app.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: u.headers,
      });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().code).toBe("kyc_file_missing");
      const json = await t.app.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: u.headers,
        payload: { file: "x" },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().code).toBe("kyc_file_missing");
      const noBoundary = await t.app.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: { ...u.headers, "content-type": "multipart/form-data" },
        payload: "garbage",
      });
      expect(noBoundary.statusCode).toBe(400);
      const cutOff = multipartBody([{ name: "file", filename: "a.jpg", data: jpegBytes() }]);
      const truncatedBody = await t.app.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: { ...u.headers, ...cutOff.headers },
        payload: cutOff.payload.subarray(0, cutOff.payload.length - 60),
      });
      expect(truncatedBody.statusCode).toBe(400);
      expect(truncatedBody.json().code).toBe("kyc_upload_interrupted");
      await expectNothingStored();
    });

    it("an unknown documentType (400)", async () => {
      filesBefore = await storedFiles();
      for (const type of ["drivers_license", "ID_CARD", "..%2F..%2Fetc", "selfie%00", "x".repeat(60)]) {
        const res = await upload(u.headers, type, jpegBytes());
        expect(res.statusCode, type).toBe(400);
        // a NUL byte is refused for every route before the module sees it
        expect(["kyc_invalid_document_type", "invalid_characters"], type).toContain(res.json().code);
      }
      await expectNothingStored();
    });
  });

  it("takes a file name with ../ and control characters only as a cleaned display name", async () => {
    const u = await createUser(t.app);
    const before = await storedFiles();
    const res = await upload(u.headers, "id_card", jpegBytes(), {
      filename: "../../../etc/pass\u0007wd\u001b[31m\u202e.jpg",
    });
    expect(res.statusCode).toBe(201);
    const name: string = res.json().document.file_name;
    expect(name).not.toMatch(/[/\\]/);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the test
    expect(name).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
    expect(name).toContain("pass");
    const after = await storedFiles();
    const added = after.filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const [stored] = await documentRows(u.user.id);
    expect(added[0]).toBe(path.join(documentsDir(), `${stored?.storage_key}.enc`));
    expect(path.basename(added[0] ?? "")).toMatch(/^[0-9a-f-]{36}\.enc$/);
    await expect(fs.access(path.join(t.config.dataDir, "etc"))).rejects.toThrow();
  });

  it("refuses to replace a pending or an approved document (409), and replaces a rejected one keeping the old", async () => {
    const u = await createUser(t.app);
    const first = (await upload(u.headers, "passport", jpegBytes())).json().document;
    const again = await upload(u.headers, "passport", pngBytes());
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("kyc_document_locked");
    expect(await documentRows(u.user.id)).toHaveLength(1);

    expect((await decide(first.id, { decision: "reject", reason: "Photo page cut off" })).statusCode).toBe(
      200,
    );
    expect(await userKycStatus(u.user.id)).toBe("rejected");
    const rejected = await status(u.headers);
    expect(rejected.passport_status).toBe("rejected");
    expect(rejected.passport_document.rejection_reason).toBe("Photo page cut off");

    const filesBefore = await storedFiles();
    const second = await upload(u.headers, "passport", pngBytes());
    expect(second.statusCode).toBe(201);
    const rows = await documentRows(u.user.id);
    expect(rows.map((r) => r.status)).toEqual(["rejected", "pending"]);
    // the old file is kept for the record
    expect((await storedFiles()).length).toBe(filesBefore.length + 1);
    const now = await status(u.headers);
    expect(now.passport_status).toBe("pending");
    expect(now.passport_document.id).toBe(second.json().document.id);
    expect(now.overall_status).toBe("pending");

    expect((await decide(second.json().document.id, { decision: "approve" })).statusCode).toBe(200);
    const locked = await upload(u.headers, "passport", jpegBytes());
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe("kyc_document_locked");
    expect(await documentRows(u.user.id)).toHaveLength(2);
  });

  it("leaves one consistent record when uploads of one type race", async () => {
    const u = await createUser(t.app);
    const before = await storedFiles();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => upload(u.headers, "utility_bill", i % 2 ? pdfBytes() : pngBytes())),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json().code).toBe("kyc_document_locked");
    }
    const rows = await documentRows(u.user.id);
    expect(rows).toHaveLength(1);
    const after = (await storedFiles()).filter((f) => !before.includes(f));
    expect(after).toEqual([path.join(documentsDir(), `${rows[0]?.storage_key}.enc`)]);
    expect(await userKycStatus(u.user.id)).toBe("pending");
  });

  it("writes no row when the storage fails, and no file when the database fails", async () => {
    const failing: DocumentStorage = {
      put: async () => {
        throw new Error("disk full");
      },
      get: async () => {
        throw new Error("unused");
      },
      delete: async () => {},
    };
    const broken = await buildApp({
      config: t.config,
      database: t.database,
      closeDatabase: false,
      logger: false,
      documentStorage: failing,
    });
    try {
      const u = await createUser(broken);
      const body = multipartBody([{ name: "file", filename: "a.jpg", data: jpegBytes() }]);
      const res = await broken.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: { ...u.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ code: "internal_error", detail: "An unexpected error occurred" });
      expect(await documentRows(u.user.id)).toEqual([]);
      expect(await userKycStatus(u.user.id)).toBe("not_started");
    } finally {
      await broken.close();
    }

    // The database refuses the row (a trigger stands in for a lost connection): the file goes too.
    const u = await createUser(t.app);
    await sql`create or replace function kyc_test_fail() returns trigger language plpgsql as $$
      begin if new.user_id = ${sql.lit(u.user.id)}::uuid then raise exception 'database down'; end if; return new; end $$`.execute(
      t.app.db,
    );
    await sql`create trigger kyc_test_fail before insert on kyc_documents for each row execute function kyc_test_fail()`.execute(
      t.app.db,
    );
    try {
      const before = await storedFiles();
      const res = await upload(u.headers, "id_card", jpegBytes());
      expect(res.statusCode).toBe(500);
      expect(await storedFiles()).toEqual(before);
      expect(await documentRows(u.user.id)).toEqual([]);
    } finally {
      await sql`drop trigger kyc_test_fail on kyc_documents`.execute(t.app.db);
    }
  });
});

describe("encryption at rest", () => {
  it("stores no uploaded byte sequence in plain text, and serves the original back to staff", async () => {
    const u = await createUser(t.app);
    const marker = `PLAINTEXT-MARKER-${randomUUID()}`;
    const original = pdfBytes(marker);
    const res = await upload(u.headers, "utility_bill", original, { filename: "bill.pdf" });
    expect(res.statusCode).toBe(201);
    const [row] = await documentRows(u.user.id);
    const onDisk = await fs.readFile(path.join(documentsDir(), `${row?.storage_key}.enc`));
    expect(onDisk.includes(Buffer.from(marker))).toBe(false);
    expect(onDisk.includes(Buffer.from("%PDF"))).toBe(false);
    // no 16-byte window of the plaintext appears in the file
    for (let i = 0; i + 16 <= original.length; i += 16) {
      expect(onDisk.includes(original.subarray(i, i + 16))).toBe(false);
    }
    // "FGD2" + 8-byte key id + 12-byte nonce + ciphertext (same length as the plaintext) + 16-byte tag
    expect(onDisk.subarray(0, 4).toString("ascii")).toBe("FGD2");
    expect(onDisk.length).toBe(original.length + 4 + 8 + 12 + 16);
    expect((await fs.stat(path.join(documentsDir(), `${row?.storage_key}.enc`))).mode & 0o777).toBe(0o600);

    const file = await t.app.inject({
      url: `/api/admin/kyc/documents/${row?.id}/file`,
      headers: admin.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(original)).toBe(true);
  });

  it("uses a fresh nonce per file: the same content twice gives different ciphertexts", async () => {
    const a = await createUser(t.app);
    const b = await createUser(t.app);
    await upload(a.headers, "selfie", pngBytes());
    await upload(b.headers, "selfie", pngBytes());
    const [ra] = await documentRows(a.user.id);
    const [rb] = await documentRows(b.user.id);
    const fa = await fs.readFile(path.join(documentsDir(), `${ra?.storage_key}.enc`));
    const fb = await fs.readFile(path.join(documentsDir(), `${rb?.storage_key}.enc`));
    expect(fa.subarray(4, 16).equals(fb.subarray(4, 16))).toBe(false);
    expect(fa.equals(fb)).toBe(false);
    expect(ra?.sha256).toBe(rb?.sha256);
  });

  it("generates the key once under DATA_DIR with mode 0600 and reuses it after a restart", async () => {
    const keyFile = path.join(t.config.dataDir, "document.key");
    const stat = await fs.stat(keyFile);
    expect(stat.mode & 0o777).toBe(0o600);
    expect((await fs.readFile(keyFile, "utf8")).trim()).toMatch(/^[0-9a-f]{64}$/);
    const u = await createUser(t.app);
    const original = jpegBytes();
    await upload(u.headers, "id_card", original);
    const [row] = await documentRows(u.user.id);
    // A second server on the same data directory reads what the first one wrote.
    const restarted = await buildApp({
      config: t.config,
      database: t.database,
      closeDatabase: false,
      logger: false,
    });
    try {
      const res = await restarted.inject({
        url: `/api/admin/kyc/documents/${row?.id}/file`,
        headers: admin.headers,
      });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(original)).toBe(true);
    } finally {
      await restarted.close();
    }
  });

  it("does not serve a tampered file, nor one moved under another document's key", async () => {
    const u = await createUser(t.app);
    await upload(u.headers, "id_card", jpegBytes());
    await upload(u.headers, "passport", pngBytes());
    const [idCard, passport] = await documentRows(u.user.id);
    const idPath = path.join(documentsDir(), `${idCard?.storage_key}.enc`);
    const passportPath = path.join(documentsDir(), `${passport?.storage_key}.enc`);
    const bytes = await fs.readFile(idPath);
    bytes[40] = (bytes[40] ?? 0) ^ 0xff;
    await fs.writeFile(idPath, bytes);
    const tampered = await t.app.inject({
      url: `/api/admin/kyc/documents/${idCard?.id}/file`,
      headers: admin.headers,
    });
    expect(tampered.statusCode).toBe(500);
    expect(tampered.headers["content-type"]).toMatch(/application\/json/);
    await fs.copyFile(passportPath, idPath);
    const moved = await t.app.inject({
      url: `/api/admin/kyc/documents/${idCard?.id}/file`,
      headers: admin.headers,
    });
    expect(moved.statusCode).toBe(500);
    // a refused view is not recorded as a view
    const views = await t.app.db
      .selectFrom("kyc_reviews")
      .selectAll()
      .where("document_id", "=", idCard?.id ?? "")
      .execute();
    expect(views).toEqual([]);
  });

  it("uses DOCUMENT_KEY when configured, and refuses to make a new key beside existing documents", async () => {
    const dir = path.join(t.config.dataDir, `unit-${randomUUID()}`);
    const configuredKey = "ab".repeat(32);
    const configured = documentKeyLoader({ configuredKey, dataDir: dir });
    const storage = new LocalDocumentStorage(path.join(dir, "documents"), configured.key);
    await storage.put("kyc/one", Buffer.from("secret content"));
    await expect(fs.access(path.join(dir, "document.key"))).rejects.toThrow();
    expect((await readAll(await storage.get("kyc/one"))).toString()).toBe("secret content");
    // the same files with a generated key: refused rather than silently re-keyed
    const generated = documentKeyLoader({ dataDir: dir });
    await expect(generated.key()).rejects.toThrow(/missing but encrypted documents exist/);
    // a corrupt key file stops the start
    await fs.writeFile(path.join(dir, "document.key"), "not a key");
    await expect(documentKeyLoader({ dataDir: dir }).check()).rejects.toThrow(/64 hexadecimal/);
    // storage keys are made by the server; anything path-like is refused
    await expect(storage.put("../escape", Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.put("kyc/one", Buffer.from("again"))).rejects.toThrow(/already exists/);
  });
});

describe("overall KYC status from the documents", () => {
  // Hand-written rows: [id_card, id_card_back, passport, utility_bill, selfie] -> overall
  const TABLE: Array<
    [KycDocumentStatus, KycDocumentStatus, KycDocumentStatus, KycDocumentStatus, KycDocumentStatus, KycStatus]
  > = [
    ["not_uploaded", "not_uploaded", "not_uploaded", "not_uploaded", "not_uploaded", "not_started"],
    ["approved", "approved", "not_uploaded", "approved", "approved", "approved"],
    // the front of the ID card alone is not an identity document
    ["approved", "not_uploaded", "not_uploaded", "approved", "approved", "not_started"],
    ["approved", "pending", "not_uploaded", "approved", "approved", "pending"],
    ["approved", "rejected", "not_uploaded", "approved", "approved", "rejected"],
    ["not_uploaded", "not_uploaded", "approved", "approved", "approved", "approved"],
    ["rejected", "not_uploaded", "approved", "approved", "approved", "approved"],
    ["pending", "pending", "approved", "approved", "approved", "approved"],
    ["approved", "approved", "approved", "approved", "pending", "pending"],
    ["approved", "approved", "not_uploaded", "approved", "not_uploaded", "not_started"],
    ["approved", "approved", "not_uploaded", "rejected", "approved", "rejected"],
    ["rejected", "not_uploaded", "pending", "not_uploaded", "not_uploaded", "pending"],
    ["rejected", "not_uploaded", "not_uploaded", "not_uploaded", "not_uploaded", "rejected"],
    ["not_uploaded", "not_uploaded", "not_uploaded", "approved", "approved", "not_started"],
  ];

  /** The rule restated independently: count what is missing for approval, then look for activity. */
  function expected(s: Record<KycDocumentType, KycDocumentStatus>): KycStatus {
    const approved = (x: KycDocumentType) => s[x] === "approved";
    const missing = [
      (approved("id_card") && approved("id_card_back")) || approved("passport"),
      approved("utility_bill"),
      approved("selfie"),
    ]
      .map((ok) => (ok ? 0 : 1) as number)
      .reduce((a, b) => a + b, 0);
    if (missing === 0) return "approved";
    const counts = { pending: 0, rejected: 0 } as Record<string, number>;
    for (const type of KYC_DOCUMENT_TYPES) counts[s[type]] = (counts[s[type]] ?? 0) + 1;
    if ((counts.pending ?? 0) > 0) return "pending";
    if ((counts.rejected ?? 0) > 0) return "rejected";
    return "not_started";
  }

  const combinations: Array<Record<KycDocumentType, KycDocumentStatus>> = [];
  // The back of the ID card as not uploaded or approved: the other two states are in the table above.
  for (const back of ["not_uploaded", "approved"] as const)
    for (const a of KYC_DOCUMENT_STATUSES)
      for (const b of KYC_DOCUMENT_STATUSES)
        for (const c of KYC_DOCUMENT_STATUSES)
          for (const d of KYC_DOCUMENT_STATUSES)
            combinations.push({ id_card: a, id_card_back: back, passport: b, utility_bill: c, selfie: d });

  it.each(TABLE)(
    "%s / %s / %s / %s / %s -> %s",
    (id_card, id_card_back, passport, utility_bill, selfie, overall) => {
      const statuses = { id_card, id_card_back, passport, utility_bill, selfie };
      expect(overallStatus(statuses)).toBe(overall);
      expect(expected(statuses)).toBe(overall);
    },
  );

  it("holds for all 512 combinations, in the status answer and on the user record", {
    timeout: 240_000,
  }, async () => {
    expect(combinations).toHaveLength(512);
    // Its own database, so that these 512 users do not crowd the review queue of the other tests.
    const own = await createTestApp();
    const db = own.app.db;
    const reviewer = await createAdmin(own.app);
    const counts: Record<string, number> = {};
    try {
      const users = await db
        .insertInto("users")
        .values(
          combinations.map((_, i) => ({
            email: `combo-${i}-${randomUUID()}@example.test`,
            password_hash: "x",
            full_name: `Combo ${i}`,
          })),
        )
        .returning("id")
        .execute();
      const rows = combinations.flatMap((combo, i) =>
        KYC_DOCUMENT_TYPES.filter((type) => combo[type] !== "not_uploaded").map((type) => {
          const st = combo[type] as "pending" | "approved" | "rejected";
          return {
            id: randomUUID(),
            user_id: users[i]?.id ?? "",
            document_type: type,
            status: st,
            storage_key: `kyc/${randomUUID()}`,
            content_type: "image/png" as const,
            size_bytes: 10,
            sha256: "0".repeat(64),
            original_name: null,
            rejection_reason: st === "rejected" ? "unreadable" : null,
            rejection_code: null,
            reviewed_by: st === "pending" ? null : reviewer.user.id,
            reviewed_at: st === "pending" ? null : sql<Date>`now()`,
          };
        }),
      );
      await db.insertInto("kyc_documents").values(rows).execute();
      // The recomputation path every real change takes (upload or decision), then the status answer.
      await db.transaction().execute(async (trx) => {
        for (const u of users) await recomputeUserStatus(trx, u.id);
      });
      const stored = new Map(
        (
          await db
            .selectFrom("users")
            .select(["id", "kyc_status"])
            .where(
              "id",
              "in",
              users.map((u) => u.id),
            )
            .execute()
        ).map((r) => [r.id, r.kyc_status]),
      );
      for (const [i, combo] of combinations.entries()) {
        const id = users[i]?.id ?? "";
        const want = expected(combo);
        counts[want] = (counts[want] ?? 0) + 1;
        const answer = await getStatus(db, { id } as never);
        expect(answer.overall_status, JSON.stringify(combo)).toBe(want);
        for (const type of KYC_DOCUMENT_TYPES) expect(answer[`${type}_status`]).toBe(combo[type]);
        expect(stored.get(id), JSON.stringify(combo)).toBe(want);
        expect(overallStatus(combo)).toBe(want);
      }
    } finally {
      await own.close();
    }
    // every outcome is reached
    expect(Object.keys(counts).sort()).toEqual(["approved", "not_started", "pending", "rejected"]);
  });
});

describe("staff review", () => {
  it("lists the pending queue oldest first with the user's name and e-mail, paginated", async () => {
    const a = await createUser(t.app, { full_name: "Anna Alt" });
    const b = await createUser(t.app, { full_name: "Bernd Neu" });
    const first = (await upload(a.headers, "id_card", jpegBytes())).json().document;
    await new Promise((r) => setTimeout(r, 5));
    const second = (await upload(b.headers, "utility_bill", pdfBytes())).json().document;

    const res = await t.app.inject({ url: "/api/admin/kyc/documents?limit=200", headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const list = res.json() as Array<{ id: string; uploaded_at: string; status: string }>;
    expect(Number(res.headers["x-total-count"])).toBe(list.length);
    expect(list.every((d) => d.status === "pending")).toBe(true);
    const times = list.map((d) => Date.parse(d.uploaded_at));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
    const ia = list.findIndex((d) => d.id === first.id);
    const ib = list.findIndex((d) => d.id === second.id);
    expect(ia).toBeGreaterThanOrEqual(0);
    expect(ib).toBeGreaterThan(ia);
    expect(list[ia]).toMatchObject({
      user_id: a.user.id,
      user_full_name: "Anna Alt",
      user_email: a.user.email,
      user_kyc_status: "pending",
      reviewed_by: null,
    });
    expect(list[ia]).not.toHaveProperty("storage_key");

    const page = await t.app.inject({
      url: `/api/admin/kyc/documents?limit=1&offset=${ib}`,
      headers: admin.headers,
    });
    expect(page.json().map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect(page.headers["x-total-count"]).toBe(res.headers["x-total-count"]);

    const byUser = await t.app.inject({
      url: `/api/admin/kyc/documents?status=all&user_id=${b.user.id}`,
      headers: admin.headers,
    });
    expect(byUser.json().map((d: { id: string }) => d.id)).toEqual([second.id]);
    expect(byUser.headers["x-total-count"]).toBe("1");

    for (const bad of ["limit=0", "limit=201", "offset=-1", "status=done", "user_id=nope"]) {
      const r = await t.app.inject({ url: `/api/admin/kyc/documents?${bad}`, headers: admin.headers });
      expect(r.statusCode, bad).toBe(400);
      expect(r.json().code).toBe("validation_failed");
    }
  });

  it("streams a file with safe headers and records the view", async () => {
    const u = await createUser(t.app);
    const doc = (await upload(u.headers, "passport", pngBytes(), { filename: 'evil".html' })).json().document;
    const res = await t.app.inject({
      url: `/api/admin/kyc/documents/${doc.id}/file`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="kyc-passport-${doc.id.slice(0, 8)}.png"`,
    );
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-security-policy"]).toContain("sandbox");
    expect(res.rawPayload.equals(pngBytes())).toBe(true);
    const views = await t.app.db
      .selectFrom("kyc_reviews")
      .selectAll()
      .where("document_id", "=", doc.id)
      .execute();
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ action: "view_file", actor_id: admin.user.id });

    const missing = await t.app.inject({
      url: `/api/admin/kyc/documents/${randomUUID()}/file`,
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("kyc_document_not_found");
    const badId = await t.app.inject({ url: "/api/admin/kyc/documents/../file", headers: admin.headers });
    expect(badId.statusCode).toBeLessThan(500);
  });

  it("approves all documents of a user: the user becomes approved, each decision in the audit trail", async () => {
    const u = await createUser(t.app);
    const ids = [];
    for (const [type, data] of [
      ["id_card", jpegBytes()],
      ["id_card_back", jpegBytes()],
      ["utility_bill", pdfBytes()],
      ["selfie", pngBytes()],
    ] as const) {
      ids.push((await upload(u.headers, type, data)).json().document.id);
    }
    for (const [i, id] of ids.entries()) {
      const res = await decide(id, { decision: "approve" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id,
        status: "approved",
        reviewed_by: { id: admin.user.id, full_name: "Rita Reviewer" },
        user_kyc_status: i === ids.length - 1 ? "approved" : "pending",
      });
    }
    const s = await status(u.headers);
    expect(s).toMatchObject({
      overall_status: "approved",
      id_card_status: "approved",
      utility_bill_status: "approved",
      selfie_status: "approved",
      passport_status: "not_uploaded",
    });
    expect(await userKycStatus(u.user.id)).toBe("approved");
    const me = await t.app.db.selectFrom("users").selectAll().where("id", "=", u.user.id).executeTakeFirst();
    expect(me?.kyc_status).toBe("approved");

    const hist = await t.app.inject({
      url: `/api/admin/kyc/documents/${ids[0]}/history`,
      headers: admin.headers,
    });
    expect(hist.statusCode).toBe(200);
    expect(hist.json()).toEqual([
      expect.objectContaining({
        action: "approve",
        actor: { id: admin.user.id, full_name: "Rita Reviewer" },
        reason: null,
      }),
    ]);
  });

  it("rejects with a reason, asks for a new upload with a reason code, and validates both", async () => {
    const u = await createUser(t.app);
    const bill = (await upload(u.headers, "utility_bill", pdfBytes())).json().document;
    const selfie = (await upload(u.headers, "selfie", jpegBytes())).json().document;

    for (const body of [
      { decision: "reject" },
      { decision: "reject", reason: "   " },
      { decision: "reject", reason: "x".repeat(1001) },
      { decision: "request_new_upload" },
      { decision: "request_new_upload", reason_code: "ugly" },
      { decision: "request_new_upload", reason_code: "other" },
      { decision: "approved" },
      { decision: "approve", status: "approved" },
      {},
    ]) {
      const res = await decide(bill.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    expect((await documentRows(u.user.id)).map((r) => r.status)).toEqual(["pending", "pending"]);

    const asked = await decide(bill.id, {
      decision: "request_new_upload",
      reason_code: "too_old",
      reason: "The bill is from January.",
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      status: "rejected",
      rejection_code: "too_old",
      rejection_note: "The bill is from January.",
      rejection_reason: "The bill is from January.",
    });
    const blurry = await decide(selfie.id, { decision: "request_new_upload", reason_code: "blurry" });
    expect(blurry.json()).toMatchObject({
      rejection_code: "blurry",
      rejection_note: null,
      rejection_reason: "The image is blurry or hard to read. Please upload a sharper copy.",
    });
    const s = await status(u.headers);
    expect(s.overall_status).toBe("rejected");
    expect(s.utility_bill_document.rejection_code).toBe("too_old");
    expect(await userKycStatus(u.user.id)).toBe("rejected");

    const trail = await t.app.db
      .selectFrom("kyc_reviews")
      .selectAll()
      .where("document_id", "in", [bill.id, selfie.id])
      .orderBy("created_at")
      .execute();
    expect(trail.map((r) => [r.action, r.reason_code, r.reason, r.actor_id])).toEqual([
      ["request_new_upload", "too_old", "The bill is from January.", admin.user.id],
      ["request_new_upload", "blurry", null, admin.user.id],
    ]);
  });

  it("decides a document only once (409), also when two reviewers race", async () => {
    const u = await createUser(t.app);
    const doc = (await upload(u.headers, "id_card", jpegBytes())).json().document;
    const other = await createAdmin(t.app);
    const [r1, r2] = await Promise.all([
      decide(doc.id, { decision: "approve" }),
      decide(doc.id, { decision: "reject", reason: "Not readable" }, other.headers),
    ]);
    const codes = [r1.statusCode, r2.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const loser = r1.statusCode === 409 ? r1 : r2;
    expect(loser.json().code).toBe("kyc_document_already_reviewed");
    const again = await decide(doc.id, { decision: "approve" });
    expect(again.statusCode).toBe(409);
    const decisions = await t.app.db
      .selectFrom("kyc_reviews")
      .selectAll()
      .where("document_id", "=", doc.id)
      .where("action", "<>", "view_file")
      .execute();
    expect(decisions).toHaveLength(1);
    const missing = await decide(randomUUID(), { decision: "approve" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("kyc_document_not_found");
  });

  it("does not let an admin review their own document", async () => {
    const self = await createAdmin(t.app);
    const doc = (await upload(self.headers, "id_card", jpegBytes())).json().document;
    const res = await decide(doc.id, { decision: "approve" }, self.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("kyc_review_own_document");
    expect((await documentRows(self.user.id))[0]?.status).toBe("pending");
  });
});

describe("access", () => {
  it("keeps users out of the review queue, the files, the decisions and the history", async () => {
    const owner = await createUser(t.app);
    const doc = (await upload(owner.headers, "id_card", jpegBytes())).json().document;
    for (const headers of [owner.headers, (await createUser(t.app)).headers]) {
      const calls = [
        t.app.inject({ url: "/api/admin/kyc/documents", headers }),
        t.app.inject({ url: `/api/admin/kyc/documents/${doc.id}/file`, headers }),
        t.app.inject({ url: `/api/admin/kyc/documents/${doc.id}/history`, headers }),
        decide(doc.id, { decision: "approve" }, headers),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe("forbidden");
      }
    }
    expect((await documentRows(owner.user.id))[0]?.status).toBe("pending");
    const views = await t.app.db
      .selectFrom("kyc_reviews")
      .selectAll()
      .where("document_id", "=", doc.id)
      .execute();
    expect(views).toEqual([]);
  });

  it("shows each user only their own status", async () => {
    const owner = await createUser(t.app);
    const stranger = await createUser(t.app);
    await upload(owner.headers, "passport", pngBytes());
    const theirs = await status(stranger.headers);
    expect(theirs).toMatchObject({ overall_status: "not_started", passport_status: "not_uploaded" });
    expect(theirs.passport_document).toBeNull();
    // no way to name another user: query parameters are ignored
    const sneaky = await t.app.inject({
      url: `/api/kyc/status?user_id=${owner.user.id}`,
      headers: stranger.headers,
    });
    expect(sneaky.json().passport_status).toBe("not_uploaded");
  });

  it("limits uploads to 30 per user in 10 minutes, counted per user", async () => {
    const busy = await createUser(t.app);
    await upload(busy.headers, "selfie", pngBytes());
    const codes: number[] = [];
    // Further uploads of a pending type are refused (409) but still count.
    for (let i = 0; i < 30; i++) codes.push((await upload(busy.headers, "selfie", pngBytes())).statusCode);
    expect(codes.slice(0, 29).every((c) => c === 409)).toBe(true);
    expect(codes[29]).toBe(429);
    const other = await createUser(t.app);
    expect((await upload(other.headers, "selfie", pngBytes())).statusCode).toBe(201);
  });

  it("refuses anonymous and expired-session uploads, storing nothing", async () => {
    const before = await storedFiles();
    const anonymous = await upload({ authorization: "" } as Headers, "id_card", jpegBytes());
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("unauthenticated");
    const expired = await upload(
      { authorization: "Bearer expired-or-unknown-token" },
      "id_card",
      jpegBytes(),
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe("session_expired");
    expect(await storedFiles()).toEqual(before);
  });
});
