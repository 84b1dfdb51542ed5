import fs from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertMayBeApproved } from "../src/modules/identity/identity.service.ts";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage, applicationPayload } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import {
  createVerifiedUser,
  SANCTIONS_FIXTURE_VERSION,
  sanctionsFixture,
  VALID_PROFILE,
} from "./helpers/identity.ts";
import { decideKycDocument, multipartBody, pdfBytes, uploadKycDocument } from "./helpers/kyc-files.ts";

type Headers = { authorization: string };

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app, { full_name: "Clara Compliance" });
});
afterAll(async () => {
  await t.close();
  await fs.rm(t.config.dataDir, { recursive: true, force: true });
});

/** The approval rule's list age: the default, reckoned now. */
const listAge = () => ({ maxAgeDays: 7, now: new Date() });

const putProfile = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: "PUT", url: "/api/kyc/profile", headers, payload: payload as object });

/** A date of birth `years` years before today (UTC), plus `days`. */
function yearsAgo(years: number, days = 0) {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

async function loadList(xml: Buffer | string, headers: Headers = admin.headers) {
  const body = multipartBody([
    { name: "file", filename: "list.xml", contentType: "application/xml", data: Buffer.from(xml) },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/admin/sanctions/lists",
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe("personal data", () => {
  it("stores valid data, answers it, and GET shows null before", async () => {
    const u = await createUser(t.app);
    const before = await t.app.inject({ url: "/api/kyc/profile", headers: u.headers });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ profile: null });
    const res = await putProfile(u.headers, {
      ...VALID_PROFILE,
      tax_id: "86 095 742 719",
      nationality: "de",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      date_of_birth: "1980-05-17",
      nationality: "DE",
      tax_id: "86095742719",
      review_status: "pending",
      address: { city: "Berlin", country: "DE" },
    });
    const after = await t.app.inject({ url: "/api/kyc/profile", headers: u.headers });
    expect(after.json().profile.place_of_birth).toBe("Köln");
    // entering data starts the verification
    const status = await t.app.inject({ url: "/api/kyc/status", headers: u.headers });
    expect(status.json().overall_status).toBe("pending");
  });

  it.each([
    ["under 18", { date_of_birth: yearsAgo(18, 1) }, "kyc_underage"],
    ["not a date", { date_of_birth: "1980-02-30" }, "invalid_date"],
    ["implausible date", { date_of_birth: "1850-01-01" }, "invalid_date"],
    ["unknown nationality", { nationality: "XX" }, "invalid_country"],
    ["unknown address country", { address: { ...VALID_PROFILE.address, country: "ZZ" } }, "invalid_country"],
    ["German IdNr check digit", { tax_id: "86095742718" }, "invalid_tax_id"],
    ["German IdNr digit repetition", { tax_id: "12345678903" }, "invalid_tax_id"],
    ["Dutch BSN", { tax_residency: "NL", tax_id: "111222334" }, "invalid_tax_id"],
    ["French number format", { tax_residency: "FR", tax_id: "ABC" }, "invalid_tax_id"],
    ["PEP without details", { is_pep: true, pep_details: null }, "pep_details_required"],
    [
      "a German postcode of letters",
      { address: { ...VALID_PROFILE.address, postcode: "ABCDE" } },
      "invalid_postcode",
    ],
    [
      "a French postcode of four digits",
      { address: { ...VALID_PROFILE.address, country: "FR", postcode: "7500" } },
      "invalid_postcode",
    ],
    ["a place of birth of 300 characters", { place_of_birth: "K".repeat(300) }, "validation_failed"],
    ["empty place of birth", { place_of_birth: "  " }, "validation_failed"],
    ["unknown field", { favourite_colour: "blue" }, "validation_failed"],
  ])("refuses %s", async (_name, change, code) => {
    const u = await createUser(t.app);
    const res = await putProfile(u.headers, { ...VALID_PROFILE, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().code).toBe(code);
    const stored = await t.app.db
      .selectFrom("kyc_profiles")
      .select("user_id")
      .where("user_id", "=", u.user.id)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it("names the limit of a text that is too long, and takes a Dutch postcode with its letters", async () => {
    const u = await createUser(t.app);
    const long = await putProfile(u.headers, { ...VALID_PROFILE, place_of_birth: "K".repeat(300) });
    expect(long.statusCode).toBe(400);
    const field = (long.json().fields as Array<{ path: string; code: string; message: string }>).find(
      (f) => f.path === "body.place_of_birth",
    );
    expect(field?.code).toBe("too_big");
    expect(field?.message).toMatch(/<=\s*100/);
    const dutch = await putProfile(u.headers, {
      ...VALID_PROFILE,
      address: { street: "Damrak 1", postcode: "1012 LG", city: "Amsterdam", country: "NL" },
    });
    expect(dutch.statusCode, dutch.body).toBe(200);
  });

  it("accepts exactly 18 today and a PEP with details", async () => {
    const u = await createUser(t.app);
    const res = await putProfile(u.headers, {
      ...VALID_PROFILE,
      date_of_birth: yearsAgo(18),
      is_pep: true,
      pep_details: "Spouse of a member of a national parliament",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile.is_pep).toBe(true);
  });

  it("sends confirmed data back to review when it changes; unchanged data changes nothing", async () => {
    const u = await createVerifiedUser(t.app);
    const same = await putProfile(u.headers, VALID_PROFILE);
    expect(same.json().profile.review_status).toBe("approved");
    await assertMayBeApproved(t.app.db, u.user.id, listAge());
    const moved = await putProfile(u.headers, {
      ...VALID_PROFILE,
      address: { ...VALID_PROFILE.address, street: "Nebenstraße 2" },
    });
    expect(moved.json().profile.review_status).toBe("pending");
    const user = await t.app.db
      .selectFrom("users")
      .select("kyc_status")
      .where("id", "=", u.user.id)
      .executeTakeFirst();
    expect(user?.kyc_status).toBe("pending");
    await expect(assertMayBeApproved(t.app.db, u.user.id, listAge())).rejects.toMatchObject({
      code: "kyc_not_approved",
    });
    // staff confirm it again in the dossier
    const decided = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${u.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({
      profile: { review_status: "approved" },
      may_be_approved: { ok: true },
    });
    const again = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${u.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("profile_already_decided");
    const versions = await t.app.db
      .selectFrom("kyc_profile_versions")
      .select("id")
      .where("user_id", "=", u.user.id)
      .execute();
    expect(versions).toHaveLength(1);
  });

  it("a rejection carries a reason the saver reads", async () => {
    const u = await createUser(t.app);
    await putProfile(u.headers, VALID_PROFILE);
    const res = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${u.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "reject", reason: "The address differs from the utility bill" },
    });
    expect(res.statusCode).toBe(200);
    const mine = await t.app.inject({ url: "/api/kyc/profile", headers: u.headers });
    expect(mine.json().profile).toMatchObject({
      review_status: "rejected",
      review_reason: "The address differs from the utility bill",
    });
    const noReason = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${u.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "reject" },
    });
    expect(noReason.statusCode).toBe(400);
  });

  it("only staff decide, never on themselves; users get 403", async () => {
    const u = await createUser(t.app);
    await putProfile(u.headers, VALID_PROFILE);
    const asUser = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${u.user.id}/profile-decision`,
      headers: u.headers,
      payload: { decision: "approve" },
    });
    expect(asUser.statusCode).toBe(403);
    const dossier = await t.app.inject({
      url: `/api/admin/identity/users/${u.user.id}/dossier`,
      headers: u.headers,
    });
    expect(dossier.statusCode).toBe(403);
    await putProfile(admin.headers, VALID_PROFILE);
    const own = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${admin.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(own.statusCode).toBe(403);
  });
});

describe("approval needs a verified identity", () => {
  it("refuses an unverified saver, one without personal data, one without confirmed data, and one with a confirmed hit", async () => {
    const fresh = await createUser(t.app);
    await expect(assertMayBeApproved(t.app.db, fresh.user.id, listAge())).rejects.toMatchObject({
      statusCode: 409,
      code: "kyc_not_approved",
    });
    // Documents approved but no personal data entered (the original flow): not enough for approval.
    const documentsOnly = await createUser(t.app);
    await t.app.db
      .updateTable("users")
      .set({ kyc_status: "approved" })
      .where("id", "=", documentsOnly.user.id)
      .execute();
    await expect(assertMayBeApproved(t.app.db, documentsOnly.user.id, listAge())).rejects.toMatchObject({
      statusCode: 409,
      code: "kyc_profile_missing",
    });
    const verified = await createVerifiedUser(t.app);
    await expect(assertMayBeApproved(t.app.db, verified.user.id, listAge())).resolves.toBeUndefined();
    await t.app.db
      .updateTable("kyc_profiles")
      .set({ review_status: "pending" })
      .where("user_id", "=", verified.user.id)
      .execute();
    await expect(assertMayBeApproved(t.app.db, verified.user.id, listAge())).rejects.toMatchObject({
      code: "kyc_profile_not_approved",
    });
  });
});

describe("sanctions screening", () => {
  let listed: Awaited<ReturnType<typeof createVerifiedUser>>;

  it("refuses what is not the EU list, and users", async () => {
    const asUser = await loadList(sanctionsFixture(), (await createUser(t.app)).headers);
    expect(asUser.statusCode).toBe(403);
    for (const bad of ["not xml <", "<other/>", '<export generationDate="x"></export>']) {
      const res = await loadList(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe("sanctions_list_invalid");
    }
    const noFile = await t.app.inject({
      method: "POST",
      url: "/api/admin/sanctions/lists",
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: {},
    });
    expect(noFile.statusCode).toBeLessThan(500);
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
  });

  it("loads the list, screens everyone with personal data in the background, records the version; the same file again renews it", async () => {
    listed = await createVerifiedUser(t.app, { full_name: "Zorislav Kremnyov" });
    await t.app.db
      .updateTable("kyc_profiles")
      .set({ date_of_birth: "1961-03-14" })
      .where("user_id", "=", listed.user.id)
      .execute();
    const res = await loadList(sanctionsFixture());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ version: SANCTIONS_FIXTURE_VERSION, entries: 5 });
    expect(res.json().screening).toMatchObject({ status: "running", screened: 0 });
    await t.app.jobs.runDue();
    const [current] = (
      await t.app.inject({ url: "/api/admin/sanctions/lists", headers: admin.headers })
    ).json();
    expect(current.screened_users).toBeGreaterThan(0);
    expect(current.screening).toMatchObject({ status: "done", new_hits: 1 });
    // the same file again: accepted, current from now, everyone screened again (no new hit: same list)
    const again = await loadList(sanctionsFixture());
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(res.json().id);
    await t.app.jobs.runDue();

    const hits = await t.app.inject({ url: "/api/admin/sanctions/hits", headers: admin.headers });
    expect(hits.statusCode).toBe(200);
    expect(hits.headers["x-total-count"]).toBe("1");
    expect(hits.json()[0]).toMatchObject({
      user_id: listed.user.id,
      entry_reference: "EU.9001.01",
      list_version: SANCTIONS_FIXTURE_VERSION,
      date_of_birth_match: true,
      status: "open",
    });
    // an open hit holds approvals until staff decide
    await expect(assertMayBeApproved(t.app.db, listed.user.id, listAge())).rejects.toMatchObject({
      code: "sanctions_review_open",
    });
  });

  it("a confirmed hit blocks approvals; a decision is made once", async () => {
    const [hit] = (await t.app.inject({ url: "/api/admin/sanctions/hits", headers: admin.headers })).json();
    const confirm = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/sanctions/hits/${hit.id}`,
      headers: admin.headers,
      payload: { decision: "confirm", reason: "Same person: name, date and place of birth" },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toMatchObject({
      status: "confirmed",
      decided_by: { full_name: "Clara Compliance" },
    });
    await expect(assertMayBeApproved(t.app.db, listed.user.id, listAge())).rejects.toMatchObject({
      code: "sanctions_hit_confirmed",
    });
    // the back office's approval of an application answers the same
    const pkg = await activePackage(t.app);
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers: listed.headers,
      remoteAddress: "10.8.0.1",
      payload: applicationPayload("Zorislav Kremnyov", pkg.id, { email: listed.user.email }),
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const approve = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/applications/${applied.json().id}/decision`,
      headers: admin.headers,
      payload: { decision: "approved" },
    });
    expect(approve.statusCode, approve.body).toBe(409);
    expect(approve.json().code).toBe("sanctions_hit_confirmed");
    const twice = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/sanctions/hits/${hit.id}`,
      headers: admin.headers,
      payload: { decision: "clear", reason: "changed my mind" },
    });
    expect(twice.statusCode).toBe(409);
    const dossier = await t.app.inject({
      url: `/api/admin/identity/users/${listed.user.id}/dossier`,
      headers: admin.headers,
    });
    expect(dossier.json().may_be_approved).toEqual({ ok: false, code: "sanctions_hit_confirmed" });
    expect(dossier.json().screenings[0]).toMatchObject({ trigger: "list_load", hits: 1 });
  });

  it("screens personal data when it is entered, and a cleared hit unblocks", async () => {
    const u = await createUser(t.app, { full_name: "Dragoljub Vukasinovic" });
    await putProfile(u.headers, { ...VALID_PROFILE, date_of_birth: "1959-11-02" });
    const open = (
      await t.app.inject({ url: "/api/admin/sanctions/hits?status=open", headers: admin.headers })
    ).json() as Array<{ id: string; user_id: string; entry_reference: string }>;
    const hit = open.find((h) => h.user_id === u.user.id);
    expect(hit?.entry_reference).toBe("EU.9003.03");
    const clear = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/sanctions/hits/${hit?.id}`,
      headers: admin.headers,
      payload: { decision: "clear", reason: "Different person: passport shows other parents' names" },
    });
    expect(clear.json().status).toBe("cleared");
    const missing = await t.app.inject({
      method: "PATCH",
      url: "/api/admin/sanctions/hits/00000000-0000-4000-8000-000000000000",
      headers: admin.headers,
      payload: { decision: "clear", reason: "x" },
    });
    expect(missing.statusCode).toBe(404);
  });

  it("staff notes stay in the dossier", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/admin/identity/users/${listed.user.id}/notes`,
      headers: admin.headers,
      payload: { text: "Called the saver; waiting for a certified passport copy" },
    });
    expect(res.statusCode).toBe(201);
    const dossier = (
      await t.app.inject({
        url: `/api/admin/identity/users/${listed.user.id}/dossier`,
        headers: admin.headers,
      })
    ).json();
    expect(dossier.notes[0]).toMatchObject({
      text: "Called the saver; waiting for a certified passport copy",
    });
    expect(dossier.documents).toHaveLength(4);
    const unknown = await t.app.inject({
      url: "/api/admin/identity/users/00000000-0000-4000-8000-000000000000/dossier",
      headers: admin.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the dossier's KYC decisions", () => {
  it("lists every review of the saver's own documents, newest first, each with its document and staff member", async () => {
    const bill = { data: pdfBytes(), contentType: "application/pdf", filename: "bill.pdf" };
    const saver = await createUser(t.app);
    const other = await createUser(t.app);
    const first = await uploadKycDocument(t.app, saver, "utility_bill", bill);
    await decideKycDocument(t.app, admin, first, {
      decision: "reject",
      reason: "The bill is older than 3 months",
    });
    const second = await uploadKycDocument(t.app, saver, "utility_bill", bill);
    await decideKycDocument(t.app, admin, second, { decision: "approve" });
    await decideKycDocument(t.app, admin, await uploadKycDocument(t.app, other, "utility_bill", bill), {
      decision: "approve",
    });

    const dossier = await t.app.inject({
      url: `/api/admin/identity/users/${saver.user.id}/dossier`,
      headers: admin.headers,
    });
    expect(dossier.statusCode, dossier.body).toBe(200);
    const actor = { id: admin.user.id, full_name: "Clara Compliance" };
    expect(dossier.json().decisions).toEqual([
      {
        id: expect.any(String),
        document_id: second,
        action: "approve",
        actor,
        reason_code: null,
        reason: null,
        created_at: expect.any(String),
      },
      {
        id: expect.any(String),
        document_id: first,
        action: "reject",
        actor,
        reason_code: null,
        reason: "The bill is older than 3 months",
        created_at: expect.any(String),
      },
    ]);
  });
});
