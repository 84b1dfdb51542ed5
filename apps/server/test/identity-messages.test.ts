import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIdentPayload } from "../src/modules/identity/ident.service.ts";
import { createAdmin, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { VALID_PROFILE } from "./helpers/identity.ts";
import { decideKycDocument, pdfBytes, uploadKycDocument } from "./helpers/kyc-files.ts";
import { appWithSmtp, outboxDrained, startSmtp } from "./helpers/smtp.ts";

type Headers = { authorization: string };
type Language = "en" | "de" | "fr";

const SECRET = "s3cret-for-tests-0123456789abcdef0123";
const VERIFIED: Record<Language, string> = {
  en: "Your identity is verified",
  de: "Ihre Identität ist bestätigt",
  fr: "Votre identité est vérifiée",
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let env: Awaited<ReturnType<typeof appWithSmtp>>;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createAdmin>>;
let addressCounter = 0;

beforeAll(async () => {
  smtp = await startSmtp();
  env = await appWithSmtp(smtp.url, { IDENT_WEBHOOK_SECRETS: `videoident:${SECRET}` });
  app = env.app;
  admin = await createAdmin(app);
});
afterAll(async () => {
  await env?.close();
  await smtp?.close();
});

async function register(language: Language) {
  const email = uniqueEmail(`ident-${language}`);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "accept-language": language },
    payload: { email, password: TEST_PASSWORD, full_name: "Erika Mustermann" },
    remoteAddress: `10.67.0.${++addressCounter}`,
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { access_token: string; user: { id: string } };
  return { email, id: body.user.id, headers: { authorization: `Bearer ${body.access_token}` } as Headers };
}

/** A video ident the provider reports as verified (stands for the identity document and the selfie). */
async function identVerified(headers: Headers) {
  const started = await app.inject({
    method: "POST",
    url: "/api/kyc/ident",
    headers,
    payload: { provider: "videoident" },
  });
  expect(started.statusCode).toBe(201);
  const body = JSON.stringify({
    reference: started.json().reference,
    provider_reference: `vi-${started.json().reference}`,
    method: "video_ident",
    result: "verified",
    first_name: "Erika",
    last_name: "Mustermann",
    date_of_birth: VALID_PROFILE.date_of_birth,
  });
  const res = await app.inject({
    method: "POST",
    url: "/api/ident/webhook/videoident",
    headers: {
      "content-type": "application/json",
      "x-ident-signature": signIdentPayload(SECRET, body, Math.floor(Date.now() / 1000)),
    },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return body;
}

async function approvedUtilityBill(headers: Headers) {
  const bill = { data: pdfBytes(), contentType: "application/pdf", filename: "bill.pdf" };
  await decideKycDocument(app, admin, await uploadKycDocument(app, { headers }, "utility_bill", bill), {
    decision: "approve",
  });
}

async function personalData(headers: Headers, userId: string, confirm: boolean) {
  const put = await app.inject({ method: "PUT", url: "/api/kyc/profile", headers, payload: VALID_PROFILE });
  expect(put.statusCode, put.body).toBe(200);
  if (!confirm) return;
  const decided = await app.inject({
    method: "PATCH",
    url: `/api/admin/identity/users/${userId}/profile-decision`,
    headers: admin.headers,
    payload: { decision: "approve" },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}

async function toldVerified(saver: { email: string; headers: Headers }, language: Language) {
  await outboxDrained(app);
  const mails = smtp.to(saver.email).filter((m) => m.subject === VERIFIED[language]);
  const inbox = (
    (await app.inject({ url: "/api/notifications", headers: saver.headers })).json() as Array<{
      title: string;
    }>
  ).filter((m) => m.title === VERIFIED[language]);
  return { mails: mails.length, inbox: inbox.length };
}

describe("identity verified reaches the saver once, whichever step completes it", () => {
  it("staff confirming the personal data last (de)", async () => {
    const saver = await register("de");
    await personalData(saver.headers, saver.id, false);
    await identVerified(saver.headers);
    await approvedUtilityBill(saver.headers);
    expect(await toldVerified(saver, "de")).toEqual({ mails: 0, inbox: 0 });
    const confirmed = await app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${saver.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await toldVerified(saver, "de")).toEqual({ mails: 1, inbox: 1 });
  });

  it("the ident provider's result last (fr); a replayed result tells nothing more", async () => {
    const saver = await register("fr");
    await personalData(saver.headers, saver.id, true);
    await approvedUtilityBill(saver.headers);
    expect(await toldVerified(saver, "fr")).toEqual({ mails: 0, inbox: 0 });
    const body = await identVerified(saver.headers);
    const replay = await app.inject({
      method: "POST",
      url: "/api/ident/webhook/videoident",
      headers: {
        "content-type": "application/json",
        "x-ident-signature": signIdentPayload(SECRET, body, Math.floor(Date.now() / 1000)),
      },
      payload: body,
    });
    expect(replay.json()).toEqual({ accepted: true, duplicate: true });
    expect(await toldVerified(saver, "fr")).toEqual({ mails: 1, inbox: 1 });
  });

  it("a document decision last (en); changed personal data and its new confirmation tell it again", async () => {
    const saver = await register("en");
    await identVerified(saver.headers);
    await personalData(saver.headers, saver.id, true);
    await approvedUtilityBill(saver.headers);
    expect(await toldVerified(saver, "en")).toEqual({ mails: 1, inbox: 1 });
    // New personal data goes back to review; confirmed again, the identity is verified again.
    const moved = await app.inject({
      method: "PUT",
      url: "/api/kyc/profile",
      headers: saver.headers,
      payload: { ...VALID_PROFILE, address: { ...VALID_PROFILE.address, street: "Nebenstraße 2" } },
    });
    expect(moved.statusCode).toBe(200);
    const confirmed = await app.inject({
      method: "PATCH",
      url: `/api/admin/identity/users/${saver.id}/profile-decision`,
      headers: admin.headers,
      payload: { decision: "approve" },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await toldVerified(saver, "en")).toEqual({ mails: 2, inbox: 2 });
  });
});
