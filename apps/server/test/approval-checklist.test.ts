import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { activePackage } from "./helpers/deposits.ts";
import { createAdmin, createUser } from "./helpers/factories.ts";
import { ensureCurrentSanctionsList, VALID_PROFILE } from "./helpers/identity.ts";
import { jpegBytes, pdfBytes, uploadKycDocument } from "./helpers/kyc-files.ts";

type Headers = Record<string, string>;

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(() => t.close());

const checklist = async (app: FastifyInstance, headers: Headers) => {
  const res = await app.inject({ url: "/api/me/approval-checklist", headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return res.json() as {
    steps: Array<{ step: string; state: string }>;
    documents_to_provide: string[];
    incomplete_applications: string[];
    ready: boolean;
  };
};
const states = (list: Awaited<ReturnType<typeof checklist>>) =>
  Object.fromEntries(list.steps.map((s) => [s.step, s.state]));

const upload = (headers: Headers, type: string, data: Buffer, contentType: string, filename: string) =>
  uploadKycDocument(t.app, { headers }, type, { data, contentType, filename });

const decideDocument = (id: string, decision: "approve" | "reject") =>
  t.app.inject({
    method: "PATCH",
    url: `/api/admin/kyc/documents/${id}/decision`,
    headers: admin.headers,
    payload: decision === "approve" ? { decision } : { decision, reason: "blurry" },
  });

const decideApplication = (id: string) =>
  t.app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${id}/decision`,
    headers: admin.headers,
    payload: { decision: "approved" },
  });

describe("the saver's approval checklist", () => {
  it("needs a session", async () => {
    expect((await t.app.inject({ url: "/api/me/approval-checklist" })).statusCode).toBe(401);
  });

  it("lists what is missing, turns 'in review' only once everything is in, and is done when staff may approve", async () => {
    const saver = await createUser(t.app, { verified: false });
    const headers = saver.headers;
    const pkg = await activePackage(t.app);
    // An application with only the original fields: its details are missing.
    const applied = await t.app.inject({
      method: "POST",
      url: "/api/applications",
      headers,
      payload: {
        full_name: "Erika Mustermann",
        email: saver.user.email,
        phone: "+49 30 1234567",
        amount: 10_000,
        package_id: pkg.id,
      },
    });
    expect(applied.statusCode).toBe(201);
    const applicationId = (applied.json() as { id: string }).id;

    let list = await checklist(t.app, headers);
    expect(list.steps.map((s) => s.step)).toEqual([
      "confirm_email",
      "verify_identity",
      "personal_data",
      "complete_details",
    ]);
    expect(states(list)).toEqual({
      confirm_email: "to_do",
      verify_identity: "to_do",
      personal_data: "to_do",
      complete_details: "to_do",
    });
    expect(list.documents_to_provide).toEqual(["identity", "utility_bill", "selfie"]);
    expect(list.incomplete_applications).toEqual([applicationId]);
    expect(list.ready).toBe(false);

    // Only the front of the ID card and the selfie: the KYC status is pending, yet the identity step
    // is still the saver's to do (the back and the proof of address are missing).
    const front = await upload(headers, "id_card", jpegBytes(), "image/jpeg", "front.jpg");
    const selfie = await upload(headers, "selfie", jpegBytes(), "image/jpeg", "selfie.jpg");
    const kyc = await t.app.inject({ url: "/api/kyc/status", headers });
    expect(kyc.json()).toMatchObject({ overall_status: "pending" });
    list = await checklist(t.app, headers);
    expect(states(list).verify_identity).toBe("to_do");
    expect(list.documents_to_provide).toEqual(["identity", "utility_bill"]);

    const back = await upload(headers, "id_card_back", jpegBytes(), "image/jpeg", "back.jpg");
    const bill = await upload(headers, "utility_bill", pdfBytes(), "application/pdf", "bill.pdf");
    const profile = await t.app.inject({
      method: "PUT",
      url: "/api/kyc/profile",
      headers,
      payload: VALID_PROFILE,
    });
    expect(profile.statusCode).toBe(200);
    const details = await t.app.inject({
      method: "PATCH",
      url: `/api/applications/${applicationId}/details`,
      headers,
      payload: {
        reference_iban: "DE89370400440532013000",
        maturity_instruction: "payout",
        info_sheet_acknowledged: true,
      },
    });
    expect(details.statusCode).toBe(200);
    list = await checklist(t.app, headers);
    expect(states(list)).toEqual({
      confirm_email: "to_do",
      verify_identity: "in_review",
      personal_data: "in_review",
      complete_details: "done",
    });
    expect(list.documents_to_provide).toEqual([]);
    expect(list.ready).toBe(false);

    // A rejected document is the saver's to do again.
    expect((await decideDocument(bill, "reject")).statusCode).toBe(200);
    list = await checklist(t.app, headers);
    expect(states(list).verify_identity).toBe("to_do");
    expect(list.documents_to_provide).toEqual(["utility_bill"]);
    const bill2 = await upload(
      headers,
      "utility_bill",
      pdfBytes("Second bill"),
      "application/pdf",
      "bill2.pdf",
    );

    await t.app.db
      .updateTable("users")
      .set({ email_verified_at: new Date() })
      .where("id", "=", saver.user.id)
      .execute();
    list = await checklist(t.app, headers);
    expect(states(list).confirm_email).toBe("done");
    // Nothing left for the saver: staff decide. The approval agrees that it may not happen yet.
    expect(list.ready).toBe(true);
    expect((await decideApplication(applicationId)).statusCode).toBe(409);

    for (const id of [front, back, selfie, bill2])
      expect((await decideDocument(id, "approve")).statusCode).toBe(200);
    const confirmed = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${saver.user.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(confirmed.statusCode).toBe(200);
    list = await checklist(t.app, headers);
    expect(states(list)).toEqual({
      confirm_email: "done",
      verify_identity: "done",
      personal_data: "done",
      complete_details: "done",
    });
    expect(list.ready).toBe(true);
    // The operator's side of an approval (a screening against a current sanctions list) is not the
    // saver's to do and not on the checklist: staff have loaded one.
    await ensureCurrentSanctionsList(t.app);
    expect((await decideApplication(applicationId)).statusCode).toBe(200);
    expect((await checklist(t.app, headers)).incomplete_applications).toEqual([]);
  });
});
