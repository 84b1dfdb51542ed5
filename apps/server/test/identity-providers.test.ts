import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import { unzipSync } from "fflate";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keptUntil, runRetention } from "../src/modules/identity/data-rights.service.ts";
import { signIdentPayload } from "../src/modules/identity/ident.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage, applicationPayload, approvedApplication } from "./helpers/deposits.ts";
import { createAdmin, createUser, TEST_PASSWORD } from "./helpers/factories.ts";
import { VALID_PROFILE } from "./helpers/identity.ts";
import { jpegBytes, multipartBody, pdfBytes, pngBytes } from "./helpers/kyc-files.ts";

type Headers = { authorization: string };

const SECRET = "s3cret-for-tests-0123456789abcdef0123";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp({ IDENT_WEBHOOK_SECRETS: `videoident:${SECRET}` });
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

async function startIdent(headers: Headers, provider = "videoident") {
  const res = await t.app.inject({ method: "POST", url: "/api/kyc/ident", headers, payload: { provider } });
  return res;
}

function post(body: string, signature: string | undefined, provider = "videoident") {
  return t.app.inject({
    method: "POST",
    url: `/api/ident/webhook/${provider}`,
    headers: { "content-type": "application/json", ...(signature ? { "x-ident-signature": signature } : {}) },
    payload: body,
  });
}

const now = () => Math.floor(Date.now() / 1000);

async function verifications(userId: string) {
  return t.app.db.selectFrom("ident_verifications").selectAll().where("user_id", "=", userId).execute();
}

describe("webhook ident provider", () => {
  it("an unknown provider is 404 when starting; the manual review needs no start", async () => {
    const u = await createUser(t.app);
    const res = await startIdent(u.headers, "nobody");
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("ident_provider_unknown");
  });

  it("accepts a signed result once: the ident stands for ID and selfie; replays change nothing", async () => {
    const u = await createUser(t.app);
    const started = await startIdent(u.headers);
    expect(started.statusCode).toBe(201);
    const body = JSON.stringify({
      reference: started.json().reference,
      provider_reference: "vi-20261123-0001",
      method: "video_ident",
      result: "verified",
      first_name: "Erika",
      last_name: "Mustermann",
      date_of_birth: "1980-05-17",
    });
    const ok = await post(body, signIdentPayload(SECRET, body, now()));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ accepted: true, duplicate: false });
    const replay = await post(body, signIdentPayload(SECRET, body, now()));
    expect(replay.json()).toEqual({ accepted: true, duplicate: true });
    expect(await verifications(u.user.id)).toHaveLength(1);

    // with the utility bill approved and the personal data confirmed, the saver is verified
    await t.app.inject({
      method: "PUT",
      url: "/api/kyc/profile",
      headers: u.headers,
      payload: VALID_PROFILE,
    });
    const bill = multipartBody([
      { name: "file", filename: "bill.pdf", contentType: "application/pdf", data: pdfBytes() },
    ]);
    const up = await t.app.inject({
      method: "POST",
      url: "/api/kyc/upload/utility_bill",
      headers: { ...u.headers, ...bill.headers },
      payload: bill.payload,
    });
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/kyc/documents/${up.json().document.id}/decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${u.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    const status = await t.app.inject({ url: "/api/kyc/status", headers: u.headers });
    expect(status.json().overall_status).toBe("approved");
    const dossier = await t.app.inject({
      url: `/api/admin/identity/users/${u.user.id}/dossier`,
      headers: admin.headers,
    });
    expect(dossier.json().ident_verifications[0]).toMatchObject({
      method: "video_ident",
      result: "verified",
    });
  });

  it("a bad signature, an old timestamp, a missing header or a foreign reference change nothing", async () => {
    const u = await createUser(t.app);
    const reference = (await startIdent(u.headers)).json().reference;
    const body = JSON.stringify({ reference, provider_reference: "vi-2", method: "eid", result: "verified" });
    const cases: Array<[string | undefined, number, string]> = [
      [signIdentPayload("another-secret-0123456789abcdef0123", body, now()), 401, "ident_signature_invalid"],
      [signIdentPayload(SECRET, `${body} `, now()), 401, "ident_signature_invalid"],
      [signIdentPayload(SECRET, body, now() - 301), 401, "ident_timestamp_expired"],
      [signIdentPayload(SECRET, body, now() + 600), 401, "ident_timestamp_expired"],
      [undefined, 401, "ident_signature_invalid"],
      ["t=abc,v1=zz", 401, "ident_signature_invalid"],
    ];
    for (const [signature, status, code] of cases) {
      const res = await post(body, signature);
      expect(res.statusCode, String(signature)).toBe(status);
      expect(res.json().code).toBe(code);
    }
    const foreign = JSON.stringify({
      reference: randomUUID(),
      provider_reference: "vi-3",
      method: "eid",
      result: "verified",
    });
    const res = await post(foreign, signIdentPayload(SECRET, foreign, now()));
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe("ident_reference_unknown");
    const unknown = await post(body, signIdentPayload(SECRET, body, now()), "other");
    expect(unknown.statusCode).toBe(404);
    expect(await verifications(u.user.id)).toHaveLength(0);
    const user = await t.app.db
      .selectFrom("users")
      .select("kyc_status")
      .where("id", "=", u.user.id)
      .executeTakeFirst();
    expect(user?.kyc_status).toBe("not_started");
  });
});

describe("data export", () => {
  it("holds every row about the saver and their documents, nothing about anyone else", async () => {
    const u = await createUser(t.app, { full_name: "Petra Export" });
    const other = await createUser(t.app, { full_name: "Otto Other" });
    for (const who of [u, other]) {
      await t.app.inject({
        method: "PUT",
        url: "/api/kyc/profile",
        headers: who.headers,
        payload: VALID_PROFILE,
      });
      const file = multipartBody([
        { name: "file", filename: "id.jpg", contentType: "image/jpeg", data: jpegBytes() },
      ]);
      await t.app.inject({
        method: "POST",
        url: "/api/kyc/upload/id_card",
        headers: { ...who.headers, ...file.headers },
        payload: file.payload,
      });
    }
    const selfie = multipartBody([
      { name: "file", filename: "me.png", contentType: "image/png", data: pngBytes() },
    ]);
    await t.app.inject({
      method: "POST",
      url: "/api/kyc/upload/selfie",
      headers: { ...u.headers, ...selfie.headers },
      payload: selfie.payload,
    });
    const res = await t.app.inject({ url: "/api/me/export", headers: u.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/zip");
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files).sort();
    expect(names.filter((n) => n.startsWith("documents/"))).toHaveLength(2);
    const jpeg = names.find((n) => n.startsWith("documents/id_card-")) ?? "";
    expect(Buffer.from(files[jpeg] ?? []).equals(jpegBytes())).toBe(true);
    const text = new TextDecoder().decode(files["data.json"]);
    const data = JSON.parse(text);
    expect(text).not.toContain(other.user.id);
    expect(text).not.toContain(other.user.email);
    expect(text).not.toMatch(/password_hash|token_hash/);
    // every table with a user_id column: the saver's rows, all of them
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`.execute(t.app.db);
    const excluded = ["sanctions_hits", "sanctions_screenings", "staff_notes", "audit_log"];
    for (const { table_name } of rows) {
      if (excluded.includes(table_name)) continue;
      const { rows: mine } = await sql<{ n: string }>`
        select count(*) as n from ${sql.table(table_name)} where user_id = ${u.user.id}`.execute(t.app.db);
      expect(data.tables[table_name], table_name).toHaveLength(Number(mine[0]?.n));
      for (const row of data.tables[table_name]) expect(row.user_id).toBe(u.user.id);
    }
    expect(data.tables.kyc_profiles[0]).toMatchObject({ tax_id: "86095742719" });
    expect(data.tables.users[0]).toMatchObject({ id: u.user.id, full_name: "Petra Export" });
  });
});

describe("account closure, erasure and retention", () => {
  it("refuses while an application is active, then closes, erases what is not kept, and the job deletes the rest", async () => {
    const u = await createUser(t.app);
    await t.app.inject({
      method: "PUT",
      url: "/api/kyc/profile",
      headers: u.headers,
      payload: VALID_PROFILE,
    });
    const doc = multipartBody([
      { name: "file", filename: "id.jpg", contentType: "image/jpeg", data: jpegBytes() },
    ]);
    await t.app.inject({
      method: "POST",
      url: "/api/kyc/upload/passport",
      headers: { ...u.headers, ...doc.headers },
      payload: doc.payload,
    });
    const pkg = await activePackage(t.app);
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: u.headers,
      remoteAddress: "10.7.0.1",
      payload: applicationPayload("Erika Mustermann", pkg.id, { email: u.user.email }),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const guarantee = await t.app.inject({ url: "/api/me/deposit-guarantee", headers: u.headers });
    expect(guarantee.json()).toMatchObject({ limit_cents: 10_000_000, total_cents: 1_000_000 });

    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/me/close",
      headers: u.headers,
      payload: { password: "nope" },
    });
    expect(wrong.statusCode).toBe(400);
    const busy = await t.app.inject({
      method: "POST",
      url: "/api/me/close",
      headers: u.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().code).toBe("account_has_active_applications");

    await t.app.db
      .updateTable("applications")
      .set({ status: "rejected", decided_at: new Date() })
      .where("id", "=", applied.json().id)
      .execute();
    const closed = await t.app.inject({
      method: "POST",
      url: "/api/me/close",
      headers: u.headers,
      payload: { password: TEST_PASSWORD },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const closedAt = new Date(closed.json().closed_at);
    expect(closed.json().kept_until).toBe(keptUntil(closedAt).toISOString());
    // the session is gone with the account's contact data
    const me = await t.app.inject({ url: "/api/kyc/profile", headers: u.headers });
    expect(me.statusCode).toBe(401);
    const row = await t.app.db
      .selectFrom("users")
      .selectAll()
      .where("id", "=", u.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).not.toBe(u.user.email);
    const count = async (table: "sessions" | "kyc_profiles" | "kyc_documents" | "applications") =>
      (await t.app.db.selectFrom(table).select("user_id").where("user_id", "=", u.user.id).execute()).length;
    expect(await count("sessions")).toBe(0);
    // what the law keeps, stays
    expect(await count("kyc_profiles")).toBe(1);
    expect(await count("kyc_documents")).toBe(1);
    expect(await count("applications")).toBe(1);
    const pending = await t.app.inject({ url: "/api/admin/identity/erasures", headers: admin.headers });
    expect(pending.json().map((e: { user_id: string }) => e.user_id)).toContain(u.user.id);

    // the job a day before the end of retention deletes nothing; after it, everything
    const dayBefore = new Date(keptUntil(closedAt).getTime() - 86_400_000);
    expect(await runRetention(t.app.db, t.app.documentStorage, dayBefore)).not.toContain(u.user.id);
    expect(await count("kyc_documents")).toBe(1);
    const after = new Date(keptUntil(closedAt).getTime() + 1000);
    expect(await runRetention(t.app.db, t.app.documentStorage, after)).toContain(u.user.id);
    for (const table of ["kyc_profiles", "kyc_documents", "applications"] as const)
      expect(await count(table)).toBe(0);
    expect(
      await t.app.db.selectFrom("users").select("id").where("id", "=", u.user.id).execute(),
    ).toHaveLength(0);
    // running it again is harmless
    expect(await runRetention(t.app.db, t.app.documentStorage, after)).toEqual([]);
  });

  it("refuses while a deposit is awaiting funds or running, and closes once it has been paid out", async () => {
    const u = await createUser(t.app);
    const application = await approvedApplication(t.app, u, admin, { amount: 5_000 });
    const close = () =>
      t.app.inject({
        method: "POST",
        url: "/api/me/close",
        headers: u.headers,
        payload: { password: TEST_PASSWORD },
      });
    for (const status of ["awaiting_funds", "active", "matured"] as const) {
      if (status !== "awaiting_funds") {
        await t.app.db
          .updateTable("deposits")
          .set({ status, value_date: "2026-01-02", maturity_date: "2027-01-02" })
          .where("id", "=", application.deposit.id)
          .execute();
      }
      const busy = await close();
      expect(busy.statusCode, status).toBe(409);
      expect(busy.json().code).toBe("account_has_active_applications");
    }
    await t.app.db
      .updateTable("deposits")
      .set({ status: "paid_out", paid_out_at: new Date() })
      .where("id", "=", application.deposit.id)
      .execute();
    const closed = await close();
    expect(closed.statusCode, closed.body).toBe(200);
  });
});
