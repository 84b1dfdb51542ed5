import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { createAdmin, createUser, TEST_PASSWORD, uniqueEmail } from "./helpers/factories.ts";
import { markVerified } from "./helpers/identity.ts";
import { decideKycDocument, jpegBytes, pdfBytes, uploadKycDocument } from "./helpers/kyc-files.ts";
import {
  appWithSmtp,
  linkToken,
  outboxDrained,
  type ReceivedMail,
  startSmtp,
  waitFor,
} from "./helpers/smtp.ts";

type Headers = { authorization: string };

/** The mails to an address, without the verification link every new account and new address gets. */
const VERIFICATION =
  /Confirm your (new )?e-mail address|Bestätigen Sie Ihre (neue )?E-Mail-Adresse|Confirmez votre (nouvelle )?adresse e-mail/;
const eventMails = (smtp: { to: (address: string) => ReceivedMail[] }, address: string) =>
  smtp.to(address).filter((mail) => !VERIFICATION.test(mail.subject));
type Language = "en" | "de" | "fr";

let addressCounter = 0;
const nextAddress = () => {
  addressCounter++;
  return `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
};

async function register(app: FastifyInstance, language: Language, name = "Erika Mustermann") {
  const email = uniqueEmail(`saver-${language}`);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/register",
    headers: { "accept-language": `${language}-XX,${language};q=0.9` },
    payload: { email, password: TEST_PASSWORD, full_name: name },
    remoteAddress: nextAddress(),
  });
  expect(res.statusCode).toBe(201);
  const body = res.json() as { access_token: string; user: { id: string; email: string } };
  return { id: body.user.id, email, headers: { authorization: `Bearer ${body.access_token}` } as Headers };
}

async function packageId(app: FastifyInstance, months: number) {
  const row = await app.db
    .selectFrom("packages")
    .select("id")
    .where("duration_months", "=", months)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function apply(
  app: FastifyInstance,
  headers: Record<string, string>,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: "POST",
    url: "/api/applications",
    headers,
    remoteAddress: nextAddress(),
    payload: {
      full_name: "Erika Mustermann",
      email: "erika@example.test",
      phone: "+49 30 1234567",
      amount: 12_345.67,
      package_id: await packageId(app, 12),
      reference_iban: "DE89 3704 0044 0532 0130 00",
      maturity_instruction: "payout",
      info_sheet_acknowledged: true,
      ...overrides,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; interest_rate: number };
}

const inbox = async (app: FastifyInstance, headers: Headers) => {
  const res = await app.inject({ method: "GET", url: "/api/notifications", headers });
  expect(res.statusCode).toBe(200);
  return res.json() as Array<{ title: string; message: string; read: boolean }>;
};

/**
 * Approval needs the saver's verified identity and confirmed e-mail address, a rejection a reason
 * (deposits.test.ts and account-security.test.ts test the rules).
 */
async function decideApplication(app: FastifyInstance, admin: Headers, id: string, decision: string) {
  if (decision === "approved") {
    const row = await app.db
      .selectFrom("applications")
      .select("user_id")
      .where("id", "=", id)
      .executeTakeFirst();
    if (row?.user_id) await markVerified(app, row.user_id);
  }
  return app.inject({
    method: "PATCH",
    url: `/api/admin/applications/${id}/decision`,
    headers: admin,
    payload:
      decision === "rejected"
        ? { decision, rejection_reason: "Le compte de référence n'est pas à votre nom." }
        : { decision },
  });
}

/** Intl separates groups and units with no-break spaces; the checks read them as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** Exactly one mail to `address` whose subject matches, and it is well formed. */
function onlyMail(mails: ReceivedMail[], subject: RegExp): ReceivedMail {
  const matching = mails.filter((m) => subject.test(m.subject));
  expect(
    matching.map((m) => m.subject),
    `one mail matching ${subject}`,
  ).toHaveLength(1);
  const mail = matching[0] as ReceivedMail;
  // HTML and plain text, the legal footer, links to PUBLIC_URL, and nothing fetched from elsewhere.
  expect(mail.html).toContain("<html");
  expect(mail.text.length).toBeGreaterThan(50);
  mail.text = plain(mail.text);
  expect(mail.text).toContain("Festgeld Demo GmbH");
  expect(mail.html).toContain("HRB DEMO-000000 B");
  expect(mail.html).not.toMatch(/<img|src="http/i);
  expect(mail.html).toContain('href="https://festgeld.example.test/');
  return mail;
}

describe("events reach the saver by inbox and e-mail, in the account's language", {
  timeout: 180_000,
}, () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let env: Awaited<ReturnType<typeof appWithSmtp>>;
  let app: FastifyInstance;
  let admin: Awaited<ReturnType<typeof createAdmin>>;

  beforeAll(async () => {
    smtp = await startSmtp();
    env = await appWithSmtp(smtp.url);
    app = env.app;
    admin = await createAdmin(app);
  });
  afterAll(async () => {
    await env.close();
    await smtp.close();
  });

  it("keeps the registration language on the account; the saver changes it on the profile", async () => {
    const saver = await register(app, "de");
    const get = () =>
      app.inject({ method: "GET", url: "/api/me/message-preferences", headers: saver.headers });
    expect((await get()).json()).toEqual({ language: "de" });
    const put = (payload: unknown) =>
      app.inject({
        method: "PUT",
        url: "/api/me/message-preferences",
        headers: saver.headers,
        payload: payload as object,
      });
    expect((await put({ language: "fr" })).json()).toEqual({ language: "fr" });
    expect((await get()).json()).toEqual({ language: "fr" });
    for (const bad of [{ language: "es" }, {}, { language: "de", extra: 1 }]) {
      const res = await put(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("validation_failed");
    }
    expect((await app.inject({ method: "GET", url: "/api/me/message-preferences" })).statusCode).toBe(401);
  });

  it("application received, approved: one German e-mail each with the figures, the same in the inbox", async () => {
    const saver = await register(app, "de", "Erika Mustermann");
    const application = await apply(app, { ...saver.headers, "accept-language": "de" });
    const reference = application.id.replace(/-/g, "").slice(0, 8).toUpperCase();
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.email).length >= 1, "the confirmation");
    const received = onlyMail(eventMails(smtp, saver.email), /eingegangen/);
    expect(received.subject).toBe(`Ihr Antrag ${reference} ist eingegangen`);
    expect(received.text).toContain("12.345,67 €");
    expect(received.text).toContain("12 Monate");
    expect(received.text).toContain("Version 2025-01");
    expect(received.text).toContain("https://festgeld.example.test/dashboard");

    const approve = await decideApplication(app, admin.headers, application.id, "approved");
    expect(approve.statusCode).toBe(200);
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.email).length >= 2, "the approval");
    const approved = onlyMail(eventMails(smtp, saver.email), /genehmigt/);
    expect(approved.subject).toBe(`Ihr Antrag ${reference} ist genehmigt`);
    expect(approved.text).toContain("12.345,67 €");
    expect(approved.text).toMatch(/widerrufen/);

    const messages = await inbox(app, saver.headers);
    expect(messages.map((m) => m.title)).toEqual([approved.subject, received.subject]);
    expect(plain(messages[1]?.message ?? "")).toContain("Betrag: 12.345,67 €");
    expect(eventMails(smtp, saver.email)).toHaveLength(2);
  });

  it("a rejected application is told in French; an application sent signed out is e-mailed to its address", async () => {
    const saver = await register(app, "fr", "Claire Exemple");
    const application = await apply(app, saver.headers, { amount: 5000 });
    expect((await decideApplication(app, admin.headers, application.id, "rejected")).statusCode).toBe(200);
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.email).length >= 2, "two mails");
    const rejected = onlyMail(eventMails(smtp, saver.email), /refusée/);
    expect(rejected.text).toContain("5 000,00 €");
    onlyMail(eventMails(smtp, saver.email), /bien été reçue/);

    const guest = uniqueEmail("guest");
    await apply(app, { "accept-language": "fr" }, { email: guest, amount: 7500 });
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, guest).length >= 1, "the guest's confirmation");
    const mail = onlyMail(eventMails(smtp, guest), /bien été reçue/);
    expect(mail.text).toContain("7 500,00 €");
  });

  it("each KYC decision and the verified identity are told once, in English", async () => {
    const saver = await register(app, "en", "Jane Doe");
    const upload = (type: string, data: Buffer, contentType: string) =>
      uploadKycDocument(app, saver, type, { data, contentType });
    const decide = (id: string, payload: object) => decideKycDocument(app, admin, id, payload);
    const idCard = await upload("passport", jpegBytes(), "image/jpeg");
    const bill = await upload("utility_bill", pdfBytes(), "application/pdf");
    const selfie = await upload("selfie", jpegBytes(), "image/jpeg");
    await decide(idCard, { decision: "approve" });
    await decide(bill, { decision: "request_new_upload", reason_code: "blurry" });
    await decide(selfie, { decision: "reject", reason: "Face not visible" });
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.email).length >= 3, "three KYC mails");
    onlyMail(eventMails(smtp, saver.email), /accepted: passport/);
    const again = onlyMail(eventMails(smtp, saver.email), /upload your document again: proof of address/);
    expect(again.text).toContain("The image is blurry or hard to read.");
    const declined = onlyMail(eventMails(smtp, saver.email), /declined: selfie/);
    expect(declined.text).toContain("Face not visible");

    await decide(await upload("utility_bill", pdfBytes(), "application/pdf"), { decision: "approve" });
    await decide(await upload("selfie", jpegBytes(), "image/jpeg"), { decision: "approve" });
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.email).length >= 6, "the verified identity");
    onlyMail(eventMails(smtp, saver.email), /Your identity is verified/);
    expect(eventMails(smtp, saver.email)).toHaveLength(6);
    const titles = (await inbox(app, saver.headers)).map((m) => m.title);
    expect(titles[0]).toBe("Your identity is verified");
    expect(titles).toHaveLength(6);
  });

  it("an identity document the verified identity does not need is declined without asking for another", async () => {
    const saver = await register(app, "en", "Jim Doe");
    const upload = (type: string, data: Buffer, contentType: string) =>
      uploadKycDocument(app, saver, type, { data, contentType });
    const decide = (id: string, payload: object) => decideKycDocument(app, admin, id, payload);
    const idCard = await upload("id_card", jpegBytes(), "image/jpeg");
    for (const [type, data, contentType] of [
      ["passport", jpegBytes(), "image/jpeg"],
      ["utility_bill", pdfBytes(), "application/pdf"],
      ["selfie", jpegBytes(), "image/jpeg"],
    ] as const) {
      await decide(await upload(type, data, contentType), { decision: "approve" });
    }
    await decide(idCard, { decision: "reject", reason: "Only the front side" });
    await outboxDrained(app);
    await waitFor(
      () => eventMails(smtp, saver.email).length >= 5,
      "four decisions and the verified identity",
    );
    onlyMail(eventMails(smtp, saver.email), /Your identity is verified/);
    const declined = onlyMail(eventMails(smtp, saver.email), /declined: ID card/);
    expect(declined.text).toContain("You need not send another: your identity is verified");
    expect(declined.text).not.toContain("Please upload another one");
  });

  it("a withdrawal is confirmed; password and e-mail changes are told (the e-mail change at both addresses)", async () => {
    const saver = await register(app, "de");
    const application = await apply(app, saver.headers);
    expect((await decideApplication(app, admin.headers, application.id, "approved")).statusCode).toBe(200);
    const withdraw = await app.inject({
      method: "POST",
      url: `/api/applications/${application.id}/withdraw`,
      headers: saver.headers,
    });
    expect(withdraw.statusCode).toBe(200);
    const password = await app.inject({
      method: "POST",
      url: "/api/auth/password",
      headers: saver.headers,
      payload: { current_password: TEST_PASSWORD, new_password: "another quite long passphrase" },
    });
    expect(password.statusCode).toBe(200);
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.email).length >= 4, "four mails");
    const withdrawn = onlyMail(eventMails(smtp, saver.email), /Widerruf/);
    expect(withdrawn.text).toContain("12.345,67 €");
    onlyMail(eventMails(smtp, saver.email), /Passwort wurde geändert/);

    const newEmail = uniqueEmail("moved");
    const profile = await app.inject({
      method: "PATCH",
      url: "/api/auth/profile",
      headers: saver.headers,
      payload: {
        full_name: "Erika Mustermann",
        email: newEmail,
        current_password: "another quite long passphrase",
      },
    });
    expect(profile.statusCode).toBe(202);
    // The change happens when the link sent to the new address is opened.
    await outboxDrained(app);
    await waitFor(() => smtp.to(newEmail).length >= 1, "the link to the new address");
    const confirmed = await app.inject({
      method: "POST",
      url: "/api/auth/email/verify",
      payload: { token: linkToken(smtp.to(newEmail)[0]?.text ?? "") },
    });
    expect(confirmed.statusCode).toBe(200);
    await outboxDrained(app);
    await waitFor(
      () => eventMails(smtp, newEmail).length >= 1 && eventMails(smtp, saver.email).length >= 5,
      "both notices",
    );
    const toNew = onlyMail(eventMails(smtp, newEmail), /E-Mail-Adresse Ihres Kontos/);
    const toOld = onlyMail(eventMails(smtp, saver.email), /E-Mail-Adresse Ihres Kontos/);
    for (const mail of [toNew, toOld]) {
      expect(mail.text).toContain(saver.email);
      expect(mail.text).toContain(newEmail);
    }
    expect(eventMails(smtp, saver.email)).toHaveLength(5);
  });

  it("the same event key is told once, however often it is reported", async () => {
    const saver = await createUser(app);
    const facts = { document_type: "passport" as const };
    const first = await app.messages.notify(app.db, {
      userId: saver.user.id,
      event: "kyc_document_approved",
      key: "kyc_document:twice",
      facts,
    });
    const second = await app.messages.notify(app.db, {
      userId: saver.user.id,
      event: "kyc_document_approved",
      key: "kyc_document:twice",
      facts,
    });
    expect(first).toMatchObject({ notified: true, emailsQueued: 1 });
    expect(second).toEqual({ notified: false, notificationId: null, documentId: null, emailsQueued: 0 });
    app.messages.flush();
    await outboxDrained(app);
    await waitFor(() => eventMails(smtp, saver.user.email).length >= 1, "the mail");
    expect(eventMails(smtp, saver.user.email)).toHaveLength(1);
    expect(await inbox(app, saver.headers)).toHaveLength(1);
  });
});

describe("without SMTP, events reach the inbox and the mail folder", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("writes the inbox message and queues the e-mail for the mail folder", async () => {
    const saver = await register(t.app, "fr");
    await apply(t.app, saver.headers);
    const messages = await inbox(t.app, saver.headers);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.title).toMatch(/^Votre demande [0-9A-F]{8} a bien été reçue$/);
    expect(plain(messages[0]?.message ?? "")).toContain("12 345,67 €");
    // Beside the confirmation link of the registration: the application's e-mail, once.
    const outbox = await t.app.db.selectFrom("email_outbox").select("template").execute();
    expect(outbox.filter((row) => row.template !== "account")).toHaveLength(1);
  });
});
