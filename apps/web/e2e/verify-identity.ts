import { type APIRequestContext, expect } from "@playwright/test";
import { JPEG, PNG, pdf } from "./kyc-files.ts";
import { confirmEmail } from "./mailbox.ts";

/**
 * Verifies a saver's identity through the API, as the KYC journey does in the browser: the saver
 * uploads ID card, utility bill and selfie, an admin approves each. Approving an application needs a
 * verified identity, and a confirmed e-mail address: the saver also opens the link of the registration
 * e-mail.
 */
export async function verifyIdentity(request: APIRequestContext, saverToken: string, adminToken: string) {
  const files = [
    // A passport is one file; an ID card needs its back side too.
    { type: "passport", name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG },
    { type: "utility_bill", name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() },
    { type: "selfie", name: "selfie.png", mimeType: "image/png", buffer: PNG },
  ];
  const ids: string[] = [];
  for (const file of files) {
    const res = await request.post(`/api/kyc/upload/${file.type}`, {
      headers: { authorization: `Bearer ${saverToken}` },
      multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { document: { id: string } }).document.id);
  }
  for (const id of ids) {
    const res = await request.patch(`/api/admin/kyc/documents/${id}/decision`, {
      headers: { authorization: `Bearer ${adminToken}` },
      data: { decision: "approve" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const me = await request.get("/api/auth/me", { headers: { authorization: `Bearer ${saverToken}` } });
  await confirmEmail(request, ((await me.json()) as { email: string }).email);
}
