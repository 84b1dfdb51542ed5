import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type APIRequestContext, expect } from "@playwright/test";
import { JPEG, PNG, pdf } from "./kyc-files.ts";
import { confirmEmail } from "./mailbox.ts";

/** Personal data that passes every rule (German tax residency with a valid tax ID). */
export const PERSONAL_DATA = {
  date_of_birth: "1980-05-17",
  place_of_birth: "Köln",
  nationality: "DE",
  address: { street: "Hauptstraße 1", postcode: "10115", city: "Berlin", country: "DE" },
  tax_residency: "DE",
  tax_id: "86095742719",
  is_pep: false,
  pep_details: null,
};

/**
 * Verifies a saver's identity through the API, as the KYC journey does in the browser: the saver
 * enters personal data and uploads passport, utility bill and selfie; an admin confirms the data and
 * approves each document. Approving an application needs a verified identity, and a confirmed e-mail
 * address: the saver also opens the link of the registration e-mail.
 */
export async function verifyIdentity(
  request: APIRequestContext,
  saverToken: string,
  adminToken: string,
  /** The server's time, where its clock has moved (the list must not be older than allowed then). */
  listDate = new Date(),
) {
  const files = [
    // A passport is one file; an ID card needs its back side too.
    { type: "passport", name: "passport.jpg", mimeType: "image/jpeg", buffer: JPEG },
    { type: "utility_bill", name: "bill.pdf", mimeType: "application/pdf", buffer: pdf() },
    { type: "selfie", name: "selfie.png", mimeType: "image/png", buffer: PNG },
  ];
  const saver = { authorization: `Bearer ${saverToken}` };
  const staff = { authorization: `Bearer ${adminToken}` };
  const profile = await request.put("/api/kyc/profile", { headers: saver, data: PERSONAL_DATA });
  expect(profile.status(), await profile.text()).toBe(200);
  const me = await request.get("/api/auth/me", { headers: saver });
  const { id: userId, email } = (await me.json()) as { id: string; email: string };
  const confirmed = await request.patch(`/api/admin/identity/users/${userId}/profile-decision`, {
    headers: staff,
    data: { decision: "approve" },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const ids: string[] = [];
  for (const file of files) {
    const res = await request.post(`/api/kyc/upload/${file.type}`, {
      headers: saver,
      multipart: { file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer } },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { document: { id: string } }).document.id);
  }
  for (const id of ids) {
    const res = await request.patch(`/api/admin/kyc/documents/${id}/decision`, {
      headers: staff,
      data: { decision: "approve" },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await confirmEmail(request, email);
  await loadSanctionsList(request, staff, listDate);
}

/**
 * The server's test copy of the EU list (none of the journeys' savers is on it), dated `date`: an
 * approval counts a list's age from its own generationDate, and a list dated ahead of the server's
 * clock is refused.
 */
const FIXTURE_LIST = readFileSync(
  fileURLToPath(new URL("../../server/test/fixtures/eu-sanctions-list.xml", import.meta.url)),
  "utf8",
);
const sanctionsList = (date: Date) =>
  Buffer.from(FIXTURE_LIST.replace(/generationDate="[^"]+"/, `generationDate="${date.toISOString()}"`));

/**
 * An approval needs a screening against a sanctions list dated within the allowed age: staff load it
 * (the same file again is accepted), as an operator does at least weekly.
 */
export async function loadSanctionsList(
  request: APIRequestContext,
  staff: { authorization: string },
  date = new Date(),
) {
  const res = await request.post("/api/admin/sanctions/lists", {
    headers: staff,
    multipart: { file: { name: "list.xml", mimeType: "application/xml", buffer: sanctionsList(date) } },
  });
  expect([200, 201], await res.text()).toContain(res.status());
}
